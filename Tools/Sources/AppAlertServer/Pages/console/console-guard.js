"use strict";
// What keeps an A/B test's results and a message's buttons true to each other while it is edited: results
// are stored by the variant's place in the list (0, 1, …), so a test with results refuses moving or removing
// its variants and asks before the split changes; a variant's buttons start from the message's; a change to
// a button's action reaches the copies of that button in translations and variants; an edit in the JSON box
// is held to the same at Save. No DOM: `node --test`
// loads it alone (Pages/test/); the page loads it after console-values.js, as the global `ConsoleGuard`.
var ConsoleGuard = (function () {
  var isObject = ConsoleLogic.isPlainObject;
  var sameJSON = ConsoleLogic.sameJSON;

  /** @param {JSONValue} value @returns {JSONValue} */
  function copy(value) { return value === undefined ? undefined : JSON.parse(JSON.stringify(value)); }

  // ---- Results ----

  // Whether the results database holds a count above 0 for message `id` (the figures the console's list
  // shows, `report --json`'s messages by id).
  /** @param {JSONValue} results @param {number | null} id @returns {boolean} */
  function recorded(results, id) {
    if (id === null || !isObject(results) || typeof results.error === "string") { return false; }
    var figures = results[String(id)];
    var counts = isObject(figures) && isObject(figures.counts) ? figures.counts : {};
    return Object.keys(counts).some(function (name) { return typeof counts[name] === "number" && counts[name] > 0; });
  }

  var refusal = "This test has results: moving or removing a variant would mix them up, because results are kept by "
    + "each variant's place in the list. To change the test, duplicate the message and start a new one with the copy.";

  // Why moving variant `index` (how: "up", "down" or "remove") is refused, or null when it may. `kept` is the
  // number of variants the message has on disk when it has results (null: no results); variants added since
  // may still be moved among themselves and removed, as no result names them yet.
  /** @param {number | null} kept @param {number} index @param {string} how @returns {string | null} */
  function moveRefusal(kept, index, how) {
    if (kept === null) { return null; }
    var target = how === "up" ? index - 1 : how === "down" ? index + 1 : index;
    return index < kept || target < kept ? refusal : null;
  }

  // What to ask before the split of a test with results changes: [title, text, confirm, keep].
  /** @param {string} what "add", "start" (the first two variants) or "share" @param {number} id @returns {string[]} */
  function splitQuestion(what, id) {
    var after = " The results recorded so far stay with the old split: compare the variants only on what is "
      + "recorded after this change, or duplicate the message and start a new test with the copy.";
    if (what === "start") {
      return ["Message #" + id + " has results", "Make message #" + id + " an A/B test? Its installs move into the "
        + "variants from now on, and its results so far are of the message without variants." + after,
        "Make it an A/B test", "Leave it as it is"];
    }
    if (what === "add") {
      return ["This test has results", "Add a variant to a test that has results? Some installs move from the "
        + "variants they saw to the new one." + after, "Add the variant", "Keep the variants as they are"];
    }
    return ["This test has results", "Change the shares of a test that has results? Installs move between the "
      + "variants." + after, "Change the shares", "Keep the shares"];
  }

  // Whether a variant has texts of its own (anything beyond its name and weight): removing it asks first.
  /** @param {JSONValue} variant @returns {boolean} */
  function hasOwnContent(variant) {
    return isObject(variant) && Object.keys(variant).some(function (key) { return key !== "name" && key !== "weight"; });
  }

  // ---- A variant's buttons ----

  // The buttons a variant shows: its own, else the message's.
  /** @param {JSONObject} message @param {JSONValue} variant @returns {JSONValue[]} */
  function shownButtons(message, variant) {
    if (isObject(variant) && Array.isArray(variant.buttons)) { return variant.buttons; }
    return Array.isArray(message.buttons) ? message.buttons : [];
  }

  // The buttons a variant writes once one of its button fields is edited: its own, else a copy of the
  // message's, so that a typed title changes only that title (the other buttons and the actions stay).
  /** @param {JSONObject} message @param {JSONValue} variant @returns {JSONValue[]} */
  function startingButtons(message, variant) {
    return copy(shownButtons(message, variant)).slice();
  }

  // A variant's buttons that are the message's again are not written: the variant keeps the message's.
  /** @param {JSONObject} message @param {JSONValue[]} buttons @returns {boolean} */
  function sameAsMessage(message, buttons) {
    return Array.isArray(message.buttons) && sameJSON(message.buttons, buttons);
  }

  // ---- A button's action, everywhere it is copied ----

  // Every copy of the message's button `index` written with an action: the translations' buttons, the
  // variants' own buttons and their translations' buttons, each with where it is ("German", "variant
  // “Free week” (B)", "German of variant “Free week” (B)").
  /** @param {JSONObject} message @param {number} index @returns {Array<{ button: JSONObject, where: string }>} */
  function copiesOf(message, index) {
    /** @type {Array<{ button: JSONObject, where: string }>} */
    var found = [];
    /** @param {JSONValue} owner @param {string} where */
    function translated(owner, where) {
      var all = isObject(owner) && isObject(owner.localizations) ? owner.localizations : {};
      Object.keys(all).forEach(function (tag) {
        var buttons = isObject(all[tag]) ? all[tag].buttons : null;
        if (Array.isArray(buttons) && isObject(buttons[index])) {
          found.push({ button: buttons[index], where: ConsoleValues.languageName(tag) + (where ? " of " + where : "") });
        }
      });
    }
    translated(message, "");
    (Array.isArray(message.variants) ? message.variants : []).forEach(function (variant, position) {
      var where = ConsoleValues.variantWords(message.variants, position);
      if (isObject(variant) && Array.isArray(variant.buttons) && isObject(variant.buttons[index])) {
        found.push({ button: variant.buttons[index], where: where });
      }
      translated(variant, where);
    });
    return found;
  }

  // The message's button `index` now does `after` instead of `before`: each copy that did `before` does
  // `after` too (a copy that did something else was changed on purpose and stays). Answers where it
  // changed, for the status line.
  /** @param {JSONObject} message @param {number} index @param {JSONValue} before @param {JSONValue} after @returns {string[]} */
  function followAction(message, index, before, after) {
    if (sameJSON(before, after)) { return []; }
    /** @type {string[]} */
    var changed = [];
    copiesOf(message, index).forEach(function (one) {
      var action = one.button.action;
      if (!sameJSON(action, before)) { return; }
      if (after === undefined) { delete one.button.action; } else { one.button.action = copy(after); }
      if (changed.indexOf(one.where) < 0) { changed.push(one.where); }
    });
    return changed;
  }

  // ---- Edits made in the JSON box ----

  // The place in `variants` of the saved variant `variant` (one of `saved`): by its name when it has one,
  // else by its whole JSON when no other saved variant has the same; -1 when it cannot be told.
  /** @param {JSONValue[]} variants @param {JSONValue} variant @param {JSONValue[]} saved @returns {number} */
  function placeOf(variants, variant, saved) {
    if (isObject(variant) && typeof variant.name === "string") {
      var name = variant.name;
      return variants.findIndex(function (other) { return isObject(other) && other.name === name; });
    }
    var twins = saved.filter(function (other) { return sameJSON(other, variant); }).length;
    return twins === 1 ? variants.findIndex(function (other) { return sameJSON(other, variant); }) : -1;
  }

  // Why a draft edited as JSON may not be saved over `base`, the message on disk, when it has results
  // (`kept`: its number of variants on disk, as for moveRefusal; null: no results): a saved variant gone, or
  // found at another place than its own (by its name, else by its JSON). The form's refusal, word for word.
  /** @param {number | null} kept @param {JSONObject} base @param {JSONObject} draft @returns {string | null} */
  function savedVariantsRefusal(kept, base, draft) {
    if (!kept) { return null; }
    var saved = Array.isArray(base.variants) ? base.variants : [];
    var variants = Array.isArray(draft.variants) ? draft.variants : [];
    if (variants.length < kept) { return refusal; }
    for (var index = 0; index < kept; index += 1) {
      var place = placeOf(variants, saved[index], saved);
      if (place >= 0 && place !== index && placeOf([variants[index]], saved[index], saved) !== 0) { return refusal; }
    }
    return null;
  }

  // How a draft changes the split of `base`'s test: "start" (variants where there were none), "add" (more
  // variants), "share" (other weights), or null (the same split; a test without variants is no split).
  /** @param {JSONObject} base @param {JSONObject} draft @returns {string | null} */
  function splitChange(base, draft) {
    var before = Array.isArray(base.variants) ? base.variants : [];
    var after = Array.isArray(draft.variants) ? draft.variants : [];
    if (!after.length) { return null; }
    if (!before.length) { return "start"; }
    if (after.length > before.length) { return "add"; }
    /** @param {JSONValue[]} all */
    var weights = function (all) { return all.map(function (variant) { return isObject(variant) ? variant.weight : undefined; }); };
    return sameJSON(weights(before.slice(0, after.length)), weights(after)) ? null : "share";
  }

  // A saved change of a test's split, at `at`: what the status says and the line the list adds to the
  // message's results. The results database does not record it (only the collector writes there), so the
  // words say from when the new split holds, that the counts of that day mix the two splits, and the
  // report that reads the new split alone from its first whole UTC day: `command` (`appalert report
  // --database … --feed …`, as serve was given them) with `--since`.
  /** @param {Date} at @param {string | null} command @returns {{ status: string, line: string }} */
  function splitChangeWords(at, command) {
    var moment = at.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    var day = at.toISOString().slice(0, 10);
    var next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)).toISOString().slice(0, 10);
    var report = (command || "appalert report --database DATABASE --feed FEED") + " --since " + next;
    return {
      status: "The new split holds from " + moment + "; the results so far are of the old split, and the counts of "
        + day + " mix the two. To compare the variants on the new split alone, from its first whole day: " + report
        + " (the results database does not record the change: note the date).",
      line: "New split from " + moment + " (saved in this page; the counts of " + day + " mix the two): compare "
        + "the variants with " + report + "."
    };
  }

  // An edit as JSON (from `before` to `after`) that gave a message's button a new action: each copy that did
  // what it did before follows, as from the form (followAction). A button whose title changed too is taken
  // for another button, and its copies stay. Answers [the button's label, where it changed] per button.
  /** @param {JSONObject} before @param {JSONObject} after @returns {Array<{ label: string, changed: string[] }>} */
  function followActions(before, after) {
    var old = Array.isArray(before.buttons) ? before.buttons : [];
    var now = Array.isArray(after.buttons) ? after.buttons : [];
    /** @type {Array<{ label: string, changed: string[] }>} */
    var followed = [];
    now.forEach(function (button, index) {
      var was = old[index];
      if (!isObject(button) || !isObject(was) || !sameJSON(was.title, button.title)) { return; }
      var changed = followAction(after, index, was.action, button.action);
      var label = index < 2 ? ["first", "second"][index] + " button" : "button " + (index + 1);
      if (changed.length) { followed.push({ label: label, changed: changed }); }
    });
    return followed;
  }

  // ---- Deleting ----

  // What the Delete dialog says of message `id` (its title, or null) in `feed`: with recorded results, that
  // the report keeps their counts but no longer knows what they were of.
  /** @param {number} id @param {JSONValue} title @param {string} feed @param {boolean} withResults @returns {string} */
  function deleteText(id, title, feed, withResults) {
    var text = "Message #" + id + " (" + (typeof title === "string" && title ? title : "no title") + ") leaves " + feed
      + " when you confirm. Installs that have not seen it never will; its id should not be used again.";
    if (!withResults) { return text; }
    return text + " It has results: their counts stay in the results database, but the report will show them under "
      + "an unknown message #" + id + ", without its title, its variants' names or its buttons' titles.";
  }

  // ---- A copy's targeting ----

  // The keys that decide who sees a message and when (docs/feed-format.md's targeting): a copy that
  // differs from the original in one of them no longer competes with it for the same installs.
  var targetingKeys = ["bundleId", "bundleIds", "appVersions", "appVersionRange", "osVersions", "osVersionRange",
    "platforms", "locales", "startDate", "endDate", "rollout", "rolloutSchedule", "whatsNew", "trigger", "attributes",
    "installIds", "minLaunches", "minDaysSinceInstall", "minDaysSinceUpdate", "placement"];

  /** @param {JSONObject} copy @param {JSONObject} original @returns {boolean} */
  function sameTargeting(copy, original) {
    return targetingKeys.every(function (key) { return sameJSON(copy[key], original[key]); });
  }

  return { sameTargeting: sameTargeting, recorded: recorded, moveRefusal: moveRefusal, splitQuestion: splitQuestion, hasOwnContent: hasOwnContent,
    shownButtons: shownButtons, startingButtons: startingButtons, sameAsMessage: sameAsMessage, copiesOf: copiesOf,
    followAction: followAction, savedVariantsRefusal: savedVariantsRefusal, splitChange: splitChange,
    splitChangeWords: splitChangeWords,
    followActions: followActions, deleteText: deleteText };
})();
