// The install a decision is made for, from the options `appalert evaluate` takes (Tools/Sources/
// AppAlertCommands/DecisionOptions.swift, InstallOptions.swift, CampaignOptions.swift), checked in
// the same order with the same words, so `appalert-web evaluate` and the conformance cases read them alike.

import { Version } from "./version.js";
import { LanguageTag } from "./language.js";
import { parseTimestamp } from "./dates.js";
import { LinkPolicy, forbiddenSchemes } from "./link-policy.js";
import { knownPlatforms, isValidEventName } from "./reader.js";
import { scalarJSON } from "./json-fast.js";

/**
 * The options of a decision, as `appalert evaluate`'s flags spell them (repeatable ones as arrays).
 * @typedef {object} DecisionOptions
 * @property {string} bundleId
 * @property {string} appVersion
 * @property {string} [build]
 * @property {string} [osVersion]
 * @property {string} [platform] default: the host's platform
 * @property {string[]} [locale]
 * @property {string[]} [allowLinkScheme]
 * @property {string[]} [allowLinkHost]
 * @property {string} [installId]
 * @property {string} [now] RFC 3339; default: the injected clock
 * @property {string[]} [seen] ID or ID:COUNT
 * @property {number} [lastMessageId]
 * @property {string} [previousVersion]
 * @property {number} [launchesSinceUpdate]
 * @property {string[]} [attribute] KEY=VALUE
 * @property {string} [event]
 * @property {number} [launchCount]
 * @property {string} [installedAt]
 * @property {string} [updatedAt]
 * @property {string} [placement]
 */

/** An option value that cannot be used: the command exits 2 with this message. */
export class InputError extends Error {}

/**
 * @param {string} text
 * @param {string} option
 */
function version(text, option) {
  try {
    return Version.parse(text);
  } catch (error) {
    throw new InputError(`${option}: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * @param {string} text
 * @param {string} option
 */
function time(text, option) {
  try {
    return parseTimestamp(text);
  } catch (error) {
    throw new InputError(`${option}: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * @param {string} entry
 * @returns {[string, string | number | boolean]}
 */
function attribute(entry) {
  const equals = entry.indexOf("=");
  if (equals <= 0) throw new InputError(`--attribute: "${entry}" is not KEY=VALUE`);
  const key = entry.slice(0, equals);
  const text = entry.slice(equals + 1);
  // A JSON boolean, number or string as parseJSON reads it; anything else (not JSON too) is the text itself.
  return [key, scalarJSON(text) ?? text];
}

/**
 * The install's context for a decision, or an InputError naming the option at fault.
 * @param {DecisionOptions} options
 * @param {{now: () => Date, platform: string}} environment the clock and the host's platform
 * @returns {import("./targeting.js").EvaluationContext}
 */
export function makeContext(options, environment) {
  const appVersion = version(options.appVersion, "--app-version");
  const osVersion = options.osVersion === undefined ? undefined : version(options.osVersion, "--os-version");
  const platform = (options.platform ?? environment.platform).toLowerCase();
  if (options.platform !== undefined && !knownPlatforms.includes(platform)) {
    throw new InputError(`--platform: unknown platform "${options.platform}" (known: ${knownPlatforms.join(", ")})`);
  }
  /** @type {LanguageTag[]} */
  const languages = [];
  for (const text of options.locale ?? []) {
    const tag = new LanguageTag(text);
    if (!tag.isWellFormed || (tag.subtags.length === 1 && tag.subtags[0] === "*")) {
      throw new InputError(`--locale: "${text}" is not a BCP 47 language tag (e.g. pt-BR)`);
    }
    languages.push(tag);
  }
  for (const scheme of options.allowLinkScheme ?? []) {
    if (forbiddenSchemes.has(scheme.toLowerCase())) {
      throw new InputError(`--allow-link-scheme: ${scheme}: is never allowed (it runs code or reads local data)`);
    }
  }
  const hosts = options.allowLinkHost ?? [];
  const linkPolicy = new LinkPolicy(["https", ...(options.allowLinkScheme ?? [])], hosts.length === 0 ? undefined : hosts);
  /** @type {import("./targeting.js").EvaluationContext["recentUpdate"]} */
  let recentUpdate;
  if (options.previousVersion !== undefined) {
    const from = version(options.previousVersion, "--previous-version");
    const launches = options.launchesSinceUpdate ?? 1;
    if (launches < 1) throw new InputError("--launches-since-update: must be 1 or more");
    if (from.compare(appVersion) < 0) recentUpdate = { from, to: appVersion, launchesSince: launches };
  }
  const now = options.now === undefined ? environment.now().getTime() / 1000 : time(options.now, "--now");
  /** @type {Map<string, string | number | boolean>} */
  const attributes = new Map();
  for (const entry of options.attribute ?? []) {
    const [key, value] = attribute(entry);
    attributes.set(key, value);
  }
  if (options.event !== undefined && !isValidEventName(options.event)) {
    throw new InputError(`--event: "${options.event}" is not an event name (1 to 64 letters, digits, _, - or .)`);
  }
  const launchCount = options.launchCount ?? 1;
  if (launchCount < 1) throw new InputError("--launch-count: must be 1 or more");
  const installedAt = options.installedAt === undefined ? undefined : time(options.installedAt, "--installed-at");
  const updatedAt = options.updatedAt === undefined ? undefined : time(options.updatedAt, "--updated-at");
  const placement = options.placement ?? "launch";
  if (!(placement === "launch" || placement === "inbox" || isValidEventName(placement))) {
    throw new InputError(
      `--placement: "${[...placement].slice(0, 100).join("")}" is not launch or a slot name (1 to 64 letters, digits, -, _ or .)`,
    );
  }
  if (placement === "inbox") {
    throw new InputError("--placement inbox: the inbox lists every admitted message; use appalert inbox");
  }
  return {
    bundleId: options.bundleId, appVersion, build: options.build, platform, osVersion, preferredLanguages: languages,
    installId: options.installId, now, recentUpdate, linkPolicy, attributes, event: options.event, placement,
    launchCount, installedAt, updatedAt,
  };
}

/**
 * What the install has seen, from --seen and --last-message-id.
 * @param {DecisionOptions} options
 * @returns {import("./targeting.js").ViewHistory}
 */
export function makeHistory(options) {
  /** @type {import("./targeting.js").ViewHistory} */
  const history = { records: new Map(), legacyLastMessageId: options.lastMessageId };
  const integer = (/** @type {string} */ text) =>
    /^[+-]?[0-9]+$/.test(text) && Math.abs(Number(text)) < 2 ** 63 ? Number(text) : undefined;
  for (const entry of options.seen ?? []) {
    const parts = entry.split(":");
    const id = parts.length <= 2 ? integer(parts[0]) : undefined;
    const count = parts.length === 2 ? integer(parts[1]) : 1;
    if (id === undefined || id < 1 || count === undefined || count < 1) {
      throw new InputError(`--seen: "${entry}" is not ID or ID:COUNT (e.g. 5 or 5:2)`);
    }
    const record = history.records.get(id) ?? { count: 0 };
    record.count += count;
    history.records.set(id, record);
  }
  return history;
}
