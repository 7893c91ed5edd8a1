"use strict";
// Editors of structured keys as rows and fields, not JSON: attributes (key, comparison, value), the
// rollout schedule (date, percent), features, data (key, value), and as one row of fields the
// conversion (event, hours or days), the trigger (launch or an event) and the tap action. The mapping
// (rows ⇄ the key's JSON value) is ConsoleValues'; a value whose shape the rows cannot show is left to
// the JSON box, untouched. Each editor writes only its own key and keeps what it does not show.
(function () {
  window.Console = window.Console || {};
  var V = ConsoleValues;
  var L = ConsoleLogic;

  var comparisons = [["is", "is"], ["oneOf", "is one of"]];
  var units = [["hours", "hours"], ["days", "days"]];

  // Per kind: its columns [key, label, placeholder, options], the rows of a value, and the value of rows.
  /** @type {Record<string, any>} */
  var kinds = {
    attributes: { row: "attribute", columns: [["key", "Attribute", "e.g. plan"], ["comparison", "Comparison", null, comparisons],
      ["value", "Value", "e.g. free, trial"]], toRows: V.attributeRows, fromRows: V.attributesFromRows },
    rolloutSchedule: { row: "step", columns: [["at", "From", "e.g. 2027-01-15"], ["percent", "Percent", "e.g. 50"]],
      toRows: V.scheduleRows, fromRows: V.scheduleFromRows },
    features: { row: "feature", columns: [["title", "Title"], ["text", "Text"], ["symbol", "Symbol", "e.g. folder"]],
      toRows: V.featureRows, fromRows: V.featuresFromRows, words: ["title", "text"] },
    data: { row: "entry", columns: [["key", "Key", "e.g. screen"], ["value", "Value", "e.g. paywall"]],
      toRows: V.dataRows, fromRows: V.dataFromRows },
    conversion: { single: true, columns: [["event", "Event", "e.g. purchase"], ["amount", "Within", "e.g. 3"],
      ["unit", "Unit", null, units]], toFields: V.conversionFields, fromFields: V.conversionFromFields },
    trigger: { single: true, columns: [["kind", "Shown", null, [["launch", "At launch"], ["event", "When the app reports an event"]]],
      ["event", "Event name", "e.g. purchase"]], toFields: V.triggerFields, fromFields: V.triggerFromFields },
    action: { single: true, columns: [["kind", "Does", null, [["", "Close the message (the default)"], ["dismiss", "Close the message"],
      ["url", "Open a link"], ["event", "Hand an event to the app"]]], ["target", "Link or event", null]],
    toFields: V.actionFields, fromFields: function (/** @type {any} */ fields) { return V.actionFromFields(fields, "Tap action"); } }
  };

  var serial = 0;

  // An editor for the key at `spec.path` (its kind: spec.rows); a field of the form (console-form.js).
  /** @param {FieldSpec & { rows: string }} spec */
  function build(spec) {
    var kind = kinds[spec.rows];
    var segments = L.parsePath(spec.path);
    serial += 1;
    var base = "con-r" + serial;
    var body = Console.make("div", { "class": "con-rows-body" });
    var odd = Console.make("p", { "class": "con-hint", hidden: true,
      text: "This value has a shape these fields cannot show: edit it in the JSON box. It is kept as it is." });
    var add = kind.single ? null : Console.make("button", { type: "button", "class": "con-add-row", text: (/^[aeiou]/i.test(kind.row) ? "Add an " : "Add a ") + kind.row });
    var children = [Console.make("legend", { text: spec.label })];
    if (spec.hint) { children.push(Console.make("p", { "class": "con-hint", id: base + "-hint", text: spec.hint })); }
    children.push(odd, body);
    if (add) { children.push(add); }
    var wrapper = Console.make("fieldset", { "class": "con-rows con-rows-" + spec.rows, "data-path": spec.path }, children);
    /** @type {any} */
    var field = { spec: spec, segments: segments, wrapper: wrapper, rows: [], children: [] };

    function cell(row, index, column) {
      var id = base + "-" + index + "-" + column[0];
      var control = column[3]
        ? Console.make("select", { id: id }, column[3].map(function (/** @type {string[]} */ option) {
          return Console.make("option", { value: option[0], text: option[1] });
        }))
        : Console.make("input", { id: id, type: "text", autocomplete: "off", spellcheck: "false", placeholder: column[2] || null,
          dir: kind.words && kind.words.indexOf(column[0]) >= 0 ? "auto" : null });
      control.value = row[column[0]] === undefined ? "" : row[column[0]];
      control.addEventListener(column[3] ? "change" : "input", edited);
      var label = kind.single ? column[1] : column[1] + (field.rows.length > 1 || !kind.single ? " (" + kind.row + " " + (index + 1) + ")" : "");
      var path = L.pathText(kind.single ? segments.concat([column[0]]) : segments.concat([index, column[0]]));
      return Console.make("div", { "class": "con-field", "data-path": path, "data-column": column[0] },
        [Console.make("label", { "for": id, text: kind.single ? column[1] : label }), control]);
    }

    function render(rows) {
      field.rows = rows;
      body.replaceChildren();
      rows.forEach(function (row, index) {
        var cells = kind.columns.map(function (column) { return cell(row, index, column); });
        if (!kind.single) {
          var remove = Console.make("button", { type: "button", "class": "con-remove-row", text: "Remove",
            "aria-label": "Remove " + kind.row + " " + (index + 1) + " of " + spec.label });
          remove.addEventListener("click", function () {
            var now = read();
            now.splice(index, 1);
            render(now);
            write(now);
            (add || wrapper).focus();
          });
          cells.push(remove);
        }
        body.appendChild(Console.make("div", { "class": "con-row", "data-path": L.pathText(kind.single ? segments
          : segments.concat([index])) }, cells));
      });
      field.children = Array.prototype.map.call(body.querySelectorAll(".con-field"), function (/** @type {HTMLElement} */ box) {
        return { wrapper: box, control: box.querySelector("input, select"), spec: { kind: "cell" } };
      });
      enable();
    }

    // The trigger's event name and an action's target only where they mean something.
    function enable() {
      if (!kind.single) { return; }
      var kindControl = body.querySelector("[data-column=kind] select");
      var other = body.querySelector("[data-column=event] input, [data-column=target] input");
      if (kindControl && other) {
        other.disabled = kindControl.value === "launch" || kindControl.value === "" || kindControl.value === "dismiss";
        var label = other.parentNode.querySelector("label");
        if (spec.rows === "action") { label.textContent = kindControl.value === "event" ? "Event name" : "Link URL"; }
      }
    }

    function read() {
      return Array.prototype.map.call(body.querySelectorAll(".con-row"), function (/** @type {HTMLElement} */ line) {
        /** @type {Record<string, string>} */
        var row = {};
        line.querySelectorAll("[data-column]").forEach(function (box) {
          row[/** @type {HTMLElement} */ (box).dataset.column || ""] = /** @type {HTMLInputElement} */ (box.querySelector("input, select")).value;
        });
        return row;
      });
    }

    function reading(rows) {
      var old = L.getPath(Console.draft(), segments);
      if (!kind.single) { return kind.fromRows(rows, old); }
      var result = kind.fromFields(rows[0], old);
      return { value: result.value, errors: result.errors.map(function (/** @type {any} */ error) {
        return { row: 0, column: error.column, message: error.message };
      }) };
    }

    function write(rows) {
      var result = reading(rows);
      Array.prototype.forEach.call(body.querySelectorAll(".con-local-error"), function (node) { node.remove(); });
      result.errors.forEach(function (/** @type {any} */ error) {
        var line = body.querySelectorAll(".con-row")[error.row];
        var box = line && line.querySelector("[data-column=" + error.column + "]");
        if (box) { Console.form.localError(box, error.message, jsonPath(error.column, rows[error.row] || {}) || box.getAttribute("data-path")); }
      });
      L.setPath(Console.draft(), segments, result.value);
      Console.formEdited();
    }

    // The JSON key an error concerns where a column is not a key of its own: the conversion's amount and
    // unit are withinHours, an action's target its url or event.
    function jsonPath(column, row) {
      var key = spec.rows === "conversion" && (column === "amount" || column === "unit") ? "withinHours"
        : spec.rows === "action" && column === "target" ? (row.kind === "url" ? "url" : "event") : null;
      return key ? L.pathText(segments.concat([key])) : null;
    }

    function edited() {
      enable();
      write(read());
    }

    if (add) {
      add.addEventListener("click", function () {
        var now = read();
        /** @type {Record<string, string>} */
        var blank = {};
        kind.columns.forEach(function (/** @type {any[]} */ column) { blank[column[0]] = column[3] ? column[3][0][0] : ""; });
        now.push(blank);
        render(now);
        var first = body.querySelector(".con-row:last-child input, .con-row:last-child select");
        if (first) { first.focus(); }
      });
    }

    // From the draft: rendered again only when the rows shown do not already say its value.
    field.fill = function (/** @type {JSONObject} */ draft) {
      var value = L.getPath(draft, segments);
      if (field.filled && L.sameJSON(reading(read()).value, value)) { return; }
      field.filled = true;
      var rows = kind.single ? (function () { var one = kind.toFields(value); return one ? [one] : null; })() : kind.toRows(value);
      odd.hidden = rows !== null;
      body.hidden = rows === null;
      if (add) { add.hidden = rows === null; }
      render(rows || []);
    };
    field.controls = function () {
      return Array.prototype.slice.call(wrapper.querySelectorAll("input, select"));
    };
    return field;
  }

  Console.rows = { build: build, kinds: kinds };
})();
