// The console's logic that needs no page (console/console-logic.js): paths, a field's text ⇄ JSON,
// dates as typed, where invalid JSON goes wrong, templates, the results' words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const L = load("console/console-logic.js", "ConsoleLogic");

test("a path in the form's notation splits into keys and indexes and is written back the same", () => {
  for (const [text, segments] of [
    ["id", ["id"]],
    ["colors.dark.accent", ["colors", "dark", "accent"]],
    ["buttons[1].action.url", ["buttons", 1, "action", "url"]],
  ]) {
    assert.deepEqual(L.parsePath(text), segments);
    assert.equal(L.pathText(segments), text);
  }
});

test("a key that is not a plain name is written in brackets and quotes", () => {
  assert.equal(L.pathText(["localizations", "pt-BR", "title"]), "localizations.pt-BR.title");
  assert.equal(L.pathText(["data", "a key", 0]), 'data["a key"][0]');
});

test("the check's path names the message by its place and the rest in the form's notation", () => {
  assert.deepEqual(L.splitPath("$.messages[2].colors.dark.accent"), { index: 2, segments: ["colors", "dark", "accent"] });
  assert.deepEqual(L.splitPath("$[0].buttons[1].title"), { index: 0, segments: ["buttons", 1, "title"] });
  assert.deepEqual(L.splitPath('$.messages[1].data["a \\"b\\""]'), { index: 1, segments: ["data", 'a "b"'] });
  assert.equal(L.splitPath("$.updatePolicies[0]"), null);
  assert.equal(L.splitPath(undefined), null);
});

test("setting a path creates the objects and arrays on the way", () => {
  const draft = { id: 1 };
  L.setPath(draft, ["colors", "dark", "accent"], "#FF0000");
  L.setPath(draft, ["buttons", 0, "title"], "Go");
  assert.deepEqual(draft, { id: 1, colors: { dark: { accent: "#FF0000" } }, buttons: [{ title: "Go" }] });
  assert.equal(L.getPath(draft, ["colors", "dark", "accent"]), "#FF0000");
  assert.equal(L.getPath(draft, ["id", "deeper"]), undefined);
  assert.equal(L.valueAt(draft, ["buttons", 0, "title"]), "Go");
});

test("removing a key removes the objects it leaves empty, and nothing else", () => {
  const draft = { id: 1, colors: { text: "#000000", dark: { accent: "#FF0000" } } };
  L.setPath(draft, ["colors", "dark", "accent"], undefined);
  assert.deepEqual(draft, { id: 1, colors: { text: "#000000" } });
  L.setPath(draft, ["colors", "text"], undefined);
  assert.deepEqual(draft, { id: 1 });
  L.setPath(draft, ["link", "url"], undefined);
  assert.deepEqual(draft, { id: 1 });
});

test("each kind of field shows its value as text and reads the text back as the same value", () => {
  for (const [kind, value, text] of [
    ["text", "Hello", "Hello"],
    ["area", "Two\nlines", "Two\nlines"],
    ["integer", 3, "3"],
    ["number", 12.5, "12.5"],
    ["number", 50, "50"],
    ["list", ["ios", "macos"], "ios, macos"],
    ["select", "banner", "banner"],
    ["select", false, "false"],
    ["json", { event: "purchase" }, '{"event":"purchase"}'],
    ["date", "2026-03-01T09:00:00Z", "2026-03-01T09:00:00Z"],
  ]) {
    assert.equal(L.show(value, kind), text, kind);
    assert.deepEqual(L.read(text, kind), { value }, kind);
  }
});

test("long JSON is shown indented", () => {
  const value = [{ at: "2027-01-15T08:00:00Z", percent: 10 }, { at: "2027-01-20T08:00:00Z", percent: 100 }];
  assert.equal(L.show(value, "json"), JSON.stringify(value, null, 2));
});

