// The console's kept drafts (issue 41 §5) for console-browser.mjs (ConsoleKeptBrowserTests.swift): an edit
// survives a reload of the page until it is saved or discarded, and opening another message to mend its
// error keeps the edit. Every wait polls the page (the driver's `until`, bounded by its guard).

export function keptScenarios({ base, options, at }) {
  const report = (tab) => tab.evaluate(`({
    heading: document.querySelector('#con-editor-heading').textContent,
    status: document.querySelector('#con-status').textContent,
    restored: document.querySelector('#con-restored').hidden ? null : document.querySelector('#con-restored-text').textContent,
    title: document.querySelector('.con-field[data-path="title"] input').value,
    leaveDialog: document.querySelector('#con-leave-dialog').open
  })`);

  // Reloads the tab as the browser's Reload does and waits for the console to open message `id` again.
  async function reload(tab, id) {
    await tab.evaluate("window.beforeReload = true");
    await tab.send("Page.reload", {});
    await tab.wait("the reloaded page", "!window.beforeReload && document.readyState === 'complete'");
    await tab.wait("the list", "document.querySelector('#con-messages')?.getAttribute('aria-busy') === 'false'");
    await tab.wait("message " + id + " in the form",
      `!document.querySelector('#con-editor').hidden && JSON.parse(document.querySelector('#con-json').value).id === ${id}`);
    await tab.checked();
    return report(tab);
  }

  return {
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
