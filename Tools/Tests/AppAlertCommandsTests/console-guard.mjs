// The A/B test's guards for console-browser.mjs (ConsoleGuardBrowserTests.swift): a test with results
// refuses moving or removing its variants and asks before its split changes; a variant's buttons start
// from the message's; a new action of the message's button reaches its copies.
export function guardScenarios({ base, options, at }) {
  const draftOf = (tab) => tab.evaluate("JSON.parse(document.querySelector('#con-json').value)");
  const dialog = (tab) => tab.wait("the question", `document.querySelector('#con-ask-dialog').open
    ? { title: document.querySelector('#con-ask-title').textContent, text: document.querySelector('#con-ask-text').textContent,
        focus: document.activeElement.id } : null`);
  const answer = async (tab, yes) => {
    await tab.evaluate(`document.querySelector(${JSON.stringify(yes ? "#con-ask-confirm" : "#con-ask-cancel")}).click()`);
    await tab.checked();
  };
  const variantsOf = async (tab) => (await draftOf(tab)).variants.map((variant) => [variant.name ?? null, variant.weight ?? null]);
  return {
    // Message options.id has two variants and (in the page's figures) recorded results.
    async withResults(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.evaluate(`Console.state.data["messages.json"].results = { "${options.id}": { counts: { shown: 40, "button.0": 4 } } }`);
      const before = await variantsOf(tab);
      await tab.evaluate(`document.querySelector('.con-variant[data-path="variants[1]"] [data-move=up]').focus()`);
      await tab.click('.con-variant[data-path="variants[1]"] [data-move=up]');
      const refused = { text: await tab.text('.con-variant[data-path="variants[1]"] .con-variant-refused'),
        focus: await tab.evaluate("document.activeElement.dataset.move || document.activeElement.id") };
      await tab.click('.con-variant[data-path="variants[0]"] [data-move=remove]');
      refused.removeText = await tab.text('.con-variant[data-path="variants[0]"] .con-variant-refused');
      refused.after = await variantsOf(tab);
      refused.labels = await tab.evaluate(`Array.from(document.querySelectorAll('.con-variant [data-move]')).map((b) => b.getAttribute('aria-label'))`);
      // The shares are locked: keys typed in a share (real key presses) change nothing and open nothing.
      const share = JSON.stringify(at("variants[0].share"));
      const keys = async (text) => {
        for (const key of text) {
          const digit = /[0-9]/.test(key);
          await tab.press(key, digit ? "Digit" + key : "Digit5", digit ? 48 + Number(key) : 53, key);
        }
        await tab.checked();
      };
      const shareState = () => tab.evaluate(`({ value: document.querySelector(${share}).value,
        readOnly: document.querySelector(${share}).readOnly, dialog: document.querySelector('#con-ask-dialog').open,
        focus: document.activeElement === document.querySelector(${share}),
        note: document.querySelector('.con-split-locked').hidden ? null : document.querySelector('.con-split-locked').textContent,
        described: (document.querySelector(${share}).getAttribute('aria-describedby') || '').split(' ')
          .filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? 'no ' + id),
        keyNotes: Array.from(document.querySelectorAll('.con-locked-key')).map((note) => note.parentNode.contains(document.querySelector(${share}))
          ? note.textContent : 'elsewhere: ' + note.textContent),
        look: (() => { const locked = getComputedStyle(document.querySelector(${share})), name = getComputedStyle(document.querySelector(${JSON.stringify(at("variants[0].name"))}));
          return { cursor: locked.cursor, differs: locked.backgroundColor !== name.backgroundColor && locked.borderStyle !== name.borderStyle }; })(),
        unlock: !document.querySelector('.con-unlock-split').hidden })`);
      await tab.evaluate(`document.querySelector(${share}).focus()`);
      await keys("60");
      const locked = { ...(await shareState()), variants: await variantsOf(tab) };
      // "Change the split…" asks; kept, still locked; agreed, the focus is back in the share, which takes keys.
      await tab.click(".con-unlock-split");
      const shareQuestion = await dialog(tab);
      await answer(tab, false);
      const kept = { variants: await variantsOf(tab), ...(await shareState()) };
      await tab.click(".con-unlock-split");
      await dialog(tab);
      await answer(tab, true);
      await tab.wait("the share focused", `document.activeElement === document.querySelector(${share})`);
      await keys("60%");
      const agreed = await variantsOf(tab);
      const unlocked = await shareState();
      await tab.type(at("variants[0].share"), "50%");
      const askedAgain = await tab.evaluate("document.querySelector('#con-ask-dialog').open");
      // Closed (the edit kept as a draft of the tab, or left when asked) and opened again in this page:
      // still agreed, not locked.
      await tab.evaluate("document.querySelector('#con-close').click()");
      await tab.wait("the editor closed or the unsaved-edits dialog",
        "document.querySelector('#con-editor').hidden || document.querySelector('#con-leave-dialog').open");
      await tab.evaluate("document.querySelector('#con-leave-dialog').open && document.querySelector('#con-leave-confirm').click()");
      await tab.wait("the editor closed", "document.querySelector('#con-editor').hidden");
      await tab.go(options.id);
      const reopened = await shareState();
      // A variant added: asked (every time), and not added when kept.
      await tab.click(".con-add-variant");
      const addQuestion = await dialog(tab);
      await answer(tab, false);
      const afterAdd = (await draftOf(tab)).variants.length;
      // Delete says what its results become.
      await tab.evaluate("document.querySelector('#con-delete').click()");
      const deleteText = await tab.wait("the Delete dialog", "document.querySelector('#con-delete-dialog').open && document.querySelector('#con-delete-text').textContent");
      await tab.evaluate("document.querySelector('#con-delete-cancel').click()");
      return { before, refused, locked, shareQuestion, kept, agreed, unlocked, askedAgain, reopened, addQuestion, afterAdd,
        deleteText };
    },

    // Message options.id with recorded results, edited in the JSON box: swapped variants are refused at
    // Save in the form's words; other shares ask the form's question; a new action of the first button
    // reaches its German copy once the box is left, and the draft then saves.
    async jsonBox(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.evaluate(`Console.state.data["messages.json"].results = { "${options.id}": { counts: { shown: 40, "button.0": 4 } } }`);
      const original = await draftOf(tab);
      const edited = (change) => { const draft = JSON.parse(JSON.stringify(original)); change(draft); return JSON.stringify(draft, null, 2); };
      await tab.type("#con-json", edited((draft) => draft.variants.reverse()));
      const swapped = await tab.save();
      swapped.focus = await tab.evaluate("document.activeElement.id");
      await tab.type("#con-json", edited((draft) => { draft.variants[0].weight = 3; }));
      const notice = (await tab.report()).notice;
      await tab.evaluate("document.querySelector('#con-status').textContent = ''; document.querySelector('#con-save').click()");
      const shares = await dialog(tab);
      await answer(tab, false);
      shares.status = await tab.text("#con-status");
      await tab.type("#con-json", edited((draft) => { draft.buttons[0].action = { event: "open_paywall" }; }));
      await tab.evaluate("document.querySelector('#con-json').blur()");
      await tab.checked();
      const followed = { draft: await draftOf(tab), status: await tab.text("#con-status") };
      const saved = await tab.save();
      // A new split saved once agreed: the status and the list's results line say from when it holds. The
      // page first reads the saved file again (it polls the served version), which replaces its figures.
      await tab.wait("the page to read the saved file again", `fetch("/__preview/version", { cache: "no-store" })
        .then((response) => response.text()).then((version) => version === Console.state.version
          && document.querySelector('#con-messages').getAttribute('aria-busy') === 'false')`);
      await tab.evaluate(`Console.state.data["messages.json"].results = { "${options.id}": { counts: { shown: 40, "button.0": 4 } } }`);
      const current = await draftOf(tab);
      current.variants[0].weight = 3;
      await tab.type("#con-json", JSON.stringify(current, null, 2));
      await tab.evaluate("document.querySelector('#con-status').textContent = ''; document.querySelector('#con-save').click()");
      await dialog(tab);
      await answer(tab, true);
      await tab.wait("the save's answer", "/^(Saved|Not saved)/.test(document.querySelector('#con-status').textContent)");
      const split = { status: await tab.text("#con-status") };
      await tab.evaluate(`Console.state.results = true; Console.state.data["messages.json"].results = { "${options.id}": { counts: { shown: 40 }, summary: "Shown 40 times." } }; Console.renderList()`);
      split.line = await tab.text("#con-table .con-split-changed");
      return { swapped, notice, shares, followed, saved: saved.status, split };
    },

    // The same message with no results: a variant with its own texts is removed only once asked, and the
    // focus then lands on the next variant's name; a variant's buttons start from the message's; the
    // message's button's new event reaches its copies.
    async buttons(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      const firstButton = await tab.evaluate(`(() => {
        const group = document.querySelector('.con-button[data-path="variants[0].buttons[0]"]');
        return { legend: group.querySelector('legend').textContent, title: group.querySelector('input').value,
          placeholder: group.querySelector('input').placeholder, does: group.querySelector('select').value,
          target: group.querySelectorAll('input')[1].placeholder };
      })()`);
      await tab.type(at("variants[0].buttons[0].title"), "Claim my free week");
      const typed = (await draftOf(tab)).variants[0].buttons;
      await tab.type(at("buttons[0].action.value"), "open_paywall");
      const followed = await draftOf(tab);
      const status = await tab.text("#con-status");
      await tab.click('.con-variant[data-path="variants[1]"] [data-move=remove]');
      const removeQuestion = await dialog(tab);
      await answer(tab, false);
      const keptVariants = await variantsOf(tab);
      await tab.evaluate(`document.querySelector('.con-variant[data-path="variants[1]"] [data-move=remove]').focus()`);
      await tab.click('.con-variant[data-path="variants[1]"] [data-move=remove]');
      await dialog(tab);
      await answer(tab, true);
      const removed = { variants: await variantsOf(tab),
        focus: await tab.evaluate("(document.activeElement.closest('[data-path]')?.dataset.path || '') + ' ' + (document.activeElement.dataset.move || document.activeElement.tagName)") };
      return { firstButton, typed, followed, status, removeQuestion, keptVariants, removed };
    },

    // The form's words: "Add an attribute"; errors at the field with the JSON key they concern and without
    // validate's "left out"; a link switched to an event starts the event empty; a variant's translation
    // named by the variant; a duplicate's notice gone once its targeting differs; a new A/B test at A.
    async wording(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      const errorAt = (fieldPath) => tab.evaluate(`Array.from(document.querySelectorAll('.con-field[data-path="${fieldPath}"] .con-error'))
        .map((node) => node.textContent)`);
      const adds = await tab.evaluate("Array.from(document.querySelectorAll('.con-add-row')).map((b) => b.textContent)");
      await tab.type(at("conversion.event"), "purchase");
      await tab.type(at("conversion.amount"), "999");
      const conversion = await errorAt("conversion.amount");
      await tab.type(at("conversion.amount"), "");
      await tab.type(at("conversion.event"), "");
      await tab.type(at("variants[0].share"), "0");
      const share = await errorAt("variants[0].share");
      // Saving while a field shows an error the form could not write: not saved, and the status says why.
      const shareSave = { status: (await tab.save()).status,
        focus: await tab.evaluate("document.activeElement.closest('.con-field, .con-variant') ? document.activeElement.closest('[data-path]').dataset.path : document.activeElement.id") };
      await tab.type(at("variants[0].share"), "50");
      await tab.choose(at("buttons[0].action", "select"), "url");
      await tab.type(at("buttons[0].action.value"), "https://example.com/");
      await tab.choose(at("buttons[0].action", "select"), "event");
      const switched = { value: await tab.evaluate(`document.querySelector(${JSON.stringify(at("buttons[0].action.value"))}).value`),
        label: await tab.text('.con-field[data-path="buttons[0].action.value"] label'),
        atTarget: await errorAt("buttons[0].action.value"), atDoes: await errorAt("buttons[0].action") };
      await tab.type(at("buttons[0].action.value"), "show_paywall");
      await tab.choose('.con-translations[data-path="variants[1].localizations"] select', "de");
      await tab.click('.con-translations[data-path="variants[1].localizations"] .con-add-language button');
      const translationLabel = await tab.text('.con-field[data-path="variants[1].localizations.de.title"] label');
      await tab.click("#con-duplicate");
      const duplicate = { notice: (await tab.report()).notice };
      await tab.type(at("appVersionRange"), "before 2.0");
      duplicate.after = (await tab.report()).notice;
      duplicate.range = (await draftOf(tab)).appVersionRange;
      const plain = await draftOf(tab);
      delete plain.variants;
      await tab.type("#con-json", JSON.stringify(plain, null, 2));
      await tab.click(".con-add-variant");
      const abFocus = await tab.evaluate("document.activeElement.closest('[data-path]')?.dataset.path");
      return { adds, conversion, share, shareSave, switched, translationLabel, duplicate, abFocus };
    }
  };
}
