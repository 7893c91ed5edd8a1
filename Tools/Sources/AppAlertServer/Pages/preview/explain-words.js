// `appalert evaluate --json --explain`'s answer in a person's words, for the console's "Who would see it"
// and the preview page's simulator: which part of a message decided, and why, from the rule's name and
// the facts the answer carries beside its words (`range`, `rollout`) and the install as the form gave it
// (no English sentence of the engine is parsed). The engine's own sentence stays a detail, for the rules
// these words leave less precise (which attribute, which date).
// eslint-disable-next-line no-unused-vars
var ExplainWords = (function () {
  "use strict";

  // The part of a message each rule reads, as the console's form names it.
  /** @type {Record<string, string>} */
  var ruleLabels = { bundleId: "App", placement: "Placement", trigger: "Trigger", platforms: "Platforms",
    link: "Links", appVersions: "App versions", appVersionRange: "App version range", osVersions: "OS versions",
    osVersionRange: "OS version range", locales: "Languages", startDate: "Start", endDate: "End",
    whatsNew: "What's new", attributes: "Attributes", installIds: "Only these installs", minLaunches: "From launch number",
    minDaysSinceInstall: "Days since install", minDaysSinceUpdate: "Days since the last update",
    rollout: "Rollout", rolloutSchedule: "Rollout schedule", maxViews: "Times shown", minHoursBetweenViews: "Hours between showings" };

  /** @type {Record<string, string>} */
  var platformNames = { ios: "iOS", ipados: "iPadOS", macos: "macOS", tvos: "tvOS", watchos: "watchOS",
    visionos: "visionOS", linux: "Linux", windows: "Windows", android: "Android", web: "the web" };

  // "2.0.0" as people write it: "2.0" (a patch of 0 left out), "2.0.1", "17.0"; a pre-release as it is.
  /** @param {string} version @returns {string} */
  function versionText(version) {
    return /^\d+\.\d+\.0$/.test(version) ? version.slice(0, -2) : version;
  }

  // A normalized range (`>=2.0.0 <3.0.0-0 || =4.1.0`) in words: "2.0 and later", "from 2.0, before 3.0",
  // "before 3.0", "4.1", alternatives joined by "or". Null for what it does not recognize.
  /** @param {string} normalized @returns {string | null} */
  function rangeWords(normalized) {
    var sets = normalized.split(" || ").map(function (set) {
      if (set === "*") { return "any version"; }
      var low = /** @type {string | null} */ (null);
      var high = /** @type {string | null} */ (null);
      var exact = /** @type {string | null} */ (null);
      var known = set.split(" ").every(function (comparator) {
        var parts = /^(>=|<=|>|<|=)(.+)$/.exec(comparator);
        if (!parts) { return false; }
        // `<3.0.0-0` is how a range says "before 3.0.0, its pre-releases too".
        var version = versionText(parts[1] === "<" ? parts[2].replace(/-0$/, "") : parts[2]);
        if (parts[1] === ">=") { low = version + " and later"; } else if (parts[1] === ">") { low = "after " + version; }
        else if (parts[1] === "<") { high = "before " + version; } else if (parts[1] === "<=") { high = "up to " + version; }
        else { exact = version; }
        return true;
      });
      if (!known) { return null; }
      if (exact !== null) { return exact; }
      if (low !== null && high !== null) { return String(low).replace(/ and later$/, "").replace(/^(?!after)/, "from ") + ", " + high; }
      return low !== null ? low : high;
    });
    return sets.every(function (words) { return words !== null; }) ? sets.join(" or ") : null;
  }

  // A percent as people read it: 50, 12.5, 90.89 (two decimals at most).
  /** @param {number} value @returns {string} */
  function percentText(value) {
    return String(Math.round(value * 100) / 100);
  }

  // An RFC 3339 moment as the console's date fields show one, for a person: the day alone at midnight UTC
  // ("2026-11-30"), else the day and time in UTC ("2026-11-29 09:08 UTC", seconds when there are any, no
  // fraction), or with the offset it was written with ("2026-11-30 10:00+02:00"). Anything else as it is.
  /** @param {string} value @returns {string} */
  function dateWords(value) {
    var parts = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
    if (!parts) { return value; }
    var utc = /^[Zz]$/.test(parts[5]) || parts[5] === "+00:00";
    var seconds = parts[4] && parts[4] !== "00" ? ":" + parts[4] : "";
    if (utc && parts[2] === "00" && parts[3] === "00" && !seconds) { return parts[1]; }
    return parts[1] + " " + parts[2] + ":" + parts[3] + seconds + (utc ? " UTC" : parts[5]);
  }

  // Every RFC 3339 moment inside a sentence (the engine's "starts at 2026-11-30T00:00:00Z, now is …") as
  // dateWords writes it.
  /** @param {string} text @returns {string} */
  function datesIn(text) {
    return text.replace(/\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})/g, dateWords);
  }

  /**
   * One message's line of the answer for a person: `{ part, words, detail }` — the part of the message
   * that decided ("App version range"; "" when it is shown or could be), why in words, and the engine's
   * own sentence where the words leave out a fact (null otherwise).
   * @param {{ id: number, eligible: boolean, rule?: string | null, reason?: string, range?: string,
   *   rollout?: { percent: number, bucket: number | null } }} row
   * @param {number | null | undefined} selected the id of the message shown
   * @param {Record<string, string | string[] | undefined>} install the install as the form gave it
   * @returns {{ part: string, words: string, detail: string | null }}
   */
  function rowWords(row, selected, install) {
    var reason = datesIn(row.reason || "");
    if (row.eligible) {
      if (row.id === selected) { return { part: "", words: "Shown to this install.", detail: null }; }
      return { part: "", words: "Suits this install, but message #" + selected + " is shown instead (a higher "
        + "priority, or the same priority and a higher id).", detail: null };
    }
    var rule = row.rule || "";
    var part = ruleLabels[rule] || rule;
    /** @param {string} name @returns {string} */
    function value(name) {
      var given = install[name];
      return Array.isArray(given) ? given.join(", ") : given || "";
    }
    /** @param {string} words @param {boolean} [detailed] */
    function answer(words, detailed) { return { part: part, words: words, detail: detailed ? reason : null }; }
    var rollout = row.rollout;
    switch (rule) {
      case "bundleId": return answer("Made for another app" + (value("bundleId") ? " than " + value("bundleId") : "") + ".", true);
      case "placement": return answer("Placed elsewhere in the app than "
        + (value("placement") ? "“" + value("placement") + "”" : "at launch") + ".", true);
      case "trigger": return answer(value("event") ? "Not shown at the event “" + value("event") + "”." : "Shown at an event, not at launch.", true);
      case "platforms": return answer("Not made for " + (platformNames[value("platform")] || value("platform") || "this platform") + ".");
      case "link": return answer("It opens a link the app does not allow.", true);
      case "appVersions": case "osVersions": {
        var listName = rule === "appVersions" ? "app" : "OS";
        var listVersion = value(rule === "appVersions" ? "appVersion" : "osVersion");
        return answer(listVersion ? "Only for other " + listName + " versions than " + listVersion + "."
          : "Only for some " + listName + " versions; give this install's " + listName + " version.", true);
      }
      case "appVersionRange": case "osVersionRange": {
        var name = rule === "appVersionRange" ? "App version" : "OS version";
        var version = value(rule === "appVersionRange" ? "appVersion" : "osVersion");
        var range = typeof row.range === "string" ? rangeWords(row.range) : null;
        if (!version) { return answer("Only for some " + name.replace(/^App/, "app") + "s; give this install's.", true); }
        return range ? answer(name + " " + range + " only; this install has " + version + ".")
          : answer("Not for " + name.replace(/^App/, "app") + " " + version + ".", true);
      }
      case "locales": return answer(value("locale") ? "Not for the language " + value("locale") + "." : "Only for some languages; give this install's.", true);
      case "startDate": return answer("Not started yet at this moment.", true);
      case "endDate": return answer("Already over at this moment.", true);
      case "whatsNew": return answer("Only just after an update into the versions it names.", true);
      case "attributes": return answer("An attribute this install has (or lacks) does not match.", true);
      case "installIds": return answer("Only for the test installs it lists.", true);
      case "minLaunches": return answer("Not yet: it waits for more launches.", true);
      case "minDaysSinceInstall": return answer("Not yet: it waits more days after the install.", true);
      case "minDaysSinceUpdate": return answer("Not yet: it waits more days after the last update.", true);
      case "maxViews": return answer("Already shown to this install as often as it may be.", true);
      case "minHoursBetweenViews": return answer("Shown too recently: it waits before showing again.", true);
      case "rollout": case "rolloutSchedule":
        if (rollout && typeof rollout.percent === "number") {
          var share = percentText(rollout.percent) + "%";
          var which = rule === "rolloutSchedule" ? "its rollout schedule reaches " + share + " of installs at this moment"
            : "its rollout reaches " + share + " of installs";
          if (rollout.bucket === null || rollout.bucket === undefined) {
            return answer("Depends on the install: " + which + ", each chosen by its install id; give one to check it.");
          }
          // Installs are in an order fixed by their id (for this message); a rollout of P% takes the first P%.
          return answer("Not among the installs " + (rule === "rolloutSchedule" ? "its rollout schedule reaches at this "
            + "moment" : "its rollout reaches") + " (the first " + share + " of installs, in an order fixed by each "
            + "install's id); this install comes at " + percentText(rollout.bucket / 10000) + "%.");
        }
        return answer("Outside its rollout.", true);
      default: return answer(reason, false);
    }
  }

  /**
   * A variant as an install sees it: "“Control” (A), 1 of 2 equal shares", "B, 3 of 4 shares (75%)",
   * from the message's variants as the feed has them (name and weight); null when there is no such variant.
   * @param {JSONValue} variants @param {number} index
   * @returns {string | null}
   */
  function variantShareWords(variants, index) {
    if (!Array.isArray(variants) || index < 0 || index >= variants.length) { return null; }
    /** @param {JSONValue} variant @returns {number} */
    function weight(variant) {
      var value = variant !== null && typeof variant === "object" && !Array.isArray(variant) ? variant.weight : undefined;
      return typeof value === "number" && value >= 1 ? value : 1;
    }
    var letter = "";
    for (var n = index; n >= 0; n = Math.floor(n / 26) - 1) { letter = String.fromCharCode(65 + (n % 26)) + letter; }
    var own = variants[index];
    var name = own !== null && typeof own === "object" && !Array.isArray(own) && typeof own.name === "string" ? own.name : null;
    var total = variants.reduce(function (sum, variant) { return sum + weight(variant); }, 0);
    var equal = variants.every(function (variant) { return weight(variant) === weight(variants[0]); });
    var share = equal ? "1 of " + variants.length + " equal shares"
      : weight(own) + " of " + total + " shares (" + percentText(weight(own) / total * 100) + "%)";
    return (name !== null ? "“" + name + "” (" + letter + ")" : letter) + ", " + share;
  }

  // Whether a message's answer waits for an install id: every rule before its rollout let the install in,
  // and only the id decides.
  /** @param {{ eligible: boolean, rollout?: { percent: number, bucket: number | null } }} row @returns {boolean} */
  function dependsOnInstall(row) {
    return !row.eligible && !!row.rollout && typeof row.rollout.percent === "number"
      && (row.rollout.bucket === null || row.rollout.bucket === undefined);
  }

  /**
   * Such a message for a person, as the console and the preview say it: "It depends on the install: 50% of
   * installs like this one see this message (its rollout), each chosen by its install id, as is its variant.
   * Give an install id to check one of them."
   * @param {{ rule?: string | null, rollout?: { percent: number, bucket: number | null } }} row
   * @param {string} subject "this message", "message #2" @param {boolean} withVariants
   * @returns {string}
   */
  function dependsWords(row, subject, withVariants) {
    var percent = row.rollout ? row.rollout.percent : 0;
    return "It depends on the install: " + percentText(percent) + "% of installs like this one see " + subject + " (its "
      + (row.rule === "rolloutSchedule" ? "rollout schedule, at this moment" : "rollout") + "), each chosen by its install id"
      + (withVariants ? ", as is its variant" : "") + ". Give an install id to check one of them.";
  }

  // A message's answer in the every-message table: shown, could be shown, depends on the install, not shown.
  /** @param {{ id: number, eligible: boolean, rollout?: { percent: number, bucket: number | null } }} row
   * @param {number | null | undefined} selected @returns {string} */
  function answerWords(row, selected) {
    return row.id === selected ? "shown" : row.eligible ? "could be shown"
      : dependsOnInstall(row) ? "depends on the install" : "not shown";
  }

  // A sentence continuing another, after a colon: "Not started…" → "not started…" ("OS version" stays).
  /** @param {string} words @returns {string} */
  function continuing(words) {
    return /^[A-Z][a-z]/.test(words) ? words.charAt(0).toLowerCase() + words.slice(1) : words;
  }

  return { rowWords: rowWords, continuing: continuing, dateWords: dateWords, datesIn: datesIn,
    dependsOnInstall: dependsOnInstall, dependsWords: dependsWords, answerWords: answerWords, rangeWords: rangeWords, percentText: percentText, ruleLabels: ruleLabels,
    variantShareWords: variantShareWords };
})();
