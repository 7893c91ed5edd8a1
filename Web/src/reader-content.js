// Reading the values inside a message's rich and campaign keys: attributes, install ids, triggers,
// conversions, images, buttons, actions, features, colors and data (MessageReader+Campaign.swift,
// MessageReader+RichContent.swift, Conversion.swift).

import { JSONObject, compactDescription, doubleValue, integerValue, typeDescription } from "./json.js";
import { closestKey, excerpt } from "./diagnostics.js";
import { absoluteURL, appending, isValidEventName, layoutHasButtons, present, whyNotAbsolute } from "./reader.js";
import { hostOf } from "./link-policy.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./reader.js").MessageReader} MessageReader */
/** @typedef {import("./message.js").Button} Button */
/** @typedef {import("./message.js").Action} Action */
/** @typedef {import("./message.js").Palette} Palette */

/**
 * @param {JSONValue | undefined} value
 * @returns {value is JSONObject}
 */
const isObject = (value) => value instanceof JSONObject;

export const closest = closestKey;

const imageKeys = ["url", "alt", "darkUrl"];
const buttonKeys = ["title", "action"];
const featureKeys = ["title", "text", "symbol"];
const colorKeys = ["background", "text", "accent"];
const colorsKeys = [...colorKeys, "dark"];
const actionKeys = ["url", "event"];
const loopbackHosts = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
export function readAttributes(r, value) {
  if (!isObject(value)) {
    r.wrongType(value, "attributes", "an object of attribute names");
    return undefined;
  }
  /** @type {import("./message.js").AttributeCondition[]} */
  const conditions = [];
  let failed = false;
  for (const [key, member] of value.members) {
    const path = appending(key, appending("attributes", r.messagePath));
    const isList = Array.isArray(member);
    const values = isList ? member : [member];
    if (isList && member.length === 0) {
      r.report("warning", "matchesNothing", { path, key: "attributes", value: "[]", reason: `an empty list for attribute "${excerpt(key)}" matches no install` });
    }
    /** @type {import("./message.js").AttributeValue[]} */
    const accepted = [];
    values.forEach((element, position) => {
      if (typeof element === "string" || typeof element === "boolean" || typeof element === "number") {
        accepted.push(element);
        return;
      }
      failed = true;
      r.report("error", "wrongType", {
        path: isList ? path + `[${position}]` : path, key: "attributes", value: compactDescription(element),
        reason: `attribute "${excerpt(key)}" must be a string, a number, true or false (or a list of them), not ${typeDescription(element)}`,
      });
    });
    conditions.push({ key, values: accepted });
  }
  return failed ? undefined : conditions;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
export function readInstallIds(r, value) {
  const list = r.stringArray(value, "installIds");
  if (list === undefined) return undefined;
  list.forEach((id, position) => {
    if (id !== "") return;
    r.report("error", "invalidValue", { path: r.messagePath + `.installIds[${position}]`, key: "installIds", value: '""', reason: "an install id must not be empty" });
  });
  if (list.length === 0) {
    r.report("warning", "matchesNothing", { key: "installIds", value: "[]", reason: 'an empty "installIds" reaches no install' });
  }
  return list;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @returns {"launch" | {event: string} | undefined}
 */
export function readTrigger(r, value) {
  if (value === "launch") return "launch";
  if (isObject(value)) {
    const path = appending("trigger", r.messagePath);
    r.checkKeys(value, ["event"], path);
    const name = present(value, "event");
    if (name === undefined) {
      r.report("error", "missingKey", { path, key: "trigger", reason: '"trigger" needs "event": NAME' });
      return undefined;
    }
    const event = eventName(r, name, "trigger", path + ".event");
    return event === undefined ? undefined : { event };
  }
  r.report("error", typeof value === "string" ? "invalidValue" : "wrongType", {
    key: "trigger", value: compactDescription(value), reason: '"trigger" must be "launch" or {"event": NAME}',
  });
  return undefined;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} key
 * @param {string} path
 */
function eventName(r, value, key, path) {
  const name = r.string(value, "event", path);
  if (name === undefined) return undefined;
  if (!isValidEventName(name)) {
    r.report("error", "invalidValue", { path, key, value: compactDescription(name), reason: 'an event name is 1 to 64 letters, digits, "_", "-" or "."' });
    return undefined;
  }
  return name;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} path
 */
export function readConversion(r, value, path) {
  if (!isObject(value)) {
    r.wrongType(value, "conversion", 'an object {"event", "withinHours"}', path);
    return undefined;
  }
  r.checkKeys(value, ["event", "withinHours"], path);
  /** @type {string | undefined} */
  let event;
  const field = present(value, "event");
  if (field !== undefined) {
    if (typeof field === "string" && isValidEventName(field)) event = field;
    else if (typeof field === "string") {
      r.report("error", "invalidValue", { path: path + ".event", key: "conversion", value: compactDescription(field), reason: 'an event name is 1 to 64 letters, digits, "_", "-" or "."' });
    } else {
      r.wrongType(field, "event", "a string", path + ".event");
    }
  } else {
    r.report("error", "missingKey", { path, key: "conversion", reason: 'a conversion needs "event"' });
  }
  /** @type {number | undefined} */
  let hours;
  const within = present(value, "withinHours");
  if (within !== undefined) {
    const number = integerValue(within);
    if (number !== undefined && number >= 1 && number <= 720) hours = number;
    else {
      r.report("error", doubleValue(within) === undefined ? "wrongType" : "outOfRange", {
        path: path + ".withinHours", key: "conversion", value: compactDescription(within),
        reason: '"withinHours" must be a whole number from 1 to 720 (30 days)',
      });
    }
  } else {
    r.report("error", "missingKey", { path, key: "conversion", reason: 'a conversion needs "withinHours"' });
  }
  if (event === undefined || hours === undefined) return undefined;
  return { event, withinHours: hours };
}

/**
 * Swift's Character.isWhitespace over a whole string.
 * @param {string} text
 */
const allWhitespace = (text) => /^[\s\u0085]*$/u.test(text);

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} path
 */
export function readImage(r, value, path) {
  const layout = r.layout;
  if (!isObject(value)) {
    r.wrongType(value, "image", 'an object with "url" and "alt"', path);
    return undefined;
  }
  r.checkKeys(value, imageKeys, path);
  /** @type {string | undefined} */
  let url;
  const urlValue = present(value, "url");
  if (urlValue !== undefined) url = imageURL(r, urlValue, "url", path + ".url");
  else r.report("error", "missingKey", { path: path + ".url", key: "image", reason: `the image's "url" is missing` });
  const darkValue = present(value, "darkUrl");
  const darkUrl = darkValue === undefined ? undefined : imageURL(r, darkValue, "darkUrl", path + ".darkUrl");
  /** @type {string | undefined} */
  let alt;
  const altValue = present(value, "alt");
  if (altValue !== undefined) alt = r.string(altValue, "alt", path + ".alt");
  const hasAlt = !allWhitespace(alt ?? "");
  if (layout === "alert") {
    r.report("warning", "noEffect", { path, key: "image", reason: 'a system alert ("layout": "alert") cannot show an image; it is ignored' });
  } else if (!hasAlt) {
    r.report(layout === "image" ? "error" : "warning", "missingKey", {
      path: path + ".alt", key: "alt",
      reason: layout === "image"
        ? 'an image layout needs "alt": the text VoiceOver reads instead of the picture'
        : 'the image has no "alt": VoiceOver users are told nothing about it',
    });
  }
  if (url === undefined) return undefined;
  return { url, alt: hasAlt ? alt : undefined, darkUrl };
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} key
 * @param {string} path
 */
function imageURL(r, value, key, path) {
  const text = r.string(value, key, path);
  if (text === undefined) return undefined;
  const absolute = absoluteURL(text, path);
  if (absolute === undefined) {
    r.report("error", "invalidURL", { path, key, value: compactDescription(value), reason: whyNotAbsolute(text, "https://example.com/banner.png") });
    return undefined;
  }
  if (absolute.scheme === "https" || (absolute.scheme === "http" && loopbackHosts.has(hostOf(text).toLowerCase()))) {
    return absolute.url;
  }
  r.report("error", "invalidURL", {
    path, key, value: compactDescription(value),
    reason: "an image must be an https: URL (http: only for localhost, 127.0.0.1 and ::1, for testing)",
  });
  return undefined;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} path
 * @returns {Button[] | undefined}
 */
export function readButtons(r, value, path) {
  const layout = r.layout;
  if (!Array.isArray(value)) {
    r.wrongType(value, "buttons", 'an array of {"title", "action"} buttons', path);
    return undefined;
  }
  if (layout !== undefined && !layoutHasButtons(layout)) {
    r.report("error", "invalidValue", { path, key: "buttons", reason: `${layout === "image" ? "an" : "a"} ${layout} has no buttons: a tap on it runs its "action"` });
    return undefined;
  }
  if (value.length < 1 || value.length > 2) {
    r.report("error", "invalidValue", {
      path, key: "buttons", value: `${value.length} buttons`,
      reason: `"buttons" must hold 1 or 2 buttons (the first is the primary one), not ${value.length}`,
    });
    return undefined;
  }
  /** @type {Button[]} */
  const buttons = [];
  for (const [position, element] of value.entries()) {
    const itemPath = path + `[${position}]`;
    if (!isObject(element)) {
      r.wrongType(element, "buttons", 'an object {"title", "action"}', itemPath);
      continue;
    }
    r.checkKeys(element, buttonKeys, itemPath);
    /** @type {string | undefined} */
    let title;
    const titleValue = present(element, "title");
    if (titleValue !== undefined) {
      title = r.string(titleValue, "title", itemPath + ".title");
      if (title === "") {
        r.report("error", "invalidValue", { path: itemPath + ".title", key: "title", value: '""', reason: `a button's "title" must not be empty` });
        title = undefined;
      }
    } else {
      r.report("error", "missingKey", { path: itemPath, key: "buttons", reason: 'a button needs a "title"' });
    }
    /** @type {Action} */
    let action = "dismiss";
    const actionValue = present(element, "action");
    if (actionValue !== undefined) {
      const read = readAction(r, actionValue, "action", itemPath + ".action");
      if (read === undefined) continue;
      action = read;
    }
    if (title !== undefined) buttons.push({ title, action });
  }
  if (buttons.length !== value.length) return undefined;
  if (!r.dismissible) {
    const position = buttons.findIndex((b) => b.action === "dismiss");
    if (position >= 0) {
      r.report("error", "invalidValue", { path: path + `[${position}]`, key: "buttons", reason: 'a message with "dismissible": false has no dismiss button' });
      return undefined;
    }
    if (!buttons.some((b) => typeof b.action === "object" && "url" in b.action)) {
      r.report("error", "wallWithoutLink", {
        path, key: "buttons",
        reason: 'a message with "dismissible": false needs a button with a "url" action, or the user is left with no way on',
      });
      return undefined;
    }
  }
  return buttons;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} key
 * @param {string} path
 * @returns {Action | undefined}
 */
export function readAction(r, value, key, path) {
  const expected = '"dismiss", {"url": URL} or {"event": NAME}';
  if (value === "dismiss") return "dismiss";
  if (isObject(value)) {
    r.checkKeys(value, actionKeys, path);
    const url = present(value, "url");
    const event = present(value, "event");
    if (url !== undefined && event === undefined) {
      const text = r.string(url, "url", path + ".url");
      if (text === undefined) return undefined;
      const checked = r.checkedURL(text, url, path + ".url");
      return checked === undefined ? undefined : { url: checked };
    }
    if (url === undefined && event !== undefined) {
      const name = eventName(r, event, key, path + ".event");
      return name === undefined ? undefined : { event: name };
    }
    r.report("error", "invalidValue", { path, key, value: compactDescription(value), reason: `an action is ${expected}: one of "url" and "event"` });
    return undefined;
  }
  r.report("error", typeof value === "string" ? "invalidValue" : "wrongType", {
    path, key, value: compactDescription(value), reason: `"${key}" must be ${expected}`,
  });
  return undefined;
}

/** @param {string} name */
const isSymbolName = (name) => /^[a-z0-9.]{1,100}$/.test(name) && !name.startsWith(".") && !name.endsWith(".");

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} path
 */
