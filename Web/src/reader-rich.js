// The keys of a message after its id and apps: texts, targeting, campaign and rich content
// (Sources/AppAlert/Feed/MessageReader.swift's read, MessageReader+Campaign.swift, +RichContent.swift).

import { JSONObject, compactDescription, doubleValue, integerValue, typeDescription } from "./json.js";
import { LanguageTag } from "./language.js";
import { parseTimestamp, formatTimestamp } from "./dates.js";

import { percentText } from "./words.js";
import {
  MessageReader, absoluteURL, appending, isValidEventName, layoutHasButtons, layoutHasTapAction,
  present,
} from "./reader.js";

import { defaultBannerSeconds } from "./message.js";
import * as extra from "./reader-content.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").Layout} Layout */

const layouts = ["alert", "banner", "modal", "sheet", "image"];
const maximumVariants = 10;
const localizationKeys = ["title", "text", "confirmLabel", "link", "buttons", "image", "features"];
const variantKeys = ["name", "weight", "title", "text", "confirmLabel", "link", "localizations", "buttons", "image", "features", "conversion"];
const scheduleKeys = ["at", "percent"];

/**
 * @param {JSONValue | undefined} value
 * @returns {value is JSONObject}
 */
const isObject = (value) => value instanceof JSONObject;

/**
 * The message's keys read in the Swift engine's order.
 * @param {MessageReader} r
 * @param {(key: string) => JSONValue | undefined} get
 * @returns {Message | undefined}
 */
