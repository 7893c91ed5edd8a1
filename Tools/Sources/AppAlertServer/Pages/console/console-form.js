"use strict";
// The message form: hand-made fields for the common keys, typed rows for every other key the feed
// format has (JSON where the value is structured), and rows for keys the form does not know, so that
// every key is reachable and none is lost. A field writes only its own key; an empty field removes it.
(function () {
  window.Console = window.Console || {};
  var L = ConsoleLogic;
  var parsePath = L.parsePath, pathText = L.pathText, getPath = L.getPath, isPlainObject = L.isPlainObject;
  var setPath = L.setPath, show = L.show, read = L.read, movedIntoButton = L.movedIntoButton;
  var translationsLeft = L.translationsLeft, template = L.template;
  var V = ConsoleValues;

  var layouts = [["", "Alert (the default)"], ["alert", "Alert"], ["banner", "Banner"], ["modal", "Modal"],
    ["sheet", "Sheet"], ["image", "Image"]];
  var actionKinds = [["dismiss", "Close the message"], ["url", "Open a link"], ["event", "Hand an event to the app"]];

  // [legend, hint, fields]. A field: path (dots, [n] for an index), label, kind, hint, placeholder; words
  // (the message's texts, in any language: dir="auto", so Arabic or Hebrew reads right to left as typed).
  // Kinds: text, area, integer, number, list (comma-separated strings), select, bool, json.
  /** @type {Array<[string, string | null, FieldSpec[]]>} */
  var sections = [
    ["Message", null, [
      { path: "id", label: "Id", kind: "integer", hint: "A whole number of 1 or more, unique in the feed. "
        + "Installs remember what they saw by id: a new id is a new message." },
      { path: "title", label: "Title", kind: "text", words: true },
      { path: "text", label: "Text", kind: "area", words: true },
      { path: "layout", label: "Layout", kind: "select", options: layouts },
      { path: "placement", label: "Placement", kind: "text", placeholder: "e.g. inbox; empty: launch", suggest: ["launch", "inbox"],
        hint: "launch (at launch or on an event), inbox (the message center), or the name of a slot in the app." },
      { path: "confirmLabel", label: "Dismiss button's title", kind: "text", placeholder: "e.g. Got it; empty: OK", words: true,
        hint: "Without buttons below. Not with buttons." },
      { path: "link.title", label: "Link button's title", kind: "text", words: true, hint: "Without buttons below." },
      { path: "link.url", label: "Link URL", kind: "text", placeholder: "https://" }
    ]],
    ["Image", "Banner, modal, sheet and image layouts. Pictures must be https: (http: only for localhost).", [
      { path: "image.url", label: "Image URL", kind: "text", placeholder: "https://" },
      { path: "image.alt", label: "Alt text", kind: "text", words: true, hint: "What VoiceOver reads. Required with the image layout." },
      { path: "image.darkUrl", label: "Image URL in dark appearance", kind: "text", placeholder: "https://" }
    ]],
    ["Buttons", "Alert, modal and sheet: one or two, the main one first. They replace the dismiss and link buttons.",
      [0, 1].map(function (index) {
        return { path: "buttons[" + index + "]", label: (index === 0 ? "First" : "Second") + " button", kind: "button",
          index: index };
      })],
    ["Colors", "#RRGGBB or #RRGGBBAA. Leave one empty to use the platform's own; each dark one left empty is the "
      + "light one.", [
      { path: "colors.background", label: "Background", kind: "color" },
      { path: "colors.text", label: "Text", kind: "color" },
      { path: "colors.accent", label: "Accent (the main button)", kind: "color" },
      { path: "colors.dark.background", label: "Background in dark appearance", kind: "color" },
      { path: "colors.dark.text", label: "Text in dark appearance", kind: "color" },
      { path: "colors.dark.accent", label: "Accent in dark appearance", kind: "color" }
    ]],
    ["Who sees it", "Every condition must hold. Lists are separated by commas.", [
      { path: "bundleId", label: "App (bundle id)", kind: "text", hint: "Exact; * is every app." },
      { path: "bundleIds", label: "More apps (bundle ids)", kind: "list" },
      { path: "appVersions", label: "App versions", kind: "versions", range: "App version range",
        placeholder: "e.g. 1.0, 1.1; empty: all versions", hint: "Exact versions only. For 2.0 and later, use the range below." },
      { path: "appVersionRange", label: "App version range", kind: "range", placeholder: "e.g. 2.0 and later",
        hint: "In words: 2.0 and later (or 2.0+), before 3.0, up to 3.0, from 2.0 before 3.0. Or as node-semver: "
          + ">=2.0 <3.0, ^1.4, 1.x || 2.1." },
      { path: "osVersions", label: "OS versions", kind: "versions", range: "OS version range" },
      { path: "osVersionRange", label: "OS version range", kind: "range", placeholder: "e.g. 17 and later",
        hint: "As the app version range: 17 and later, before 18, from 17.2 before 18." },
      { path: "platforms", label: "Platforms", kind: "list", placeholder: "e.g. ios, macos; empty: all platforms",
        hint: "ios (iPhones and iPads), ipados, macos, tvos, watchos, visionos, linux, windows, web (a web page or web app)." },
      { path: "locales", label: "Languages", kind: "languages", placeholder: "e.g. German, pt-BR; empty: all languages",
        hint: "Names or tags, separated by commas. Matched against the device's first language: pt matches pt-BR and pt-PT." },
      { path: "startDate", label: "Start", kind: "date", placeholder: "e.g. 2026-03-01 or 2026-03-01T09:00:00+01:00",
        hint: "A day (2026-03-01), a day and time (2026-03-01 09:00), both taken as UTC, or RFC 3339 with an "
          + "offset (Z or +01:00)." },
      { path: "endDate", label: "End", kind: "date", placeholder: "e.g. 2026-04-01",
        hint: "As the start, and after it. A day alone means its first moment (00:00 UTC)." },
      { path: "rollout", label: "Rollout (percent of installs)", kind: "percent", placeholder: "e.g. 50%; empty: all installs" },
      { path: "rolloutSchedule", label: "Rollout schedule", kind: "rows", rows: "rolloutSchedule",
        hint: "A rollout that grows over time: from each date on, that percent of installs (dates in UTC). Not "
          + "together with Rollout." },
      { path: "whatsNew", label: "What's new for updates into", kind: "range", placeholder: "e.g. from 2.1 before 2.2",
        hint: "A range, as the app version range: the first launches after updating into it." },
      { path: "trigger", label: "Trigger", kind: "rows", rows: "trigger",
        hint: "At launch (the default), or when the app reports an event (names: letters, digits, _ - .)." },
      { path: "attributes", label: "Attributes", kind: "rows", rows: "attributes",
        hint: "What the app says about itself; every attribute listed must match. A number or true/false matches "
          + "as such: write text that looks like one in quotes (\"3\"). “is one of”: values separated by commas." },
      { path: "installIds", label: "Only these installs (test devices)", kind: "list" },
      { path: "minLaunches", label: "From launch number", kind: "integer" },
      { path: "minDaysSinceInstall", label: "Days since install, at least", kind: "integer" },
      { path: "minDaysSinceUpdate", label: "Days since the last update, at least", kind: "integer" },
      { path: "priority", label: "Priority", kind: "integer", placeholder: "e.g. 10; empty: 0",
        hint: "Among messages that suit an install, the highest priority is shown, then the highest id." },
      { path: "maxViews", label: "Times shown to an install, at most", kind: "integer", placeholder: "e.g. 3; empty: once" },
      { path: "minHoursBetweenViews", label: "Hours between showings", kind: "number", placeholder: "e.g. 24; empty: no wait" },
      { path: "dismissible", label: "Can be dismissed", kind: "select",
        options: [["", "Yes (the default)"], ["true", "Yes"], ["false", "No: a wall, only its link leads on"]] }
    ]],
    ["More", null, [
      { path: "action", label: "Tap action (banner and image)", kind: "rows", rows: "action" },
      { path: "bannerSeconds", label: "Banner stays for (seconds)", kind: "number", placeholder: "e.g. 12; empty: 8" },
      { path: "features", label: "Features (sheet)", kind: "rows", rows: "features",
        hint: "1 to 10. Symbol: an SF Symbols name, drawn on Apple platforms." },
      { path: "data", label: "Data for the app", kind: "rows", rows: "data",
        hint: "Handed to the app as it is: a screen to open, a coupon code." },
      { path: "conversion", label: "Conversion", kind: "rows", rows: "conversion",
        hint: "The app event that counts as the message having worked (with results), within 1 hour to 30 days." }
    ]],
    ["Translations", "The message's texts in other languages, by language. An empty cell shows, in grey, the "
      + "text it falls back to.", [{ path: "localizations", label: "Translations", kind: "translations" }]],
    ["A/B test", "2 to 10 variants; each install gets one, in proportion to the shares. A variant's fields replace the "
      + "message's; empty ones show the message's.", [{ path: "variants", label: "Variants", kind: "variants" }]]
  ];

  var fields = [];   // { spec, control(s), wrapper }
  var root = null;

  // ---- Building ----

  var serial = 0;
  function fieldId(path) { serial += 1; return "con-f-" + path.replace(/[^A-Za-z0-9]+/g, "-") + "-" + serial; }

  function plainField(spec) {
    var id = fieldId(spec.path);
    var control;
    if (spec.kind === "area" || spec.kind === "json") {
      control = Console.make("textarea", { id: id, rows: spec.kind === "area" ? 3 : 2, spellcheck: spec.kind === "area"
        ? "true" : "false", placeholder: spec.placeholder, dir: spec.words ? "auto" : null });
    } else if (spec.kind === "select") {
      control = Console.make("select", { id: id }, spec.options.map(function (option) {
        return Console.make("option", { value: option[0], text: option[1] });
      }));
    } else {
      control = Console.make("input", { id: id, type: "text", autocomplete: "off", spellcheck: "false",
        placeholder: spec.placeholder, inputmode: spec.kind === "integer" || spec.kind === "number" ? "decimal" : null,
        list: spec.suggest ? "con-suggest-" + spec.path : null, dir: spec.words ? "auto" : null });
    }
    var hintId = spec.hint ? id + "-hint" : null;
    if (hintId) { control.setAttribute("aria-describedby", hintId); }
    var children = [Console.make("label", { "for": id, text: spec.label }), control];
    if (spec.kind === "color") {
      children.push(Console.make("span", { "class": "con-swatch", "aria-hidden": "true" }));
    }
    if (spec.suggest) {
      children.push(Console.make("datalist", { id: "con-suggest-" + spec.path }, spec.suggest.map(function (value) {
        return Console.make("option", { value: value });
      })));
    }
    if (hintId) { children.push(Console.make("p", { id: hintId, "class": "con-hint", text: spec.hint })); }
    var wrapper = Console.make("div", { "class": "con-field con-kind-" + spec.kind, "data-path": spec.path }, children);
    var field = { spec: spec, segments: parsePath(spec.path), control: control, wrapper: wrapper, hintId: hintId };
    control.addEventListener(spec.kind === "select" ? "change" : "input", function () { plainEdited(field); });
    return field;
  }

  // What a field's text means, in its kind; percentages and languages as people type them.
  function readField(text, spec) {
    if (spec.kind === "percent") { return V.readPercent(text, spec.label.replace(/ \(.*\)$/, "")); }
    if (spec.kind === "languages") { return V.readLanguages(text, spec.label); }
    if (spec.kind === "range") { return V.readVersionRange(text); }
    if (spec.kind === "versions") { return V.readVersions(text, spec.label, spec.range); }
    return read(text, spec.kind);
  }

  function showKind(kind) {
    return kind === "languages" || kind === "versions" ? "list" : kind === "percent" ? "number" : kind === "range" ? "text" : kind;
  }

  function plainEdited(field) {
    var result = readField(field.control.value, field.spec);
    setLocalError(field, result.error || null);
    setLocalNote(field, result.note || null);
    // An error without a value keeps the key's last valid value (JSON); a date's error keeps the text.
    if (result.error && !Object.prototype.hasOwnProperty.call(result, "value")) { return; }
    setPath(Console.draft(), field.segments, result.value);
    if (field.spec.kind === "color") { paintSwatch(field); }
    Console.formEdited();
  }

  // The field's own error, its name first ("Start: February has no day 30.").
  function setLocalError(field, text) {
    if (text) { text = ConsoleLogic.fieldError(field.spec.label, text); }
    localError(field.wrapper, text, field.spec.path);
    describe(field);
  }

  // The form's own error at a field's box: in the person's words, the JSON path second. Null clears it.
  function localError(place, text, path) {
    var box = place.querySelector(".con-local-error");
    if (!text) { if (box) { box.remove(); } return; }
    if (!box) {
      noteSerial += 1;
      box = Console.make("p", { "class": "con-diag con-error con-local-error", id: "con-local-" + noteSerial });
      place.appendChild(box);
    }
    box.replaceChildren(text + " ", Console.make("span", { "class": "con-json-path", text: "(JSON: " + path + ")" }));
    var control = place.querySelector("input, select, textarea");
    if (control && !fields.some(function (field) { return field.wrapper === place; })) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", box.id);
    }
  }

  // How the form wrote what was typed ("Written as 2026-12-01T00:00:00Z (UTC).").
  function setLocalNote(field, text) {
    var box = field.wrapper.querySelector(".con-local-note");
    if (!text) { if (box) { box.remove(); } return; }
    if (!box) {
      box = Console.make("p", { "class": "con-hint con-local-note", "aria-live": "polite" });
      field.wrapper.appendChild(box);
    }
    box.textContent = text;
  }

  function paintSwatch(field) {
    var swatch = field.wrapper.querySelector(".con-swatch");
    var value = field.control.value.trim();
    var valid = /^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(value);
    swatch.style.background = valid ? value : "transparent";
    swatch.classList.toggle("con-swatch-empty", !valid);
  }

  // A button: its title, what it does, and the link or event name.
  function buttonField(spec) {
    var base = fieldId(spec.path);
    var title = Console.make("input", { id: base + "-title", type: "text", autocomplete: "off", dir: "auto" });
    var kind = Console.make("select", { id: base + "-kind" }, actionKinds.map(function (option) {
      return Console.make("option", { value: option[0], text: option[1] });
    }));
    var target = Console.make("input", { id: base + "-target", type: "text", autocomplete: "off", spellcheck: "false" });
    var targetLabel = Console.make("label", { "for": base + "-target", text: "Link or event" });
    var legend = Console.make("legend", { text: spec.label });
    var group = Console.make("fieldset", { "class": "con-button", "data-path": spec.path }, [
      legend,
      Console.make("div", { "class": "con-field", "data-path": spec.path + ".title" }, [
        Console.make("label", { "for": base + "-title", text: "Title" }), title]),
      Console.make("div", { "class": "con-field", "data-path": spec.path + ".action" }, [
        Console.make("label", { "for": base + "-kind", text: "Does" }), kind]),
      Console.make("div", { "class": "con-field", "data-path": spec.path + ".action.value" }, [targetLabel, target])
    ]);
    var field = { spec: spec, segments: parsePath(spec.path), control: title, kind: kind, target: target,
      targetLabel: targetLabel, wrapper: group, legend: legend };
    // A variant's button: what it takes from the message's follows each edit of the message.
    if (parsePath(spec.path).length > 2) {
      field.refresh = function (message) { if (!group.contains(document.activeElement)) { fillButton(field, message); } };
    }
    [title, target].forEach(function (control) { control.addEventListener("input", function () { buttonEdited(field); }); });
    kind.addEventListener("change", function () { buttonEdited(field); });
    return field;
  }

  function kindOf(action) {
    return isPlainObject(action) ? (action.event !== undefined ? "event" : "url") : "dismiss";
  }

  // The message's button a variant's button field stands for (null for the message's own fields).
  function messageButton(field, message) {
    if (field.segments.length <= 2 || !Array.isArray(message.buttons)) { return null; }
    var button = message.buttons[field.spec.index];
    return isPlainObject(button) ? button : null;
  }

  function buttonEdited(field) {
    var message = Console.draft();
    // The message's buttons, or a variant's (variants[1].buttons[0]): a variant's start as a copy of the
    // message's, and an empty field of a variant's button means the message's (its grey placeholder).
    var inVariant = field.segments.length > 2;
    var draft = inVariant ? getPath(message, field.segments.slice(0, -2)) : message;
    var theirs = messageButton(field, message);
    var buttons = inVariant ? ConsoleGuard.startingButtons(message, draft)
      : Array.isArray(draft.buttons) ? draft.buttons : [];
    var index = field.spec.index;
    var old = isPlainObject(buttons[index]) ? buttons[index] : {};
    var button = Object.assign({}, old);
    var title = field.control.value === "" && theirs && typeof theirs.title === "string" ? theirs.title : field.control.value;
    if (title === "") { delete button.title; } else { button.title = title; }
    var kind = field.kind.value;
    // A link is no event name, nor an event name a link: switching between them starts the field empty.
    var was = kindOf(old.action);
    if (kind !== was && (kind === "url" || kind === "event") && (was === "url" || was === "event")) { field.target.value = ""; }
    var target = field.target.value.trim();
    showButtonKind(field, kind);
    if (theirs && kind === kindOf(theirs.action) && (kind === "dismiss" || target === "")) {
      if (theirs.action === undefined) { delete button.action; } else { button.action = JSON.parse(JSON.stringify(theirs.action)); }
    } else if (kind === "dismiss") {
      if (old.action === undefined || old.action === null) { delete button.action; } else { button.action = "dismiss"; }
    } else {
      var action = isPlainObject(old.action) ? Object.assign({}, old.action) : {};
      delete action.url;
      delete action.event;
      action[kind] = target;
      button.action = action;
    }
    // The title first, then what it does, as the format writes a button.
    if (button.title !== undefined) { button = Object.assign({ title: button.title }, button); }
    var empty = Object.keys(button).length === 0 && target === "";
    var next = buttons.slice();
    if (empty && index >= next.length - 1) {
      next.length = Math.min(next.length, index);
    } else {
      while (next.length < index) { next.push({ title: "" }); }
      next[index] = button;
    }
    // The first button replaces the dismiss and link buttons: the dismiss button's title (else the link
    // button) moves into a second button, rather than an error at a field the author did not touch.
    var moved = buttons.length === 0 && next.length === 1 ? movedIntoButton(draft) : null;
    if (moved) { next.push(moved.button); }
    if (next.length === 0 || (inVariant && ConsoleGuard.sameAsMessage(message, next))) { delete draft.buttons; }
    else { draft.buttons = next; }
    // A new action of the message's button reaches its copies in translations and variants that did the same.
    var followed = !inVariant && isPlainObject(buttons[index]) ? ConsoleGuard.followAction(message, index, old.action, button.action) : [];
    if (moved) {
      fill(message);
      Console.setStatus(moved.said + (draft === message ? translationsLeft(draft) : ""));
    } else if (followed.length) {
      Console.setStatus("The " + field.spec.label.toLowerCase() + " does the same in " + followed.join(", ")
        + ": their copies of it did what it did before.");
    }
    Console.formEdited();
  }

  function placeholder(control, text) {
    if (text) { control.setAttribute("placeholder", text); } else { control.removeAttribute("placeholder"); }
  }

  function showButtonKind(field, kind) {
    field.target.disabled = kind === "dismiss";
    field.targetLabel.textContent = kind === "event" ? "Event name" : kind === "url" ? "Link URL" : "Link or event";
  }

  // A variant's button shows what it takes from the message's in grey: an empty field is the message's.
  function fillButton(field, message) {
    var draft = field.segments.length > 2 ? getPath(message, field.segments.slice(0, -2)) || {} : message;
    var theirs = messageButton(field, message);
    var own = Array.isArray(draft.buttons);
    var button = own ? draft.buttons[field.spec.index] : theirs || undefined;
    var action = isPlainObject(button) ? button.action : undefined;
    var kind = kindOf(action);
    var target = isPlainObject(action) ? show(action.event !== undefined ? action.event : action.url, "text") : "";
    var title = isPlainObject(button) ? show(button.title, "text") : "";
    var theirTarget = theirs && isPlainObject(theirs.action) ? show(theirs.action.event !== undefined ? theirs.action.event
      : theirs.action.url, "text") : "";
    if (theirs && title === theirs.title) { title = ""; }
    if (theirs && kind === kindOf(theirs.action) && target === theirTarget) { target = ""; }
    field.control.value = title;
    placeholder(field.control, theirs && typeof theirs.title === "string" ? theirs.title : "");
    placeholder(field.target, theirs && kind === kindOf(theirs.action) ? theirTarget : "");
    field.kind.value = kind;
    field.target.value = target;
    showButtonKind(field, kind);
    if (field.segments.length > 2) {
      field.legend.textContent = field.spec.label + (own || !theirs ? "" : " (the message's)");
    }
  }

  // A row for a key the form does not know: its JSON, editable; empty removes it.
  function unknownField(key) {
    return plainField({ path: pathText([key]), label: key, kind: "json",
      hint: "The form does not know this key; it is kept as it is. The check says what it thinks of it." });
  }

  var knownKeys = null;

  function makeField(spec) {
    if (spec.kind === "button") { return buttonField(spec); }
    if (spec.kind === "rows") { return Console.rows.build(spec); }
    if (spec.kind === "variants") { return Console.variants.build(spec); }
    if (spec.kind === "translations") { return Console.variants.translations(spec, null); }
    return plainField(spec);
  }

  function build(form, draft) {
    root = form;
    form.replaceChildren();
    fields = [];
    knownKeys = {};
    sections.forEach(function (section) {
      var children = [Console.make("legend", { text: section[0] })];
      if (section[1]) { children.push(Console.make("p", { "class": "con-hint", text: section[1] })); }
      section[2].forEach(function (spec) {
        var field = makeField(spec);
        knownKeys[field.segments[0]] = true;
        fields.push(field);
        children.push(field.wrapper);
      });
      form.appendChild(Console.make("fieldset", { "class": "con-section" }, children));
    });
    form.appendChild(Console.make("fieldset", { "class": "con-section", id: "con-unknown", hidden: true }, [
      Console.make("legend", { text: "Keys this form does not know" })]));
    fill(draft);
  }

  function fill(draft) {
    var unknown = Object.keys(draft).filter(function (key) { return !knownKeys[key]; });
    var box = document.getElementById("con-unknown");
    fields = fields.filter(function (field) {
      var stays = !field.unknown || unknown.indexOf(field.segments[0]) >= 0;
      if (!stays) { field.wrapper.remove(); }
      return stays;
    });
    unknown.forEach(function (key) {
      if (fields.some(function (field) { return field.unknown && field.segments[0] === key; })) { return; }
      var field = unknownField(key);
      field.segments = [key];
      field.unknown = true;
      fields.push(field);
      box.appendChild(field.wrapper);
    });
    box.hidden = unknown.length === 0;
    fields.forEach(function (field) { fillField(field, draft); });
  }

  function fillField(field, draft) {
    if (field.fill) { field.fill(draft); return; }
    if (field.spec.kind === "button") { fillButton(field, draft); return; }
    var value = getPath(draft, field.segments);
    // Dates and languages as the person types them (readField reads them back as the same JSON).
    var languages = field.spec.kind === "languages" ? V.showLanguages(value) : null;
    var text = field.spec.kind === "date" ? L.showDate(value) : languages !== null ? languages
      : show(value, showKind(field.spec.kind));
    if (field.spec.kind === "select" && text !== "" &&
        !Array.prototype.some.call(field.control.options, function (option) { return option.value === text; })) {
      field.control.appendChild(Console.make("option", { value: text, text: text + " (not a known value)" }));
    }
    // The form's own error stays while the field still reads as typed (a date the calendar lacks).
    if (field.control.value !== text) {
      field.control.value = text;
      setLocalNote(field, null);
      setLocalError(field, null);
    } else if (["date", "percent", "languages", "versions", "range"].indexOf(field.spec.kind) < 0) {
      setLocalError(field, null);
    }
    if (field.spec.kind === "color") { paintSwatch(field); }
  }

  // ---- Diagnostics at fields ----

  function clearDiagnostics() {
    root.querySelectorAll(".con-diag:not(.con-local-error)").forEach(function (node) { node.remove(); });
    fields.forEach(function (field) { describe(field); });
  }

  function describe(field) {
    if (field.children) { field.children.forEach(describe); return; }
    var controls = field.spec.kind === "button" ? [field.control, field.kind, field.target] : [field.control];
    var notes = /** @type {HTMLElement[]} */ (Array.prototype.map.call(field.wrapper.querySelectorAll(".con-diag"), function (node) { return node; }));
    controls.forEach(function (control) {
      var wrapper = control.closest(".con-field") || field.wrapper;
      var own = notes.filter(function (node) { return wrapper.contains(node) || node.parentNode === field.wrapper; });
      var ids = (field.hintId && control === field.control ? [field.hintId] : []).concat(own.map(function (node) {
        return node.id;
      }));
      if (ids.length) { control.setAttribute("aria-describedby", ids.join(" ")); } else { control.removeAttribute("aria-describedby"); }
      var invalid = own.some(function (node) { return node.classList.contains("con-error"); });
      if (invalid) { control.setAttribute("aria-invalid", "true"); } else { control.removeAttribute("aria-invalid"); }
    });
  }

  var noteSerial = 0;

  // Shows a diagnostic at the field its path concerns, the longest path a field has; false if none.
  function showDiagnostic(segments, diagnostic) {
    var place = null;
    // A link's or an event's name is typed in a button's (or the tap action's) target field.
    var last = segments[segments.length - 1];
    if (segments.length > 1 && (last === "url" || last === "event")) {
      var target = pathText(segments.slice(0, -1));
      place = root.querySelector(".con-field[data-path=\"" + cssEscape(target + ".value") + "\"]")
        || root.querySelector(".con-field[data-path=\"" + cssEscape(target + ".target") + "\"]");
    }
    for (var length = segments.length; length > 0 && !place; length -= 1) {
      var text = pathText(segments.slice(0, length));
      place = root.querySelector(".con-field[data-path=\"" + cssEscape(text) + "\"]")
        || root.querySelector("[data-path=\"" + cssEscape(text) + "\"]")
        || root.querySelector("[data-path^=\"" + cssEscape(text + ".") + "\"], [data-path^=\"" + cssEscape(text + "[") + "\"]");
    }
    if (!place) { return false; }
    // A field that has the form's own error in words says that one, not the check's as well.
    if (place.querySelector(".con-local-error")) { return true; }
    noteSerial += 1;
    var error = diagnostic.severity === "error";
    // The field's name first, the check's words, then where in the JSON (when the check gave a path).
    var label = Array.prototype.find.call(place.children, function (child) { return /^(LABEL|LEGEND)$/.test(child.tagName); });
    var at = typeof diagnostic.path === "string" && diagnostic.path !== "$" && L.splitPath(diagnostic.path);
    place.appendChild(Console.make("p", { id: "con-note-" + noteSerial, "class": "con-diag " + (error ? "con-error"
      : "con-warning") }, [Console.make("strong", { text: error ? "Error: " : "Warning: " }),
      (at && label ? label.textContent + ": " : "") + atField(diagnostic.message),
      at ? Console.make("span", { "class": "con-json-path", text: " (JSON: " + pathText(at.segments) + ")" }) : null]));
    var field = fields.find(function (candidate) { return candidate.wrapper === place || candidate.wrapper.contains(place); });
    if (field) { describe(field); } else { describeBox(place); }
    return true;
  }

  // The check's words at a field: what `validate` adds for its own output ("; the message is left out")
  // is for a list of a whole feed's problems, not for the field being filled.
  function atField(message) {
    var text = String(message).replace(/; the [a-z ]+ is left out$/, "");
    return /[.!?…]$/.test(text) ? text : text + ".";
  }

  // A box of a field the list does not hold (a row's cell): its control described by its notes.
  function describeBox(place) {
    var control = place.querySelector("input, select, textarea");
    if (!control) { return; }
    var notes = Array.prototype.map.call(place.querySelectorAll(".con-diag"), function (node) { return node.id; });
    if (notes.length) { control.setAttribute("aria-describedby", notes.join(" ")); }
    if (place.querySelector(".con-error")) { control.setAttribute("aria-invalid", "true"); }
  }

  // After an edit in the form: what other fields show of it (a variant's share, a table's fallbacks).
  function refresh(draft) { fields.forEach(function (field) { if (field.refresh) { field.refresh(draft); } }); }

  function cssEscape(text) { return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, "\\$&"); }

  Console.form = { build: build, fill: fill, clearDiagnostics: clearDiagnostics, showDiagnostic: showDiagnostic,
    template: template, pathText: pathText, plainField: plainField, buttonField: buttonField, fillField: fillField,
    describe: describe, localError: localError, makeField: makeField, refresh: refresh };
})();
