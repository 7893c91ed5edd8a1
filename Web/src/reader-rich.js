// The keys of a message after its id and apps: texts, targeting, campaign and rich content
// (Sources/AppAlert/Feed/MessageReader.swift's read, MessageReader+Campaign.swift, +RichContent.swift).

import { doubleValue, integerValue, typeDescription } from "./json.js";
import { LanguageTag } from "./language.js";
import { parseTimestamp, formatTimestamp } from "./dates.js";
import { valueRead } from "./diagnostics.js";

import { MessageReader, appending, isValidEventName, layoutHasButtons, layoutHasTapAction, present } from "./reader.js";

import { defaultBannerSeconds } from "./message.js";
import * as extra from "./reader-content.js";
import { fullRichReading } from "./rich-reading.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").Layout} Layout */
/** @typedef {import("./rich-reading.js").RichReading} RichReading */

const layouts = ["alert", "banner", "modal", "sheet", "image"];
const localizationKeys = ["title", "text", "confirmLabel", "link", "buttons", "image", "features"];
const scheduleKeys = ["at", "percent"];
// The keys a tap replaces (a constant: a literal in readMessage would be an array for every message).
const tapKeys = ["confirmLabel", "link"];

/**
 * What `read` makes of the message's `key`, where it is given. (A function of the reader and the value:
 * a closure for each key of each message would be garbage on the clean path.)
 * @template T
 * @param {MessageReader} r @param {string} key @param {(r: MessageReader, value: JSONValue) => T} read
 * @returns {T | undefined}
 */
function readKey(r, key, read) {
  const value = r.get(key);
  return value === undefined ? undefined : read(r, value);
}

/**
 * The readers a page's reading of its feed has for the rich keys: each leaves its key unchecked, read as
 * not given, and marks the message (the page checks it before it uses it: rich-check.js). A rich key's
 * error leaves its message out, a warning changes nothing: the rest of the message decides alike. Its
 * `variants` too, whole: no rule of the choice of a message reads them but the link policy's, which
 * refuses no more without them (the page applies it again to the message checked), and the variant an
 * install gets is worked out for the message chosen.
 * @type {RichReading}
 */
export const uncheckedRichReading = {
  image: leftUnchecked, buttons: leftUnchecked, action: leftUnchecked, features: leftUnchecked, colors: leftUnchecked,
  data: leftUnchecked, conversion: leftUnchecked, variants: leftUnchecked,
};
/** @param {MessageReader} r @returns {undefined} */
function leftUnchecked(r) {
  r.richUnchecked = true;
  return undefined;
}

/**
 * The readers `r` reads the rich keys with: its own (a page's reading), else the full ones.
 * @param {MessageReader} r
 */
const richOf = (r) => r.rich ?? fullRichReading();

/**
 * The message's keys read in the Swift engine's order.
 * @param {MessageReader} r
 * @param {(key: string) => JSONValue | undefined} get
 * @returns {Message | undefined}
 */
