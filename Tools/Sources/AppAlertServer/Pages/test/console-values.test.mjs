// The console editors' mappings (console/console-values.js): variants' names, letters and shares,
// percentages and languages as people type them, and each structured key as rows and back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

load("console/console-logic.js", "ConsoleLogic");
const V = load("console/console-values.js", "ConsoleValues");

test("variants without a name are called A, B, C… and Z is followed by AA", () => {
  assert.deepEqual([0, 1, 2, 25, 26, 27, 51, 52].map(V.variantLetter), ["A", "B", "C", "Z", "AA", "AB", "AZ", "BA"]);
  const variants = [{ name: "Control", weight: 1 }, { weight: 1 }, { name: " ", weight: 1 }];
  assert.deepEqual([0, 1, 2].map((index) => V.variantLabel(variants, index)), ["Control", "B", "C"]);
  assert.equal(V.variantWords(variants, 0), "variant “Control” (A)");
  assert.equal(V.variantWords(variants, 1), "variant B");
});

test("a variant's name is 1 to 64 characters, not blank, and its own within the message", () => {
  const variants = [{ name: "Control" }, {}];
  assert.deepEqual(V.readVariantName("Discount", variants, 1), { value: "Discount" });
  assert.deepEqual(V.readVariantName("", variants, 1), { value: undefined });
  assert.equal(V.readVariantName("Control", variants, 1).error, "Name: another variant is already called “Control”; each needs its own.");
  assert.deepEqual(V.readVariantName("Control", variants, 0), { value: "Control" });
  assert.match(V.readVariantName("  ", variants, 1).error, /not only spaces/);
  assert.equal(V.readVariantName("x".repeat(65), variants, 1).error, "Name: at most 64 characters; this one has 65.");
  assert.deepEqual(V.readVariantName("é".repeat(64), variants, 1), { value: "é".repeat(64) });
});

test("a weight is a whole number of 1 or more; each weight is shown as a share", () => {
  assert.deepEqual(V.readWeight(" 3 "), { value: 3 });
  for (const text of ["0", "1.5", "two", "-1"]) {
    assert.equal(V.readWeight(text).error, "Weight: a whole number of 1 or more, like 1.", text);
  }
  assert.deepEqual(V.sharePercents([1, 1]), [50, 50]);
  assert.deepEqual(V.sharePercents([3, 1]), [75, 25]);
  assert.deepEqual(V.sharePercents([1, "x"]), [null, null]);
  assert.deepEqual([50, 100 / 3, 12.25, null].map(V.percentText), ["50 %", "33.3 %", "12.3 %", ""]);
});

test("a share typed as a percentage becomes whole weights, the others keeping their proportions", () => {
  for (const [weights, index, percent, expected] of [
    [[1, 1], 0, 50, [1, 1]],
    [[1, 1], 0, 70, [7, 3]],
    [[1, 1], 1, 25, [3, 1]],
    [[1, 1, 1], 0, 50, [2, 1, 1]],
    [[1, 1, 1], 2, 34, [33, 33, 34]],
    [[2, 1, 1], 1, 10, [6, 1, 3].map((w, i) => [60, 10, 30][i] / 10)],
    [[1, 1], 0, 12.5, [1, 7]],
    [[1, 1], 0, 99, [99, 1]],
  ]) {
    const result = V.weightsWithShare(weights, index, percent);
    assert.deepEqual(result, expected, JSON.stringify([weights, index, percent]));
    assert.ok(result.every((weight) => Number.isInteger(weight) && weight >= 1));
  }
});

test("a percentage is read from 50, 50% and 50 %; anything else is an error in words", () => {
  assert.deepEqual(V.readPercent("50", "Rollout"), { value: 50 });
  assert.deepEqual(V.readPercent("50%", "Rollout"), { value: 50, note: "Written as 50." });
  assert.deepEqual(V.readPercent(" 12,5 % ", "Rollout"), { value: 12.5, note: "Written as 12.5." });
  assert.deepEqual(V.readPercent("", "Rollout"), { value: undefined });
  for (const text of ["150", "half", "-5", "5%%"]) {
    assert.deepEqual(V.readPercent(text, "Rollout"), { value: text, error: "Rollout: a number from 0 to 100, like 50." });
  }
});

