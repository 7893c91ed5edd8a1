// The console editors' scenarios for console-browser.mjs (ConsoleEditorBrowserTests.swift): an A/B test, the
// rows editors and a new modal's variant and translated buttons, each made with no JSON typed. The driver
// hands each its context: the server's address, the scenario's options and the field selector.
import path from "node:path";

export function editorScenarios({ base, options, at }) {
  // The saved message opened again in a new tab (as after a reload): what `fields` show, and whether
  // typing that text back into each leaves the JSON as it was saved.
  async function typedBack(browser, saved, fields) {
    const again = await browser.tab(base);
    await again.console(options.id);
    const shown = {};
    for (const field of fields) {
      shown[field] = await again.evaluate(`document.querySelector(${JSON.stringify(at(field))}).value`);
      await again.type(at(field), shown[field]);
    }
    return { shown, same: (await again.report()).json === saved.json };
  }

  return {
    // An A/B test made in the form with no JSON typed: a 50% rollout and dates, a conversion in days, two
    // named variants with their shares, the message and a variant in German; then saved.
    async abTest(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      const draft = () => tab.evaluate("JSON.parse(document.querySelector('#con-json').value)");
      await tab.type(at("rollout"), "50%");
      const rolloutNote = await tab.text('.con-field[data-path="rollout"] .con-local-note');
      await tab.type(at("rollout"), "half");
      const rolloutError = await tab.text('.con-field[data-path="rollout"] .con-local-error');
      await tab.type(at("rollout"), "50%");
      await tab.type(at("startDate"), options.start);
      await tab.type(at("endDate"), options.end);
      await tab.type(at("conversion.event"), "purchase");
      await tab.type(at("conversion.amount"), "3");
      await tab.choose(at("conversion.unit", "select"), "days");
      await tab.click(".con-add-variant");
      const legends = await tab.evaluate("Array.from(document.querySelectorAll('.con-variant > legend')).map((l) => l.textContent)");
      await tab.type(at("variants[0].name"), "Control");
      await tab.type(at("variants[1].name"), "Discount");
      await tab.type(at("variants[1].title"), options.variantTitle);
      await tab.type(at("variants[0].share"), "75%");
      const shares = { weights: (await draft()).variants.map((variant) => variant.weight),
        other: await tab.evaluate(`document.querySelector(${JSON.stringify(at("variants[1].share"))}).value`) };
      await tab.type(at("variants[0].share"), "50");
      shares.back = (await draft()).variants.map((variant) => variant.weight);
      // A third variant, moved up, then removed: the two named ones stay as they were.
      await tab.click(".con-add-variant");
      await tab.type(at("variants[2].name"), "Third");
      await tab.click('.con-variant[data-path="variants[2]"] [data-move=up]');
      const moved = { names: (await draft()).variants.map((variant) => variant.name || null),
        focus: await tab.evaluate("document.activeElement.closest('.con-variant')?.dataset.path + ' ' + document.activeElement.dataset.move"),
        legends: await tab.evaluate("Array.from(document.querySelectorAll('.con-variant > legend')).map((l) => l.textContent)") };
      await tab.click('.con-variant[data-path="variants[1]"] [data-move=remove]');
      moved.after = (await draft()).variants.map((variant) => variant.name || null);
      // Before it has its own, the variant's conversion shows the message's in grey.
      const inheritedConversion = await tab.evaluate(`[${JSON.stringify(at("variants[1].conversion.event"))},
        ${JSON.stringify(at("variants[1].conversion.amount"))}].map((selector) => document.querySelector(selector).placeholder)`);
      await tab.type(at("variants[1].conversion.event"), "purchase");
      await tab.type(at("variants[1].conversion.amount"), "24");
      // German, chosen by name, for the message and for the variant.
      const offered = await tab.evaluate(`Array.from(document.querySelectorAll('.con-translations[data-path="localizations"] select option'))
        .map((option) => option.textContent).filter((text) => /^(German|English)/.test(text))`);
      await tab.choose('.con-translations[data-path="localizations"] select', "de");
      await tab.click('.con-translations[data-path="localizations"] .con-add-language button');
      const fallback = await tab.evaluate(`document.querySelector(${JSON.stringify(at("localizations.de.title"))}).placeholder`);
      await tab.type(at("localizations.de.title"), options.germanTitle);
      await tab.type(at("localizations.de.text", "textarea"), options.germanText);
      await tab.choose('.con-translations[data-path="variants[1].localizations"] select', "de");
      await tab.click('.con-translations[data-path="variants[1].localizations"] .con-add-language button');
      await tab.type(at("variants[1].localizations.de.title"), options.variantGermanTitle);
      const variantFallback = await tab.evaluate(`document.querySelector(${JSON.stringify(at("variants[1].localizations.de.text", "textarea"))}).placeholder`);
      const variantPlaceholder = await tab.evaluate(`document.querySelector(${JSON.stringify(at("variants[0].title"))}).placeholder`);
      const legendsAfter = await tab.evaluate("Array.from(document.querySelectorAll('.con-variant > legend')).map((l) => l.textContent)");
      const errors = await tab.evaluate(`Array.from(document.querySelectorAll('#con-form .con-diag'))
        .map((node) => node.closest('[data-path]').dataset.path + ": " + node.textContent)`);
      if (options.out) {
        await tab.evaluate("document.activeElement.blur(); document.querySelector('.con-variants').scrollIntoView(); window.scrollBy(0, -60)");
        await tab.screenshot(path.join(options.out, "console-ab-test.png"));
      }
      const saved = await tab.save();
      const reopened = await typedBack(browser, saved, ["startDate", "endDate"]);
      return { ...saved, reopened, rolloutNote, rolloutError, legends, legendsAfter, shares, moved, variantPlaceholder, inheritedConversion, offered, fallback, variantFallback, errors };
    },

    // The rows editors: a rollout schedule in place of the rollout, an event trigger, attributes, data and a
    // feature, typed as rows; then saved. Then a value the rows cannot show is left to the JSON box.
    async rowsEditors(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      const addRow = (key) => tab.evaluate(`document.querySelector('.con-rows[data-path="${key}"] .con-add-row').click()`);
      await tab.type(at("rollout"), "");
      await addRow("rolloutSchedule");
      await tab.type(at("rolloutSchedule[0].at"), "2027-01-15");
      await tab.type(at("rolloutSchedule[0].percent"), "10%");
      await addRow("rolloutSchedule");
      await tab.type(at("rolloutSchedule[1].at"), "2027-01-20 08:00");
      await tab.type(at("rolloutSchedule[1].percent"), "150");
      const percentError = await tab.text('.con-field[data-path="rolloutSchedule[1].percent"] .con-local-error');
      await tab.type(at("rolloutSchedule[1].percent"), "100");
      await tab.choose(at("trigger.kind", "select"), "event");
      await tab.type(at("trigger.event"), "export.done");
      await addRow("attributes");
      await tab.type(at("attributes[0].key"), "plan");
      await tab.choose(at("attributes[0].comparison", "select"), "oneOf");
      await tab.type(at("attributes[0].value"), "free, trial");
      await addRow("attributes");
      await tab.type(at("attributes[1].key"), "level");
      await tab.type(at("attributes[1].value"), "3");
      await addRow("data");
      await tab.type(at("data[0].key"), "screen");
      await tab.type(at("data[0].value"), "paywall");
      await tab.type(at("locales"), "English, Deutsch");
      const unknownLanguage = { error: await tab.text('.con-field[data-path="locales"] .con-local-error'),
        locales: JSON.parse(await tab.evaluate("document.querySelector('#con-json').value")).locales ?? null };
      await tab.type(at("locales"), "English, German");
      // As a banner: a tap opens a link; a feature (a warning on a banner, kept).
      await tab.choose(at("layout", "select"), "banner");
      await tab.choose(at("action.kind", "select"), "url");
      await tab.type(at("action.target"), "https://example.com/sync");
      await tab.evaluate(`document.querySelector('.con-rows[data-path="features"] .con-add-row').click()`);
      await tab.type(at("features[0].title"), "Folders");
      await tab.type(at("features[0].symbol"), "folder");
      const errors = await tab.evaluate(`Array.from(document.querySelectorAll('#con-form .con-diag.con-error'))
        .map((node) => node.closest('[data-path]').dataset.path + ": " + node.textContent)`);
      const saved = await tab.save();
      const reopened = await typedBack(browser, saved, ["locales", "rolloutSchedule[0].at", "rolloutSchedule[1].at"]);
      // From the JSON box: the rows follow; a shape they cannot show is left to the JSON box.
      const draft = JSON.parse(saved.json);
      draft.attributes = { plan: { nested: true } };
      draft.data = { coupon: "SPRING26" };
      await tab.type("#con-json", JSON.stringify(draft, null, 2));
      const fromJSON = await tab.evaluate(`({
        attributesHint: !document.querySelector('.con-rows[data-path="attributes"] .con-rows-body').hidden ? null
          : document.querySelector('.con-rows[data-path="attributes"] > .con-hint:not([id])').textContent,
        data: Array.from(document.querySelectorAll('.con-rows[data-path="data"] .con-row input')).map((input) => input.value)
      })`);
      return { ...saved, reopened, percentError, unknownLanguage, errors, fromJSON };
    },

    // A new modal message made into an A/B test: the variant's own first button, German for the message
    // with its buttons' titles (a translated list of buttons keeps their actions), French added and removed.
    async newModal(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.evaluate(`(() => { const s = document.querySelector('#con-new-layout'); s.value = "modal"; })()`);
      await tab.evaluate("document.querySelector('#con-new').click()");
      await tab.wait("the new message", "document.querySelector('#con-editor-heading').textContent.startsWith('New message')");
      await tab.checked();
      await tab.type(at("title"), "Go Pro");
      await tab.type(at("text", "textarea"), "All your notes, everywhere.");
      await tab.type(at("buttons[0].action.value"), "https://example.com/pro");
      await tab.click(".con-add-variant");
      await tab.type(at("variants[1].name"), "Discount");
      await tab.type(at("variants[1].buttons[0].title"), "Get Pro, 30% off");
      await tab.choose(at("variants[1].buttons[0].action", "select"), "url");
      await tab.type(at("variants[1].buttons[0].action.value"), "https://example.com/pro?offer=30");
      await tab.choose('.con-translations[data-path="localizations"] select', "fr");
      await tab.click('.con-translations[data-path="localizations"] .con-add-language button');
      await tab.type(at("localizations.fr.title"), "Passez à Pro");
      await tab.click('.con-language[data-path="localizations.fr"] .con-remove-row');
      await tab.choose('.con-translations[data-path="localizations"] select', "de");
      await tab.click('.con-translations[data-path="localizations"] .con-add-language button');
      const buttonFallback = await tab.evaluate(`document.querySelector(${JSON.stringify(at("localizations.de.buttons[1].title"))}).placeholder`);
      await tab.type(at("localizations.de.title"), "Pro holen");
      await tab.type(at("localizations.de.text", "textarea"), "Alle Notizen, überall.");
      await tab.type(at("localizations.de.buttons[0].title"), "Ausprobieren");
      await tab.type(at("localizations.de.buttons[1].title"), "Später");
      const languages = await tab.evaluate("Array.from(document.querySelectorAll('.con-translations[data-path=\"localizations\"] .con-language > legend')).map((l) => l.textContent)");
      const errors = await tab.evaluate(`Array.from(document.querySelectorAll('#con-form .con-diag.con-error'))
        .map((node) => node.closest('[data-path]').dataset.path + ": " + node.textContent)`);
      const saved = await tab.save();
      return { ...saved, buttonFallback, languages, errors };
    }
  };
}
