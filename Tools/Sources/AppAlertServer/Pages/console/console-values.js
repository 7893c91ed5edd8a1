"use strict";
// The console editors' mappings that need no page: a variant's name, letter and share (percent ⇄ weights),
// percentages as people type them ("50%", "50"), languages by name or tag ("German", "de"), and each
// structured key as the rows or fields its editor shows and back (attributes, rollout schedule, features,
// data, conversion, trigger, tap action, translations' fallbacks). No DOM: `node --test` loads it alone
// (Pages/test/); the page loads it after console-logic.js. Everything is on the global `ConsoleValues`.
var ConsoleValues = (function () {
  /** @param {JSONValue} value @returns {boolean} */
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  /** @param {JSONObject} object @param {string} key @returns {boolean} */
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  // ---- Variants: names, letters, shares ----

  var variantLetter = ConsoleLogic.variantLetter;

  // What people call the variant: its name, else its letter.
  /** @param {JSONValue} variants @param {number} index @returns {string} */
  function variantLabel(variants, index) {
    var variant = Array.isArray(variants) ? variants[index] : undefined;
    var name = isObject(variant) ? variant.name : undefined;
    return typeof name === "string" && name.trim() !== "" ? name : variantLetter(index);
  }

  // "variant “Control” (A)" or "variant B": the name where there is one, the letter always.
  /** @param {JSONValue} variants @param {number} index @returns {string} */
  function variantWords(variants, index) {
    var label = variantLabel(variants, index);
    var letter = variantLetter(index);
    return label === letter ? "variant " + letter : "variant “" + label + "” (" + letter + ")";
  }

  // A variant's name as typed: 1 to 64 characters, not blank, unique within the message. Empty removes it.
  /** @param {string} text @param {JSONValue} variants @param {number} index @returns {Reading} */
  function readVariantName(text, variants, index) {
    if (text === "") { return { value: undefined }; }
    var length = Array.from(text).length;
    if (text.trim() === "") { return { value: text, error: "Name: a word or two, not only spaces (or leave it empty)." }; }
    if (length > 64) { return { value: text, error: "Name: at most 64 characters; this one has " + length + "." }; }
    var others = Array.isArray(variants) ? variants : [];
    var clash = others.some(function (variant, other) { return other !== index && isObject(variant) && variant.name === text; });
    if (clash) { return { value: text, error: "Name: another variant is already called “" + text + "”; each needs its own." }; }
    return { value: text };
  }

  // A weight as typed: a whole number of 1 or more.
  /** @param {string} text @returns {Reading} */
  function readWeight(text) {
    var trimmed = text.trim();
    if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1) { return { value: Number(trimmed) }; }
    return { value: trimmed === "" ? undefined : /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed,
      error: "Weight: a whole number of 1 or more, like 1." };
  }

  // Each variant's share of the installs in percent (null where the weights are not all whole numbers ≥ 1).
  /** @param {JSONValue[]} weights @returns {Array<number | null>} */
  function sharePercents(weights) {
    var valid = weights.every(function (weight) { return Number.isInteger(weight) && weight >= 1; });
    var total = valid ? weights.reduce(function (sum, weight) { return sum + weight; }, 0) : 0;
    return weights.map(function (weight) { return valid ? weight * 100 / total : null; });
  }

  // 50 → "50 %", 33.333… → "33.3 %".
  /** @param {number | null} percent @returns {string} */
  function percentText(percent) {
    if (percent === null) { return ""; }
    return String(Math.round(percent * 10) / 10) + " %";
  }

  /** @param {number} a @param {number} b @returns {number} */
  function gcd(a, b) { return b === 0 ? a : gcd(b, a % b); }

  // The weights once variant `index` takes `percent` of the installs: the others share the rest in their
  // present proportions; whole numbers ≥ 1, divided by what they have in common ([7, 3], not [70, 30]).
  /** @param {JSONValue[]} weights @param {number} index @param {number} percent @returns {number[]} */
  function weightsWithShare(weights, index, percent) {
    var scale = Number.isInteger(percent) ? 100 : 1000;
    var own = Math.max(1, Math.round(percent * scale / 100));
    var others = weights.map(function (weight) { return Number.isInteger(weight) && weight >= 1 ? weight : 1; });
    var otherTotal = others.reduce(function (sum, weight, position) { return position === index ? sum : sum + weight; }, 0);
    var rest = Math.max(scale - own, others.length - 1);
    /** @type {number[]} */
    var result = others.map(function (weight, position) {
      return position === index ? own : Math.max(1, Math.floor(rest * weight / otherTotal));
    });
    // The rounding's leftovers go to the others with the largest remainders, first listed first.
    var left = rest - result.reduce(function (sum, weight, position) { return position === index ? sum : sum + weight; }, 0);
    var order = others.map(function (weight, position) { return position; }).filter(function (position) { return position !== index; })
      .sort(function (a, b) {
        var ra = rest * others[a] / otherTotal % 1, rb = rest * others[b] / otherTotal % 1;
        return rb - ra || a - b;
      });
    for (var i = 0; left > 0 && order.length; i += 1, left -= 1) { result[order[i % order.length]] += 1; }
    var common = result.reduce(gcd);
    return result.map(function (weight) { return weight / common; });
  }

  // ---- Percentages ----

  // "50", "50%", "50 %", "12.5" or "12,5": a number from 0 to 100. `label` starts the error ("Rollout").
  /** @param {string} text @param {string} label @returns {Reading} */
  function readPercent(text, label) {
    var trimmed = text.trim();
    if (trimmed === "") { return { value: undefined }; }
    var match = /^(\d+(?:[.,]\d+)?)\s*%?$/.exec(trimmed);
    var number = match ? Number(match[1].replace(",", ".")) : NaN;
    if (match && number >= 0 && number <= 100) {
      return number === Number(trimmed) ? { value: number } : { value: number, note: "Written as " + number + "." };
    }
    return { value: trimmed, error: label + ": a number from 0 to 100, like 50." };
  }

  // ---- Versions in words ----

  var versionPattern = "v?(\\d+(?:\\.\\d+){0,2})";
  // [pattern, operator]: "2.0 and later", "2.0+", "from 2.0", "2.0 or later" (>=); "up to 3.0", "3.0 or
  // earlier" (<=); "before 3.0" (<).
  var versionPhrases = [
    [new RegExp("^(?:from|since)\\s+" + versionPattern + "(?:\\s*\\+|\\s+(?:and|or)\\s+(?:later|newer|above|up))?$", "i"), ">="],
    [new RegExp("^" + versionPattern + "(?:\\s*\\+|\\s+(?:and|or)\\s+(?:later|newer|above|up))$", "i"), ">="],
    [new RegExp("^(?:up\\s+to(?:\\s+and\\s+including)?|through|until)\\s+" + versionPattern + "$", "i"), "<="],
    [new RegExp("^" + versionPattern + "\\s+(?:and|or)\\s+(?:earlier|older|below)$", "i"), "<="],
    [new RegExp("^(?:before|below|under|earlier\\s+than|older\\s+than)\\s+" + versionPattern + "$", "i"), "<"]
  ];

  // One phrase as a node-semver comparator (">=2.0"), or null.
  /** @param {string} text @returns {string | null} */
  function versionPhrase(text) {
    for (var i = 0; i < versionPhrases.length; i += 1) {
      var match = /** @type {RegExp} */ (versionPhrases[i][0]).exec(text.trim());
      if (match) { return versionPhrases[i][1] + match[1]; }
    }
    return null;
  }

  // A range as typed: plain words ("2.0 and later", "from 2.0 before 3.0", "2.0+, before 3.0") written as
  // node-semver (">=2.0", ">=2.0 <3.0"); anything else is kept as typed (a node-semver range: the check says
  // what it thinks of it).
  /** @param {string} text @returns {Reading} */
  function readVersionRange(text) {
    var trimmed = text.trim();
    if (trimmed === "") { return { value: undefined }; }
    var whole = versionPhrase(trimmed);
    // Two phrases: "from 2.0 before 3.0", "2.0 and later, before 3.0", "from 2.0 and up to 3.0".
    var parts = whole ? [whole] : null;
    if (!parts) {
      var two = /^(.*?)\s*(?:,|\band\b)?\s*\b((?:up\s+to|through|until|before|below|under|earlier\s+than|older\s+than)\s+v?\d.*)$/i.exec(trimmed);
      // The first part a phrase ("2.0 and later"), or a version alone ("2.0 before 3.0": from 2.0).
      var first = two ? versionPhrase(two[1]) || (/^v?\d+(\.\d+){0,2}$/.test(two[1]) ? versionPhrase(two[1] + "+") : null) : null;
      var second = two ? versionPhrase(two[2]) : null;
      parts = first && second ? [first, second] : null;
    }
    if (!parts) { return { value: trimmed }; }
    var written = parts.join(" ");
    return { value: written, note: "Written as " + written + "." };
  }

  // Whether a version list's item is a range in words (or an operator): it belongs in the range field.
  /** @param {string} text @returns {boolean} */
  function looksLikeRange(text) {
    return readVersionRange(text).note !== undefined || /^\s*(?:[<>=^~]|\d[^,]*\s+(?:-|to)\s+\d)/.test(text)
      || /\b(?:later|earlier|newer|older|before|after|from|since|up to|above|below)\b|\+\s*$/i.test(text);
  }

  // A list of versions as typed ("1.0, 1.1"); a range in words or operators points to the range field.
  /** @param {string} text @param {string} label @param {string} rangeLabel @returns {Reading} */
  function readVersions(text, label, rangeLabel) {
    var items = text.split(",").map(function (item) { return item.trim(); }).filter(Boolean);
    if (!items.length) { return { value: undefined }; }
    var range = items.find(looksLikeRange);
    if (range !== undefined) {
      return { error: label + ": only exact versions, like 1.0, 1.1. For “" + range + "”, leave this empty and "
        + "write it in " + rangeLabel + " below. The list keeps its last valid value." };
    }
    return { value: items };
  }

  // ---- Languages ----

  // The languages "add language" offers (any other tag may be typed).
  var commonTags = ["ar", "bg", "ca", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fa", "fi", "fil", "fr",
    "fr-CA", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt", "pt-BR", "pt-PT",
    "ro", "ru", "sk", "sl", "sr", "sv", "sw", "th", "tr", "uk", "ur", "vi", "zh-Hans", "zh-Hant"];

  /** @type {Intl.DisplayNames | null} */
  var displayNames = null;
  try { displayNames = new Intl.DisplayNames(["en"], { type: "language" }); } catch (error) { displayNames = null; }

  // "German" for "de"; the tag itself where no name is known.
  /** @param {string} tag @returns {string} */
  function languageName(tag) {
    try {
      var name = displayNames ? displayNames.of(tag) : undefined;
      return name && name.toLowerCase() !== tag.toLowerCase() ? name : tag;
    } catch (error) { return tag; }
  }

  // [tag, "German (de)"] for each offered language not in `taken` (compared without case), by name.
  /** @param {string[]} taken @returns {string[][]} */
  function languageChoices(taken) {
    var lower = taken.map(function (tag) { return tag.toLowerCase().replace(/_/g, "-"); });
    return commonTags.filter(function (tag) { return lower.indexOf(tag.toLowerCase()) < 0; })
      .map(function (tag) { return [tag, languageName(tag) + " (" + tag + ")"]; })
      .sort(function (a, b) { return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0; });
  }

  // A language as typed: a name ("German", "german", "German (de)") or a tag ("de", "pt_BR" → "pt-BR").
  /** @param {string} text @returns {{ value?: string, error?: string }} */
  function readLanguage(text) {
    var trimmed = text.trim();
    var inParentheses = /\(([^()]+)\)\s*$/.exec(trimmed);
    if (inParentheses) { trimmed = inParentheses[1].trim(); }
    var lower = trimmed.toLowerCase();
    var named = commonTags.find(function (tag) { return languageName(tag).toLowerCase() === lower; });
    if (named) { return { value: named }; }
    if (/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(trimmed)) {
      try {
        var tag = /** @type {any} */ (Intl).getCanonicalLocales(trimmed.replace(/_/g, "-"))[0];
        if (languageName(tag) !== tag) { return { value: tag }; }
      } catch (error) { /* not a tag */ }
    }
    return { error: "“" + text.trim() + "” is not a language this form knows: write its name, like German, or its tag, "
      + "like de or pt-BR" };
  }

  // A list of languages as typed, separated by commas: names or tags, written as tags.
  /** @param {string} text @param {string} label @returns {Reading} */
  function readLanguages(text, label) {
    var items = text.split(",").map(function (item) { return item.trim(); }).filter(Boolean);
    if (!items.length) { return { value: undefined }; }
    /** @type {string[]} */
    var tags = [];
    for (var i = 0; i < items.length; i += 1) {
      var reading = readLanguage(items[i]);
      // No value: a word that is not a language never reaches the draft ("Deutsch" is a well-formed tag).
      if (reading.error) { return { error: label + ": " + reading.error + ". The list keeps its last valid value." }; }
      tags.push(/** @type {string} */ (reading.value));
    }
    var written = tags.join(", ");
    return written === items.join(", ") ? { value: tags } : { value: tags, note: "Written as " + written + "." };
  }

  // A list of languages as the Languages field shows it: by name ("German, French"), "Swiss German (gsw)"
  // where only the tag reads back, the tag where no name is known; each reads back as its own tag.
  /** @param {JSONValue} value @returns {string | null} null: not a list of tags */
  function showLanguages(value) {
    if (!Array.isArray(value) || !value.every(function (tag) { return typeof tag === "string"; })) { return null; }
    return value.map(function (tag) {
      var name = languageName(tag);
      if (name === tag) { return tag; }
      if (readLanguage(name).value === tag) { return name; }
      var both = name + " (" + tag + ")";
      return readLanguage(both).value === tag ? both : tag;
    }).join(", ");
  }

  // ---- Attributes: {"plan": ["free", "trial"], "beta": true} ⇄ rows of key, comparison, value ----

  /** @param {string} text @returns {JSONValue} */
  function readScalar(text) {
    var trimmed = text.trim();
    if (/^".*"$/.test(trimmed)) {
      try { return JSON.parse(trimmed); } catch (error) { return trimmed.slice(1, -1); }
    }
    if (trimmed === "true" || trimmed === "false") { return trimmed === "true"; }
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed)) { return Number(trimmed); }
    return trimmed;
  }

  // A value as its cell shows it: text that would read as a number, true/false, or a list, in quotes.
  /** @param {JSONValue} value @param {boolean} inList @returns {string} */
  function showScalar(value, inList) {
    if (typeof value !== "string") { return JSON.stringify(value); }
    var ambiguous = readScalar(value) !== value || value !== value.trim() || value === "" || (inList && value.indexOf(",") >= 0);
    return ambiguous ? JSON.stringify(value) : value;
  }

  /** @param {JSONValue} value @returns {boolean} */
  function isScalar(value) { return typeof value === "string" || typeof value === "number" || typeof value === "boolean"; }

  /** @typedef {Record<string, string>} Row */

  // The rows of `attributes`, or null when the value has a shape the rows cannot show (then: JSON).
  /** @param {JSONValue} value @returns {Row[] | null} */
  function attributeRows(value) {
    if (value === undefined) { return []; }
    if (!isObject(value)) { return null; }
    var rows = Object.keys(value).map(function (key) {
      var entry = value[key];
      if (Array.isArray(entry) && entry.every(isScalar)) {
        return { key: key, comparison: "oneOf", value: entry.map(function (item) { return showScalar(item, true); }).join(", ") };
      }
      return isScalar(entry) ? { key: key, comparison: "is", value: showScalar(entry, false) } : null;
    });
    return rows.every(Boolean) ? /** @type {Row[]} */ (rows) : null;
  }

  /** @typedef {{ value: JSONValue, errors: Array<{ row: number, column: string, message: string }> }} RowsReading */

  /** @param {Row[]} rows @returns {RowsReading} */
  function attributesFromRows(rows) {
    /** @type {JSONObject} */
    var object = {};
    /** @type {RowsReading["errors"]} */
    var errors = [];
    rows.forEach(function (row, index) {
      var key = row.key.trim();
      if (key === "" && row.value.trim() === "") { return; }
      if (key === "") { errors.push({ row: index, column: "key", message: "Attributes, row " + (index + 1) + ": give the attribute's name, like plan." }); return; }
      if (has(object, key)) { errors.push({ row: index, column: "key", message: "Attributes, row " + (index + 1) + ": “" + key + "” is listed twice." }); return; }
      var value = row.comparison === "oneOf"
        ? (row.value.match(/"(?:[^"\\]|\\.)*"|[^,]+/g) || []).map(function (item) { return item.trim(); }).filter(Boolean).map(readScalar)
        : readScalar(row.value);
      Object.defineProperty(object, key, { value: value, enumerable: true, writable: true, configurable: true });
    });
    return { value: Object.keys(object).length ? object : undefined, errors: errors };
  }

  // ---- Rollout schedule: [{"at": date, "percent": P}] ⇄ rows of date and percent ----

  /** @param {JSONValue} value @returns {Row[] | null} */
  function scheduleRows(value) {
    if (value === undefined) { return []; }
    if (!Array.isArray(value) || !value.every(isObject)) { return null; }
    return value.map(function (step) {
      return { at: ConsoleLogic.showDate(step.at),
        percent: step.percent === undefined ? "" : String(step.percent) };
    });
  }

  /** @param {Row[]} rows @param {JSONValue} old @returns {RowsReading} */
  function scheduleFromRows(rows, old) {
    /** @type {RowsReading["errors"]} */
    var errors = [];
    /** @type {JSONObject[]} */
    var steps = [];
    rows.forEach(function (row, index) {
      if (row.at.trim() === "" && row.percent.trim() === "") { return; }
      var before = Array.isArray(old) && isObject(old[index]) ? old[index] : {};
      var step = Object.assign({}, before);
      var where = "Rollout schedule, row " + (index + 1);
      var at = ConsoleLogic.readDate(row.at.trim());
      if (row.at.trim() === "") { errors.push({ row: index, column: "at", message: where + ": give the day it starts, like 2027-01-15." }); }
      else if (at.error) { errors.push({ row: index, column: "at", message: where + ": " + at.error }); }
      step.at = at.value;
      var percent = readPercent(row.percent, where);
      if (percent.error || percent.value === undefined) {
        errors.push({ row: index, column: "percent", message: percent.error || where + ": a number from 0 to 100, like 50." });
      }
      step.percent = percent.value;
      if (step.percent === undefined) { delete step.percent; }
      steps.push(step);
    });
    return { value: steps.length ? steps : undefined, errors: errors };
  }

  // ---- Features: [{"title", "text", "symbol"}] ⇄ rows; data: {"key": "value"} ⇄ rows ----

  /** @param {JSONValue} value @returns {Row[] | null} */
  function featureRows(value) {
    if (value === undefined) { return []; }
    if (!Array.isArray(value) || !value.every(isObject)) { return null; }
    return value.map(function (feature) {
      return { title: textOf(feature.title), text: textOf(feature.text), symbol: textOf(feature.symbol) };
    });
  }

  /** @param {JSONValue} value @returns {string} */
  function textOf(value) { return value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value); }

  /** @param {Row[]} rows @param {JSONValue} old @returns {RowsReading} */
  function featuresFromRows(rows, old) {
    /** @type {RowsReading["errors"]} */
    var errors = [];
    /** @type {JSONObject[]} */
    var features = [];
    rows.forEach(function (row, index) {
      if (row.title === "" && row.text === "" && row.symbol.trim() === "") { return; }
      var feature = Object.assign({}, Array.isArray(old) && isObject(old[index]) ? old[index] : {});
      if (row.title === "") { errors.push({ row: index, column: "title", message: "Features, row " + (index + 1) + ": give it a title." }); }
      [["title", row.title], ["text", row.text], ["symbol", row.symbol.trim()]].forEach(function (pair) {
        if (pair[1] === "") { delete feature[pair[0]]; } else { feature[pair[0]] = pair[1]; }
      });
      features.push(feature);
    });
    return { value: features.length ? features : undefined, errors: errors };
  }

  /** @param {JSONValue} value @returns {Row[] | null} */
  function dataRows(value) {
    if (value === undefined) { return []; }
    if (!isObject(value) || !Object.keys(value).every(function (key) { return typeof value[key] === "string"; })) { return null; }
    return Object.keys(value).map(function (key) { return { key: key, value: value[key] }; });
  }

  /** @param {Row[]} rows @returns {RowsReading} */
  function dataFromRows(rows) {
    /** @type {JSONObject} */
    var object = {};
    /** @type {RowsReading["errors"]} */
    var errors = [];
    rows.forEach(function (row, index) {
      var key = row.key.trim();
      if (key === "" && row.value === "") { return; }
      var where = "Data, row " + (index + 1);
      if (key === "") { errors.push({ row: index, column: "key", message: where + ": give the key, like screen." }); return; }
      if (has(object, key)) { errors.push({ row: index, column: "key", message: where + ": “" + key + "” is listed twice." }); return; }
      Object.defineProperty(object, key, { value: row.value, enumerable: true, writable: true, configurable: true });
    });
    return { value: Object.keys(object).length ? object : undefined, errors: errors };
  }

  // ---- Conversion: {"event", "withinHours"} ⇄ event, amount, unit (hours or days) ----

  /** @param {JSONValue} value @returns {Row | null} */
  function conversionFields(value) {
    if (value === undefined) { return { event: "", amount: "", unit: "hours" }; }
    if (!isObject(value)) { return null; }
    var hours = value.withinHours;
    var days = Number.isInteger(hours) && hours >= 24 && hours % 24 === 0;
    return { event: textOf(value.event), amount: hours === undefined ? "" : String(days ? hours / 24 : hours),
      unit: days ? "days" : "hours" };
  }

  /** @param {Row} fields @param {JSONValue} old @returns {{ value: JSONValue, errors: Array<{ column: string, message: string }> }} */
  function conversionFromFields(fields, old) {
    var event = fields.event.trim();
    var amount = fields.amount.trim();
    if (event === "" && amount === "") { return { value: undefined, errors: [] }; }
    var conversion = Object.assign({}, isObject(old) ? old : {});
    var errors = [];
    if (event === "") { errors.push({ column: "event", message: "Conversion: give the app event that counts, like purchase." }); }
    conversion.event = event;
    var days = fields.unit === "days";
    var number = /^\d+$/.test(amount) ? Number(amount) : NaN;
    var hours = days ? number * 24 : number;
    if (!(hours >= 1 && hours <= 720)) {
      errors.push({ column: "amount", message: days ? "Conversion: a whole number of days from 1 to 30, like 3."
        : "Conversion: a whole number of hours from 1 to 720 (30 days), like 72." });
    }
    if (Number.isInteger(hours)) { conversion.withinHours = hours; } else if (amount !== "") { conversion.withinHours = amount; }
    else { delete conversion.withinHours; }
    return { value: conversion, errors: errors };
  }

  // ---- Trigger ("launch" or {"event"}) and actions ("dismiss", {"url"}, {"event"}) ----

  /** @param {JSONValue} value @returns {Row | null} */
  function triggerFields(value) {
    if (value === undefined || value === "launch") { return { kind: "launch", event: "" }; }
    return isObject(value) && Object.keys(value).join() === "event" && typeof value.event === "string"
      ? { kind: "event", event: value.event } : null;
  }

  /** @param {Row} fields @param {JSONValue} old @returns {{ value: JSONValue, errors: Array<{ column: string, message: string }> }} */
  function triggerFromFields(fields, old) {
    if (fields.kind !== "event") { return { value: old === "launch" ? "launch" : undefined, errors: [] }; }
    var event = fields.event.trim();
    return { value: { event: event }, errors: event === "" ? [{ column: "event", message: "Trigger: give the event's name, like purchase." }] : [] };
  }

  /** @param {JSONValue} value @returns {Row | null} */
  function actionFields(value) {
    if (value === undefined) { return { kind: "", target: "" }; }
    if (value === "dismiss") { return { kind: "dismiss", target: "" }; }
    if (isObject(value) && Object.keys(value).length === 1 && (typeof value.url === "string" || typeof value.event === "string")) {
      return value.url !== undefined ? { kind: "url", target: value.url } : { kind: "event", target: value.event };
    }
    return null;
  }

  /** @param {Row} fields @param {string} label @returns {{ value: JSONValue, errors: Array<{ column: string, message: string }> }} */
  function actionFromFields(fields, label) {
    if (fields.kind === "" || fields.kind === "dismiss") { return { value: fields.kind === "" ? undefined : "dismiss", errors: [] }; }
    var target = fields.target.trim();
    /** @type {JSONObject} */
    var action = {};
    action[fields.kind] = target;
    var errors = target !== "" ? [] : [{ column: "target", message: label + ": " + (fields.kind === "url"
      ? "give the link, like https://example.com/sale." : "give the event's name, like purchase.") }];
    return { value: action, errors: errors };
  }

  // ---- Translations ----

  // The texts a translation table has, by path within a message or variant, with their column titles.
  /** @param {JSONObject} message @returns {string[][]} */
  function translationKeys(message) {
    var keys = [["title", "Title"], ["text", "Text"], ["confirmLabel", "Dismiss button"], ["link.title", "Link title"],
      ["link.url", "Link URL"]];
    var buttons = Array.isArray(message.buttons) ? message.buttons : [];
    (Array.isArray(message.variants) ? message.variants : []).forEach(function (variant) {
      if (isObject(variant) && Array.isArray(variant.buttons) && variant.buttons.length > buttons.length) { buttons = variant.buttons; }
    });
    buttons.forEach(function (button, index) { keys.push(["buttons[" + index + "].title", (index === 0 ? "First" : "Second") + " button"]); });
    return keys;
  }

  // What an empty cell shows (rule of docs/feed-format.md, "Translations of a variant"): for language
  // `tag` and `path` (a key of translationKeys), the variant's own text when it sets the key, else the
  // message's `tag` translation, else the message's text. `variant` null: the message's own table.
  /** @param {JSONObject} message @param {number | null} variant @param {string} tag @param {string} path @returns {string} */
  function fallbackText(message, variant, tag, path) {
    var segments = ConsoleLogic.parsePath(path);
    var top = /** @type {string} */ (segments[0]);
    var own = variant === null ? null : (Array.isArray(message.variants) ? message.variants[variant] : null);
    var localized = isObject(message.localizations) && isObject(message.localizations[tag]) ? message.localizations[tag] : {};
    /** @type {JSONValue} */
    var found;
    if (isObject(own) && has(own, top)) {
      found = ConsoleLogic.getPath(own, segments);
    } else if (variant !== null && has(localized, top)) {
      found = ConsoleLogic.getPath(localized, segments);
    } else {
      found = ConsoleLogic.getPath(message, segments);
    }
    return typeof found === "string" ? found : "";
  }

  // A translation's buttons with button `index` titled `title` (empty: untranslated): the list is replaced
  // whole, so each takes its action from the buttons it translates, and untranslated ones their titles too.
  // Undefined when no title is left translated.
  /** @param {JSONValue} base @param {JSONValue} current @param {number} index @param {string} title @returns {JSONValue} */
  function translatedButtons(base, current, index, title) {
    var source = Array.isArray(base) ? base : [];
    var now = Array.isArray(current) ? current : [];
    var translated = source.map(function (button, position) {
      var mine = isObject(now[position]) ? now[position] : null;
      var text = position === index ? title : mine && typeof mine.title === "string" && (!isObject(button) || mine.title !== button.title)
        ? mine.title : "";
      return text;
    });
    if (translated.every(function (text) { return text === ""; })) { return undefined; }
    return source.map(function (button, position) {
      /** @type {JSONObject} */
      var copy = { title: translated[position] !== "" ? translated[position] : isObject(button) ? button.title : "" };
      var mine = isObject(now[position]) ? now[position] : {};
      Object.keys(mine).forEach(function (key) { if (key !== "title") { copy[key] = mine[key]; } });
      if (isObject(button) && has(button, "action")) { copy.action = button.action; }
      return copy;
    });
  }

  return { variantLetter: variantLetter, variantLabel: variantLabel, variantWords: variantWords,
    readVariantName: readVariantName, readWeight: readWeight, sharePercents: sharePercents, percentText: percentText,
    weightsWithShare: weightsWithShare, readPercent: readPercent, languageName: languageName,
    languageChoices: languageChoices, readLanguage: readLanguage, readLanguages: readLanguages, showLanguages: showLanguages,
    readVersionRange: readVersionRange, readVersions: readVersions,
    readScalar: readScalar, showScalar: showScalar, attributeRows: attributeRows, attributesFromRows: attributesFromRows,
    scheduleRows: scheduleRows, scheduleFromRows: scheduleFromRows, featureRows: featureRows,
    featuresFromRows: featuresFromRows, dataRows: dataRows, dataFromRows: dataFromRows,
    conversionFields: conversionFields, conversionFromFields: conversionFromFields, triggerFields: triggerFields,
    triggerFromFields: triggerFromFields, actionFields: actionFields, actionFromFields: actionFromFields,
    translationKeys: translationKeys, fallbackText: fallbackText, translatedButtons: translatedButtons };
})();
