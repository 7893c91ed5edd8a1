// Reading the values inside a message's rich keys: images, buttons, actions, features, colors and data
// (MessageReader+RichContent.swift), in a message, its variants and its localizations; its conversion,
// in a message and its variants (Conversion.swift), which no decision needs either (results count it);
// and its variants (rich-variants.js), worked out for the message chosen. The exact engine
// reads them with every other key (rich-reading.js); a page reads them only for a message it is about to
// use, with the copy of this file that appalert-web-draw.js carries (rich-check.js), so appalert-web.js
// has none. They are given the page's trees: nothing here may depend on the class of a JSONObject.

import { integerValue } from "./json.js";
import { valueRead } from "./diagnostics.js";
import { appending, isObject, isValidEventName, layoutHasButtons, present } from "./reader.js";
import { eventName } from "./reader-content.js";
import { absoluteURL, schemeOf } from "./reader-url.js";
import { hostOf } from "./link-policy.js";
import { readVariants } from "./rich-variants.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./reader.js").MessageReader} MessageReader */
/** @typedef {import("./message.js").Button} Button */
/** @typedef {import("./message.js").Action} Action */
/** @typedef {import("./message.js").Palette} Palette */
/** @typedef {import("./message.js").Colors} Colors */

const imageKeys = ["url", "alt", "darkUrl"];
const buttonKeys = ["title", "action"];
const featureKeys = ["title", "text", "symbol"];
const colorKeys = ["background", "text", "accent"];
// colorKeys and "dark", written out: a spread would stay in every file of the bundle that imports the readers.
const colorsKeys = ["background", "text", "accent", "dark"];
const actionKeys = ["url", "event"];
const loopbackHosts = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

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
  if (!r.checkObject(value, "image", "image", path, imageKeys)) return undefined;
  /** @type {string | undefined} */
  let url;
  const urlValue = present(value, "url");
  if (urlValue !== undefined) url = imageURL(r, urlValue, "url", path + ".url");
  else r.error("missingKey", "image", undefined, ["noImageURL"], path + ".url");
  const darkValue = present(value, "darkUrl");
  const darkUrl = darkValue === undefined ? undefined : imageURL(r, darkValue, "darkUrl", path + ".darkUrl");
  /** @type {string | undefined} */
  let alt;
  const altValue = present(value, "alt");
  if (altValue !== undefined) alt = r.string(altValue, "alt", path + ".alt");
  const hasAlt = !allWhitespace(alt ?? "");
  if (layout === "alert") {
    r.warning("noEffect", "image", undefined, ["alertImage"], path);
  } else if (!hasAlt) {
    r.report(layout === "image" ? "error" : "warning", "missingKey", "alt", undefined,
      [layout === "image" ? "imageLayoutNeedsAlt" : "imageHasNoAlt"], path + ".alt");
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
    r.error("invalidURL", key, valueRead(value),
      ["notAbsolute", text, schemeOf(text), "https://example.com/banner.png"], path);
    return undefined;
  }
  if (absolute.scheme === "https" || (absolute.scheme === "http" && loopbackHosts.has(hostOf(text).toLowerCase()))) {
    return absolute.url;
  }
  r.error("invalidURL", key, valueRead(value), ["httpImage"], path);
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
  if (!r.checkArray(value, "buttons", "buttons", path)) return undefined;
  if (layout !== undefined && !layoutHasButtons(layout)) {
    r.error("invalidValue", "buttons", undefined, ["noButtons", layout], path);
    return undefined;
  }
  if (value.length < 1 || value.length > 2) {
    r.error("invalidValue", "buttons", `${value.length} buttons`, ["buttonCount", value.length], path);
    return undefined;
  }
  /** @type {Button[]} */
  const buttons = [];
  r.eachObject(value, "buttons", "button", buttonKeys, path, (element, itemPath) => {
    /** @type {string | undefined} */
    let title;
    const titleValue = present(element, "title");
    if (titleValue !== undefined) {
      title = r.string(titleValue, "title", itemPath + ".title");
      if (title === "") {
        r.error("invalidValue", "title", '""', ["emptyButtonTitle"], itemPath + ".title");
        title = undefined;
      }
    } else {
      r.error("missingKey", "buttons", undefined, ["noButtonTitle"], itemPath);
    }
    /** @type {Action} */
    let action = "dismiss";
    const actionValue = present(element, "action");
    if (actionValue !== undefined) {
      const read = readAction(r, actionValue, "action", itemPath + ".action");
      if (read === undefined) return;
      action = read;
    }
    if (title !== undefined) buttons.push({ title, action });
  });
  if (buttons.length !== value.length) return undefined;
  if (!r.dismissible) {
    const position = buttons.findIndex((b) => b.action === "dismiss");
    if (position >= 0) {
      r.error("invalidValue", "buttons", undefined, ["wallDismiss"], path + `[${position}]`);
      return undefined;
    }
    if (!buttons.some((b) => typeof b.action === "object" && "url" in b.action)) {
      r.error("wallWithoutLink", "buttons", undefined, ["wallNoURLButton"], path);
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
    r.error("invalidValue", key, valueRead(value), ["badAction"], path);
    return undefined;
  }
  r.badString(value, key, ["notAction", key], path);
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
  if (!r.checkArray(value, "features", "features", path)) return undefined;
  if (value.length < 1 || value.length > 10) {
    r.error("invalidValue", "features", `${value.length} features`, ["featureCount", value.length], path);
    return undefined;
  }
  /** @type {import("./message.js").Feature[]} */
  const features = [];
  r.eachObject(value, "features", "feature", featureKeys, path, (element, itemPath) => {
    const titleValue = present(element, "title");
    if (titleValue === undefined) {
      r.error("missingKey", "features", undefined, ["noFeatureTitle"], itemPath);
      return;
    }
    const title = r.string(titleValue, "title", itemPath + ".title");
    if (title === undefined) return;
    /** @type {import("./message.js").Feature} */
    const feature = { title, text: undefined, symbol: undefined };
    const textValue = present(element, "text");
    if (textValue !== undefined) feature.text = r.string(textValue, "text", itemPath + ".text");
    const symbolValue = present(element, "symbol");
    const symbol = symbolValue === undefined ? undefined : r.string(symbolValue, "symbol", itemPath + ".symbol");
    if (symbol !== undefined) {
      if (isSymbolName(symbol)) feature.symbol = symbol;
      else {
        r.warning("invalidValue", "symbol", valueRead(symbol), ["badSymbol"], itemPath + ".symbol");
      }
    }
    features.push(feature);
  });
  if (features.length !== value.length) return undefined;
  if (r.layout !== undefined && r.layout !== "sheet") {
    r.warning("noEffect", "features", undefined, ["featuresOffSheet"], path);
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
 * @param {import("./json.js").JSONObject} object
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
      r.badString(field, key, ["badColor"], appending(key, path));
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
  if (!r.checkObject(value, "colors", "colors", path, colorsKeys)) return undefined;
  const [light, lightFailed] = readPalette(r, value, path);
  if (lightFailed) return undefined;
  let failed = false;
  /** @type {Palette} */
  let dark = {};
  const field = present(value, "dark");
  if (field !== undefined) {
    if (r.checkObject(field, "dark", "colors", path + ".dark", colorKeys)) {
      const [palette, darkFailed] = readPalette(r, field, path + ".dark");
      failed = darkFailed;
      if (!darkFailed) dark = palette;
    } else failed = true;
  }
  if (failed) return undefined;
  const colors = { light, dark };
  // An unknown layout checks no layout's rule (as the Swift engine: `layout` is nil then).
  if (r.layout !== undefined && r.layout !== "alert") {
    checkContrast(r, colors, path);
    if (layoutHasButtons(r.layout)) checkAccentContrast(r, colors, path);
  }
  return colors;
}

/** WCAG 2.x: text needs at least this contrast ratio to be readable. */
const minimumContrastRatio = 4.5;

/** @typedef {[number, number, number, number]} RGBA */

/**
 * @param {string} hex "#RRGGBB" or "#RRGGBBAA" (as colorHex writes it)
 * @returns {RGBA}
 */
function components(hex) {
  const value = (/** @type {number} */ index) => parseInt(hex.slice(index, index + 2), 16);
  return [value(1), value(3), value(5), hex.length === 9 ? value(7) : 255];
}

/**
 * `top` drawn over an opaque `bottom` (alpha compositing in sRGB), opaque, as the Swift engine's Color.over.
 * @param {RGBA} top @param {RGBA} bottom @returns {RGBA}
 */
function over(top, bottom) {
  const alpha = top[3] / 255;
  const mix = (/** @type {number} */ index) => Math.round(top[index] * alpha + bottom[index] * (1 - alpha));
  return /** @type {RGBA} */ ([mix(0), mix(1), mix(2), 255]);
}

/**
 * The relative luminance of WCAG 2.x of an opaque color.
 * @param {RGBA} color
 */
function luminance(color) {
  const linear = (/** @type {number} */ component) => {
    const value = component / 255;
    return value <= 0.04045 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(color[0]) + 0.7152 * linear(color[1]) + 0.0722 * linear(color[2]);
}

/**
 * The WCAG 2.x contrast ratio of `text` on `background`, a translucent background taken over `canvas`
 * (white in light appearance, black in dark) and translucent text over that.
 * @param {RGBA} text @param {RGBA} background @param {RGBA} canvas
 */
function contrastRatio(text, background, canvas) {
  const ground = over(background, canvas);
  const a = luminance(over(text, ground));
  const b = luminance(ground);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const white = /** @type {RGBA} */ ([255, 255, 255, 255]);
const black = /** @type {RGBA} */ ([0, 0, 0, 255]);

/**
 * Dark appearance's colors: each of the feed's `dark` ones, else the light one.
 * @param {Colors} colors @param {boolean} dark @returns {Palette}
 */
const paletteOf = (colors, dark) => dark ? {
  background: colors.dark.background ?? colors.light.background, text: colors.dark.text ?? colors.light.text,
  accent: colors.dark.accent ?? colors.light.accent,
} : colors.light;

/**
 * Warns when text on background, in light or dark appearance, is below the WCAG ratio (the Swift
 * engine's checkContrast): one warning for both when dark draws the same pair with the same ratio.
 * @param {MessageReader} r @param {Colors} colors @param {string} path
 */
function checkContrast(r, colors, path) {
  /** @type {Array<{appearance: string, text: string, background: string, ratio: string}>} */
  const findings = [];
  for (const dark of [false, true]) {
    const { text, background } = paletteOf(colors, dark);
    if (text === undefined || background === undefined) continue;
    const ratio = contrastRatio(components(text), components(background), dark ? black : white);
    if (ratio >= minimumContrastRatio) continue;
    const finding = { appearance: dark ? "dark" : "light", text, background, ratio: ratio.toFixed(2) };
    const light = findings[0];
    if (dark && light && light.text === text && light.background === background && light.ratio === finding.ratio) {
      light.appearance = "light and dark";
    } else findings.push(finding);
  }
  for (const { appearance, text, background, ratio } of findings) {
    r.warning("lowContrast", "colors", `${text} on ${background}`, ["lowTextContrast", text, background, ratio, appearance],
      appearance === "dark" ? path + ".dark" : path);
  }
}

/**
 * Warns when white on the accent is below the WCAG ratio (the Swift engine's checkAccentContrast): a
 * modal's or a sheet's first button is filled with the accent and labelled in white. A translucent accent
 * is taken over the message's background over the appearance's own; the warning is where the accent is
 * written (dark appearance without its own uses the light one).
 * @param {MessageReader} r @param {Colors} colors @param {string} path
 */
function checkAccentContrast(r, colors, path) {
  /** @type {Array<{appearance: string, darkOwn: boolean, accent: string, ratio: number}>} */
  const findings = [];
  for (const dark of [false, true]) {
    const { accent, background } = paletteOf(colors, dark);
    if (accent === undefined) continue;
    const canvas = dark ? black : white;
    const ground = background === undefined ? canvas : over(components(background), canvas);
    const ratio = contrastRatio(white, components(accent), ground);
    if (ratio >= minimumContrastRatio) continue;
    const darkOwn = dark && colors.dark.accent !== undefined;
    const light = findings[0];
    if (dark && !darkOwn && light && Math.round(light.ratio * 100) === Math.round(ratio * 100)) {
      light.appearance = "light and dark";
    } else findings.push({ appearance: dark ? "dark" : "light", darkOwn, accent, ratio });
  }
  for (const { appearance, darkOwn, accent, ratio } of findings) {
    r.warning("lowContrast", "accent", `#FFFFFF on ${accent}`, ["lowAccentContrast", accent, ratio.toFixed(2), appearance],
      path + (darkOwn ? ".dark.accent" : ".accent"));
  }
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
export function readData(r, value) {
  const path = appending("data", r.messagePath);
  if (!r.checkObject(value, "data", "data", path)) return undefined;
  if (value.names.length > 50) {
    r.error("limit", "data", `${value.names.length} keys`, ["dataKeys", value.names.length], path);
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
      r.wrongType(member, "data", "string", itemPath);
      continue;
    }
    const scalars = [...member].length;
    if (scalars > 1000) {
      failed = true;
      r.error("limit", "data", `"${[...member].slice(0, 40).join("")}…"`, ["longData", scalars], itemPath);
      continue;
    }
    data.set(key, member);
  }
  return failed ? undefined : data;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} path
 */
export function readConversion(r, value, path) {
  if (!r.checkObject(value, "conversion", "conversion", path, ["event", "withinHours"])) return undefined;
  /** @type {string | undefined} */
  let event;
  const field = present(value, "event");
  if (field !== undefined) {
    if (typeof field === "string" && isValidEventName(field)) event = field;
    else if (typeof field === "string") {
      r.error("invalidValue", "conversion", valueRead(field), ["badEventName"], path + ".event");
    } else {
      r.wrongType(field, "event", "string", path + ".event");
    }
  } else {
    r.error("missingKey", "conversion", undefined, ["noConversionEvent"], path);
  }
  /** @type {number | undefined} */
  let hours;
  const within = present(value, "withinHours");
  if (within !== undefined) {
    const number = integerValue(within);
    if (number !== undefined && number >= 1 && number <= 720) hours = number;
    else {
      r.badNumber(within, "conversion", ["badWithinHours"], path + ".withinHours");
    }
  } else {
    r.error("missingKey", "conversion", undefined, ["noWithinHours"], path);
  }
  if (event === undefined || hours === undefined) return undefined;
  return { event, withinHours: hours };
}

/**
 * The readers of the rich keys, by key (rich-reading.js's RichReading), without the check of the
 * variants' languages: what appalert-web-draw.js gives a page, whose checks use only errors and unknown
 * keys (rich-full.js adds the check: the exact engine's and appalert-web-words.js's).
 * @type {import("./rich-reading.js").RichReading}
 */
export const richReading = {
  image: readImage, buttons: readButtons, action: readAction, features: readFeatures, colors: readColors, data: readData,
  conversion: readConversion, variants: readVariants,
};