export function readFeatures(r, value, path) {
  if (!Array.isArray(value)) {
    r.wrongType(value, "features", 'an array of {"title", "text", "symbol"}', path);
    return undefined;
  }
  if (value.length < 1 || value.length > 10) {
    r.report("error", "invalidValue", { path, key: "features", value: `${value.length} features`, reason: `"features" must list 1 to 10 items, not ${value.length}` });
    return undefined;
  }
  /** @type {import("./message.js").Feature[]} */
  const features = [];
  for (const [position, element] of value.entries()) {
    const itemPath = path + `[${position}]`;
    if (!isObject(element)) {
      r.wrongType(element, "features", 'an object {"title", "text", "symbol"}', itemPath);
      continue;
    }
    r.checkKeys(element, featureKeys, itemPath);
    const titleValue = present(element, "title");
    if (titleValue === undefined) {
      r.report("error", "missingKey", { path: itemPath, key: "features", reason: 'a feature needs a "title"' });
      continue;
    }
    const title = r.string(titleValue, "title", itemPath + ".title");
    if (title === undefined) continue;
    /** @type {import("./message.js").Feature} */
    const feature = { title, text: undefined, symbol: undefined };
    const textValue = present(element, "text");
    if (textValue !== undefined) feature.text = r.string(textValue, "text", itemPath + ".text");
    const symbolValue = present(element, "symbol");
    const symbol = symbolValue === undefined ? undefined : r.string(symbolValue, "symbol", itemPath + ".symbol");
    if (symbol !== undefined) {
      if (isSymbolName(symbol)) feature.symbol = symbol;
      else {
        r.report("warning", "invalidValue", {
          path: itemPath + ".symbol", key: "symbol", value: compactDescription(symbol),
          reason: 'not an SF Symbols name (lower-case words and digits joined by dots, e.g. "star.fill"); the feature is drawn without a symbol',
        });
      }
    }
    features.push(feature);
  }
  if (features.length !== value.length) return undefined;
  if (r.layout !== undefined && r.layout !== "sheet") {
    r.report("warning", "noEffect", { path, key: "features", reason: 'only a sheet ("layout": "sheet") lists features; they are ignored' });
  }
  return features;
}

