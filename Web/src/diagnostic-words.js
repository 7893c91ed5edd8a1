// The words of the feed's diagnostics: each sentence a reader records by name (diagnostics.js, Words),
// written exactly as the Swift engine writes it. In the bundle this is a file of its own,
// appalert-web-words.js, that a page loads only when it has a diagnostic to report (feed.js,
// loadDiagnosticWords); src/index.js and the command load it at once.

import { closestKey, escapedControls, excerpt } from "./diagnostics.js";
import { messageKeys } from "./message-keys.js";
import { percentText } from "./words.js";
import { compactDescription } from "./json.js";

/** @param {string | undefined} misspelt */
const misspelling = (misspelt) => (misspelt !== undefined ? ` (is "${misspelt}" a misspelling of it?)` : "");
/**
 * The unknown key written in a message that is probably `key` (or `other`) misspelt, if any: the readers
 * record the message's unknown keys, and the words work out which (that is not needed in the page until
 * the words are).
 * @param {string[] | undefined} written @param {string} key @param {string} [other]
 */
function misspeltAs(written, key, other) {
  return written?.find((w) => {
    const meant = closestKey(w, messageKeys);
    return meant === key || (other !== undefined && meant === other);
  });
}
/** @param {string | undefined} suggestion */
const didYouMean = (suggestion) => (suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : "");
/** @param {string} layout */
const withArticle = (layout) => (layout === "alert" || layout === "image" ? "an " : "a ") + layout;
/** @param {string[]} layouts */
const knownLayouts = (layouts) => '"layout" is one of ' + layouts.map((n) => `"${n}"`).join(", ");

/**
 * Key names quoted and listed: `"title"`, `"title" and "text"`, `"title", "text" and "buttons"`.
 * @param {string[]} names
 */
function listed(names) {
  const quoted = names.map((name) => `"${name}"`);
  return quoted.length < 2 ? quoted.join("") : quoted.slice(0, -1).join(", ") + " and " + quoted[quoted.length - 1];
}
/**
 * A variant as the warnings name it: `variant "Discount"` by its name, else `variant B` by its letter
 * (A to Z, then AA, AB… as spreadsheet columns: Message.variantLetter).
 * @param {string | undefined} name @param {number} index
 */
function variantNamed(name, index) {
  if (name !== undefined) return `variant "${name}"`;
  let letters = "";
  for (let number = index + 1; number > 0; number = Math.floor(number / 26)) {
    number -= 1;
    letters = String.fromCharCode(65 + (number % 26)) + letters;
  }
  return `variant ${letters}`;
}

/**
 * Why a URL is not absolute, in words.
 * @param {string} text @param {string | undefined} scheme the scheme it starts with, lower-cased
 * @param {string} example
 */
function notAbsolute(text, scheme, example) {
  const quoted = `"${text}"`;
  if (text === "") return `the URL is empty (e.g. ${example})`;
  if (text.startsWith(" ") || text.endsWith(" ")) {
    return `${quoted} ${text.startsWith(" ") ? "starts" : "ends"} with a space; remove it`;
  }
  if (text.includes(" ")) return `${quoted} contains a space; write a space in a URL as %20`;
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    return `${quoted} contains a tab, a line break or another control character; remove it`;
  }
  if (scheme === undefined) return `${quoted} has no scheme; a URL starts with one, as in ${example}`;
  if (scheme === "http" || scheme === "https") return `${quoted} names no host after "${scheme}://" (e.g. ${example})`;
  return `${quoted} is not an absolute URL (e.g. ${example})`;
}

/**
 * What a key's value must be, by the name the readers record it with (wrongType of reader.js).
 * @type {Record<string, string>}
 */
const shapes = {
  string: "a string",
  number: "a number",
  wholeNumber: "a whole number",
  strings: "an array of strings",
  boolean: "true or false",
  object: "an object",
  link: 'an object with "title" and "url"',
  image: 'an object with "url" and "alt"',
  conversion: 'an object {"event", "withinHours"}',
  button: 'an object {"title", "action"}',
  buttons: 'an array of {"title", "action"} buttons',
  feature: 'an object {"title", "text", "symbol"}',
  features: 'an array of {"title", "text", "symbol"}',
  colors: "an object of #RRGGBB colors",
  data: "an object of strings",
  attributes: "an object of attribute names",
  localizations: "an object of language tags",
  step: 'an object {"at", "percent"}',
  steps: 'an array of {"at", "percent"} steps',
  variants: "an array of variants",
};

/** What an action is (readAction of reader-content.js). */
const actionShape = '"dismiss", {"url": URL} or {"event": NAME}';

/**
 * Every sentence, by the name the readers record.
 * @type {Record<string, (...values: any[]) => string>}
 */