export function readMessage(r, get) {
  const idValue = get("id");
  if (idValue !== undefined) {
    const number = integerValue(idValue);
    if (number !== undefined && number >= 1) r.id = number;
    else {
      r.error(doubleValue(idValue) === undefined ? "wrongType" : "outOfRange", "id", compactDescription(idValue), ["badId"]);
    }
  } else {
    r.error("missingKey", "id", undefined, ["isMissing", "id", MessageReader.misspelling("id", undefined, r.unknownKeysWritten)]);
  }
  /** @type {string[]} */
  let bundleIds = [];
  const single = get("bundleId");
  if (single !== undefined) {
    const bundleId = r.nonEmptyString(single, "bundleId");
    if (bundleId !== undefined) bundleIds = [bundleId];
  }
  const list = get("bundleIds");
  if (list !== undefined) {
    const names = r.stringArray(list, "bundleIds");
    if (names !== undefined) {
      names.forEach((name, position) => {
        if (name === "") {
          r.error("invalidValue", "bundleIds", '""', ["emptyBundleId"], r.messagePath + `.bundleIds[${position}]`);
        }
      });
      if (names.length === 0) r.warning("matchesNothing", "bundleIds", "[]", ["noBundleIds"]);
      bundleIds = bundleIds.concat(names);
    }
  }
  if (single === undefined && list === undefined) {
    r.error("missingKey", "bundleId", undefined, ["bundleIdIsMissing", MessageReader.misspelling("bundleId", "bundleIds", r.unknownKeysWritten)]);
  }
  const layoutValue = get("layout");
  if (layoutValue !== undefined) r.layout = readLayout(r, layoutValue);
  const title = r.requiredString(get("title"), "title");
  const text = r.requiredString(get("text"), "text");
  const confirmLabelValue = get("confirmLabel");
  const confirmLabel = confirmLabelValue === undefined ? undefined : r.string(confirmLabelValue, "confirmLabel");
  const linkValue = get("link");
  const link = linkValue === undefined ? undefined : r.readLink(linkValue, appending("link", r.messagePath));
  // The value of an optional key, read where it is given (`v`, as the lines below name it).
  /** @type {JSONValue | undefined} */
  let v;
  const appVersions = (v = get("appVersions")) === undefined ? undefined : r.versionList(v, "appVersions");
  const osVersions = (v = get("osVersions")) === undefined ? undefined : r.versionList(v, "osVersions");
  const appVersionRange = (v = get("appVersionRange")) === undefined ? undefined : r.range(v, "appVersionRange");
  const osVersionRange = (v = get("osVersionRange")) === undefined ? undefined : r.range(v, "osVersionRange");
  const platforms = (v = get("platforms")) === undefined ? undefined : r.readPlatforms(v);
  const locales = (v = get("locales")) === undefined ? undefined : r.readLocales(v);
  const startDate = (v = get("startDate")) === undefined ? undefined : r.date(v, "startDate");
  const endDate = (v = get("endDate")) === undefined ? undefined : r.date(v, "endDate");
  if (startDate !== undefined && endDate !== undefined && endDate <= startDate) {
    r.error("emptyDateWindow", "endDate", compactDescription(/** @type {JSONValue} */ (get("endDate"))), ["endBeforeStart", compactDescription(/** @type {JSONValue} */ (get("startDate")))]);
  }
  let rollout = 100;
  const rolloutValue = get("rollout");
  if (rolloutValue !== undefined) {
    const number = r.number(rolloutValue, "rollout", 0, 100);
    if (number !== undefined) {
      rollout = number;
      if (number === 0) r.warning("matchesNothing", "rollout", "0", ["rolloutZero"]);
    }
  }
  const priority = ((v = get("priority")) === undefined ? undefined : r.integer(v, "priority", undefined)) ?? 0;
  const maxViews = ((v = get("maxViews")) === undefined ? undefined : r.integer(v, "maxViews", 1)) ?? 1;
  const minHoursBetweenViews = (v = get("minHoursBetweenViews")) === undefined ? undefined : r.number(v, "minHoursBetweenViews", 0, Number.MAX_VALUE);
  if (minHoursBetweenViews !== undefined && maxViews === 1) {
    r.warning("noEffect", "minHoursBetweenViews", compactDescription(minHoursBetweenViews), ["hoursOneView"]);
  }
  const dismissibleValue = get("dismissible");
  if (dismissibleValue !== undefined) {
    if (typeof dismissibleValue === "boolean") r.dismissible = dismissibleValue;
    else r.wrongType(dismissibleValue, "dismissible", "true or false");
  }
  r.hasButtons = get("buttons") !== undefined;
  const layout = r.layout;
  if (!r.dismissible && layout !== undefined && !layoutHasButtons(layout)) {
    r.error("invalidValue", "dismissible", "false", ["alwaysDismissible", layout]);
  } else if (!r.dismissible && !r.hasButtons && link === undefined && linkValue === undefined) {
    r.error("wallWithoutLink", "dismissible", "false", ["wallNoLink"]);
  }
  const localizations = ((v = get("localizations")) === undefined ? undefined : readLocalizations(r, v, undefined)) ?? [];
  const whatsNew = (v = get("whatsNew")) === undefined ? undefined : r.range(v, "whatsNew");
  const attributes = ((v = get("attributes")) === undefined ? undefined : extra.readAttributes(r, v)) ?? [];
  const installIds = (v = get("installIds")) === undefined ? undefined : extra.readInstallIds(r, v);
  const minLaunches = (v = get("minLaunches")) === undefined ? undefined : r.integer(v, "minLaunches", 0);
  const minDaysSinceInstall = (v = get("minDaysSinceInstall")) === undefined ? undefined : r.integer(v, "minDaysSinceInstall", 0);
  const minDaysSinceUpdate = (v = get("minDaysSinceUpdate")) === undefined ? undefined : r.integer(v, "minDaysSinceUpdate", 0);
  const trigger = ((v = get("trigger")) === undefined ? undefined : extra.readTrigger(r, v)) ?? "launch";
  const rolloutSchedule = (v = get("rolloutSchedule")) === undefined ? undefined : readRolloutSchedule(r, v);
  if (get("rolloutSchedule") !== undefined && rolloutValue !== undefined) {
    r.error("invalidValue", "rolloutSchedule", undefined, ["twoRollouts"]);
  }
  const variants = ((v = get("variants")) === undefined ? undefined : readVariants(r, v)) ?? [];
  const conversion = (v = get("conversion")) === undefined ? undefined : extra.readConversion(r, v, appending("conversion", r.messagePath));
  const content = readRichContent(r, get);
  if (layout !== undefined && layoutHasTapAction(layout)) {
    for (const key of ["confirmLabel", "link"]) {
      if (get(key) === undefined) continue;
      r.warning("noEffect", key, undefined, ["tapOnly", key, layout]);
    }
  } else if (layout !== undefined && r.hasButtons) {
    for (const key of ["confirmLabel", "link"]) {
      if (get(key) === undefined) continue;
      r.error("invalidValue", key, undefined, ["withButtons", key]);
    }
  }
  if (content.placement !== "launch" && get("trigger") !== undefined) {
    r.warning("noEffect", "trigger", undefined, ["placedTrigger", content.placement]);
  }
  for (const diagnostic of r.diagnostics) diagnostic.messageId = r.id ?? null;
  if (r.id === undefined || title === undefined || text === undefined || layout === undefined || r.hasErrors) return undefined;
  /** @type {Message} */
  const message = {
    id: r.id, bundleIds, title, text, confirmLabel, link, appVersions, osVersions, appVersionRange, osVersionRange,
    platforms, locales, startDate, endDate, rollout, priority, maxViews, minHoursBetweenViews,
    dismissible: r.dismissible, localizations, whatsNew, attributes, installIds, minLaunches, minDaysSinceInstall,
    minDaysSinceUpdate, trigger, rolloutSchedule, variants, layout, image: content.image, buttons: content.buttons,
    action: content.action, features: content.features, colors: content.colors, data: content.data,
    placement: content.placement, bannerSeconds: content.bannerSeconds, conversion,
  };
  return message;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @returns {Layout | undefined}
 */
function readLayout(r, value) {
  if (typeof value === "string" && layouts.includes(value)) return /** @type {Layout} */ (value);
  if (typeof value !== "string") {
    r.error("wrongType", "layout", compactDescription(value), ["layoutNotString", typeDescription(value), layouts]);
    return undefined;
  }
  const suggestion = extra.closest(value, layouts);
  r.error("invalidValue", "layout", compactDescription(value), ["unknownLayout", value, suggestion, layouts]);
  return undefined;
}

/**
 * @param {MessageReader} r
 * @param {(key: string) => JSONValue | undefined} get
 */
function readRichContent(r, get) {
  const layout = r.layout;
  /** @type {{image?: import("./message.js").Image, buttons?: import("./message.js").Button[], action?: import("./message.js").Action, features?: import("./message.js").Feature[], colors?: import("./message.js").Colors, data: Map<string, string>, placement: string, bannerSeconds: number}} */
  const content = { data: new Map(), placement: "launch", bannerSeconds: defaultBannerSeconds };
  const image = get("image");
  if (image !== undefined) content.image = extra.readImage(r, image, appending("image", r.messagePath));
  if (layout === "image" && image === undefined) {
    r.error("missingKey", "image", undefined, ["noImage"]);
  }
  const buttons = get("buttons");
  if (buttons !== undefined) content.buttons = extra.readButtons(r, buttons, appending("buttons", r.messagePath));
  const action = get("action");
  if (action !== undefined) {
    if (layout !== undefined && !layoutHasTapAction(layout)) {
      r.error("invalidValue", "action", compactDescription(action), ["actionOnButtons", layout]);
    } else {
      content.action = extra.readAction(r, action, "action", appending("action", r.messagePath));
    }
  }
  const features = get("features");
  if (features !== undefined) content.features = extra.readFeatures(r, features, appending("features", r.messagePath));
  const colors = get("colors");
  if (colors !== undefined) {
    content.colors = extra.readColors(r, colors);
    if (layout === "alert" && content.colors !== undefined) {
      r.warning("noEffect", "colors", undefined, ["alertColors"]);
    }
  }
  const data = get("data");
  if (data !== undefined) content.data = extra.readData(r, data) ?? new Map();
  const placement = get("placement");
  if (placement !== undefined) {
    if (typeof placement === "string" && (placement === "launch" || placement === "inbox" || isValidEventName(placement))) {
      content.placement = placement;
    } else {
      r.error(typeof placement === "string" ? "invalidValue" : "wrongType", "placement", compactDescription(placement), ["badPlacement"]);
    }
  }
  const bannerSeconds = get("bannerSeconds");
  if (bannerSeconds !== undefined) {
    const seconds = r.number(bannerSeconds, "bannerSeconds", 2, 60);
    if (seconds !== undefined) {
      if (layout === "banner") content.bannerSeconds = seconds;
      else if (layout !== undefined) {
        r.warning("noEffect", "bannerSeconds", compactDescription(bannerSeconds), ["bannerSeconds", layout]);
      }
    }
  }
  if (layout === "alert") content.image = undefined;
  if (layout !== "sheet") content.features = undefined;
  return content;
}

/**
 * @param {MessageReader} r @param {JSONValue} value @param {string | undefined} basePath
 * @returns {import("./message.js").Localization[] | undefined}
 */
export function readLocalizations(r, value, basePath) {
  const base = basePath ?? appending("localizations", r.messagePath);
  if (!isObject(value)) {
    r.wrongType(value, "localizations", "an object of language tags");
    return undefined;
  }
  /** @type {import("./message.js").Localization[]} */
  const localizations = [];
  for (const [key, fieldsValue] of value.members) {
    const path = appending(key, base);
    const tag = new LanguageTag(key);
    if (!tag.isWellFormed) {
      r.error("invalidLanguageTag", "localizations", compactDescription(key), ["notLanguageTag", key], path);
      continue;
    }
    if (!isObject(fieldsValue)) {
      r.wrongType(fieldsValue, key, "an object", path);
      continue;
    }
    r.checkKeys(fieldsValue, localizationKeys, path);
    /** @type {Record<string, JSONValue | undefined>} */
    const fields = {};
    for (const [name, field] of fieldsValue.members) {
      if (localizationKeys.includes(name)) fields[name] = field === null ? undefined : field;
    }
    /** @type {import("./message.js").Localization} */
    const localization = { tag };
    if (fields.title !== undefined) localization.title = r.string(fields.title, "title", path + ".title");
    if (fields.text !== undefined) localization.text = r.string(fields.text, "text", path + ".text");
    if (fields.confirmLabel !== undefined) localization.confirmLabel = r.string(fields.confirmLabel, "confirmLabel", path + ".confirmLabel");
    if (fields.link !== undefined) localization.link = r.readLink(fields.link, path + ".link");
    if (fields.buttons !== undefined) localization.buttons = extra.readButtons(r, fields.buttons, path + ".buttons");
    if (fields.buttons !== undefined || r.hasButtons) {
      for (const [name, given] of [["confirmLabel", localization.confirmLabel !== undefined], ["link", localization.link !== undefined]]) {
        if (!given) continue;
        r.error("invalidValue", /** @type {string} */ (name), undefined, ["withButtons", name], appending(/** @type {string} */ (name), path));
      }
    }
    if (fields.image !== undefined) localization.image = extra.readImage(r, fields.image, path + ".image");
    if (fields.features !== undefined) localization.features = extra.readFeatures(r, fields.features, path + ".features");
    localizations.push(localization);
  }
  return localizations;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
function readRolloutSchedule(r, value) {
  if (!Array.isArray(value)) {
    r.wrongType(value, "rolloutSchedule", 'an array of {"at", "percent"} steps');
    return undefined;
  }
  if (value.length === 0) {
    r.warning("matchesNothing", "rolloutSchedule", "[]", ["noSteps"]);
  }
  /** @type {import("./message.js").RolloutStep[]} */
  const steps = [];
  let failed = false;
  value.forEach((element, position) => {
    const path = appending("rolloutSchedule", r.messagePath) + `[${position}]`;
    if (!isObject(element)) {
      r.wrongType(element, "rolloutSchedule", 'an object {"at", "percent"}', path);
      failed = true;
      return;
    }
    r.checkKeys(element, scheduleKeys, path);
    /** @type {number | undefined} */
    let at;
    const atValue = present(element, "at");
    if (atValue !== undefined) {
      const text = r.string(atValue, "at", path + ".at");
      if (text !== undefined) {
        try {
          at = parseTimestamp(text);
        } catch (error) {
          r.error("invalidDate", "rolloutSchedule", compactDescription(text), ["notRFC3339", /** @type {Error} */ (error).message], path + ".at");
        }
      }
    } else {
      r.error("missingKey", "rolloutSchedule", undefined, ["noStepAt"], path);
    }
    /** @type {number | undefined} */
    let percent;
    const percentValue = present(element, "percent");
    if (percentValue !== undefined) {
      const number = doubleValue(percentValue);
      if (number !== undefined && number >= 0 && number <= 100) percent = number;
      else {
        r.error(number === undefined ? "wrongType" : "outOfRange", "rolloutSchedule", compactDescription(percentValue), ["badPercent"], path + ".percent");
      }
    } else {
      r.error("missingKey", "rolloutSchedule", undefined, ["noStepPercent"], path);
    }
    if (at === undefined || percent === undefined) {
      failed = true;
      return;
    }
    const previous = steps[steps.length - 1];
    if (previous !== undefined) {
      if (at <= previous.at) {
        failed = true;
        r.error("invalidValue", "rolloutSchedule", compactDescription(formatTimestamp(at)), ["stepTime"], path + ".at");
      }
      if (percent < previous.percent) {
        failed = true;
        r.error("invalidValue", "rolloutSchedule", compactDescription(percent), ["stepShrinks", percentText(percent), percentText(previous.percent)], path + ".percent");
      }
    }
    steps.push({ at, percent });
  });
  return failed ? undefined : steps;
}

// Unicode's White_Space property, as Swift's `properties.isWhitespace` reads it (JavaScript's \s differs:
// it has U+FEFF and lacks U+0085).
const blank = /^[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/u;
const maximumVariantNameLength = 64;

/**
 * A variant's `name`: a string of 1 to 64 characters (Unicode scalars) and at most 256 UTF-8 bytes, not
 * blank (MessageReader+Campaign.swift, `variantName`).
 * @param {MessageReader} r @param {JSONValue} value @param {string} path @returns {string | undefined}
 */
function readVariantName(r, value, path) {
  const name = r.string(value, "name", path);
  if (name === undefined) return undefined;
  const limit = maximumVariantNameLength;
  const bytes = new TextEncoder().encode(name).length;
  const scalars = [...name].length;
  if (bytes > 4 * limit || scalars > limit) {
    r.error("outOfRange", "variants", compactDescription(name), ["longVariantName", limit, 4 * limit, scalars, bytes], path);
    return undefined;
  }
  if (blank.test(name)) {
    r.error("invalidValue", "variants", compactDescription(name), ["blankVariantName"], path);
    return undefined;
  }
  return name;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
function readVariants(r, value) {
  if (!Array.isArray(value)) {
    r.wrongType(value, "variants", "an array of variants");
    return undefined;
  }
  if (value.length < 2 || value.length > maximumVariants) {
    r.error("invalidValue", "variants", `${value.length} variants`, ["variantCount", maximumVariants, value.length]);
    return undefined;
  }
  /** @type {import("./message.js").Variant[]} */
  const variants = [];
  let failed = false;
  /** @type {Map<string, number>} */
  const names = new Map();
  value.forEach((element, position) => {
    const path = appending("variants", r.messagePath) + `[${position}]`;
    if (!isObject(element)) {
      r.wrongType(element, "variants", "an object", path);
      failed = true;
      return;
    }
    r.checkKeys(element, variantKeys, path);
    /** @type {import("./message.js").Variant} */
    const variant = { weight: 0 };
    const nameField = present(element, "name");
    if (nameField !== undefined) {
      const name = readVariantName(r, nameField, path + ".name");
      if (name === undefined) failed = true;
      else {
        const first = names.get(name);
        if (first !== undefined) {
          failed = true;
          r.error("invalidValue", "variants", compactDescription(name), ["variantNameTaken", name, first], path + ".name");
        } else names.set(name, position);
        variant.name = name;
      }
    }
    const weight = present(element, "weight");
    if (weight !== undefined) {
      const number = integerValue(weight);
      if (number !== undefined && number >= 1) variant.weight = number;
      else {
        failed = true;
        r.error(doubleValue(weight) === undefined ? "wrongType" : "outOfRange", "variants", compactDescription(weight), ["badWeight"], path + ".weight");
      }
    } else {
      failed = true;
      r.error("missingKey", "variants", undefined, ["noWeight"], path);
    }
    const field = (/** @type {string} */ name) => present(element, name);
    let f;
    if ((f = field("title")) !== undefined) variant.title = r.string(f, "title", path + ".title");
    if ((f = field("text")) !== undefined) variant.text = r.string(f, "text", path + ".text");
    if ((f = field("confirmLabel")) !== undefined) variant.confirmLabel = r.string(f, "confirmLabel", path + ".confirmLabel");
    if ((f = field("link")) !== undefined) variant.link = r.readLink(f, path + ".link");
    if ((f = field("localizations")) !== undefined) variant.localizations = readLocalizations(r, f, path + ".localizations");
    if ((f = field("buttons")) !== undefined) variant.buttons = extra.readButtons(r, f, path + ".buttons");
    if ((f = field("image")) !== undefined) variant.image = extra.readImage(r, f, path + ".image");
    if ((f = field("features")) !== undefined) variant.features = extra.readFeatures(r, f, path + ".features");
    if ((f = field("conversion")) !== undefined) variant.conversion = extra.readConversion(r, f, path + ".conversion");
    variants.push(variant);
  });
  return failed || r.hasErrors ? undefined : variants;
}

