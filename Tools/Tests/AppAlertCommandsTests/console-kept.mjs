// The console keeps your work (issue 41 §5), scenarios for console-browser.mjs (ConsoleKeptBrowserTests.swift):
// an edit survives a reload of the page until it is saved or discarded, opening another message to mend
// its error keeps the edit, a copy of an A/B test warns, "who would see it" answers for a moment, a
// refusal goes once mended, and at 200 % the preview is under the field being edited. Every wait polls
// the page (the driver's `until`, bounded by its guard).

export function keptScenarios({ base, options, at, savedOnABrokenFile }) {
  const report = (tab) => tab.evaluate(`({
    heading: document.querySelector('#con-editor-heading').textContent,
    status: document.querySelector('#con-status').textContent,
    restored: document.querySelector('#con-restored').hidden ? null : document.querySelector('#con-restored-text').textContent,
    title: document.querySelector('.con-field[data-path="title"] input').value,
    leaveDialog: document.querySelector('#con-leave-dialog').open
  })`);

  // Polls `expression` until it holds, through a navigation (an evaluation the navigation cuts off
  // counts as not yet); bounded as the driver's waits are.
  async function across(what, tab, expression) {
    const deadline = Date.now() + Number(options.guardSeconds || 120) * 1000;
    for (;;) {
      if (await tab.evaluate(expression).catch(() => false)) { return; }
      if (Date.now() > deadline) { throw new Error("gave up waiting for " + what); }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // Reloads the tab as the browser's Reload does and waits for the console to open message `id` again.
  async function reload(tab, id) {
    await tab.evaluate("window.beforeReload = true");
    await tab.send("Page.reload", {}).catch(() => {});
    await across("the reloaded page", tab, "!window.beforeReload && document.readyState === 'complete'");
    await tab.wait("the list", "document.querySelector('#con-messages')?.getAttribute('aria-busy') === 'false'");
    await tab.wait("message " + id + " in the form",
      `!document.querySelector('#con-editor').hidden && JSON.parse(document.querySelector('#con-json').value).id === ${id}`);
    await tab.checked();
    return report(tab);
  }

  return {
    // Keys added to a message in the file go to their documented place, not last.
    async keyInPlace(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.type(at("placement"), "inbox");
      await tab.choose(at("layout", "select"), "alert");
      const keys = Object.keys(JSON.parse(await tab.evaluate("document.querySelector('#con-json').value")));
      const saved = await tab.save();
      return { keys, status: saved.status };
    },

    // A save refused for a broken file, then for an error: each notice goes once its cause is mended.
    async refusalClears(browser) {
      const { tab, refused: broken } = await savedOnABrokenFile(browser);
      await tab.wait("the notice to go", "document.querySelector('#con-notice').hidden");
      const mendedFile = await tab.evaluate("document.querySelector('#con-status').textContent");
      await tab.type(at("colors.background"), "#12");
      const invalid = await tab.save();
      await tab.type(at("colors.background"), "#123456");
      await tab.wait("the refusal to go", "!document.querySelector('#con-status').textContent.startsWith('Not saved')");
      const mendedError = await tab.evaluate("document.querySelector('#con-status').textContent");
      return { broken, mendedFile, invalid, mendedError };
    },

    // At 640 CSS px (200 % zoom), the preview is right under the field being edited, and back in its
    // column when the window is wide again.
    async previewUnderField(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.size(640, 500, 2);
      await tab.wait("the narrow layout", "innerWidth === 640");
      const gap = (path) => tab.evaluate(`(() => {
        const field = document.querySelector('#con-form .con-field[data-path="${path}"]').getBoundingClientRect();
        const panel = document.querySelector('#con-preview').closest('.con-panel').getBoundingClientRect();
        return { below: Math.round(panel.top - field.bottom), left: Math.round(panel.left - field.left),
          inForm: !!document.querySelector('#con-preview').closest('#con-form') };
      })()`);
      await tab.type(at("title"), options.title);
      const title = await gap("title");
      await tab.type(at("priority"), "3");
      const priority = await gap("priority");
      await tab.size(1280, 900, 1);
      await tab.wait("the wide layout", "innerWidth === 1280");
      await tab.wait("the preview in its column", "!!document.querySelector('#con-side #con-preview')");
      const wide = await tab.evaluate("!!document.querySelector('#con-side #con-preview')");
      return { title, priority, wide };
    },

    // A message scheduled for later: who sees it now, then at a moment after its start.
    async moment(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.type(at("startDate"), options.start);
      const answers = () => tab.evaluate(`({
        at: document.querySelector('#con-audience-at').textContent,
        audience: Array.from(document.querySelectorAll('#con-audience .con-diff-summary')).map((line) => line.textContent),
        explain: document.querySelector('#con-explain .con-explain-line, #con-explain .con-error-text')?.textContent || null
      })`);
      const now = await answers();
      await tab.type("#con-install-now", options.moment);
      const later = await answers();
      await tab.type("#con-install-now", "tomorrow");
      const notADate = await answers();
      const atField = () => tab.evaluate(`({ invalid: document.querySelector('#con-install-now').getAttribute('aria-invalid'),
        described: (document.querySelector('#con-install-now').getAttribute('aria-describedby') || '').split(' ').filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent.trim().slice(0, 40) ?? 'no ' + id) })`);
      notADate.field = await atField();
      await tab.type("#con-install-now", "30.11.2026");
      const dotted = await answers();
      await tab.type("#con-install-now", "2099-06-02");
      const mended = { ...(await answers()), field: await atField() };
      notADate.dotted = dotted;
      notADate.mended = mended;
      // A rollout and no install id: the answer is a share of such installs, not a refusal.
      await tab.type("#con-install-now", options.moment);
      await tab.type(at("rollout"), "50");
      const rollout = await answers();
      // The same at 1 % for install-1 (bucket 83,631 of message 5: outside), then an app version range
      // the install's 1.0 misses: the draft's row of the table, in words.
      const row = () => tab.evaluate(`Array.from(document.querySelectorAll('#con-explain tr.con-current td'))
        .map((cell) => cell.textContent)`);
      await tab.type(at("rollout"), "1");
      await tab.type("#con-install-id", "install-1");
      await tab.wait("the rollout's answer", "/Not among the installs/.test(document.querySelector('#con-explain').textContent)");
      const outside = { ...(await answers()), row: await row() };
      await tab.type(at("appVersionRange"), ">=2.0");
      await tab.wait("the range's answer", "/App version 2.0 and later/.test(document.querySelector('#con-explain').textContent)");
      const range = { ...(await answers()), row: await row() };
      await tab.type("#con-install-id", "");
      // A German install of the example app, on a message translated into German: the answer names it.
      await tab.go(4);
      await tab.type("#con-install-now", "");
      await tab.type("#con-install-app", "com.createchsol.AppAlertExample");
      await tab.type("#con-install-locale", "de");
      const german = await answers();
      return { now, later, notADate, rollout, outside, range, german };
    },

    // Edits the first button's title of message options.id in the form (which writes a button's title
    // first), duplicates the draft and saves the copy: the copy as the server then reads the file.
    async duplicateOrder(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.type(at("buttons[0].title"), options.buttonTitle);
      await tab.evaluate("document.querySelector('#con-duplicate').click()");
      await tab.wait("the copy", "document.querySelector('#con-editor-heading').textContent.startsWith('New message')");
      await tab.checked();
      const saved = await tab.save();
      const copy = await tab.evaluate(`fetch("/api/feeds/messages.json", { cache: "no-store" }).then((r) => r.json())
        .then((data) => JSON.stringify(data.feed.messages[data.feed.messages.length - 1]))`);
      return { status: saved.status, copy };
    },

    // Duplicates a message with variants, then one without: only the first copy warns that it competes.
    async duplicateCompetes(browser) {
      const tab = await browser.tab(base);
      const duplicate = async (id) => {
        await tab.go(id);
        await tab.evaluate("document.querySelector('#con-duplicate').click()");
        await tab.wait("the copy", "document.querySelector('#con-editor-heading').textContent.startsWith('New message')");
        await tab.checked();
        return tab.evaluate(`({ heading: document.querySelector('#con-editor-heading').textContent,
          notice: document.querySelector('#con-notice').hidden ? null : document.querySelector('#con-notice-text').textContent,
          status: document.querySelector('#con-status').textContent })`);
      };
      await tab.console(options.id);
      const withVariants = await duplicate(options.id);
      await tab.evaluate("document.querySelector('#con-close').click()");
      await tab.wait("the unsaved-edits dialog", "document.querySelector('#con-leave-dialog').open");
      await tab.evaluate("document.querySelector('#con-leave-confirm').click()");
      const without = await duplicate(options.plainId);
      return { withVariants, without };
    },

    // Edits a title, reloads the page: the draft is there and says so; reloaded again, still there;
    // discarded, the message as on disk, and a reload then shows no draft.
    async reloadKeepsDraft(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.type(at("title"), options.title);
      const reloaded = await reload(tab, options.id);
      const again = await reload(tab, options.id);
      await tab.evaluate("document.querySelector('#con-discard').click()");
      await tab.wait("the message as on disk", `document.querySelector('.con-field[data-path="title"] input').value
        !== ${JSON.stringify(options.title)}`);
      await tab.checked();
      const discarded = await report(tab);
      const afterDiscard = await reload(tab, options.id);
      return { reloaded, again, discarded, afterDiscard };
    },

    // Message 5 edited, its save refused for message 3's error: the link opens message 3 without asking;
    // 3 is mended and saved; back on 5, the edit is there and saves.
    async mendAnother(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.type(at("title"), options.title);
      const refused = await tab.save();
      await tab.evaluate("document.querySelector('#con-diagnostics-list a').click()");
      await tab.wait("message " + options.otherId + " in the form",
        `JSON.parse(document.querySelector('#con-json').value).id === ${options.otherId}`);
      await tab.checked();
      const opened = await report(tab);
      await tab.type(at(options.field), options.color);
      const mended = await tab.save();
      await tab.go(options.id);
      const back = await report(tab);
      const saved = await tab.save();
      return { refused, opened, mended, back, saved };
    }
  };
}