test("an empty field removes its key", () => {
  for (const kind of ["text", "area", "integer", "number", "list", "select", "json", "date"]) {
    assert.deepEqual(L.read("", kind), { value: undefined }, kind);
  }
  assert.equal(L.show(undefined, "text"), "");
  assert.equal(L.show(null, "json"), "");
});

test("a list drops empty items and spaces; a number with letters stays text for the check to name", () => {
  assert.deepEqual(L.read(" en, , fr ,de ", "list"), { value: ["en", "fr", "de"] });
  assert.deepEqual(L.read("50%", "number"), { value: "50%" });
  assert.deepEqual(L.read(" 1e3 ", "number"), { value: 1000 });
  assert.deepEqual(L.read("-2", "integer"), { value: -2 });
});

test("JSON that does not parse keeps the key's value and says where it goes wrong", () => {
  const reading = L.read('{"event": }', "json");
  assert.equal(Object.hasOwn(reading, "value"), false);
  assert.equal(reading.error, "Not valid JSON at line 1, column 11: a value should come here. The key keeps its last valid value.");
});

test("where invalid JSON goes wrong, in line and column and words", () => {
  for (const [text, where] of [
    ['{\n  "title": "Hi",\n}', "line 3, column 1: the comma before } is one too many"],
    ['{"title": "Hi" "text": "x"}', "line 1, column 16: a comma or } should come here"],
    ["[1, 2,]", "line 1, column 7: the comma before ] is one too many"],
    ['{"a": "b', "line 1, column 9: the string has no closing quote"],
    ['{"a": "\\x"}', "line 1, column 9: this is not an escape JSON knows"],
    ['{"a": "\\u12"}', "line 1, column 9: \\u needs four hex digits"],
    ["{title: 1}", "line 1, column 2: a key in double quotes should come here"],
    ['{"a" 1}', "line 1, column 6: a colon should follow the key"],
    ["{} {}", "line 1, column 4: nothing should follow the message"],
    ["", "line 1, column 1: the text ends where a value should come"],
  ]) {
    assert.equal(L.jsonWhere(text), where, text);
  }
});

test("a date is written as RFC 3339 in UTC, saying how when it was typed otherwise", () => {
  for (const [typed, written, note] of [
    ["2026-03-01", "2026-03-01T00:00:00Z", "Written as 2026-03-01T00:00:00Z (UTC)."],
    ["2026-3-1 9:05", "2026-03-01T09:05:00Z", "Written as 2026-03-01T09:05:00Z (UTC)."],
    ["2026-03-01t09:00:00+0100", "2026-03-01T09:00:00+01:00", "Written as 2026-03-01T09:00:00+01:00."],
    ["2026-03-01T09:00:00.5z", "2026-03-01T09:00:00.5Z", "Written as 2026-03-01T09:00:00.5Z."],
  ]) {
    assert.deepEqual(L.read(typed, "date"), { value: written, note }, typed);
  }
  assert.deepEqual(L.read("2026-03-01T09:00:00Z", "date"), { value: "2026-03-01T09:00:00Z" });
});

test("a date the calendar does not have, or text that is not a date, is an error in words and kept as typed", () => {
  for (const [typed, error] of [
    ["2026-02-29", "February 2026 has no day 29."],
    ["2026-04-31", "April has no day 31."],
    ["2026-13-01", "There is no month 13: months go from 1 to 12."],
    ["2026-01-01 24:00", "There is no hour 24: hours go from 0 to 23."],
    ["2026-01-01 10:60", "There is no minute 60: minutes go from 0 to 59."],
    ["next monday", "Write the date as 2026-12-01, or 2026-12-01 09:00 (UTC)."],
  ]) {
    assert.deepEqual(L.readDate(typed), { value: typed, error }, typed);
  }
  assert.deepEqual(L.readDate("2028-02-29"), { value: "2028-02-29T00:00:00Z", note: "Written as 2028-02-29T00:00:00Z (UTC)." });
});

