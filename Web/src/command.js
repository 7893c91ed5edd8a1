// `appalert evaluate` and `appalert version` as functions of their arguments and input, with no
// process or file access: bin/appalert-web.js runs them, and the tests call them in-process
// (`appalert update-check` is update-command.js, which writes its output with these helpers).

import { decodeFeed, UnsupportedError } from "./feed.js";
import { FeedError, useDiagnosticWords } from "./diagnostics.js";
import { reasonOf } from "./diagnostic-words.js";
import { InputError, makeContext, makeHistory } from "./install.js";
import { decide } from "./select.js";
import { decisionJSON, evaluationReason } from "./decision-json.js";
import { Version, VersionRange } from "./version.js";
import { quoteJSON } from "./json.js";

// The command prints every diagnostic in words: they are loaded with it.
useDiagnosticWords(reasonOf);

/** @typedef {{exitCode: number, stdout: string, stderr: string}} CommandOutput */
/** @typedef {import("./install.js").DecisionOptions} DecisionOptions */

/**
 * The options of `appalert evaluate` that take a value: flag → [DecisionOptions key, repeatable, integer].
 * @type {Record<string, [string, boolean, boolean]>}
 */
export const valueOptions = {
  "--bundle-id": ["bundleId", false, false],
  "--app-version": ["appVersion", false, false],
  "--build": ["build", false, false],
  "--os-version": ["osVersion", false, false],
  "--platform": ["platform", false, false],
  "--locale": ["locale", true, false],
  "--allow-link-scheme": ["allowLinkScheme", true, false],
  "--allow-link-host": ["allowLinkHost", true, false],
  "--install-id": ["installId", false, false],
  "--now": ["now", false, false],
  "--seen": ["seen", true, false],
  "--last-message-id": ["lastMessageId", false, true],
  "--previous-version": ["previousVersion", false, false],
  "--launches-since-update": ["launchesSinceUpdate", false, true],
  "--attribute": ["attribute", true, false],
  "--event": ["event", false, false],
  "--launch-count": ["launchCount", false, true],
  "--installed-at": ["installedAt", false, false],
  "--updated-at": ["updatedAt", false, false],
  "--placement": ["placement", false, false],
};

/** @param {number} value */
const isNeutralizedScalar = (value) =>
  value <= 0x1f || (value >= 0x7f && value <= 0x9f) || (value >= 0x202a && value <= 0x202e) ||
  (value >= 0x2066 && value <= 0x2069) || value === 0x200e || value === 0x200f || value === 0x061c;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**

 * Text as a terminal can show it: each character with a control in it replaced by a space.

 * @param {string} text

 */
export function neutralized(text) {
  let out = "";
  for (const { segment } of graphemes.segment(text)) {
    const hasControl = [...segment].some((ch) => isNeutralizedScalar(/** @type {number} */ (ch.codePointAt(0))));
    out += segment !== "\n" && hasControl ? " " : segment;
  }
  return out;
}

/**

 * Each scalar a terminal must not see, written as a JSON escape (JSON text stays exact).

 * @param {string} text

 */
export function escaped(text) {
  let out = "";
  for (const ch of text) {
    const value = /** @type {number} */ (ch.codePointAt(0));
    out += isNeutralizedScalar(value) ? "\\u" + value.toString(16).toUpperCase().padStart(4, "0") : ch;
  }
  return out;
}

/**
 * JSON written as the Swift tools write it: two spaces, "key": value.
 * @param {unknown} value @param {number} [indent] @returns {string}
 */
export function prettyJSON(value, indent = 0) {
  const pad = (/** @type {number} */ n) => "\n" + "  ".repeat(n);
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return quoteJSON(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return "[" + value.map((e) => pad(indent + 1) + prettyJSON(e, indent + 1)).join(",") + pad(indent) + "]";
  }
  const entries = Object.entries(/** @type {Record<string, unknown>} */ (value));
  if (entries.length === 0) return "{}";
  return (
    "{" + entries.map(([k, v]) => pad(indent + 1) + quoteJSON(k) + ": " + prettyJSON(v, indent + 1)).join(",") + pad(indent) + "}"
  );
}

/**

 * @param {string} message

 * @param {number} [code]

 * @returns {CommandOutput}

 */
export function failure(message, code = 2) {
  return { exitCode: code, stdout: "", stderr: neutralized(`appalert: ${message}`) + "\n" };
}

/**
 * The feed's bytes, or the failure to print when they cannot be read.
 * @param {() => Uint8Array} readFeed throws an Error with the message to print when it cannot read
 * @returns {Uint8Array | CommandOutput}
 */
export function feedBytes(readFeed) {
  try {
    return readFeed();
  } catch (error) {
    return failure(/** @type {Error} */ (error).message);
  }
}

/**
 * `appalert evaluate`: the decision for one install, as JSON or text.
 * @param {DecisionOptions} options
 * @param {() => Uint8Array} readFeed the feed's bytes; throws an Error with the message to print when it cannot be read
 * @param {{name: string, json: boolean, explain: boolean, now: () => Date, platform: string}} settings
 * @returns {Promise<CommandOutput>}
 */