export const sentences = {
  notType: (key, expected, type) => `"${key}" must be ${expected}, not ${type}`,
  notShape: (key, shape, type) => sentences.notType(key, shapes[shape], type),
  moreKeyWarnings: (hidden, listed) =>
    `${hidden} more unknown or repeated keys in this message are not listed (the first ${listed} are)`,
  duplicateKey: (key) => `"${key}" appears more than once; the last value is used`,
  longKey: (bytes, limit) => `a key is ${bytes} bytes long; the limit is ${limit} (FeedLimits.maximumStringLength)`,
  longString: (key, bytes, limit) =>
    `"${key}" is ${bytes} bytes long; the limit is ${limit} (FeedLimits.maximumStringLength)`,
  empty: (key) => `"${key}" must not be empty`,
  mustBe: (key, bounds) => `"${key}" must be ${bounds}`,
  // A number's bounds, written as the value at fault is (Number.MAX_VALUE: no upper bound).
  mustBeWithin: (key, /** @type {number} */ low, /** @type {number} */ high) =>
    sentences.mustBe(key, high === Number.MAX_VALUE ? `at least ${compactDescription(low)}`
      : `from ${compactDescription(low)} to ${compactDescription(high)}`),
  notWhole: (key) => `"${key}" must be a whole number`,
  atLeast: (key, minimum) => `"${key}" must be at least ${minimum}`,
  notStrings: (key, type) => `"${key}" must hold strings, not ${type}`,
  noVersions: (key) => `an empty "${key}" matches no version`,
  everyRelease: (key) => `an empty "${key}" matches every release`,
  noPlatforms: () => `an empty "platforms" matches no device`,
  noLocales: () => `an empty "locales" matches no device`,
  notLanguageTag: (text) => `"${text}" is not a BCP 47 language tag (e.g. "pt" or "pt-BR")`,
  noLinkTitle: () => `the link's "title" is missing`,
  noLinkURL: () => `the link's "url" is missing`,
  forbiddenScheme: (scheme) => `a link may not open a ${scheme}: URL`,
  httpLink: () => `the link uses http:, not https:; apps with the default link policy (https: only) do not show it`,
  notObject: (type) => `a message must be an object, not ${type}`,
  badId: () => `"id" must be a whole number of at least 1`,
  emptyBundleId: () => `a bundle id must not be empty`,
  noBundleIds: () => `an empty "bundleIds" adds no app`,
  endBeforeStart: (start) => `"endDate" must be after "startDate" (${compactDescription(start)}); the message could never be shown`,
  rolloutZero: () => `"rollout": 0 reaches no install`,
  hoursOneView: () => `"minHoursBetweenViews" has no effect while "maxViews" is 1`,
  alwaysDismissible: (layout) =>
    `${withArticle(layout)} always has its close control; "dismissible": false is for alert, modal and sheet`,
  wallNoLink: () => `a message with "dismissible": false needs a "link", or the user is left with no button`,
  twoRollouts: () => `give "rollout" or "rolloutSchedule", not both`,
  tapOnly: (key, layout) => `"${key}" has no effect on ${withArticle(layout)}: a tap on it runs its "action"`,
  withButtons: (key) => `"${key}" cannot be used with "buttons": give every button in "buttons"`,
  placedTrigger: (placement) =>
    `"trigger" has no effect on a message placed in "${placement}": it only decides when a launch message is presented`,
  noImage: () => `a message with "layout": "image" needs an "image"`,
  actionOnButtons: (layout) =>
    `"action" is what a tap on a banner or an image does; ${withArticle(layout)} has "buttons"`,
  alertColors: () => `a system alert ("layout": "alert") cannot show colors; they are ignored`,
  badPlacement: () =>
    `"placement" must be "launch", "inbox" or the name of one of the app's slots (1 to 64 letters, digits, "-", "_" or ".")`,
  bannerSeconds: (layout) => `"bannerSeconds" has no effect on ${withArticle(layout)}; only a banner leaves by itself`,
  noSteps: () => `an empty "rolloutSchedule" reaches no install`,
  noStepAt: () => `a step needs "at"`,
  badPercent: () => `"percent" must be a number from 0 to 100`,
  noStepPercent: () => `a step needs "percent"`,
  stepTime: () => `steps must be in increasing time: this one is not after the one before it`,
  stepShrinks: (percent, previous) =>
    `a rollout only grows: ${percentText(percent)}% is below the step before it (${percentText(previous)}%)`,
  longVariantName: (limit, bytesLimit, scalars, bytes) =>
    `a variant's "name" is at most ${limit} characters (and ${bytesLimit} bytes); this one is ${scalars} characters, ${bytes} bytes`,
  blankVariantName: () => `a variant's "name" must not be empty or blank: it is what the tools call the variant`,
  variantCount: (maximum, count) => `"variants" must list 2 to ${maximum} variants, not ${count}`,
  variantNameTaken: (name, first) =>
    `variant name "${name}" is already the name of variants[${first}]; each variant of a message needs its own name`,
  badWeight: () => `"weight" must be a whole number of at least 1`,
  variantKeysNotReplaced: (language, name, index, untranslated, replaced, translated) => {
    const quoted = compactDescription(language);
    const list = listed(untranslated);
    return `in ${quoted} ${variantNamed(name, index)} shows its own ${list} in the base language: the message's ` +
      `${quoted} translation of ${listed(replaced)} no longer replaces a variant's own (it used to, giving every ` +
      `variant the same words)` + (translated ? `, while its other texts are in ${quoted}` : "") +
      `; translate ${list} in the variant's "localizations"`;
  },
  variantMixesLanguages: (language, name, index, untranslated) => {
    const quoted = compactDescription(language);
    const list = listed(untranslated);
    return `in ${quoted} ${variantNamed(name, index)} shows its own ${list} in the base language while its other ` +
      `texts are in ${quoted}; translate ${list} in the variant's "localizations"`;
  },
  noWeight: () => `a variant needs "weight"`,
  noAttributeValues: (name) => `an empty list for attribute "${name}" matches no install`,
  badAttribute: (name, type) =>
    `attribute "${name}" must be a string, a number, true or false (or a list of them), not ${type}`,
  emptyInstallId: () => `an install id must not be empty`,
  noInstallIds: () => `an empty "installIds" reaches no install`,
  noTriggerEvent: () => `"trigger" needs "event": NAME`,
  badTrigger: () => `"trigger" must be "launch" or {"event": NAME}`,
  badEventName: () => `an event name is 1 to 64 letters, digits, "_", "-" or "."`,
  noConversionEvent: () => `a conversion needs "event"`,
  badWithinHours: () => `"withinHours" must be a whole number from 1 to 720 (30 days)`,
  noWithinHours: () => `a conversion needs "withinHours"`,
  noImageURL: () => `the image's "url" is missing`,
  alertImage: () => `a system alert ("layout": "alert") cannot show an image; it is ignored`,
  httpImage: () => `an image must be an https: URL (http: only for localhost, 127.0.0.1 and ::1, for testing)`,
  noButtons: (layout) => `${layout === "image" ? "an" : "a"} ${layout} has no buttons: a tap on it runs its "action"`,
  buttonCount: (count) => `"buttons" must hold 1 or 2 buttons (the first is the primary one), not ${count}`,
  emptyButtonTitle: () => `a button's "title" must not be empty`,
  noButtonTitle: () => `a button needs a "title"`,
  wallDismiss: () => `a message with "dismissible": false has no dismiss button`,
  wallNoURLButton: () =>
    `a message with "dismissible": false needs a button with a "url" action, or the user is left with no way on`,
  badAction: () => `an action is ${actionShape}: one of "url" and "event"`,
  notAction: (key) => sentences.mustBe(key, actionShape),
  featureCount: (count) => `"features" must list 1 to 10 items, not ${count}`,
  noFeatureTitle: () => `a feature needs a "title"`,
  badSymbol: () =>
    `not an SF Symbols name (lower-case words and digits joined by dots, e.g. "star.fill"); the feature is drawn without a symbol`,
  featuresOffSheet: () => `only a sheet ("layout": "sheet") lists features; they are ignored`,
  lowTextContrast: (text, background, ratio, appearance) => `text ${text} on background ${background} has a contrast ratio of ` +
    `${ratio}:1 in ${appearance} appearance; text needs at least 4.5:1 to be readable (WCAG 2.x)`,
  lowAccentContrast: (accent, ratio, appearance) => `white text on accent ${accent} has a contrast ratio of ${ratio}:1 in ` +
    `${appearance} appearance; the first button's white label needs at least 4.5:1 to be readable (WCAG 2.x)`,
  badColor: () => `a color is "#RRGGBB" or "#RRGGBBAA" (hex digits), e.g. "#1A73E8"`,
  dataKeys: (count) => `"data" holds ${count} keys; the limit is 50`,
  longData: (scalars) => `a "data" value is ${scalars} characters long; the limit is 1000`,
  duplicateId: (id, prefix, first) =>
    `id ${id} is already used by the message at ${prefix}[${first}]; ids must be unique, so this message is left out`,
  tooManyMessages: (count, limit, over) =>
    `the feed has ${count} messages; the limit is ${limit} (FeedLimits.maximumMessages), so the ${over} from index ${limit} on are left out`,
  tooManyPolicies: (count, limit, over) =>
    `the feed has ${count} update policies; the limit is ${limit} (FeedLimits.maximumUpdatePolicies), so the ${over} from index ${limit} on are left out`,
  notPolicy: (type) => `an update policy must be an object, not ${type}`,
  latestBelowMinimum: (latest, minimum) => `"latestVersion" ${latest} is below "minimumVersion" ${minimum}`,
  policySetsNothing: () => `the policy sets none of "minimumVersion", "latestVersion", "storeURL", "releaseDelayDays"`,
  isMissing: (key, written) => `"${key}" is missing` + misspelling(misspeltAs(written, key)),
  bundleIdIsMissing: (written) =>
    '"bundleId" (or "bundleIds") is missing' + misspelling(misspeltAs(written, "bundleId", "bundleIds")),
  unknownKey: (key, suggestion) => `unknown key "${key}" is ignored` + didYouMean(suggestion),
  unknownKeyAmong: (key, known) => sentences.unknownKey(key, closestKey(key, known)),
  layoutNotString: (type, layouts) => `"layout" must be a string, not ${type}; ` + knownLayouts(layouts),
  unknownLayout: (value, layouts) =>
    `unknown layout "${value}"` + didYouMean(closestKey(value, layouts)) + "; " + knownLayouts(layouts),
  unknownPlatform: (platform, known) => `unknown platform "${platform}" matches no device (known: ${known.join(", ")})`,
  notAbsolute,
  notRFC3339: (message) => message + " (RFC 3339 with an offset, e.g. 2026-03-01T09:00:00Z)",
  error: (message) => message,
  imageLayoutNeedsAlt: () => 'an image layout needs "alt": the text VoiceOver reads instead of the picture',
  imageHasNoAlt: () => 'the image has no "alt": VoiceOver users are told nothing about it',
  formatMissing: () => 'the object form should say "format": 2',
  formatNewer: (format) => `format ${format} is newer than this reader; it reads the keys it knows`,
  formatIs2: () => "the object form is format 2",
  sequenceNotWhole: () =>
    '"sequence" must be a whole number of at least 0; apps that check signatures refuse this feed',
  moreDiagnostics: (count, errors, limit) =>
    `${count} more diagnostics (${errors} errors) are not listed; the limit is ${limit} (FeedLimits.maximumDiagnostics)`,
};

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The reason with every quoted run longer than `limit` characters cut to it, with "…".
 * @param {string} text
 * @param {number} [limit]
 */