test("languages are offered by name with their tag, and read from names or tags", () => {
  assert.equal(V.languageName("de"), "German");
  assert.equal(V.languageName("pt-BR"), "Brazilian Portuguese");
  const choices = V.languageChoices(["DE", "en"]);
  assert.ok(choices.some(([tag, label]) => tag === "fr" && label === "French (fr)"));
  assert.ok(!choices.some(([tag]) => tag === "de" || tag === "en"));
  assert.deepEqual(choices.map(([, label]) => label), choices.map(([, label]) => label).slice().sort());
  for (const [text, tag] of [["German", "de"], ["german", "de"], ["German (de)", "de"], ["de", "de"], ["pt_BR", "pt-BR"],
    ["Brazilian Portuguese", "pt-BR"], ["gsw", "gsw"]]) {
    assert.deepEqual(V.readLanguage(text), { value: tag }, text);
  }
  assert.match(V.readLanguage("Germn").error, /^“Germn” is not a language this form knows: write its name, like German/);
  assert.deepEqual(V.readLanguages("German, pt-BR", "Languages"), { value: ["de", "pt-BR"], note: "Written as de, pt-BR." });
  assert.deepEqual(V.readLanguages("en, fr", "Languages"), { value: ["en", "fr"] });
  assert.deepEqual(V.readLanguages(" ", "Languages"), { value: undefined });
  const unknown = V.readLanguages("en, Deutsch", "Languages");
  assert.match(unknown.error, /^Languages: “Deutsch” is not a language this form knows: .* The list keeps its last valid value\.$/);
  assert.ok(!("value" in unknown));
});

test("attributes are rows of key, comparison and value, and back the same", () => {
  const value = { plan: ["free", "trial"], beta: true, level: 3, code: "42", note: "a, b" };
  const rows = V.attributeRows(value);
  assert.deepEqual(rows, [
    { key: "plan", comparison: "oneOf", value: "free, trial" },
    { key: "beta", comparison: "is", value: "true" },
    { key: "level", comparison: "is", value: "3" },
    { key: "code", comparison: "is", value: "\"42\"" },
    { key: "note", comparison: "is", value: "a, b" },
  ]);
  assert.deepEqual(V.attributesFromRows(rows), { value, errors: [] });
  assert.deepEqual(V.attributesFromRows([{ key: "plan", comparison: "oneOf", value: "\"a, b\", 2" }]).value, { plan: ["a, b", 2] });
  assert.deepEqual(V.attributesFromRows([{ key: "", comparison: "is", value: "" }]), { value: undefined, errors: [] });
  assert.equal(V.attributesFromRows([{ key: "", comparison: "is", value: "x" }]).errors[0].message,
    "Attributes, row 1: give the attribute's name, like plan.");
  assert.equal(V.attributeRows({ deep: { a: 1 } }), null);
  assert.equal(V.attributeRows([1]), null);
  assert.deepEqual(V.attributeRows(undefined), []);
});

test("a rollout schedule is rows of date and percent; dates and percents as typed are written as the format has them", () => {
  const value = [{ at: "2027-01-15T08:00:00Z", percent: 10 }, { at: "2027-01-20T08:00:00Z", percent: 100 }];
  const rows = V.scheduleRows(value);
  assert.deepEqual(rows, [{ at: "2027-01-15 08:00", percent: "10" }, { at: "2027-01-20 08:00", percent: "100" }]);
  assert.deepEqual(V.scheduleFromRows(rows, value), { value, errors: [] });
  const typed = V.scheduleFromRows([{ at: "2027-02-01", percent: "50%" }, { at: "", percent: "" }], undefined);
  assert.deepEqual(typed, { value: [{ at: "2027-02-01T00:00:00Z", percent: 50 }], errors: [] });
  const bad = V.scheduleFromRows([{ at: "2027-02-30", percent: "lots" }], undefined);
  assert.deepEqual(bad.errors.map((error) => [error.column, error.message]), [
    ["at", "Rollout schedule, row 1: February has no day 30."],
    ["percent", "Rollout schedule, row 1: a number from 0 to 100, like 50."]]);
  // A key the rows do not show stays with its step.
  assert.deepEqual(V.scheduleFromRows([{ at: "2027-01-15T08:00:00Z", percent: "20" }], [{ at: "x", percent: 1, note: "kept" }]).value,
    [{ at: "2027-01-15T08:00:00Z", percent: 20, note: "kept" }]);
  assert.equal(V.scheduleRows({ at: 1 }), null);
});

