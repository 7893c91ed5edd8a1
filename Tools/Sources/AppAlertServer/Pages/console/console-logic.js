"use strict";
// The console's logic that needs no page: paths, what a field's text means as JSON and back, dates as
// people type them, where invalid JSON goes wrong, a new message's template, the results' words. No DOM:
// the page loads it first (as part of /console/console.js) and `node --test` loads it alone
// (Pages/test/). Everything is on the global `ConsoleLogic`; its types are in globals.d.ts.
var ConsoleLogic = (function () {
  // ---- Paths: the form's ("colors.dark.accent", "buttons[0].title") and the check's ("$.messages[2]…") ----

  /** @param {string} path @returns {Segments} */
  function parsePath(path) {
    /** @type {Segments} */
    var segments = [];
    path.replace(/([^.[\]]+)|\[(\d+)\]/g, function (all, key, index) {
      segments.push(index !== undefined ? Number(index) : key);
      return all;
    });
    return segments;
  }

  /** @param {Segments} segments @returns {string} */
  function pathText(segments) {
    return segments.map(function (segment, position) {
      if (typeof segment === "number") { return "[" + segment + "]"; }
      return /^[A-Za-z0-9_$-]+$/.test(segment) ? (position ? "." : "") + segment : "[" + JSON.stringify(segment) + "]";
    }).join("");
  }

  /** @param {JSONValue} object @param {Segments} segments @returns {JSONValue} */
  function getPath(object, segments) {
    var value = object;
    for (var i = 0; i < segments.length; i += 1) {
      if (value === null || typeof value !== "object") { return undefined; }
      value = value[segments[i]];
    }
    return value;
  }

  /** @param {JSONValue} value @returns {boolean} */
  function isPlainObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  // Sets a value, creating the objects on the way; undefined removes the key, and an object it empties.
  /** @param {JSONObject} object @param {Segments} segments @param {JSONValue} value */
  function setPath(object, segments, value) {
    if (value === undefined) {
      var parents = [object];
      for (var i = 0; i < segments.length - 1; i += 1) {
        var next = parents[i][segments[i]];
        if (next === null || typeof next !== "object") { return; }
        parents.push(next);
      }
      delete parents[segments.length - 1][segments[segments.length - 1]];
      for (var j = segments.length - 2; j >= 0; j -= 1) {
        var child = parents[j + 1];
        // An emptied object goes with it, but never out of an array (a variant keeps its place).
        if (isPlainObject(child) && Object.keys(child).length === 0 && !Array.isArray(parents[j])) {
          delete parents[j][segments[j]];
        } else { break; }
      }
      return;
    }
    var target = object;
    for (var k = 0; k < segments.length - 1; k += 1) {
      if (!isPlainObject(target[segments[k]]) && !Array.isArray(target[segments[k]])) {
        var made = typeof segments[k + 1] === "number" ? [] : {};
        if (k === 0 && typeof segments[0] === "string") { placeKey(target, segments[0], made); } else { target[segments[k]] = made; }
      }
      target = target[segments[k]];
    }
    var last = segments[segments.length - 1];
    // A new key of the message itself goes to its documented place, not last.
    if (segments.length === 1 && typeof last === "string") { placeKey(target, last, value); } else { target[last] = value; }
  }

  /** @param {JSONValue} object @param {Segments} path @returns {JSONValue} */
  function valueAt(object, path) {
    return path.reduce(function (value, key) { return value !== null && typeof value === "object" ? value[key] : undefined; },
      object);
  }

  var pathPattern = /^\$(?:\.messages)?\[(\d+)\](.*)$/;

  // "$.messages[2].colors.dark.accent" → { index: 2, rest: "colors.dark.accent" } (rest in the form's notation).
  /** @param {string | null | undefined} path @returns {{ index: number, segments: Segments } | null} */
  function splitPath(path) {
    var match = pathPattern.exec(path || "");
    if (!match) { return null; }
    /** @type {Segments} */
    var segments = [];
    var rest = match[2];
    var token = /\.([A-Za-z0-9_$-]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
    var found;
    while ((found = token.exec(rest)) !== null) {
      if (found[1] !== undefined) { segments.push(found[1]); }
      else if (found[2] !== undefined) { segments.push(Number(found[2])); }
      else { segments.push(JSON.parse("\"" + found[3] + "\"")); }
    }
    return { index: Number(match[1]), segments: segments };
  }

  // ---- Values: a field's text ⇄ the JSON value it writes ----

  /** @param {JSONValue} value @param {string} kind @returns {string} */
  function show(value, kind) {
    if (value === undefined || value === null) { return ""; }
    if (kind === "json") { return JSON.stringify(value, null, JSON.stringify(value).length > 60 ? 2 : 0); }
    if (kind === "list" && Array.isArray(value) && value.every(function (item) { return typeof item === "string"; })) {
      return value.join(", ");
    }
    if (kind === "select" || kind === "bool") { return typeof value === "string" ? value : JSON.stringify(value); }
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  // What a field's text means. A number field with letters keeps the text: the check then says why.
  /** @param {string} text @param {string} kind @returns {Reading} */
  function read(text, kind) {
    var trimmed = text.trim();
    if (kind === "json") {
      if (!trimmed) { return { value: undefined }; }
      try { return { value: JSON.parse(trimmed) }; } catch (error) {
        return { error: "Not valid JSON at " + jsonWhere(trimmed) + ". The key keeps its last valid value." };
      }
    }
    if (kind === "integer" || kind === "number") {
      if (!trimmed) { return { value: undefined }; }
      return { value: /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed };
    }
    if (kind === "list") {
      if (!trimmed) { return { value: undefined }; }
      return { value: trimmed.split(",").map(function (item) { return item.trim(); }).filter(Boolean) };
    }
    if (kind === "select") {
      if (trimmed === "") { return { value: undefined }; }
      if (trimmed === "true" || trimmed === "false") { return { value: trimmed === "true" }; }
      return { value: trimmed };
    }
    if (kind === "date") {
      if (!trimmed) { return { value: undefined }; }
      return readDate(trimmed);
    }
    if (kind === "area") { return { value: text === "" ? undefined : text }; }
    return { value: text === "" ? undefined : text };
  }

  var monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December"];

  /** @param {number} text @param {number} width @returns {string} */
  function pad(text, width) { return ("0000" + text).slice(-width); }

  // A day, or a day and a time, as people type them (one-digit hours, no seconds, an offset or none):
  // written as RFC 3339, in UTC without an offset. A day the calendar does not have, or text that is
  // not a date, is an error in words; the draft takes the text as typed, so the save is refused too.
  /** @param {string} text @returns {Reading} */
  function readDate(text) {
    var parts = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*([Zz]|[+-]\d{2}:?\d{2})?)?$/
      .exec(text);
    if (!parts) { return { value: text, error: "Write the date as 2026-12-01, or 2026-12-01 09:00 (UTC)." }; }
    var year = Number(parts[1]), month = Number(parts[2]), day = Number(parts[3]);
    var problem = null;
    if (month < 1 || month > 12) {
      problem = "There is no month " + month + ": months go from 1 to 12.";
    } else {
      var days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30,
        31, 30, 31][month - 1];
      if (day < 1 || day > days) {
        problem = monthNames[month - 1] + (month === 2 && day === 29 ? " " + year : "") + " has no day " + day + ".";
      }
    }
    var hour = parts[4] === undefined ? 0 : Number(parts[4]);
    var minute = parts[5] === undefined ? 0 : Number(parts[5]);
    var second = parts[6] === undefined ? 0 : Number(parts[6]);
    if (!problem && hour > 23) { problem = "There is no hour " + hour + ": hours go from 0 to 23."; }
    if (!problem && minute > 59) { problem = "There is no minute " + minute + ": minutes go from 0 to 59."; }
    if (!problem && second > 59) { problem = "There is no second " + second + ": seconds go from 0 to 59."; }
    if (problem) { return { value: text, error: problem }; }
    var offset = parts[8] === undefined ? "Z" : /^[Zz]$/.test(parts[8]) ? "Z"
      : parts[8].slice(0, 3) + ":" + parts[8].slice(-2);
    var written = parts[1] + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":"
      + pad(second, 2) + (parts[7] || "") + offset;
    if (written === text) { return { value: written }; }
    return { value: written, note: "Written as " + written + (parts[8] === undefined ? " (UTC)." : ".") };
  }

  // A field's error with the field's name first, as every field of the console says it ("Start: February
  // has no day 30.", "Date and time: write the date as 2026-12-01, …"): the label without its "(UTC)"-like
  // tail; a sentence that starts with a month's name keeps its capital.
  /** @param {string} label @param {string} text @returns {string} */
  function fieldError(label, text) {
    var name = label.replace(/ \(.*\)$/, "");
    if (text.indexOf(name + ":") === 0) { return text; }
    var month = new RegExp("^(" + monthNames.join("|") + ")\\b");
    return name + ": " + (month.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1));
  }

  // A date as the form's date fields take it, from the RFC 3339 they write: "2026-12-01" for midnight UTC,
  // "2026-12-01 09:30" (UTC), "2026-12-01 09:30+02:00" with an offset, seconds where there are any. Only
  // what readDate writes back as the same value; anything else as it is.
  /** @param {JSONValue} value @returns {string} */
  function showDate(value) {
    if (typeof value !== "string") { return value === undefined || value === null ? "" : JSON.stringify(value); }
    var parts = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/.exec(value);
    if (!parts) { return value; }
    var time = parts[2] + ":" + parts[3] + (parts[4] === "00" ? "" : ":" + parts[4]);
    var shown = parts[5] === "Z" ? (time === "00:00" ? parts[1] : parts[1] + " " + time) : parts[1] + " " + time + parts[5];
    return readDate(shown).value === value ? shown : value;
  }

  // ---- JSON that does not parse: where and why ----

  // Where JSON text stops being JSON: { offset, expected } of the first problem (JSON.parse does not
  // always say where). A small scanner of RFC 8259, used only after JSON.parse has failed.
  /** @param {string} text @returns {{ offset: number, expected: string }} */
  function jsonProblem(text) {
    var at = 0;
    function space() { while (at < text.length && " \t\n\r".indexOf(text[at]) >= 0) { at += 1; } }
    /** @param {string} expected @returns {never} */
    function fail(expected) { throw { offset: at, expected: expected }; }
    function string() {
      at += 1;
      for (;;) {
        if (at >= text.length) { fail("the string has no closing quote"); }
        var c = text[at];
        if (c === "\"") { at += 1; return; }
        if (c < " ") { fail("a string cannot hold a line break or a tab as it is: write \\n or \\t"); }
        if (c === "\\") {
          at += 1;
          if (text[at] === "u") {
            if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(at + 1, at + 5))) { fail("\\u needs four hex digits"); }
            at += 5;
          } else if ("\"\\/bfnrt".indexOf(text[at]) < 0 || at >= text.length) { fail("this is not an escape JSON knows"); }
          else { at += 1; }
        } else { at += 1; }
      }
    }
    function value() {
      space();
      var c = text[at];
      if (c === "{") {
        at += 1; space();
        if (text[at] === "}") { at += 1; return; }
        for (;;) {
          space();
          if (text[at] !== "\"") { fail(text[at] === "}" ? "the comma before } is one too many" : "a key in double quotes should come here"); }
          string(); space();
          if (text[at] !== ":") { fail("a colon should follow the key"); }
          at += 1; value(); space();
          if (text[at] === ",") { at += 1; continue; }
          if (text[at] === "}") { at += 1; return; }
          fail("a comma or } should come here");
        }
      }
      if (c === "[") {
        at += 1; space();
        if (text[at] === "]") { at += 1; return; }
        for (;;) {
          space();
          if (text[at] === "]") { fail("the comma before ] is one too many"); }
          value(); space();
          if (text[at] === ",") { at += 1; continue; }
          if (text[at] === "]") { at += 1; return; }
          fail("a comma or ] should come here");
        }
      }
      if (c === "\"") { string(); return; }
      var literal = /^(true|false|null|-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)/.exec(text.slice(at));
      if (literal) { at += literal[0].length; return; }
      fail(at >= text.length ? "the text ends where a value should come" : "a value should come here");
    }
    try {
      value(); space();
      if (at < text.length) { fail("nothing should follow the message"); }
    } catch (/** @type {any} */ problem) {
      if (problem && typeof problem.offset === "number") { return problem; }
      throw problem;
    }
    return { offset: text.length, expected: "the text is not complete" };
  }

  // "line 3, column 12: a value should come here"
  /** @param {string} text @returns {string} */
  function jsonWhere(text) {
    var problem = jsonProblem(text);
    var before = text.slice(0, problem.offset).split("\n");
    return "line " + before.length + ", column " + (before[before.length - 1].length + 1) + ": " + problem.expected;
  }

  // ---- Drafts: a new message's template and its words, buttons replacing dismiss and link, sameness ----

  /** @param {string} layout @param {number} id @param {string} app @returns {JSONObject} */
  function template(layout, id, app) {
    /** @type {JSONObject} */
    var message = { id: id, bundleId: app };
    if (layout !== "alert") { message.layout = layout; }
    if (layout === "alert") {
      message.title = "A short title";
      message.text = "One or two sentences that say what changed and what to do.";
    } else if (layout === "banner") {
      message.title = "A short title";
      message.text = "One line about it.";
      message.action = "dismiss";
    } else if (layout === "modal") {
      message.title = "A short title";
      message.text = "What changed, and why it matters to the reader.";
      message.buttons = [{ title: "Try it", action: { url: "https://example.com/" } }, { title: "Not now" }];
    } else if (layout === "sheet") {
      message.title = "What's new";
      message.text = "The highlights of this version.";
      message.features = [{ title: "First feature", text: "What it does for the reader.", symbol: "star" },
        { title: "Second feature", text: "What it does for the reader.", symbol: "bolt" }];
      message.buttons = [{ title: "Continue" }];
    } else if (layout === "image") {
      message.title = "A short title";
      message.text = "Read by VoiceOver after the alt text.";
      message.image = { url: "https://example.com/picture.png", alt: "What the picture shows" };
      message.action = "dismiss";
    }
    return message;
  }

  // The words a template puts in a new message, by where: [path, what it is, the field's note]. They
  // would go live as they are.
  /** @param {JSONObject} template @returns {Array<[Segments, string, string]>} */
  function templateWords(template) {
    /** @type {Array<[Segments, string, string]>} */
    var words = [[["title"], "the title", "Write the message's own title: this is the template's."],
      [["text"], "the text", "Write the message's own text: this is the template's."],
      [["image", "url"], "the picture", "Give the message's own picture: this is the template's."],
      [["image", "alt"], "the alt text", "Say what the message's picture shows: this is the template's."]];
    (Array.isArray(template.features) ? template.features : []).forEach(function (feature, index) {
      ["title", "text"].forEach(function (key) {
        words.push([["features", index, key], "the features", "Write the message's own features: these are the template's."]);
      });
    });
    (Array.isArray(template.buttons) ? template.buttons : []).forEach(function (button, index) {
      words.push([["buttons", index, "action", "url"], "the button's link", "Give the button's own link: this is the template's."]);
    });
    return words;
  }

  // Takes the dismiss button's title, else the link button, out of the draft as a second button.
  /** @param {JSONObject} draft @returns {{ button: JSONObject, said: string } | null} */
  function movedIntoButton(draft) {
    var label = draft.confirmLabel;
    if (typeof label === "string" && label !== "") {
      delete draft.confirmLabel;
      return { button: { title: label, action: "dismiss" }, said: "The dismiss button's title “" + label
        + "” is now the second button, which closes the message: a message has buttons or a dismiss "
        + "button's title, not both." };
    }
    var link = draft.link;
    if (isPlainObject(link) && typeof link.title === "string" && typeof link.url === "string") {
      delete draft.link;
      return { button: { title: link.title, action: { url: link.url } }, said: "The link button “" + link.title
        + "” is now the second button, which opens its link: a message has buttons or a link button, not both." };
    }
    return null;
  }

  // A, B, … Z, then AA, AB, …: what people call a variant without a name (as the engine's Message.variantLetter).
  /** @param {number} index @returns {string} */
  function variantLetter(index) {
    var letters = "";
    for (var n = index; n >= 0; n = Math.floor(n / 26) - 1) { letters = String.fromCharCode(65 + (n % 26)) + letters; }
    return letters;
  }

  // The languages and variants that still have a dismiss or link title of their own: the author gives
  // them buttons in their words (the form cannot translate the new one).
  /** @param {JSONObject} draft @returns {string} */
  function translationsLeft(draft) {
    /** @param {string[]} items @returns {string} */
    function list(items) { return items.length > 1 ? items.slice(0, -1).join(", ") + " and " + items[items.length - 1] : items[0]; }
    /** @param {JSONValue} entry @returns {boolean} */
    function left(entry) { return isPlainObject(entry) && (entry.confirmLabel !== undefined || entry.link !== undefined); }
    var localizations = isPlainObject(draft.localizations) ? draft.localizations : {};
    var tags = Object.keys(localizations).filter(function (tag) { return left(localizations[tag]); });
    // Variants by name, else by letter (A, B, C…), as everywhere people read them.
    var variants = (Array.isArray(draft.variants) ? draft.variants : []).map(function (/** @type {JSONValue} */ variant,
      /** @type {number} */ index) {
      if (!left(variant)) { return ""; }
      return typeof variant.name === "string" && variant.name.trim() !== "" ? "“" + variant.name + "”" : variantLetter(index);
    }).filter(Boolean);
    var parts = [];
    if (tags.length) { parts.push((tags.length > 1 ? "translations " : "translation ") + list(tags)); }
    if (variants.length) { parts.push((variants.length > 1 ? "variants " : "variant ") + list(variants)); }
    if (!parts.length) { return ""; }
    var many = tags.length + variants.length > 1;
    return " Its " + parts.join(" and ") + (many
      ? " still have a dismiss or link title of their own: give them buttons in their own words"
      : " still has a dismiss or link title of its own: give it buttons in its own words") + " (the errors say where).";
  }

  // The order a new message's keys are written in (docs/authoring.md): what it is and for whom, its words
  // and how it looks, when and to whom it is shown, then what the app and the results get; keys the form
  // does not know last, as they came.
  var keyOrder = ["id", "bundleId", "bundleIds", "layout", "placement", "title", "text", "confirmLabel", "link",
    "image", "buttons", "action", "features", "colors", "bannerSeconds", "appVersions", "appVersionRange",
    "osVersions", "osVersionRange", "platforms", "locales", "startDate", "endDate", "rollout", "rolloutSchedule",
    "whatsNew", "trigger", "attributes", "installIds", "minLaunches", "minDaysSinceInstall", "minDaysSinceUpdate",
    "priority", "maxViews", "minHoursBetweenViews", "dismissible", "localizations", "variants", "data", "conversion"];

  // A copy of a message with its keys in the documented order.
  /** @param {JSONObject} message @returns {JSONObject} */
  function inKeyOrder(message) {
    /** @type {JSONObject} */
    var ordered = {};
    var own = function (/** @type {JSONObject} */ object, /** @type {string} */ key) {
      return Object.prototype.hasOwnProperty.call(object, key);
    };
    keyOrder.concat(Object.keys(message)).forEach(function (key) {
      // defineProperty: a key named "__proto__" stays a key.
      if (own(message, key) && !own(ordered, key)) {
        Object.defineProperty(ordered, key, { value: message[key], enumerable: true, writable: true, configurable: true });
      }
    });
    return ordered;
  }

  // `value` with its keys, at every level (objects, and arrays place by place), in the order `like` writes
  // them: a key `like` lacks goes just before the next key of `value` that `like` has (last when none follows),
  // as the server keeps a saved message's order. A duplicate is written as its original is.
  /** @param {JSONValue} value @param {JSONValue} like @returns {JSONValue} */
  function arrangedLike(value, like) {
    if (Array.isArray(value) && Array.isArray(like)) {
      return value.map(function (item, index) { return index < like.length ? arrangedLike(item, like[index]) : item; });
    }
    if (!isPlainObject(value) || !isPlainObject(like)) { return value; }
    var has = function (/** @type {JSONObject} */ object, /** @type {string} */ key) {
      return Object.prototype.hasOwnProperty.call(object, key);
    };
    /** @type {Record<string, string[]>} */
    var before = {};
    /** @type {string[]} */
    var waiting = [];
    Object.keys(value).forEach(function (key) {
      if (has(like, key)) { before[key] = waiting; waiting = []; } else { waiting.push(key); }
    });
    /** @type {JSONObject} */
    var arranged = {};
    /** @param {string} key @param {JSONValue} item */
    var put = function (key, item) {
      Object.defineProperty(arranged, key, { value: item, enumerable: true, writable: true, configurable: true });
    };
    Object.keys(like).forEach(function (key) {
      if (!has(value, key)) { return; }
      before[key].forEach(function (added) { put(added, value[added]); });
      put(key, arrangedLike(value[key], like[key]));
    });
    waiting.forEach(function (added) { put(added, value[added]); });
    return arranged;
  }

  // ---- Drafts kept in the tab (sessionStorage), per feed and message ----

  var draftPrefix = "appalert-console-draft ";

  // The storage key of the draft of message `id` of `feed` (null: the feed's new message).
  /** @param {string} feed @param {number | null} id @returns {string} */
  function draftKey(feed, id) { return draftPrefix + JSON.stringify([feed, id === null ? null : id]); }

  // The feed and message a storage key names, or null for a key that is not a draft's.
  /** @param {string} key @returns {{ feed: string, id: number | null } | null} */
  function draftOf(key) {
    if (key.indexOf(draftPrefix) !== 0) { return null; }
    try {
      var pair = JSON.parse(key.slice(draftPrefix.length));
      if (Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string"
        && (pair[1] === null || Number.isInteger(pair[1]))) {
        return { feed: pair[0], id: pair[1] };
      }
    } catch (error) { /* not a draft's key */ }
    return null;
  }

  // What a kept draft's stored text holds, when it is what this page stored: the draft and the message
  // as it was on disk when it was opened (null for a new one), the feed's ETag then, the template of a new
  // message, the JSON box's text when it did not parse, and a duplicate's original (whose key order it is
  // saved in). Anything else (another page's, a half write) is null: never a draft the form cannot show.
  /** @param {string | null} text @returns {{ draft: JSONObject, base: JSONObject | null, etag: string | null, template: JSONObject | null, json: string | null, like: JSONObject | null } | null} */
  function readKept(text) {
    var record;
    try { record = JSON.parse(text || ""); } catch (error) { return null; }
    if (!isPlainObject(record) || !isPlainObject(record.draft)) { return null; }
    if (record.base !== null && !isPlainObject(record.base)) { return null; }
    return { draft: record.draft, base: record.base, etag: typeof record.etag === "string" ? record.etag : null,
      template: isPlainObject(record.template) ? record.template : null,
      json: typeof record.json === "string" ? record.json : null, like: isPlainObject(record.like) ? record.like : null };
  }

  // ---- Keys in their documented place ----

  // Sets `key` of `object` to `value` in place. A key the object has keeps its place; a new one goes
  // right after the last key that comes before it in the documented order (first when none does), and
  // the keys after that place keep their order after it. A key the order does not name goes last.
  /** @param {JSONObject} object @param {string} key @param {JSONValue} value */
  function placeKey(object, key, value) {
    var own = Object.prototype.hasOwnProperty;
    var rank = keyOrder.indexOf(key);
    if (own.call(object, key) || rank < 0) { object[key] = value; return; }
    var keys = Object.keys(object);
    var at = 0;
    keys.forEach(function (name, index) {
      var other = keyOrder.indexOf(name);
      if (other >= 0 && other < rank) { at = index + 1; }
    });
    var moved = keys.slice(at).map(function (name) { return [name, object[name]]; });
    moved.forEach(function (pair) { delete object[pair[0]]; });
    object[key] = value;
    moved.forEach(function (pair) {
      Object.defineProperty(object, pair[0], { value: pair[1], enumerable: true, writable: true, configurable: true });
    });
  }

  // ---- Duplicating ----

  // Why a copy of message `id` competes with it, when the message has variants or recorded results (any
  // count above 0 in the database's figures): the copy has the same targeting, so the installs that
  // would see it are split between the two. Null when neither.
  /** @param {JSONObject} message @param {number} id @param {JSONValue} results @returns {string | null} */
  function competesText(message, id, results) {
    var variants = Array.isArray(message.variants) && message.variants.length > 0;
    var figures = results && typeof results === "object" && typeof results.error !== "string" ? results[String(id)] : null;
    var counts = figures && isPlainObject(figures.counts) ? figures.counts : {};
    var recorded = Object.keys(counts).some(function (name) { return typeof counts[name] === "number" && counts[name] > 0; });
    if (!variants && !recorded) { return null; }
    var what = variants && recorded ? "its A/B test and its results" : variants ? "its A/B test" : "its results";
    return "The copy competes with message #" + id + ": it has the same targeting, so the installs that would see "
      + "message #" + id + " are split between the two, and " + what + " no longer cover" + (what === "its A/B test" ? "s" : "")
      + " them all. Before you save, change who sees the copy (or when), or end message #" + id + ".";
  }

  // Two JSON values alike, whatever the order of their keys.
  /** @param {JSONValue} a @param {JSONValue} b @returns {boolean} */
  function sameJSON(a, b) {
    if (a === b) { return true; }
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") { return false; }
    if (Array.isArray(a) !== Array.isArray(b)) { return false; }
    var keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) { return false; }
    return keys.every(function (key) { return Object.prototype.hasOwnProperty.call(b, key) && sameJSON(a[key], b[key]); });
  }

  // ---- Words ----

  /** @param {unknown} text @returns {string} */
  function sentence(text) {
    var trimmed = String(text || "").trim();
    return /[.!?…]$/.test(trimmed) ? trimmed : trimmed + ".";
  }

  // One message's results as the console shows them: the line the report's code writes (`summary` of the
  // figures `serve --dev --results` sends: the headline, then per variant the counts, rates, verdicts and
  // marks in the report's words and formats), never one made here. A message the report does not list
  // has not been shown; "—" when the database cannot be read.
  /** @param {JSONValue} results @param {number} id @returns {string} */
  function resultsText(results, id) {
    if (!results || typeof results !== "object" || typeof results.error === "string") { return "—"; }
    var figures = results[String(id)];
    return figures && typeof figures.summary === "string" ? figures.summary : "No showings recorded yet.";
  }

  // The results line as short lines for the list's cell: the headline, then per variant its heading and
  // each figure on a line of its own (the report's line keeps a variant's parts on one line, between " · ").
  // Showings that do not fit the split (the report's `sampleRatio.mismatch`) open it with the report's
  // warning in short, a line of its own, before the headline.
  /** @param {JSONValue} results @param {number} id @returns {{ text: string, kind: string }[]} */
  function resultsLines(results, id) {
    var lines = resultsText(results, id).split("\n");
    /** @type {{ text: string, kind: string }[]} */
    var out = [];
    var figures = isPlainObject(results) ? results[String(id)] : null;
    var ratio = isPlainObject(figures) ? figures.sampleRatio : null;
    if (isPlainObject(ratio) && ratio.mismatch === true && lines.length > 1) {
      out.push({ text: lines[0], kind: "warning" });
      lines = lines.slice(1);
    }
    out.push({ text: lines[0], kind: lines.length > 1 ? "headline" : "plain" });
    lines.slice(1).forEach(function (line) {
      line.split(" · ").forEach(function (part, index) { out.push({ text: part, kind: index === 0 ? "variant" : "figure" }); });
    });
    return out;
  }

  return { resultsLines: resultsLines, parsePath: parsePath, pathText: pathText, getPath: getPath,
    isPlainObject: isPlainObject, setPath: setPath, valueAt: valueAt, splitPath: splitPath, show: show, read: read,
    readDate: readDate, showDate: showDate, fieldError: fieldError, jsonProblem: jsonProblem, jsonWhere: jsonWhere, template: template,
    templateWords: templateWords, movedIntoButton: movedIntoButton, translationsLeft: translationsLeft, variantLetter: variantLetter,
    inKeyOrder: inKeyOrder, arrangedLike: arrangedLike, placeKey: placeKey, competesText: competesText, draftKey: draftKey, draftOf: draftOf, readKept: readKept,
    sameJSON: sameJSON, sentence: sentence, resultsText: resultsText };
})();
