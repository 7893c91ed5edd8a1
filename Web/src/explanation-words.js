// The words of exclusions (targeting.js records each as a sentence's name and values), written as the Swift
// engine writes them (Sources/AppAlert/Targeting/Exclusion.swift). A page that only shows messages never
// reads them: in the bundle they are in appalert-web-json.js with decisionJSON (loadDecisionJSON()).

import { formatTimestamp } from "./dates.js";
import { whatsNewLaunchWindow } from "./message.js";
import { listed, percentText, swiftDouble } from "./words.js";

/** @typedef {import("./message.js").AttributeValue} AttributeValue */
/** @typedef {import("./version.js").Version} Version */
/** @typedef {import("./version.js").VersionRange} VersionRange */

/** @param {AttributeValue} value */
function attributeWords(value) {
  if (typeof value === "string") return `"${value}"`;
  if (typeof value === "boolean") return value ? "true" : "false";
  return value === Math.round(value) && Math.abs(value) < 1e15 ? String(value) : swiftDouble(value);
}

/** @param {{original: string}[]} tags */
const tagList = (tags) => listed(tags.map((tag) => tag.original));

/**
 * Each sentence by its name, from the values targeting.js recorded.
 * @type {Record<string, (...values: any[]) => string>}
 */
const sentences = {
  bundleId: (/** @type {string[]} */ ids, bundleId) => `for ${listed(ids.map((id) => `"${id}"`))}, not "${bundleId}"`,
  placement: (placement, wanted) => `placed in "${placement}"; this decision is for "${wanted}"`,
  launchTrigger: (event) => `a launch message; this is the event "${event}"`,
  eventTrigger: (wanted, event) => `for the event "${wanted}"; this is ` + (event !== undefined ? `the event "${event}"` : "a launch"),
  platforms: (platform, platforms) => `platform ${platform} is not in platforms ${listed(platforms)}`,
  link: (url, reason) => `link ${url}: ${reason}`,
  versionUnknown: (name, rule, /** @type {Version[]} */ versions) => `${name} is unknown; ${rule} ${listed(versions.map(String))}`,
  versionNotListed: (name, version, rule, /** @type {Version[]} */ versions) =>
    `${name} ${version} is not in ${rule} ${listed(versions.map(String))}`,
  versionUnknownRange: (name, rule, range) => `${name} is unknown; ${rule} "${range.source}"`,
  versionOutOfRange: (/** @type {Version} */ version, /** @type {VersionRange} */ range, rule, name) => {
    let words = `${name} ${version} does not satisfy ${rule} "${range.source}"`;
    if (range.normalized !== range.source) words += ` (${range.normalized})`;
    if (version.isPrerelease && range.contains(version.release)) {
      words += "; a pre-release satisfies a range only where it names a pre-release of the same version";
    }
    return words;
  },
  languageUnknown: (locales) => `the device's language is unknown; locales ${tagList(locales)}`,
  languageNotListed: (language, locales) => `language ${language.original} is not in locales ${tagList(locales)}`,
  startDate: (start, now) => `starts at ${formatTimestamp(start)}, now is ${formatTimestamp(now)}`,
  endDate: (end, now) => `ended at ${formatTimestamp(end)}, now is ${formatTimestamp(now)}`,
  notUpdated: () => "what's new: this install has not been updated (fresh install or downgrade)",
  updateLongAgo: (to, launches) => `what's new: the update to ${to} was ${launches} launches ago (window ${whatsNewLaunchWindow})`,
  updateNotReached: (from, to, source) => `what's new: the update ${from} → ${to} did not reach whatsNew "${source}"`,
  attributeMissing: (key) => `attribute "${key}" is not supplied by the app`,
  attributeOther: (key, value, /** @type {AttributeValue[]} */ values) =>
    `attribute "${key}" is ${attributeWords(value)}, not ${listed(values.map(attributeWords))}`,
  installIds: (installId, count) => `install id ${installId !== undefined ? `"${installId}"` : "unknown"} is not in installIds (${count} listed)`,
  minLaunches: (launches, minimum) => `launch ${launches !== undefined ? launches : "count unknown"}; from launch ${minimum} on`,
  dateUnknown: (what, rule, minimum) => `the date of ${what} is unknown; ${rule} ${minimum}`,
  tooFewDays: (count, what, rule, minimum) => `${count} whole day${count === 1 ? "" : "s"} since ${what}; ${rule} ${minimum}`,
  noInstallId: (percent) => `rollout ${percentText(percent)}% needs an install id, and there is none`,
  outsideRollout: (percent, bucket) => `install is outside the ${percentText(percent)}% rollout (bucket ${percentText(bucket)}%)`,
  seenBefore: (last) => `already seen (id ≤ lastMessageId ${last})`,
  maxViews: (views, maximum) => `already shown ${views} of ${maximum} time${maximum === 1 ? "" : "s"}`,
  minHoursBetweenViews: (last, next) => `shown at ${formatTimestamp(last)}; next showing from ${formatTimestamp(next)}`,
};

/**
 * An exclusion's words.
 * @param {string} sentence @param {unknown[]} values
 */
export const explanationOf = (sentence, values) => sentences[sentence](...values);
