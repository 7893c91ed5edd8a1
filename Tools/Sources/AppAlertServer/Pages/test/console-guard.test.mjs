// What keeps an A/B test's results and the buttons' copies true (console/console-guard.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

load("console/console-logic.js", "ConsoleLogic");
load("console/console-values.js", "ConsoleValues");
const G = load("console/console-guard.js", "ConsoleGuard");

test("a message has results when the database holds a count above 0 for it", () => {
  const results = { "2": { counts: { shown: 40, "button.0": 3 } }, "3": { counts: { shown: 0, dismissed: 0 } } };
  assert.equal(G.recorded(results, 2), true);
  assert.equal(G.recorded(results, 3), false);
  assert.equal(G.recorded(results, 4), false);
  assert.equal(G.recorded(results, null), false);
  assert.equal(G.recorded({ error: "no such database" }, 2), false);
  assert.equal(G.recorded(null, 2), false);
});

test("a test with results refuses moving or removing the variants its results are stored by", () => {
  // Without results, anything goes.
  assert.equal(G.moveRefusal(null, 1, "up"), null);
  assert.equal(G.moveRefusal(null, 0, "remove"), null);
  // Two variants on disk with results: neither moves nor goes.
  for (const [index, how] of [[1, "up"], [0, "down"], [0, "remove"], [1, "remove"]]) {
    assert.match(G.moveRefusal(2, index, how), /^This test has results: moving or removing a variant would mix them up/);
    assert.match(G.moveRefusal(2, index, how), /duplicate the message and start a new one/);
  }
  // A third added since, not saved: it may go, and move below the others, not above them.
  assert.equal(G.moveRefusal(2, 2, "remove"), null);
  assert.notEqual(G.moveRefusal(2, 2, "up"), null);
  assert.equal(G.moveRefusal(2, 3, "up"), null);
  // A message with results but no variants: variants added since are the draft's own.
  assert.equal(G.moveRefusal(0, 1, "up"), null);
});