test("a date field's error names the field first, in the same words in the message's form and the install's", () => {
  for (const [label, typed, said] of [
    ["Start (UTC)", "tomorrow", "Start: write the date as 2026-12-01, or 2026-12-01 09:00 (UTC)."],
    ["Date and time (UTC)", "tomorrow", "Date and time: write the date as 2026-12-01, or 2026-12-01 09:00 (UTC)."],
    ["Date and time (UTC)", "30.11.2026", "Date and time: write the date as 2026-12-01, or 2026-12-01 09:00 (UTC)."],
    ["Installed on (UTC)", "2026-02-30", "Installed on: February has no day 30."],
    ["Last updated on (UTC)", "2026-11-30 25:00", "Last updated on: there is no hour 25: hours go from 0 to 23."],
  ]) {
    assert.equal(L.fieldError(label, L.readDate(typed).error), said, typed);
  }
  // Already named: as it is.
  assert.equal(L.fieldError("Start", "Start: no."), "Start: no.");
});

test("a new message starts from its layout's template, its id and app first", () => {
  for (const layout of ["alert", "banner", "modal", "sheet", "image"]) {
    const message = L.template(layout, 7, "com.example.app");
    assert.deepEqual(Object.keys(message).slice(0, 2), ["id", "bundleId"], layout);
    assert.equal(message.id, 7);
    assert.equal(message.layout, layout === "alert" ? undefined : layout);
    assert.equal(typeof message.title, "string");
  }
  assert.deepEqual(L.template("modal", 3, "a").buttons, [{ title: "Try it", action: { url: "https://example.com/" } }, { title: "Not now" }]);
});

test("a template's words are listed where the author must replace them", () => {
  const words = L.templateWords(L.template("sheet", 1, "a"));
  assert.deepEqual(words.map((word) => L.pathText(word[0])), [
    "title", "text", "image.url", "image.alt", "features[0].title", "features[0].text", "features[1].title",
    "features[1].text", "buttons[0].action.url",
  ]);
});