test("features and data are rows, and back with nothing lost", () => {
  const features = [{ title: "Folders", text: "Keep notes together.", symbol: "folder" }, { title: "Sync", extra: 1 }];
  const rows = V.featureRows(features);
  assert.deepEqual(rows, [{ title: "Folders", text: "Keep notes together.", symbol: "folder" }, { title: "Sync", text: "", symbol: "" }]);
  assert.deepEqual(V.featuresFromRows(rows, features), { value: features, errors: [] });
  assert.equal(V.featuresFromRows([{ title: "", text: "x", symbol: "" }], undefined).errors[0].message, "Features, row 1: give it a title.");
  const data = { screen: "paywall", coupon: "SPRING26" };
  assert.deepEqual(V.dataFromRows(V.dataRows(data)), { value: data, errors: [] });
  assert.equal(V.dataFromRows([{ key: "a", value: "1" }, { key: "a", value: "2" }]).errors[0].message, "Data, row 2: “a” is listed twice.");
  assert.equal(V.dataRows({ n: 1 }), null);
});

test("a conversion is an event and hours, or days the form turns into hours", () => {
  assert.deepEqual(V.conversionFields({ event: "purchase", withinHours: 72 }), { event: "purchase", amount: "3", unit: "days" });
  assert.deepEqual(V.conversionFields({ event: "purchase", withinHours: 36 }), { event: "purchase", amount: "36", unit: "hours" });
  assert.deepEqual(V.conversionFromFields({ event: "purchase", amount: "3", unit: "days" }, undefined),
    { value: { event: "purchase", withinHours: 72 }, errors: [] });
  assert.deepEqual(V.conversionFromFields({ event: " signup ", amount: "36", unit: "hours" }, { event: "x", withinHours: 1, other: true }),
    { value: { event: "signup", withinHours: 36, other: true }, errors: [] });
  assert.deepEqual(V.conversionFromFields({ event: "", amount: "", unit: "days" }, { event: "x" }), { value: undefined, errors: [] });
  assert.equal(V.conversionFromFields({ event: "buy", amount: "31", unit: "days" }, undefined).errors[0].message,
    "Conversion: a whole number of days from 1 to 30, like 3.");
  assert.equal(V.conversionFromFields({ event: "buy", amount: "0", unit: "hours" }, undefined).errors[0].message,
    "Conversion: a whole number of hours from 1 to 720 (30 days), like 72.");
});

test("a trigger is launch or an event; a tap action is the default, close, a link or an event", () => {
  assert.deepEqual(V.triggerFields(undefined), { kind: "launch", event: "" });
  assert.deepEqual(V.triggerFields({ event: "purchase" }), { kind: "event", event: "purchase" });
  assert.equal(V.triggerFields({ event: "a", other: 1 }), null);
  assert.deepEqual(V.triggerFromFields({ kind: "event", event: "purchase" }, undefined), { value: { event: "purchase" }, errors: [] });
  assert.deepEqual(V.triggerFromFields({ kind: "launch", event: "" }, "launch"), { value: "launch", errors: [] });
  assert.deepEqual(V.triggerFromFields({ kind: "launch", event: "" }, { event: "x" }), { value: undefined, errors: [] });
  for (const value of [undefined, "dismiss", { url: "https://example.com/" }, { event: "open-paywall" }]) {
    const fields = V.actionFields(value);
    assert.deepEqual(V.actionFromFields(fields, "Tap action").value, value);
  }
  assert.equal(V.actionFromFields({ kind: "url", target: "" }, "Tap action").errors[0].message,
    "Tap action: give the link, like https://example.com/sale.");
});

