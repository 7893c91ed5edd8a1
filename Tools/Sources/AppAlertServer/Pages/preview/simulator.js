(function () {
  var form = /** @type {HTMLFormElement} */ (document.getElementById("simulator"));
  var result = document.getElementById("simulator-result");
  // Fields that take several values, separated by commas (each becomes a parameter of its own).
  var lists = { locale: true, seen: true, attribute: true };
  var query = new URLSearchParams(location.search);
  Array.prototype.forEach.call(form.elements, function (field) {
    if (!field.name) { return; }
    var value = query.has(field.name) ? query.getAll(field.name).join(", ") : field.getAttribute("data-default");
    field.value = value || "";
    field.setAttribute("value", field.value);
  });
  function parameters() {
    var out = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || !field.value.trim()) { return; }
      var values = lists[field.name] ? field.value.split(",") : [field.value];
      values.forEach(function (v) { if (v.trim()) { out.append(field.name, v.trim()); } });
    });
    return out;
  }
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  // The facts the page wrote of message `id` of the feed asked about (its priority, its variants), or null.
  /** @param {number} id */
  function factsOf(id) {
    var feedField = /** @type {HTMLSelectElement | null} */ (form.elements.namedItem("feed"));
    var feed = feedField ? feedField.value : Object.keys(messageFacts)[0];
    var facts = messageFacts[feed] || {};
    return Object.prototype.hasOwnProperty.call(facts, String(id)) ? facts[String(id)] : null;
  }
  // "variant “Control” (A), 7 of 10 shares (70%)", as the cards and the console name it (A, B, C… without a name).
  function variantWords(answer) {
    var facts = factsOf(answer.selected);
    var words = facts && facts.variants ? ExplainWords.variantShareWords(facts.variants, answer.variant) : null;
    if (words) { return "variant " + words; }
    var letter = "";
    for (var n = answer.variant; n >= 0; n = Math.floor(n / 26) - 1) { letter = String.fromCharCode(65 + (n % 26)) + letter; }
    return "variant " + (typeof answer.variantName === "string" ? "“" + answer.variantName + "” (" + letter + ")" : letter);
  }
  // Whether message `id`, were it eligible, would be shown before the one selected (a higher priority, or
  // the same and a higher id): only then does its rollout decide what this install sees.
  function outranks(id, selected) {
    if (selected === null || selected === undefined) { return true; }
    var mine = factsOf(id), theirs = factsOf(selected);
    var mineFirst = mine ? mine.priority : 0, theirsFirst = theirs ? theirs.priority : 0;
    return mineFirst > theirsFirst || (mineFirst === theirsFirst && id > selected);
  }
  // `evaluate`'s option names as the form's labels ("--locale" is Languages): the page names no flag.
  var optionFields = { "--bundle-id": "bundleId", "--app-version": "appVersion", "--build": "build",
    "--os-version": "osVersion", "--platform": "platform", "--locale": "locale", "--install-id": "installId",
    "--now": "now", "--seen": "seen", "--previous-version": "previousVersion", "--attribute": "attribute",
    "--event": "event", "--launch-count": "launchCount", "--installed-at": "installedAt", "--updated-at": "updatedAt",
    "--placement": "placement" };
  function labelOf(option) {
    var field = optionFields[option] ? form.elements.namedItem(optionFields[option]) : null;
    var label = field && /** @type {HTMLElement} */ (field).closest ? /** @type {HTMLElement} */ (field).closest("label") : null;
    return label && label.firstChild ? label.firstChild.textContent.trim() : option.slice(2).replace(/-/g, " ");
  }
  function plainError(text) {
    return String(text).replace(/Missing expected argument '(--[a-z-]+)[^']*'/g, function (all, option) {
      return "Give the " + labelOf(option).toLowerCase() + ".";
    }).replace(/(--[a-z][a-z-]*)(?: <[^>]*>)?/g, function (all, option) { return labelOf(option); }).replace(/^Error: /, "");
  }
  // The install as the form gives it, for the answer's words: { appVersion: "1.5", locale: ["de", "en"], … }.
  function installValues() {
    /** @type {Record<string, string | string[]>} */
    var values = {};
    parameters().forEach(function (value, name) {
      values[name] = lists[name] ? [].concat(values[name] || [], [value]) : value;
    });
    return values;
  }
  function draw(answer, install) {
    result.textContent = "";
    var left = element("div");
    left.appendChild(element("div", "meta", "Install: " + install));
    if (answer.error) {
      left.appendChild(element("p", "error", plainError(answer.error)));
      result.appendChild(left);
      return;
    }
    // A message whose rollout alone decides (no install id given), and which would be shown if it took
    // this install: said as the console says it, and what the other installs see below.
    var depending = (answer.evaluations || []).filter(function (e) {
      return ExplainWords.dependsOnInstall(e) && outranks(e.id, answer.selected);
    });
    depending.forEach(function (e) {
      var facts = factsOf(e.id);
      left.appendChild(element("p", "depends", ExplainWords.dependsWords(e, "message #" + e.id, !!(facts && facts.variants))));
    });
    if (answer.message) {
      var m = answer.message;
      if (depending.length) { left.appendChild(element("p", "meta", "The other installs like this one see message #" + m.id + ":")); }
      var phones = element("div", "phones");
      phones.appendChild(AppAlertPhones.drawPhone(m, false));
      phones.appendChild(AppAlertPhones.drawPhone(m, true));
      /** @type {HTMLElement} */ (phones.firstChild).id = "simulator-message";
      var item = element("div", "item");
      item.appendChild(phones);
      item.appendChild(element("div", "meta", "#" + m.id + (m.localization ? " · " + m.localization : "")
        + (answer.variant !== null && answer.variant !== undefined ? " · " + variantWords(answer) : "")));
      left.appendChild(item);
    } else {
      left.appendChild(element("p", "none", depending.length ? "The other installs like this one see no message."
        : "No message for this install."));
    }
    result.appendChild(left);
    var table = element("table");
    table.id = "simulator-evaluations";
    var header = element("tr");
    ["Message", "Answer", "Decided by", "Why"].forEach(function (h) { header.appendChild(element("th", null, h)); });
    table.appendChild(header);
    var values = installValues();
    (answer.evaluations || []).forEach(function (e) {
      var said = ExplainWords.rowWords(e, answer.selected, values);
      var row = element("tr", e.id === answer.selected ? "chosen" : (e.eligible ? "eligible" : "excluded"));
      row.appendChild(element("td", null, "#" + e.id));
      row.appendChild(element("td", null, ExplainWords.answerWords(e, answer.selected)));
      row.appendChild(element("td", null, said.part));
      var why = element("td", null, said.words);
      if (said.detail) { why.appendChild(element("span", "detail", " (" + said.detail + ")")); }
      row.appendChild(why);
      table.appendChild(row);
    });
    result.appendChild(table);
  }
  function run(remember) {
    var p = parameters();
    if (remember) { history.replaceState(null, "", "?" + p.toString()); }
    var install = [p.get("bundleId"), p.get("appVersion"), p.get("platform"), p.get("osVersion"),
      p.getAll("locale").join("/"), p.get("event") ? "event " + p.get("event") : null]
      .filter(function (v) { return v; }).join(" · ");
    fetch("/_appalert/evaluate?" + p.toString(), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (answer) { draw(answer, install); })
      .catch(function (error) { draw({ error: String(error) }, install); });
  }
  var platformField = /** @type {HTMLSelectElement} */ (form.elements.namedItem("platform"));
  var osField = /** @type {HTMLInputElement} */ (form.elements.namedItem("osVersion"));
  var lastPlatform = platformField.value;
  if (!query.has("osVersion")) {
    osField.value = osDefaults[platformField.value] || "";
    osField.setAttribute("value", osField.value);
  }
  platformField.addEventListener("change", function () {
    // A version left at the previous platform's default follows the platform.
    if (!osField.value || osField.value === osDefaults[lastPlatform]) { osField.value = osDefaults[platformField.value] || ""; }
    lastPlatform = platformField.value;
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); run(true); });
  run(false);
})();