test("changing the split of a test with results asks, saying installs move and results stay with the old split", () => {
  for (const what of ["add", "start", "share"]) {
    const [title, text, confirm, keep] = G.splitQuestion(what, 2);
    assert.ok(title && confirm && keep, what);
    assert.match(text, /move/, what);
    assert.match(text, /results recorded so far stay with the old split/, what);
  }
  assert.match(G.splitQuestion("start", 2)[1], /^Make message #2 an A\/B test\?/);
});

test("a variant with texts of its own is one whose removal asks first", () => {
  assert.equal(G.hasOwnContent({ name: "Control", weight: 1 }), false);
  assert.equal(G.hasOwnContent({ weight: 1, title: "Free week" }), true);
  assert.equal(G.hasOwnContent({ weight: 1, localizations: { de: { title: "Gratiswoche" } } }), true);
});

const paywall = () => ({
  id: 2, title: "Try Pro",
  buttons: [{ title: "Start free trial", action: { event: "show_paywall" } }, { title: "Not now" }],
  localizations: { de: { buttons: [{ title: "Testen", action: { event: "show_paywall" } }, { title: "Später" }] } },
  variants: [
    { name: "Control", weight: 1 },
    { name: "Free week", weight: 1,
      buttons: [{ title: "Claim my free week", action: { event: "show_paywall" } }, { title: "Not now" }],
      localizations: { de: { buttons: [{ title: "Gratiswoche", action: { event: "show_paywall" } }, { title: "Später" }] } } },
    { name: "Link", weight: 1, buttons: [{ title: "See the offer", action: { url: "https://example.com/offer" } }] }
  ]
});

test("a variant's buttons start from the message's, so that a typed title keeps the actions and the other buttons", () => {
  const message = paywall();
  const start = G.startingButtons(message, message.variants[0]);
  assert.deepEqual(start, message.buttons);
  start[0].title = "Claim";
  assert.equal(message.buttons[0].title, "Start free trial", "a copy, not the message's own list");
  assert.deepEqual(G.startingButtons(message, message.variants[2]), message.variants[2].buttons);
  assert.equal(G.sameAsMessage(message, JSON.parse(JSON.stringify(message.buttons))), true);
  assert.equal(G.sameAsMessage(message, start), false);
});

test("a new action of the message's button reaches the copies that did what it did, and no other", () => {
  const message = paywall();
  const changed = G.followAction(message, 0, { event: "show_paywall" }, { event: "open_paywall" });
  assert.deepEqual(message.localizations.de.buttons[0].action, { event: "open_paywall" });
  assert.deepEqual(message.variants[1].buttons[0].action, { event: "open_paywall" });
  assert.deepEqual(message.variants[1].localizations.de.buttons[0].action, { event: "open_paywall" });
  // A copy that did something else was changed on purpose.
  assert.deepEqual(message.variants[2].buttons[0].action, { url: "https://example.com/offer" });
  assert.deepEqual(changed, ["German", "variant “Free week” (B)", "German of variant “Free week” (B)"]);
  // The second button: from closing the message to a link; the copies that closed it follow.
  G.followAction(message, 1, undefined, { url: "https://example.com/later" });
  assert.deepEqual(message.localizations.de.buttons[1], { title: "Später", action: { url: "https://example.com/later" } });
  assert.deepEqual(G.followAction(message, 0, { event: "x" }, { event: "x" }), []);
});

test("a copy competes with its original while every targeting key is alike", () => {
  const original = { id: 2, bundleId: "a.b", title: "Try Pro", appVersionRange: ">=2.0", variants: [{}, {}] };
  assert.equal(G.sameTargeting({ ...original, id: 3, title: "Other words" }, original), true);
  assert.equal(G.sameTargeting({ ...original, id: 3, appVersionRange: "<2.0" }, original), false);
  assert.equal(G.sameTargeting({ ...original, id: 3, locales: ["de"] }, original), false);
});

test("an edit as JSON that moves or removes a saved variant of a test with results is refused in the form's words", () => {
  const base = paywall();
  const edited = (change) => { const draft = paywall(); change(draft); return draft; };
  const refused = /^This test has results: moving or removing a variant would mix them up/;
  // Swapped, removed, or renamed into each other's places: refused.
  assert.match(G.savedVariantsRefusal(3, base, edited((d) => { d.variants.reverse(); })), refused);
  assert.match(G.savedVariantsRefusal(3, base, edited((d) => { d.variants.splice(1, 1); })), refused);
  assert.match(G.savedVariantsRefusal(3, base, edited((d) => { delete d.variants; })), refused);
  assert.match(G.savedVariantsRefusal(3, base, edited((d) => { d.variants.splice(0, 1); d.variants.push({ name: "New", weight: 1 }); })), refused);
  assert.match(G.savedVariantsRefusal(3, base, edited((d) => { d.variants[0].name = "Free week"; d.variants[1].name = "Control"; })), refused);
  // Unnamed variants are told apart by their JSON, when it is their own.
  const plain = { id: 2, variants: [{ weight: 1 }, { weight: 1, title: "B" }] };
  assert.match(G.savedVariantsRefusal(2, plain, { id: 2, variants: [{ weight: 1, title: "B" }, { weight: 1 }] }), refused);
  // Edited in place, renamed, a variant added at the end, or no results: saved.
  assert.equal(G.savedVariantsRefusal(3, base, edited((d) => { d.variants[1].title = "Seven days free"; })), null);
  assert.equal(G.savedVariantsRefusal(3, base, edited((d) => { d.variants[0].name = "Baseline"; })), null);
  assert.equal(G.savedVariantsRefusal(3, base, edited((d) => { d.variants.push({ name: "Discount", weight: 1 }); })), null);
  assert.equal(G.savedVariantsRefusal(null, base, edited((d) => { d.variants.reverse(); })), null);
  assert.equal(G.savedVariantsRefusal(0, { id: 2 }, { id: 2, variants: [{ weight: 1 }, { weight: 1 }] }), null);
});

test("an edit as JSON that changes a test's split says how, for the form's question", () => {
  const base = paywall();
  assert.equal(G.splitChange(base, paywall()), null);
  const shares = paywall();
  shares.variants[0].weight = 3;
  assert.equal(G.splitChange(base, shares), "share");
  const added = paywall();
  added.variants.push({ weight: 1 });
  assert.equal(G.splitChange(base, added), "add");
  assert.equal(G.splitChange({ id: 2 }, { id: 2, variants: [{ weight: 1 }, { weight: 1 }] }), "start");
  assert.equal(G.splitChange({ id: 2 }, { id: 2 }), null);
});

test("a new action given in the JSON box reaches the copies that did what it did, unless the button is another", () => {
  const before = paywall();
  const after = paywall();
  after.buttons[0].action = { event: "open_paywall" };
  assert.deepEqual(G.followActions(before, after), [{ label: "first button",
    changed: ["German", "variant “Free week” (B)", "German of variant “Free week” (B)"] }]);
  assert.deepEqual(after.localizations.de.buttons[0].action, { event: "open_paywall" });
  assert.deepEqual(after.variants[2].buttons[0].action, { url: "https://example.com/offer" });
  // A new title with the new action: another button, whose copies stay.
  const other = paywall();
  other.buttons[0] = { title: "Upgrade", action: { event: "open_paywall" } };
  assert.deepEqual(G.followActions(paywall(), other), []);
  assert.deepEqual(other.localizations.de.buttons[0].action, { event: "show_paywall" });
  // The second button from closing the message to a link.
  const link = paywall();
  link.buttons[1].action = { url: "https://example.com/later" };
  assert.deepEqual(G.followActions(paywall(), link).map((one) => one.label), ["second button"]);
  assert.deepEqual(link.localizations.de.buttons[1].action, { url: "https://example.com/later" });
});

test("the Delete dialog of a message with results says the report will show its counts under an unknown message", () => {
  const plain = G.deleteText(2, "Try Pro", "messages.json", false);
  assert.equal(plain, "Message #2 (Try Pro) leaves messages.json when you confirm. Installs that have not seen it never will; "
    + "its id should not be used again.");
  const withResults = G.deleteText(2, "Try Pro", "messages.json", true);
  assert.ok(withResults.startsWith(plain + " "));
  assert.match(withResults, /report will show them under an unknown message #2, without its title, its variants' names or its buttons' titles\.$/);
  assert.match(G.deleteText(3, undefined, "a.json", false), /^Message #3 \(no title\)/);
});

test("a split saved says from when it holds, that its day is mixed, and the whole report command from the next day", () => {
  const command = "appalert report --database 'my results.sqlite' --feed messages.json";
  const words = G.splitChangeWords(new Date(Date.UTC(2026, 10, 30, 23, 5, 30)), command);
  assert.equal(words.status, "The new split holds from 2026-11-30 23:05 UTC; the results so far are of the old "
    + "split, and the counts of 2026-11-30 mix the two. To compare the variants on the new split alone, from its "
    + "first whole day: appalert report --database 'my results.sqlite' --feed messages.json --since 2026-12-01 "
    + "(the results database does not record the change: note the date).");
  assert.equal(words.line, "New split from 2026-11-30 23:05 UTC (saved in this page; the counts of 2026-11-30 mix "
    + "the two): compare the variants with appalert report --database 'my results.sqlite' --feed messages.json "
    + "--since 2026-12-01.");
  // Just after midnight UTC, the first whole day is still the next one; month and year ends roll over.
  assert.match(G.splitChangeWords(new Date(Date.UTC(2026, 11, 31, 0, 0, 1)), command).status,
    /counts of 2026-12-31 mix the two\. .* --since 2027-01-01 \(/);
  // No command given (no results database): every option the report needs, named.
  assert.match(G.splitChangeWords(new Date(Date.UTC(2026, 10, 30, 9, 0)), null).status,
    /: appalert report --database DATABASE --feed FEED --since 2026-12-01 \(/);
});