test("an empty translation cell shows what the feed falls back to, key by key", () => {
  const message = { title: "Go Pro", text: "All your notes.", buttons: [{ title: "Upgrade" }],
    localizations: { de: { title: "Pro holen", text: "Alle Notizen." } },
    variants: [{ name: "Control", weight: 1 }, { name: "Discount", weight: 1, title: "Pro, 30% off" }] };
  assert.equal(V.fallbackText(message, null, "de", "title"), "Go Pro");
  assert.equal(V.fallbackText(message, null, "fr", "buttons[0].title"), "Upgrade");
  // Control sets nothing: the message's German; Discount sets its title: its own, in the base language.
  assert.equal(V.fallbackText(message, 0, "de", "title"), "Pro holen");
  assert.equal(V.fallbackText(message, 1, "de", "title"), "Pro, 30% off");
  assert.equal(V.fallbackText(message, 1, "de", "text"), "Alle Notizen.");
  assert.deepEqual(V.translationKeys(message).map(([path]) => path),
    ["title", "text", "confirmLabel", "link.title", "link.url", "buttons[0].title"]);
});

test("a translated button title makes a whole list of buttons with the actions of the ones it translates", () => {
  const base = [{ title: "Try it", action: { url: "https://example.com/" } }, { title: "Later" }];
  assert.deepEqual(V.translatedButtons(base, undefined, 0, "Ausprobieren"),
    [{ title: "Ausprobieren", action: { url: "https://example.com/" } }, { title: "Later" }]);
  const both = V.translatedButtons(base, [{ title: "Ausprobieren" }, { title: "Later" }], 1, "Später");
  assert.deepEqual(both, [{ title: "Ausprobieren", action: { url: "https://example.com/" } }, { title: "Später" }]);
  assert.equal(V.translatedButtons(base, [{ title: "Try it" }, { title: "Später" }], 1, ""), undefined);
  // The title first, as the format's examples write a button.
  assert.deepEqual(Object.keys(V.translatedButtons(base, undefined, 0, "Ausprobieren")[0]), ["title", "action"]);
});

test("a version range in words is written as node-semver; a node-semver range stays as typed", () => {
  const written = {
    "2.0 and later": ">=2.0", "2.0+": ">=2.0", "from 2.0": ">=2.0", "2.0 or later": ">=2.0", "up to 3.0": "<=3.0",
    "before 3.0": "<3.0", "from 2.0 before 3.0": ">=2.0 <3.0", "2.0 and later, before 3.0": ">=2.0 <3.0",
    "from 2.0 and up to 3.0": ">=2.0 <=3.0", "2.0 before 3.0": ">=2.0 <3.0", "From 17": ">=17"
  };
  for (const [text, range] of Object.entries(written)) {
    assert.deepEqual(V.readVersionRange(text), { value: range, note: "Written as " + range + "." }, text);
  }
  for (const text of [">=1.2 <2", "^1.4", "1.x || 2.1", "2.0", "1.2 - 2.3", "soon"]) {
    assert.deepEqual(V.readVersionRange(text), { value: text }, text);
  }
  assert.deepEqual(V.readVersionRange("  "), { value: undefined });
});

test("a version list takes exact versions and points a range to the range field", () => {
  assert.deepEqual(V.readVersions("1.0, 1.1", "App versions", "App version range"), { value: ["1.0", "1.1"] });
  for (const text of ["2.0 and later", "1.0, from 2.0", ">=2", "2.0+", "before 3.0"]) {
    const reading = V.readVersions(text, "App versions", "App version range");
    assert.equal(reading.value, undefined, text);
    assert.match(reading.error, /^App versions: only exact versions, like 1\.0, 1\.1\. For “.+”, leave this empty and write it in App version range below\./, text);
  }
});

test("languages written as tags are shown by name, and each name reads back as its tag", () => {
  assert.equal(V.showLanguages(["de", "fr"]), "German, French");
  assert.equal(V.showLanguages(["pt-BR", "zh-Hans", "en"]), "Brazilian Portuguese, Simplified Chinese, English");
  for (const tags of [["de", "fr"], ["pt-BR", "zh-Hans", "en-GB", "es-419"], ["de-AT", "gsw"]]) {
    assert.deepEqual(V.readLanguages(V.showLanguages(tags), "Languages").value, tags, tags.join(", "));
  }
  // A tag whose name alone does not read back shows with it, one with no name as it is.
  assert.equal(V.showLanguages(["de-AT"]), "Austrian German (de-AT)");
  assert.equal(V.showLanguages(["qaa"]), "qaa");
  assert.equal(V.showLanguages("de"), null);
  assert.equal(V.showLanguages([1]), null);
});