/**
 * #RRGGBB or #RRGGBBAA as the Swift engine writes it back: upper case, alpha only when not opaque.
 * @param {string} text
 */
export function colorHex(text) {
  if (!/^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(text)) return undefined;
  const upper = text.toUpperCase();
  return upper.length === 9 && upper.endsWith("FF") ? upper.slice(0, 7) : upper;
}

/**
 * @param {MessageReader} r
 * @param {JSONObject} object
 * @param {string} path
 * @returns {[Palette, boolean]}
 */
function readPalette(r, object, path) {
  /** @type {Palette} */
  const palette = {};
  let failed = false;
  for (const key of colorKeys) {
    const field = present(object, key);
    if (field === undefined) continue;
    const color = typeof field === "string" ? colorHex(field) : undefined;
    if (color === undefined) {
      failed = true;
      r.report("error", typeof field === "string" ? "invalidValue" : "wrongType", {
        path: appending(key, path), key, value: compactDescription(field),
        reason: 'a color is "#RRGGBB" or "#RRGGBBAA" (hex digits), e.g. "#1A73E8"',
      });
      continue;
    }
    palette[/** @type {"background" | "text" | "accent"} */ (key)] = color;
  }
  return [palette, failed];
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
export function readColors(r, value) {
  const path = appending("colors", r.messagePath);
  if (!isObject(value)) {
    r.wrongType(value, "colors", "an object of #RRGGBB colors", path);
    return undefined;
  }
  r.checkKeys(value, colorsKeys, path);
  const [light, lightFailed] = readPalette(r, value, path);
  if (lightFailed) return undefined;
  let failed = false;
  /** @type {Palette} */
  let dark = {};
  const field = present(value, "dark");
  if (field !== undefined) {
    if (isObject(field)) {
      r.checkKeys(field, colorKeys, path + ".dark");
      const [palette, darkFailed] = readPalette(r, field, path + ".dark");
      failed = darkFailed;
      if (!darkFailed) dark = palette;
    } else {
      failed = true;
      r.wrongType(field, "dark", "an object of #RRGGBB colors", path + ".dark");
    }
  }
  if (failed) return undefined;
  return { light, dark };
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
export function readData(r, value) {
  const path = appending("data", r.messagePath);
  if (!isObject(value)) {
    r.wrongType(value, "data", "an object of strings", path);
    return undefined;
  }
  if (value.members.length > 50) {
    r.report("error", "limit", { path, key: "data", value: `${value.members.length} keys`, reason: `"data" holds ${value.members.length} keys; the limit is 50` });
    return undefined;
  }
  r.checkKeys(value, [], path, false);
  /** @type {Map<string, string>} */
  const data = new Map();
  let failed = false;
  for (const [key, member] of value.members) {
    const itemPath = appending(key, path);
    if (typeof member !== "string") {
      failed = true;
      r.wrongType(member, "data", "a string", itemPath);
      continue;
    }
    const scalars = [...member].length;
    if (scalars > 1000) {
      failed = true;
      r.report("error", "limit", {
        path: itemPath, key: "data", value: `"${[...member].slice(0, 40).join("")}…"`,
        reason: `a "data" value is ${scalars} characters long; the limit is 1000`,
      });
      continue;
    }
    data.set(key, member);
  }
  return failed ? undefined : data;
}