export function shorteningQuotes(text, limit = 100) {
  let inQuotes = false;
  let run = 0;
  let longest = 0;
  for (const byte of new TextEncoder().encode(text)) {
    if (byte === 0x22) {
      inQuotes = !inQuotes;
      run = 0;
    } else if (inQuotes) {
      run += 1;
      longest = Math.max(longest, run);
    }
  }
  if (longest <= limit) return text;
  let result = "";
  inQuotes = false;
  let count = 0;
  let cut = false;
  for (const { segment } of graphemes.segment(text)) {
    if (segment === '"') {
      inQuotes = !inQuotes;
      count = 0;
      if (cut) {
        result += "…";
        cut = false;
      }
      result += segment;
    } else if (inQuotes) {
      count += 1;
      if (count <= limit) result += segment;
      else cut = true;
    } else {
      result += segment;
    }
  }
  if (cut) result += "…";
  return result;
}

/**
 * A recorded diagnostic as written (FeedDiagnostic), as the Swift engine stores it: its key and value at
 * most 100 characters, its value as text where it was recorded as read (diagnostics.js, ValueRead: compact
 * JSON, at most 80 characters), its reason in words (`reason`).
 * @param {import("./diagnostics.js").RecordedDiagnostic} diagnostic
 * @returns {import("./diagnostics.js").FeedDiagnostic}
 */
export function reasonOf(diagnostic) {
  const { words, leftOut, key, value, ...facts } = diagnostic;
  return {
    ...facts,
    key: key === null ? null : excerpt(key),
    value: value === null ? null : typeof value === "string" ? excerpt(value) : compactDescription(value.json),
    reason: reasonText(words, leftOut ?? false),
  };
}

/**
 * A diagnostic's reason: its sentence written with its values, "; the message is left out" added when
 * it is the first error of a message left out ("; the policy is left out" for an update policy's, when
 * `leftOut` is "policy") unless it says so already, its controls escaped and its long quotes cut, as
 * the Swift engine stores it.
 * @param {import("./diagnostics.js").Words} words
 * @param {boolean | "policy"} leftOut
 */
function reasonText(words, leftOut) {
  const [name, ...values] = words;
  const sentence = sentences[name];
  if (sentence === undefined) throw new Error(`no sentence named ${name} for a diagnostic`);
  const reason = escapedControls(shorteningQuotes(sentence(...values)));
  if (!leftOut || reason.endsWith("left out")) return reason;
  return reason + `; the ${leftOut === true ? "message" : leftOut} is left out`;
}