export function readMessage(r, get) {
  // The message, its values set as they are read. Every key is there from the start, in Message's order
  // (messageKeys, "bundleId" read into "bundleIds"): one shape for every message, which deciding reads
  // fast (built key by key, or copied by a loop over the keys, each message became a dictionary and
  // reading a 10,000-message feed took about 1.5 times as long).
  /** @type {Record<string, any>} */
  const m = {
    id: undefined, bundleIds: undefined, title: undefined, text: undefined, confirmLabel: undefined, link: undefined,
    appVersions: undefined, osVersions: undefined, appVersionRange: undefined, osVersionRange: undefined,
    platforms: undefined, locales: undefined, startDate: undefined, endDate: undefined, rollout: undefined,
    priority: undefined, maxViews: undefined, minHoursBetweenViews: undefined, dismissible: undefined,
    localizations: undefined, whatsNew: undefined, attributes: undefined, installIds: undefined,
    minLaunches: undefined, minDaysSinceInstall: undefined, minDaysSinceUpdate: undefined, trigger: undefined,
    rolloutSchedule: undefined, variants: undefined, layout: undefined, image: undefined, buttons: undefined,
    action: undefined, features: undefined, colors: undefined, data: undefined, placement: undefined,
    bannerSeconds: undefined, conversion: undefined,
  };
  const idValue = get("id");
  if (idValue !== undefined) {
    const number = integerValue(idValue);
    if (number !== undefined && number >= 1) r.id = number;
    else {
      r.badNumber(idValue, "id", ["badId"]);
    }
  } else {
    r.error("missingKey", "id", undefined, ["isMissing", "id", r.unknownKeysWritten]);
  }
  /** @type {string[] | undefined} */
  let bundleIds;
  const single = get("bundleId");
  if (single !== undefined) {
    const bundleId = r.nonEmptyString(single, "bundleId");
    if (bundleId !== undefined) bundleIds = [bundleId];
  }
  const list = get("bundleIds");
  if (list !== undefined) {
    const names = r.ids(list, "bundleIds", "emptyBundleId", "noBundleIds");
    if (names !== undefined) bundleIds = bundleIds === undefined ? names : bundleIds.concat(names);
  }
  if (single === undefined && list === undefined) {
    r.error("missingKey", "bundleId", undefined, ["bundleIdIsMissing", r.unknownKeysWritten]);
  }
  m.bundleIds = bundleIds ?? [];
  const layoutValue = get("layout");
  if (layoutValue !== undefined) r.layout = readLayout(r, layoutValue);
  m.title = r.requiredString(get("title"), "title");
  m.text = r.requiredString(get("text"), "text");
  m.confirmLabel = readOwn(r, "confirmLabel");
  m.link = readOwn(r, "link");
  m.appVersions = r.optional("appVersions", r.versionList);
  m.osVersions = r.optional("osVersions", r.versionList);
  m.appVersionRange = r.optional("appVersionRange", r.range);
  m.osVersionRange = r.optional("osVersionRange", r.range);
  m.platforms = r.optional("platforms", r.readPlatforms);
  m.locales = r.optional("locales", r.readLocales);
  const startDate = (m.startDate = r.optional("startDate", r.date));
  const endDate = (m.endDate = r.optional("endDate", r.date));
  if (startDate !== undefined && endDate !== undefined && endDate <= startDate) {
    r.error("emptyDateWindow", "endDate", valueRead(/** @type {JSONValue} */ (get("endDate"))),
      ["endBeforeStart", get("startDate")]);
  }
  m.rollout = 100;
  const rolloutValue = get("rollout");
  if (rolloutValue !== undefined) {
    const number = r.number(rolloutValue, "rollout", 0, 100);
    if (number !== undefined) {
      m.rollout = number;
      if (number === 0) r.warning("matchesNothing", "rollout", "0", ["rolloutZero"]);
    }
  }
  m.priority = r.optional("priority", r.integer, undefined) ?? 0;
  const maxViews = (m.maxViews = r.optional("maxViews", r.integer, 1) ?? 1);
  const minHoursBetweenViews = r.optional("minHoursBetweenViews", r.number, 0, Number.MAX_VALUE);
  m.minHoursBetweenViews = minHoursBetweenViews;
  if (minHoursBetweenViews !== undefined && maxViews === 1) {
    r.warning("noEffect", "minHoursBetweenViews", valueRead(minHoursBetweenViews), ["hoursOneView"]);
  }
  const dismissibleValue = get("dismissible");
  if (dismissibleValue !== undefined) {
    if (typeof dismissibleValue === "boolean") r.dismissible = dismissibleValue;
    else r.wrongType(dismissibleValue, "dismissible", "boolean");
  }
  r.hasButtons = get("buttons") !== undefined;
  const layout = r.layout;
  if (!r.dismissible && layout !== undefined && !layoutHasButtons(layout)) {
    r.error("invalidValue", "dismissible", "false", ["alwaysDismissible", layout]);
  } else if (!r.dismissible && !r.hasButtons && m.link === undefined && get("link") === undefined) {
    r.error("wallWithoutLink", "dismissible", "false", ["wallNoLink"]);
  }
  m.localizations = readOwn(r, "localizations") ?? [];
  m.whatsNew = r.optional("whatsNew", r.range);
  m.attributes = readKey(r, "attributes", extra.readAttributes) ?? [];
  m.installIds = r.optional("installIds", r.ids, "emptyInstallId", "noInstallIds");
  m.minLaunches = r.optional("minLaunches", r.integer, 0);
  m.minDaysSinceInstall = r.optional("minDaysSinceInstall", r.integer, 0);
  m.minDaysSinceUpdate = r.optional("minDaysSinceUpdate", r.integer, 0);
  m.trigger = readKey(r, "trigger", extra.readTrigger) ?? "launch";
  m.rolloutSchedule = readKey(r, "rolloutSchedule", readRolloutSchedule);
  if (get("rolloutSchedule") !== undefined && rolloutValue !== undefined) {
    r.error("invalidValue", "rolloutSchedule", undefined, ["twoRollouts"]);
  }
  // Which variant an install gets is worked out for the message chosen: the page leaves them unchecked.
  const variants = get("variants");
  m.variants = (variants === undefined ? undefined : richOf(r).variants(r, variants)) ?? [];
  m.conversion = readOwn(r, "conversion");
  readRichContent(r, get, m);
  // A tap on a banner or an image runs its action; a message with buttons has no other.
  for (const key of tapKeys) {
    if (layout === undefined || get(key) === undefined) continue;
    if (layoutHasTapAction(layout)) r.warning("noEffect", key, undefined, ["tapOnly", key, layout]);
    else if (r.hasButtons) r.error("invalidValue", key, undefined, ["withButtons", key]);
  }
  if (m.placement !== "launch" && get("trigger") !== undefined) {
    r.warning("noEffect", "trigger", undefined, ["placedTrigger", m.placement]);
  }
  for (const diagnostic of r.diagnostics) diagnostic.messageId = r.id ?? null;
  if (r.id === undefined || m.title === undefined || m.text === undefined || layout === undefined || r.hasErrors) {
    return undefined;
  }
  m.id = r.id;
  m.dismissible = r.dismissible;
  m.layout = layout;
  // The languages of its variants' showings, on the message read whole, after its other checks (as the
  // Swift engine's read); a page's reading, which left its variants unchecked, has no such check.
  richOf(r).variantLanguages?.(r, /** @type {Message} */ (m));
  return /** @type {Message} */ (m);
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @returns {Layout | undefined}
 */
function readLayout(r, value) {
  if (typeof value === "string" && layouts.includes(value)) return /** @type {Layout} */ (value);
  if (typeof value !== "string") {
    r.error("wrongType", "layout", valueRead(value), ["layoutNotString", typeDescription(value), layouts]);
    return undefined;
  }
  r.error("invalidValue", "layout", valueRead(value), ["unknownLayout", value, layouts]);
  return undefined;
}

/**
 * Reads the message's rich content into `m` (readMessage's values by key).
 * @param {MessageReader} r
 * @param {(key: string) => JSONValue | undefined} get
 * @param {Record<string, any>} m
 */
function readRichContent(r, get, m) {
  const layout = r.layout;
  m.image = readOwn(r, "image");
  if (layout === "image" && get("image") === undefined) {
    r.error("missingKey", "image", undefined, ["noImage"]);
  }
  m.buttons = readOwn(r, "buttons");
  const action = get("action");
  if (action !== undefined) {
    if (layout !== undefined && !layoutHasTapAction(layout)) {
      r.error("invalidValue", "action", valueRead(action), ["actionOnButtons", layout]);
    } else {
      m.action = richOf(r).action(r, action, "action", appending("action", r.messagePath));
    }
  }
  m.features = readOwn(r, "features");
  const colors = get("colors");
  if (colors !== undefined) {
    m.colors = richOf(r).colors(r, colors);
    if (layout === "alert" && m.colors !== undefined) {
      r.warning("noEffect", "colors", undefined, ["alertColors"]);
    }
  }
  const data = get("data");
  m.data = (data === undefined ? undefined : richOf(r).data(r, data)) ?? new Map();
  m.placement = "launch";
  const placement = get("placement");
  if (placement !== undefined) {
    if (typeof placement === "string" && (placement === "launch" || placement === "inbox" || isValidEventName(placement))) {
      m.placement = placement;
    } else {
      r.badString(placement, "placement", ["badPlacement"]);
    }
  }
  m.bannerSeconds = defaultBannerSeconds;
  const bannerSeconds = get("bannerSeconds");
  if (bannerSeconds !== undefined) {
    const seconds = r.number(bannerSeconds, "bannerSeconds", 2, 60);
    if (seconds !== undefined) {
      if (layout === "banner") m.bannerSeconds = seconds;
      else if (layout !== undefined) {
        r.warning("noEffect", "bannerSeconds", valueRead(bannerSeconds), ["bannerSeconds", layout]);
      }
    }
  }
  if (layout === "alert") m.image = undefined;
  if (layout !== "sheet") m.features = undefined;
}

/**
 * Reads a key's value at `path` (any: each reader's own type).
 * @typedef {(r: MessageReader, value: JSONValue, path: string, key: string) => any} ContentReader
 */
/** @type {ContentReader} */
const readString = (r, value, path, key) => r.string(value, key, path);
/**
 * The reader of each key a variant or a translation words the message with: each read as the message's
 * own key is (their texts where the message's are required, are optional here).
 * @type {Record<string, ContentReader>}
 */
const contentReaders = {
  title: readString,
  text: readString,
  confirmLabel: readString,
  link: (r, value, path) => r.readLink(value, path),
  localizations: (r, value, path) => readLocalizations(r, value, path),
  buttons: (r, value, path) => richOf(r).buttons(r, value, path),
  image: (r, value, path) => richOf(r).image(r, value, path),
  features: (r, value, path) => richOf(r).features(r, value, path),
  conversion: (r, value, path) => richOf(r).conversion(r, value, path),
};
/**
 * The message's own `key`, one a variant or a translation may also set, read as theirs are.
 * @param {MessageReader} r @param {string} key
 */
const readOwn = (r, key) => {
  const value = r.get(key);
  if (value === undefined) return undefined;
  const read = contentReaders[key];
  // A text's path (its key's in the message) is built only when it is reported; the other readers build
  // their values' paths from it as they read.
  if (read === readString) return r.string(value, key);
  return read(r, value, appending(key, r.messagePath), key);
};

/**
 * Reads the given `keys` of `object` (at `path`) in their order into `into`, each where it is given (a
 * variant's with MessageReader's readContent: rich-variants.js reads variants).
 * @param {MessageReader} r @param {import("./json.js").JSONObject} object @param {string[]} keys @param {string} path
 * @param {object} into
 */
export function readContent(r, object, keys, path, into) {
  for (const key of keys) {
    const value = present(object, key);
    if (value !== undefined) {
      /** @type {Record<string, unknown>} */ (into)[key] = contentReaders[key](r, value, path + "." + key, key);
    }
  }
}

/**
 * @param {MessageReader} r @param {JSONValue} value @param {string | undefined} basePath
 * @returns {import("./message.js").Localization[] | undefined}
 */
export function readLocalizations(r, value, basePath) {
  const base = basePath ?? appending("localizations", r.messagePath);
  if (!r.checkObject(value, "localizations", "localizations", undefined)) return undefined;
  /** @type {import("./message.js").Localization[]} */
  const localizations = [];
  for (const [key, fieldsValue] of value.members) {
    const path = appending(key, base);
    const tag = new LanguageTag(key);
    if (!tag.isWellFormed) {
      r.error("invalidLanguageTag", "localizations", valueRead(key), ["notLanguageTag", key], path);
      continue;
    }
    if (!r.checkObject(fieldsValue, key, "object", path, localizationKeys)) continue;
    /** @type {import("./message.js").Localization} */
    const localization = { tag };
    readContent(r, fieldsValue, ["title", "text", "confirmLabel", "link", "buttons"], path, localization);
    if (present(fieldsValue, "buttons") !== undefined || r.hasButtons) {
      for (const name of /** @type {const} */ (["confirmLabel", "link"])) {
        if (localization[name] !== undefined) r.error("invalidValue", name, undefined, ["withButtons", name], appending(name, path));
      }
    }
    readContent(r, fieldsValue, ["image", "features"], path, localization);
    localizations.push(localization);
  }
  return localizations;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
function readRolloutSchedule(r, value) {
  if (!r.checkArray(value, "rolloutSchedule", "steps")) return undefined;
  if (value.length === 0) {
    r.warning("matchesNothing", "rolloutSchedule", "[]", ["noSteps"]);
  }
  /** @type {import("./message.js").RolloutStep[]} */
  const steps = [];
  let failed = false;
  const listPath = appending("rolloutSchedule", r.messagePath);
  const all = r.eachObject(value, "rolloutSchedule", "step", scheduleKeys, listPath, (element, path) => {
    /** @type {number | undefined} */
    let at;
    const atValue = present(element, "at");
    if (atValue !== undefined) {
      const text = r.string(atValue, "at", path + ".at");
      if (text !== undefined) {
        try {
          at = parseTimestamp(text);
        } catch (error) {
          r.error("invalidDate", "rolloutSchedule", valueRead(text),
            ["notRFC3339", /** @type {Error} */ (error).message], path + ".at");
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
        r.badNumber(percentValue, "rolloutSchedule", ["badPercent"], path + ".percent");
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
        r.error("invalidValue", "rolloutSchedule", valueRead(formatTimestamp(at)), ["stepTime"], path + ".at");
      }
      if (percent < previous.percent) {
        failed = true;
        r.error("invalidValue", "rolloutSchedule", valueRead(percent),
          ["stepShrinks", percent, previous.percent], path + ".percent");
      }
    }
    steps.push({ at, percent });
  });
  return failed || !all ? undefined : steps;
}
