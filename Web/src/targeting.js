// The restrictions of the feed contract applied to one message for one install, in the Swift engine's
// order, with its words (Sources/AppAlert/Targeting/Targeting.swift, Exclusion.swift, Rollout.swift).

import { sha256 } from "./digest.js";
import { rolloutPercent, whatsNewLaunchWindow } from "./message.js";

/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").AttributeValue} AttributeValue */
/** @typedef {import("./version.js").Version} Version */
/** @typedef {import("./version.js").VersionRange} VersionRange */

/**
 * Everything about one install that decides which message it sees; nothing is read from globals.
 * @typedef {object} EvaluationContext
 * @property {string} bundleId
 * @property {Version | undefined} appVersion
 * @property {string} [build]
 * @property {string} platform lower-cased
 * @property {Version} [osVersion]
 * @property {import("./language.js").LanguageTag[]} preferredLanguages
 * @property {string} [installId]
 * @property {number} now seconds since 1970
 * @property {{from: Version, to: Version, launchesSince: number}} [recentUpdate]
 * @property {import("./link-policy.js").LinkPolicy} linkPolicy
 * @property {Map<string, AttributeValue>} attributes
 * @property {string} [event]
 * @property {string} placement
 * @property {number | undefined} launchCount
 * @property {number} [installedAt]
 * @property {number} [updatedAt]
 */

/**
 * What an install has been shown, per message id, and the tutorial's lastMessageId watermark.
 * @typedef {object} ViewHistory
 * @property {Map<number, {count: number, lastShown?: number}>} records
 * @property {number} [legacyLastMessageId]
 */

/**
 * The rule that leaves a message out, and why in words. The words are written when `explanation` is read,
 * from the sentence and values recorded, by explanation-words.js: imported with src/index.js (and by
 * decision-json.js), and in the bundle loaded by loadDecisionJSON() (appalert-web-json.js), since a page
 * that shows messages never reads them.
 * With the facts behind them for a page's own words: `range` (a version range missed, normalized) and
 * `rollout` (`{percent, bucket}`, bucket null without an install id), as the Swift engine's `Exclusion`.
 * @typedef {{rule: string, readonly explanation: string, range?: string, rollout?: {percent: number, bucket: number | null}}} Exclusion
 */

/** @type {((sentence: string, values: unknown[]) => string) | undefined} */
let explain;

/**
 * Sets what writes exclusions' words (explanation-words.js's explanationOf).
 * @param {(sentence: string, values: unknown[]) => string} writer
 */
export function useExplanationWords(writer) {
  explain = writer;
}

/**
 * @param {string} rule @param {string} sentence a sentence of explanation-words.js @param {unknown[]} values its values
 * @returns {Exclusion}
 */
function exclude(rule, sentence, ...values) {
  return {
    rule,
    get explanation() {
      if (explain === undefined) throw new Error("the explanations' words are not loaded: await loadDecisionJSON() first");
      return explain(sentence, values);
    },
  };
}

/**
 * @param {ViewHistory} history
 * @param {number} id
 */
export function viewsOf(history, id) {
  const counted = history.records.get(id)?.count ?? 0;
  if (history.legacyLastMessageId !== undefined && id <= history.legacyLastMessageId) return Math.max(counted, 1);
  return counted;
}

/**
 * The first eight bytes of SHA-256 of `text`, big-endian.
 * @param {string} text
 */
export async function hashPrefix(text) {
  const digest = await sha256(new TextEncoder().encode(text));
  let value = 0n;
  for (let index = 0; index < 8; index += 1) value = (value << 8n) | BigInt(digest[index]);
  return value;
}

export const bucketCount = 1_000_000;

/**
 * The install's rollout bucket for a message, 0 to 999,999.
 * @param {number} messageId
 * @param {string} installId
 */
export async function rolloutBucket(messageId, installId) {
  return Number((await hashPrefix(`appalert-rollout:${messageId}:${installId}`)) % BigInt(bucketCount));
}

/**
 * @param {number} bucket
 * @param {number} percent
 */
export function rolloutIncludes(bucket, percent) {
  if (percent >= 100) return true;
  if (percent <= 0) return false;
  return bucket < Math.round((percent * bucketCount) / 100);
}

/**
 * The variant an install gets.
 * @param {number} messageId
 * @param {string | undefined} installId
 * @param {number[]} weights
 */
export async function variantIndex(messageId, installId, weights) {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (installId === undefined || weights.length <= 1 || total <= 0) return 0;
  const value = await hashPrefix(`appalert-variant:${messageId}:${installId}`);
  let point = Number(value % BigInt(total));
  for (const [index, weight] of weights.entries()) {
    if (point < weight) return index;
    point -= Math.max(0, weight);
  }
  return weights.length - 1;
}

/**
 * @param {string} platform
 * @param {string} device
 */
const targets = (platform, device) => platform === device || (platform === "ios" && device === "ipados");

/**
 * The first rule that excludes `message`, or undefined when every restriction holds.
 * @param {Message} message @param {EvaluationContext} context @param {ViewHistory} history
 * @returns {Promise<Exclusion | undefined>}
 */