test("a first button takes the dismiss button's title, else the link button, out of the draft", () => {
  const withLabel = { id: 1, confirmLabel: "Got it", link: { title: "More", url: "https://example.com" } };
  const moved = L.movedIntoButton(withLabel);
  assert.deepEqual(moved.button, { title: "Got it", action: "dismiss" });
  assert.match(moved.said, /^The dismiss button's title “Got it” is now the second button/);
  assert.deepEqual(withLabel, { id: 1, link: { title: "More", url: "https://example.com" } });
  assert.deepEqual(L.movedIntoButton(withLabel).button, { title: "More", action: { url: "https://example.com" } });
  assert.deepEqual(withLabel, { id: 1 });
  assert.equal(L.movedIntoButton(withLabel), null);
});

test("the translations and variants left with a dismiss or link title of their own are named", () => {
  assert.equal(L.translationsLeft({ localizations: { fr: { title: "x" } } }), "");
  assert.equal(L.translationsLeft({ localizations: { fr: { confirmLabel: "OK" } } }),
    " Its translation fr still has a dismiss or link title of its own: give it buttons in its own words (the errors say where).");
  assert.equal(L.translationsLeft({ variants: [{ weight: 1, link: {} }, { weight: 1, confirmLabel: "x" }] }),
    " Its variants A and B still have a dismiss or link title of their own: give them buttons in their own words (the errors say where).");
  assert.equal(L.translationsLeft({ variants: [{ weight: 1 }, { name: "Discount", weight: 1, confirmLabel: "x" }] }),
    " Its variant “Discount” still has a dismiss or link title of its own: give it buttons in its own words (the errors say where).");
  assert.equal(L.translationsLeft({ localizations: { de: { link: {} } }, variants: [{ confirmLabel: "x" }] }),
    " Its translation de and variant A still have a dismiss or link title of their own: give them buttons in their own words (the errors say where).");
});

test("a new message's keys are put in the documented order, unknown keys last as they came", () => {
  const message = JSON.parse('{"text": "x", "zebra": 1, "startDate": "2026-01-01T00:00:00Z", "title": "t", '
    + '"placement": "inbox", "__proto__": {"a": 1}, "bundleId": "com.example", "id": 9, "constructor": 2}');
  const ordered = L.inKeyOrder(message);
  assert.deepEqual(Object.keys(ordered), ["id", "bundleId", "placement", "title", "text", "startDate", "zebra", "__proto__",
    "constructor"]);
  assert.equal(JSON.stringify(ordered), '{"id":9,"bundleId":"com.example","placement":"inbox","title":"t","text":"x",'
    + '"startDate":"2026-01-01T00:00:00Z","zebra":1,"__proto__":{"a":1},"constructor":2}');
  assert.deepEqual(Object.keys(L.inKeyOrder(L.template("sheet", 1, "a"))),
    ["id", "bundleId", "layout", "title", "text", "buttons", "features"]);
});

test("two JSON values are the same whatever the order of their keys", () => {
  assert.equal(L.sameJSON({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }), true);
  assert.equal(L.sameJSON({ a: 1 }, { a: 1, b: 2 }), false);
  assert.equal(L.sameJSON([1, 2], [2, 1]), false);
  assert.equal(L.sameJSON({ 0: 1 }, [1]), false);
  assert.equal(L.sameJSON(null, {}), false);
});

test("the results line is the report's own, word for word; a message it does not list was never shown", () => {
  assert.equal(L.resultsText(null, 4), "—");
  assert.equal(L.resultsText({ error: "locked" }, 4), "—");
  assert.equal(L.resultsText({}, 4), "No showings recorded yet.");
  const summary = "\"Free week\" converts 8.0% against \"Control\" 5.0%: >99% likely to be better.\nVariant \"Control\" "
    + "(baseline): shown 10,400 · conversion 520: 5.0% (95%: 4.6%–5.4%)";
  assert.equal(L.resultsText({ 4: { counts: { shown: 10400 }, summary } }, 4), summary);
  assert.equal(L.resultsText({ 4: { counts: { shown: 0 } } }, 4), "No showings recorded yet.");
});

test("the results line is laid out as short lines: the headline, then each variant's heading and figures", () => {
  const summary = "\"Free week\" converts 8.0% against \"Control\" 5.0%: >99% likely to be better.\nVariant \"Control\" "
    + "(baseline): shown 10,400 · conversion 520: 5.0% (95%: 4.6%–5.4%) · ! 3 counts before its start";
  assert.deepEqual(L.resultsLines({ 4: { summary } }, 4), [
    { text: "\"Free week\" converts 8.0% against \"Control\" 5.0%: >99% likely to be better.", kind: "headline" },
    { text: "Variant \"Control\" (baseline): shown 10,400", kind: "variant" },
    { text: "conversion 520: 5.0% (95%: 4.6%–5.4%)", kind: "figure" },
    { text: "! 3 counts before its start", kind: "figure" }]);
  assert.deepEqual(L.resultsLines({}, 4), [{ text: "No showings recorded yet.", kind: "plain" }]);
});

test("showings that do not fit the split put the report's short warning on a line of its own, before the headline", () => {
  const warning = "Showings do not match the split 70/30 (p < 0.001): not to be trusted as it stands; they fit it from "
    + "2026-12-06 (--since 2026-12-06).";
  const headline = "\"Free week\" converts 8.0% against \"Control\" 5.0%: >99% likely to be better.";
  const summary = warning + "\n" + headline + "\nVariant \"Control\" (baseline): shown 6,000";
  assert.deepEqual(L.resultsLines({ 4: { summary, sampleRatio: { mismatch: true } } }, 4), [
    { text: warning, kind: "warning" },
    { text: headline, kind: "headline" },
    { text: "Variant \"Control\" (baseline): shown 6,000", kind: "variant" }]);
  // Showings that fit: the first line is the headline, as before.
  const fits = headline + "\nVariant \"Control\" (baseline): shown 6,000";
  assert.equal(L.resultsLines({ 4: { summary: fits, sampleRatio: { mismatch: false } } }, 4)[0].kind, "headline");
});

test("a diagnostic's words end as a sentence", () => {
  assert.equal(L.sentence(" the title is empty "), "the title is empty.");
  assert.equal(L.sentence("Really?"), "Really?");
  assert.equal(L.sentence(null), ".");
});

test("a kept draft is named by its feed and message, and only what the page stored reads back as one", () => {
  const key = L.draftKey("feeds/news.json", 4);
  assert.deepEqual(L.draftOf(key), { feed: "feeds/news.json", id: 4 });
  assert.deepEqual(L.draftOf(L.draftKey("a \"b\" c", null)), { feed: "a \"b\" c", id: null });
  assert.notEqual(L.draftKey("a", 1), L.draftKey("a", null));
  assert.notEqual(L.draftKey("a/1", 2), L.draftKey("a", 12));
  for (const other of ["theme", "appalert-console-draft [1, 2]", "appalert-console-draft [\"a\", 1.5]",
    "appalert-console-draft {"]) {
    assert.equal(L.draftOf(other), null, other);
  }
  const stored = { draft: { id: 4, title: "Edited" }, base: { id: 4, title: "On disk" }, etag: "\"v1\"", template: null, json: null, like: null };
  assert.deepEqual(L.readKept(JSON.stringify(stored)), stored);
  assert.deepEqual(L.readKept(JSON.stringify({ draft: { id: 7 }, base: null, etag: 3, template: { id: 7 }, json: "{" })),
    { draft: { id: 7 }, base: null, etag: null, template: { id: 7 }, json: "{", like: null });
  for (const broken of [null, "", "{\"draft\": {\"id\": 4", "[]", "{\"draft\": [1]}", "{\"draft\": {}, \"base\": 3}"]) {
    assert.equal(L.readKept(broken), null, String(broken));
  }
});

test("a key added to a message goes to its documented place, and the keys it had keep their order", () => {
  // Keys in an order of their own (the file's): the new key goes after the last one that comes before it.
  const message = JSON.parse('{"id": 3, "title": "t", "bundleId": "a", "text": "x", "endDate": "e", "zebra": 1, "data": {}}');
  L.setPath(message, ["priority"], 5);
  assert.deepEqual(Object.keys(message), ["id", "title", "bundleId", "text", "endDate", "priority", "zebra", "data"]);
  L.setPath(message, ["layout"], "sheet");
  assert.deepEqual(Object.keys(message), ["id", "title", "bundleId", "layout", "text", "endDate", "priority", "zebra", "data"]);
  // A key it has is set in place; a key the order does not name goes last; nested keys are not moved.
  L.setPath(message, ["title"], "u");
  L.setPath(message, ["unknown"], true);
  L.setPath(message, ["colors", "text"], "#000000");
  assert.deepEqual(Object.keys(message), ["id", "title", "bundleId", "layout", "text", "colors", "endDate", "priority",
    "zebra", "data", "unknown"]);
  assert.equal(message.title, "u");
  // Before every key it has: first.
  const late = { text: "x" };
  L.setPath(late, ["id"], 1);
  assert.deepEqual(Object.keys(late), ["id", "text"]);
  const proto = JSON.parse('{"id": 1, "__proto__": {"a": 1}}');
  L.setPath(proto, ["title"], "t");
  assert.deepEqual(Object.keys(proto), ["id", "title", "__proto__"]);
  assert.deepEqual(proto["__proto__"], { a: 1 });
});

test("a copy of a message with variants or recorded results is said to compete with it; of others, nothing", () => {
  const plain = { id: 4, title: "t" };
  const split = { id: 4, variants: [{ weight: 1 }, { weight: 1 }] };
  assert.equal(L.competesText(plain, 4, null), null);
  assert.equal(L.competesText(plain, 4, { 4: { counts: { shown: 0 } } }), null);
  assert.equal(L.competesText(plain, 4, { error: "locked" }), null);
  assert.equal(L.competesText(plain, 4, { 5: { counts: { shown: 3 } } }), null);
  assert.equal(L.competesText({ id: 4, variants: [] }, 4, null), null);
  assert.equal(L.competesText(split, 4, null), "The copy competes with message #4: it has the same targeting, so the "
    + "installs that would see message #4 are split between the two, and its A/B test no longer covers them all. "
    + "Before you save, change who sees the copy (or when), or end message #4.");
  assert.match(L.competesText(plain, 4, { 4: { counts: { shown: 0, dismissed: 2 } } }), /and its results no longer cover them all/);
  assert.match(L.competesText(split, 4, { 4: { counts: { shown: 9 } } }), /its A\/B test and its results no longer cover them/);
});

test("a date written as RFC 3339 is shown as the date fields take it, and reads back the same", () => {
  for (const [value, shown] of [
    ["2026-12-01T00:00:00Z", "2026-12-01"],
    ["2026-12-01T09:30:00Z", "2026-12-01 09:30"],
    ["2026-12-01T09:30:15Z", "2026-12-01 09:30:15"],
    ["2026-12-01T09:00:00+02:00", "2026-12-01 09:00+02:00"],
    ["2026-12-01T09:00:00.5Z", "2026-12-01T09:00:00.5Z"]
  ]) {
    assert.equal(L.showDate(value), shown, value);
    assert.equal(L.readDate(shown).value, value, shown);
  }
  // What is not RFC 3339 (a date the check refuses) stays as it is.
  assert.equal(L.showDate("next week"), "next week");
  assert.equal(L.showDate("2026-12-01"), "2026-12-01");
  assert.equal(L.showDate(undefined), "");
});

test("a duplicate's keys are arranged as its original writes them, at every level, added keys before the next they precede", () => {
  const original = { id: 4, title: "Sale", buttons: [{ action: { event: "buy" }, title: "Buy" }],
    localizations: { de: { text: "Rabatt", title: "Angebot" } }, colors: { text: "#000", background: "#fff" } };
  // The page's draft, as the form writes: the title first in a button, a translation's keys as typed.
  const draft = { title: "Sale", id: 9, buttons: [{ title: "Buy now", action: { event: "buy" } }, { title: "Later" }],
    localizations: { de: { title: "Angebot", text: "Rabatt" } }, colors: { background: "#fff", text: "#000" },
    rollout: 50, layout: "modal" };
  const arranged = L.arrangedLike(draft, original);
  assert.equal(JSON.stringify(arranged), JSON.stringify({ id: 9, title: "Sale",
    buttons: [{ action: { event: "buy" }, title: "Buy now" }, { title: "Later" }],
    localizations: { de: { text: "Rabatt", title: "Angebot" } }, colors: { text: "#000", background: "#fff" },
    rollout: 50, layout: "modal" }));
  // A key the original lacks goes before the next key the original has.
  assert.deepEqual(Object.keys(L.arrangedLike({ a: 1, new: 2, b: 3 }, { b: 0, a: 0 })), ["new", "b", "a"]);
  assert.deepEqual(Object.keys(L.arrangedLike({ a: 1, b: 3, new: 2 }, { b: 0, a: 0 })), ["b", "a", "new"]);
  assert.deepEqual(Object.keys(L.arrangedLike({ new: 2, b: 3, a: 1 }, { a: 0, b: 0 })), ["a", "new", "b"]);
  assert.equal(L.arrangedLike("text", { a: 1 }), "text");
  // Kept with a draft of the tab.
  assert.deepEqual(L.readKept(JSON.stringify({ draft: { id: 9 }, base: null, like: original })).like, original);
});