export async function evaluate(options, readFeed, settings) {
  let context;
  let history;
  try {
    context = makeContext(options, settings);
    history = makeHistory(options);
  } catch (error) {
    if (error instanceof InputError) return failure(error.message);
    throw error;
  }
  const bytes = feedBytes(readFeed);
  if (!(bytes instanceof Uint8Array)) return bytes;
  let result;
  try {
    result = decodeFeed(bytes);
  } catch (error) {
    if (error instanceof FeedError) return failure(`${settings.name}: ${error.reason}`);
    if (error instanceof UnsupportedError) return failure(`${settings.name}: ${error.message}`, 3);
    throw error;
  }
  let stderr = "";
  for (const d of result.diagnostics) {
    if (d.severity !== "error") continue;
    stderr += neutralized(`${settings.name}: error: ${d.path}${d.messageId !== null ? ` (message ${d.messageId})` : ""}: ${d.reason}`) + "\n";
  }
  const decision = await decide(result.feed.messages, context, history, settings.explain);
  let stdout;
  if (settings.json) {
    stdout = prettyJSON(decisionJSON(decision, result.feed, settings.explain)).split("\n").map(escaped).join("\n") + "\n";
  } else {
    stdout = textReport(decision, result.feed, context, settings.explain);
  }
  return { exitCode: 0, stdout, stderr };
}

/**
 * The decision in words, as `appalert evaluate` prints it without --json.
 * @param {import("./select.js").MessageDecision} decision @param {import("./message.js").Feed} feed
 * @param {import("./targeting.js").EvaluationContext} context @param {boolean} explain
 */
function textReport(decision, feed, context, explain) {
  /** @type {string[]} */
  const lines = [];
  const install =
    `${context.bundleId} ${context.appVersion?.toString() ?? "?"} on ${context.platform}` +
    (context.osVersion ? ` ${context.osVersion}` : "");
  const message = decision.message;
  /** @param {import("./message.js").Action} action */
  const actionWords = (action) => (action === "dismiss" ? "dismiss" : "url" in action ? action.url : `event ${action.event}`);
  if (message) {
    lines.push(`Message ${message.id} for ${install}:`, "", `  ${message.title}`);
    for (const line of message.text.split("\n")) lines.push(`  ${line}`);
    for (const feature of message.features ?? []) lines.push(`  • ${feature.title}` + (feature.text !== undefined ? `: ${feature.text}` : ""));
    if (message.image) lines.push(`  (image ${message.image.url}` + (message.image.alt !== undefined ? `, alt "${message.image.alt}"` : "") + ")");
    const facts = [];
    if (message.layout !== "alert") facts.push(`layout ${message.layout}`);
    if (message.bannerSeconds !== undefined) facts.push(`${message.bannerSeconds} s on screen`);
    if (message.placement !== "launch") facts.push(`placement ${message.placement}`);
    if (message.data.size > 0) facts.push("data " + [...message.data.keys()].sort().join(", "));
    if (message.conversion) facts.push(`conversion: event ${message.conversion.event} within ${message.conversion.withinHours} h`);
    if (facts.length > 0) lines.push("  (" + facts.join("; ") + ")");
    lines.push("");
    if (message.action !== undefined) {
      lines.push(`  (a tap: ${actionWords(message.action)})`);
    } else {
      const ordered =
        message.layout === "alert"
          ? [...message.buttons.filter((b) => b.action === "dismiss"), ...message.buttons.filter((b) => b.action !== "dismiss")]
          : message.buttons;
      lines.push("  " + ordered.map((b) => `[${b.action === "dismiss" ? b.title : `${b.title} → ${actionWords(b.action)}`}]`).join("  "));
    }
    if (!message.dismissible) lines.push("  (not dismissible)");
    if (message.localization) lines.push(`  (localization ${message.localization.original})`);
    const source = feed.messages.find((m) => m.id === message.id);
    if (message.variant !== undefined && source) {
      const total = source.variants.reduce((sum, v) => sum + v.weight, 0);
      const weight = source.variants[message.variant]?.weight ?? 0;
      lines.push(`  (variant ${message.variant + 1} of ${source.variants.length}: variants[${message.variant}], weight ${weight} of ${total})`);
    }
  } else {
    const count = feed.messages.length;
    lines.push(`No message for ${install} (${count} usable message${count === 1 ? "" : "s"} in the feed).`);
  }
  if (explain) {
    lines.push("", "Evaluations:");
    const width = Math.max(1, ...decision.evaluations.map((e) => String(e.id).length));
    for (const evaluation of decision.evaluations) {
      const id = String(evaluation.id);
      const line =
        evaluation.outcome === "selected" ? "selected"
        : evaluation.outcome === "outranked" ? `eligible, not chosen: message ${evaluation.outrankedBy} ranks higher (priority, then id)`
        : `excluded by ${evaluation.exclusion?.rule}: ${evaluationReason(evaluation)}`;
      lines.push(`  ${" ".repeat(width - id.length)}${id}  ${line}`);
    }
  }
  return lines.map(neutralized).join("\n") + "\n";
}

/**

 * `appalert version compare A B`.

 * @param {string} a

 * @param {string} b

 * @returns {CommandOutput}

 */
export function versionCompare(a, b) {
  let first;
  let second;
  try {
    first = Version.parse(a);
  } catch (error) {
    return failure(`A: ${/** @type {Error} */ (error).message}`);
  }
  try {
    second = Version.parse(b);
  } catch (error) {
    return failure(`B: ${/** @type {Error} */ (error).message}`);
  }
  return { exitCode: 0, stdout: `${first.compare(second)}\n`, stderr: "" };
}

/**

 * `appalert version satisfies VERSION RANGE`.

 * @param {string} version

 * @param {string} range

 * @returns {CommandOutput}

 */
export function versionSatisfies(version, range) {
  let parsedVersion;
  let parsedRange;
  try {
    parsedVersion = Version.parse(version);
  } catch (error) {
    return failure(`VERSION: ${/** @type {Error} */ (error).message}`);
  }
  try {
    parsedRange = VersionRange.parse(range);
  } catch (error) {
    return failure(`RANGE: ${/** @type {Error} */ (error).message}`);
  }
  const satisfied = parsedRange.contains(parsedVersion);
  return { exitCode: satisfied ? 0 : 1, stdout: satisfied ? "true\n" : "false\n", stderr: "" };
}