export async function exclusionOf(message, context, history) {
  if (!message.bundleIds.some((id) => id === context.bundleId || id === "*")) {
    return exclude("bundleId", "bundleId", message.bundleIds, context.bundleId);
  }
  if (message.placement !== context.placement) {
    return exclude("placement", "placement", message.placement, context.placement);
  }
  const trigger = context.placement === "launch" ? message.trigger : "launch";
  if (trigger === "launch") {
    if (context.event !== undefined) return exclude("trigger", "launchTrigger", context.event);
  } else if (context.event !== trigger.event) {
    return exclude("trigger", "eventTrigger", trigger.event, context.event);
  }
  if (message.platforms !== undefined && !message.platforms.some((p) => targets(p, context.platform))) {
    return exclude("platforms", "platforms", context.platform, message.platforms);
  }
  if (
    message.link !== undefined || message.localizations.length > 0 || message.buttons !== undefined ||
    message.action !== undefined || message.variants.length > 0
  ) {
    const refused = context.linkPolicy.refusalOfMessage(message);
    if (refused) return exclude("link", "link", refused.url, refused.reason);
  }
  const versionList = (/** @type {Version | undefined} */ version, /** @type {Version[]} */ versions, /** @type {string} */ rule, /** @type {string} */ name) => {
    if (version === undefined) return exclude(rule, "versionUnknown", name, rule, versions);
    if (versions.some((v) => v.equals(version))) return undefined;
    return exclude(rule, "versionNotListed", name, version, rule, versions);
  };
  const versionRange = (/** @type {Version | undefined} */ version, /** @type {VersionRange} */ range, /** @type {string} */ rule, /** @type {string} */ name) => {
    if (version === undefined) return exclude(rule, "versionUnknownRange", name, rule, range);
    if (range.contains(version)) return undefined;
    return Object.assign(exclude(rule, "versionOutOfRange", version, range, rule, name), { range: range.normalized });
  };
  /** @type {Exclusion | undefined} */
  let found;
  if (message.appVersions && (found = versionList(context.appVersion, message.appVersions, "appVersions", "app version"))) return found;
  if (message.appVersionRange && (found = versionRange(context.appVersion, message.appVersionRange, "appVersionRange", "app version"))) return found;
  if (message.osVersions && (found = versionList(context.osVersion, message.osVersions, "osVersions", "OS version"))) return found;
  if (message.osVersionRange && (found = versionRange(context.osVersion, message.osVersionRange, "osVersionRange", "OS version"))) return found;
  if (message.locales !== undefined) {
    const language = context.preferredLanguages[0];
    if (language === undefined) return exclude("locales", "languageUnknown", message.locales);
    if (!message.locales.some((l) => l.matches(language))) return exclude("locales", "languageNotListed", language, message.locales);
  }
  if (message.startDate !== undefined && context.now < message.startDate) {
    return exclude("startDate", "startDate", message.startDate, context.now);
  }
  if (message.endDate !== undefined && context.now >= message.endDate) {
    return exclude("endDate", "endDate", message.endDate, context.now);
  }
  if (message.whatsNew !== undefined) {
    const update = context.recentUpdate;
    if (update === undefined) return exclude("whatsNew", "notUpdated");
    if (update.launchesSince > whatsNewLaunchWindow) return exclude("whatsNew", "updateLongAgo", update.to, update.launchesSince);
    if (!message.whatsNew.containsRelease(update.from, update.to)) {
      return exclude("whatsNew", "updateNotReached", update.from, update.to, message.whatsNew.source);
    }
  }
  for (const condition of message.attributes) {
    const value = context.attributes.get(condition.key);
    if (value === undefined) return exclude("attributes", "attributeMissing", condition.key);
    if (!condition.values.some((v) => typeof v === typeof value && v === value)) {
      return exclude("attributes", "attributeOther", condition.key, value, condition.values);
    }
  }
  if (message.installIds !== undefined) {
    if (context.installId === undefined || !message.installIds.includes(context.installId)) {
      return exclude("installIds", "installIds", context.installId, message.installIds.length);
    }
  }
  if (message.minLaunches !== undefined) {
    if (context.launchCount === undefined || context.launchCount < message.minLaunches) {
      return exclude("minLaunches", "minLaunches", context.launchCount, message.minLaunches);
    }
  }
  const days = (/** @type {number | undefined} */ start, /** @type {number} */ minimum, /** @type {string} */ rule, /** @type {string} */ what) => {
    if (start === undefined) return exclude(rule, "dateUnknown", what, rule, minimum);
    const count = Math.floor((context.now - start) / 86400);
    if (count >= minimum) return undefined;
    return exclude(rule, "tooFewDays", count, what, rule, minimum);
  };
  if (message.minDaysSinceInstall !== undefined && (found = days(context.installedAt, message.minDaysSinceInstall, "minDaysSinceInstall", "the install"))) return found;
  if (message.minDaysSinceUpdate !== undefined && (found = days(context.updatedAt, message.minDaysSinceUpdate, "minDaysSinceUpdate", "the last update"))) return found;
  const percentNow = message.installIds === undefined ? rolloutPercent(message, context.now) : 100;
  if (percentNow < 100) {
    const rule = message.rolloutSchedule === undefined ? "rollout" : "rolloutSchedule";
    if (context.installId === undefined) {
      return Object.assign(exclude(rule, "noInstallId", percentNow), { rollout: { percent: percentNow, bucket: null } });
    }
    const bucket = await rolloutBucket(message.id, context.installId);
    if (!rolloutIncludes(bucket, percentNow)) {
      return Object.assign(exclude(rule, "outsideRollout", percentNow, (bucket / bucketCount) * 100), { rollout: { percent: percentNow, bucket } });
    }
  }
  const views = viewsOf(history, message.id);
  if (views >= message.maxViews) {
    if (!history.records.has(message.id)) return exclude("maxViews", "seenBefore", history.legacyLastMessageId ?? 0);
    return exclude("maxViews", "maxViews", views, message.maxViews);
  }
  const last = history.records.get(message.id)?.lastShown;
  if (views > 0 && message.minHoursBetweenViews !== undefined && last !== undefined) {
    const next = last + message.minHoursBetweenViews * 3600;
    if (context.now < next) {
      return exclude("minHoursBetweenViews", "minHoursBetweenViews", last, next);
    }
  }
  return undefined;
}
