// Reads one message of a feed, collecting every problem in it at its JSON path
// (Sources/AppAlert/Feed/MessageReader.swift and MessageReader+Values.swift). Decoding is lossy per
// message: a message with an error is left out, every other one is used.

import { JSONObject, doubleValue, integerValue, quoteJSON, typeDescription, utf8Length } from "./json.js";
import { Version, VersionRange, isRangeWhitespace } from "./version.js";
import { LanguageTag } from "./language.js";
import { parseTimestamp } from "./dates.js";
import { appendingPath, bounded, valueRead } from "./diagnostics.js";
import { forbiddenSchemes } from "./link-policy.js";
import { absoluteURL, schemeOf } from "./reader-url.js";
import * as rich from "./reader-rich.js";
import { messageKeys } from "./message-keys.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./diagnostics.js").RecordedDiagnostic} RecordedDiagnostic */
/** @typedef {import("./diagnostics.js").Words} Words */
/** @typedef {import("./diagnostics.js").ValueRead} ValueRead */
/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").Link} Link */
/** @typedef {import("./message.js").Layout} Layout */

export { messageKeys };
export const linkKeys = ["title", "url"];
export const maximumKeyWarnings = 20;

export const knownPlatforms = ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "linux", "windows", "web"];

/**
 * @param {string} key
 * @param {string} path
 */
export const appending = (key, path) => appendingPath(key, path, quoteJSON);

/**
 * Whether `value` is a JSON object: of a tree, what is neither null nor an array nor a primitive. Not by
 * its class: the rich keys' readers loaded with another file of the bundle (rich-content.js) have a
 * JSONObject class of their own, and read the page's trees.
 * @param {JSONValue | undefined} value
 * @returns {value is JSONObject}
 */
export const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The value of `key` in `object`, with null read as absent.
 * @param {JSONObject} object
 * @param {string} key
 */
export function present(object, key) {
  const value = object.get(key);
  return value === null ? undefined : value;
}

/** @param {string} name */
export const isValidEventName = (name) => /^[A-Za-z0-9_.-]{1,64}$/.test(name);

/** @param {string} name */
export function layoutHasButtons(name) {
  return name === "alert" || name === "modal" || name === "sheet";
}
/** @param {string} name */
export function layoutHasTapAction(name) {
  return name === "banner" || name === "image";
}

/** A message's keys before it is read: none (one function for every reader, not a closure each). */
const noValue = () => undefined;

/**
 * A set for `writtenBefore` when an object has many names (else undefined: it looks back over them), so
 * that a large object costs no more a member than a small one.
 * @param {string[]} names
 */
const seenNames = (names) => (names.length > 16 ? new Set() : undefined);

/**
 * Whether `names[index]` was written before it; with a set (seenNames), asked of every name in order.
 * @param {string[]} names @param {number} index @param {Set<string> | undefined} seen
 */
function writtenBefore(names, index, seen) {
  if (seen === undefined) {
    for (let earlier = 0; earlier < index; earlier += 1) if (names[earlier] === names[index]) return true;
    return false;
  }
  const size = seen.size;
  return seen.add(names[index]).size === size;
}

/**
 * The versions read, by their text: a feed repeats a few many times (they are not changed once read).
 * At most 1,000, then forgotten, so that a feed of as many different versions costs no more.
 * @type {Map<string, Version>}
 */
const knownVersions = new Map();
/** @param {string} text */
function versionOf(text) {
  let version = knownVersions.get(text);
  if (version === undefined) {
    if (knownVersions.size >= 1000) knownVersions.clear();
    version = Version.parse(text);
    knownVersions.set(text, version);
  }
  return version;
}

/** Reads one message object, collecting every problem in it. */
export class MessageReader {
  /**
   * @param {number} index
   * @param {string} pathPrefix
   * @param {number} maximumStringLength
   * @param {import("./rich-reading.js").RichReading} [rich] the readers of the rich keys (a page's reading
   * keeps them unchecked: reader-rich.js's uncheckedRichReading); by default the full ones (rich-reading.js)
   */
  constructor(index, pathPrefix, maximumStringLength, rich) {
    this.index = index;
    this.pathPrefix = pathPrefix;
    this.maximumStringLength = maximumStringLength;
    this.rich = rich;
    /** Whether a rich key was left unchecked (by uncheckedRichReading). */
    this.richUnchecked = false;
    /** @type {number | undefined} */
    this.id = undefined;
    /** @type {RecordedDiagnostic[]} */
    this.diagnostics = [];
    this.hasErrors = false;
    /** @type {Layout | undefined} */
    this.layout = "alert";
    this.dismissible = true;
    this.hasButtons = false;
    this.keyWarnings = 0;
    /**
     * The message's first unknown keys: the words of a missing key's diagnostic ask whether one of them
     * is it misspelt (diagnostic-words.js). Complete once `read` has checked the message's keys.
     * @type {string[]}
     */
    this.unknownKeysWritten = [];
    /**
     * A key's last value in the message being read (null when that was null: the key is then not given).
     * @type {(key: string) => JSONValue | undefined}
     */
    this.get = noValue;
  }

  get messagePath() {
    return `${this.pathPrefix}[${this.index}]`;
  }

  // The readers' reports, the facts in the order a diagnostic lists them: its key (null: the message
  // itself), value (undefined: none), words, and its path when it is not the key's in the message (built
  // here, only when a diagnostic is recorded).
  /**
   * @param {"error" | "warning"} severity @param {string} code @param {string | null} key
   * @param {string | ValueRead | undefined} value @param {Words} words @param {string} [path]
   */
  report(severity, code, key, value, words, path) {
    if (severity === "error") this.hasErrors = true;
    this.diagnostics.push({
      severity, code, path: path ?? (key !== null ? appending(key, this.messagePath) : this.messagePath),
      messageIndex: this.index, messageId: this.id ?? null, key, value: value ?? null, words,
    });
  }
  /**
   * @param {string} code @param {string | null} key @param {string | ValueRead | undefined} value @param {Words} words
   * @param {string} [path]
   */
  error(code, key, value, words, path) {
    this.report("error", code, key, value, words, path);
  }
  /**
   * @param {string} code @param {string | null} key @param {string | ValueRead | undefined} value @param {Words} words
   * @param {string} [path]
   */
  warning(code, key, value, words, path) {
    this.report("warning", code, key, value, words, path);
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   * @param {string} expected the name of what it must be, written in words by diagnostic-words.js (shapes)
   * @param {string} [path]
   */
  wrongType(value, key, expected, path) {
    this.error("wrongType", key, valueRead(value), ["notShape", key, expected, typeDescription(value)], path);
  }

  /**
   * Whether `value` is an object (its keys then checked against `known`, when given); else it is
   * reported as not `expected`.
   * @param {JSONValue} value @param {string} key @param {string} expected @param {string | undefined} path
   * @param {string[]} [known]
   * @returns {value is JSONObject}
   */
  checkObject(value, key, expected, path, known) {
    if (!isObject(value)) {
      this.wrongType(value, key, expected, path);
      return false;
    }
    if (known !== undefined) this.checkKeys(value, known, path ?? appending(key, this.messagePath));
    return true;
  }

  /**
   * Whether `value` is an array; else it is reported as not `expected`.
   * @param {JSONValue} value @param {string} key @param {string} expected @param {string} [path]
   * @returns {value is JSONValue[]}
   */
  checkArray(value, key, expected, path) {
    if (Array.isArray(value)) return true;
    this.wrongType(value, key, expected, path);
    return false;
  }

  /**
   * Calls `read` with each element of `list` that is an object (its keys checked against `known`), its
   * path and position; reports each other element as not `expected`. Whether every element was one.
   * @param {JSONValue[]} list @param {string} key @param {string} expected @param {string[]} known
   * @param {string} path the list's
   * @param {(object: JSONObject, path: string, position: number) => void} read
   */
  eachObject(list, key, expected, known, path, read) {
    let all = true;
    list.forEach((element, position) => {
      const itemPath = path + `[${position}]`;
      if (this.checkObject(element, key, expected, itemPath, known)) read(element, itemPath, position);
      else all = false;
    });
    return all;
  }

  /**
   * The value `read` (a method of the reader) makes of `key`'s value in the message, where it is given.
   * (At most two more arguments, not a rest parameter: it runs for every key of every message, and an
   * array for each call slowed a 10,000-message feed's reading.)
   * @template A @template B @template T
   * @param {string} key @param {(this: MessageReader, value: JSONValue, key: string, a: A, b: B) => T} read
   * @param {A} [a] @param {B} [b]
   * @returns {T | undefined}
   */
  optional(key, read, a, b) {
    const value = this.get(key);
    return value === undefined ? undefined : read.call(this, value, key, /** @type {A} */ (a), /** @type {B} */ (b));
  }

  // Errors at a value that is not what its key needs, coded by what the value is.
  /**
   * "wrongType" when `value` is not even a number, else "outOfRange".
   * @param {JSONValue} value @param {string} key @param {Words} words @param {string} [path]
   */
  badNumber(value, key, words, path) {
    const code = doubleValue(value) === undefined ? "wrongType" : "outOfRange";
    this.error(code, key, valueRead(value), words, path);
  }
  /**
   * "wrongType" when `value` is not even a string, else "invalidValue".
   * @param {JSONValue} value @param {string} key @param {Words} words @param {string} [path]
   */
  badString(value, key, words, path) {
    const code = typeof value === "string" ? "invalidValue" : "wrongType";
    this.error(code, key, valueRead(value), words, path);
  }

  markLeftOut() {
    const first = this.diagnostics.find((d) => d.severity === "error");
    if (first) first.leftOut = true;
  }

  /** @param {RecordedDiagnostic[]} into */
  finish(into) {
    if (this.diagnostics.length === 0) return; // nothing to say of most messages
    if (this.keyWarnings > maximumKeyWarnings) {
      const hidden = this.keyWarnings - maximumKeyWarnings;
      this.warning("unknownKey", null, undefined, ["moreKeyWarnings", hidden, maximumKeyWarnings]);
    }
    into.push(...this.diagnostics.filter((d) => d.severity === "error").map(bounded));
    into.push(...this.diagnostics.filter((d) => d.severity !== "error").map(bounded));
  }

  countKeyWarning() {
    this.keyWarnings += 1;
    return this.keyWarnings <= maximumKeyWarnings;
  }

  /**
   * @param {string} key
   * @param {string} path
   */
  reportDuplicate(key, path) {
    if (!this.countKeyWarning()) return;
    this.warning("duplicateKey", key, undefined, ["duplicateKey", key], appending(key, path));
  }

  /**
   * @param {string} key
   * @param {string} path
   * @param {string[]} known
   */
  reportUnknown(key, path, known) {
    // A message's own unknown keys are kept for the words of a missing key (is one of them it misspelt?).
    if (known === messageKeys && this.unknownKeysWritten.length < maximumKeyWarnings) this.unknownKeysWritten.push(key);
    if (!this.countKeyWarning()) return;
    // The key it is probably meant to be is worked out when the words are written (diagnostic-words.js).
    this.warning("unknownKey", key, undefined, ["unknownKeyAmong", key, known], appending(key, path));
  }

  /**
   * @param {string} key
   * @param {string} path
   */
  reportLongKey(key, path) {
    this.error("limit", key, undefined, ["longKey", utf8Length(key), this.maximumStringLength], path);
  }

  /**
   * @param {JSONObject} object
   * @param {string[]} known
   * @param {string | undefined} path the object's; undefined: the message's, built only when a key is
   *   reported (most messages have none)
   * @param {boolean} [reportingUnknown]
   */
  checkKeys(object, known, path, reportingUnknown = true) {
    const names = object.names;
    const seen = seenNames(names);
    for (let index = 0; index < names.length; index += 1) {
      const key = names[index];
      const repeated = writtenBefore(names, index, seen);
      if (this.tooLong(key)) this.reportLongKey(key, path ??= this.messagePath);
      else if (repeated) this.reportDuplicate(key, path ??= this.messagePath);
      else if (reportingUnknown && !known.includes(key)) this.reportUnknown(key, path ??= this.messagePath, known);
    }
  }

  /**
   * Whether `text` is more UTF-8 bytes than a string or key may be. (A UTF-16 unit is at most 3 bytes:
   * most texts are too short to be counted, which every string and key of a feed would otherwise be.)
   * @param {string} text
   */
  tooLong(text) {
    return text.length * 3 > this.maximumStringLength && utf8Length(text) > this.maximumStringLength;
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   * @param {string} [path]
   * @returns {string | undefined}
   */
  string(value, key, path) {
    if (typeof value === "string") {
      if (this.tooLong(value)) {
        this.error("limit", key, `"${[...value].slice(0, 40).join("")}…"`,
          ["longString", key, utf8Length(value), this.maximumStringLength], path);
        return undefined;
      }
      return value;
    }
    this.wrongType(value, key, "string", path);
    return undefined;
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   */
  nonEmptyString(value, key) {
    const text = this.string(value, key);
    if (text === undefined) return undefined;
    if (text === "") {
      this.error("invalidValue", key, '""', ["empty", key]);
      return undefined;
    }
    return text;
  }

  /**
   * @param {JSONValue | undefined} value
   * @param {string} key
   */
  requiredString(value, key) {
    if (value === undefined) {
      this.error("missingKey", key, undefined, ["isMissing", key, this.unknownKeysWritten]);
      return undefined;
    }
    return this.string(value, key);
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   * @param {number} low
   * @param {number} high
   */
  number(value, key, low, high) {
    const number = doubleValue(value);
    if (number === undefined) {
      this.wrongType(value, key, "number");
      return undefined;
    }
    if (!(number >= low && number <= high)) {
      this.error("outOfRange", key, valueRead(value), ["mustBeWithin", key, low, high]);
      return undefined;
    }
    return number;
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   * @param {number | undefined} minimum
   */
  integer(value, key, minimum) {
    const number = integerValue(value);
    if (number === undefined) {
      if (doubleValue(value) !== undefined) {
        this.error("invalidValue", key, valueRead(value), ["notWhole", key]);
      } else {
        this.wrongType(value, key, "wholeNumber");
      }
      return undefined;
    }
    if (minimum !== undefined && number < minimum) {
      this.error("outOfRange", key, valueRead(value), ["atLeast", key, minimum]);
      return undefined;
    }
    return number;
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   * @returns {string[] | undefined}
   */
  stringArray(value, key) {
    return this.allStrings(value, key) ? /** @type {string[]} */ (value).slice() : undefined;
  }

  /**
   * Whether `value` is an array of strings none too long (each problem reported).
   * @param {JSONValue} value
   * @param {string} key
   */
  allStrings(value, key) {
    if (!Array.isArray(value)) {
      this.wrongType(value, key, "strings");
      return false;
    }
    let valid = true;
    for (let position = 0; position < value.length; position += 1) {
      const element = value[position];
      if (typeof element === "string" && !this.tooLong(element)) continue;
      valid = false;
      const path = this.itemPath(key, position);
      if (typeof element === "string") {
        this.string(element, key, path);
      } else {
        this.error("wrongType", key, valueRead(element), ["notStrings", key, typeDescription(element)], path);
      }
    }
    return valid;
  }

  /**
   * Reads `key`'s list of strings: the warning `none` (its words' name, written with the key) when it is
   * empty, then each string by `read` (ListItemReader). Undefined when it is not a list of strings or
   * `read` gave undefined for one. (A function and its argument, not a closure, and a loop: the clean
   * path allocates nothing but the list it returns.)
   * @template T @template A
   * @param {JSONValue} value @param {string} key @param {string} none @param {ListItemReader<T, A>} read
   * @param {A} [a]
   * @returns {T[] | undefined}
   */
  list(value, key, none, read, a) {
    if (!this.allStrings(value, key)) return undefined;
    const strings = /** @type {string[]} */ (value);
    if (strings.length === 0) this.warning("matchesNothing", key, "[]", [none, key]);
    /** @type {(T | undefined)[]} */
    const items = new Array(strings.length);
    for (let position = 0; position < strings.length; position += 1) {
      items[position] = read(this, strings[position], position, key, /** @type {A} */ (a));
    }
    return items.includes(undefined) ? undefined : /** @type {T[]} */ (items);
  }

  /**
   * The path of the element at `position` of the message's list `key`.
   * @param {string} key @param {number} position
   */
  itemPath(key, position) {
    return appending(key, this.messagePath) + `[${position}]`;
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   * @returns {Version[] | undefined}
   */
  versionList(value, key) {
    return this.list(value, key, "noVersions", versionAt);
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   */
  range(value, key) {
    const text = this.string(value, key);
    if (text === undefined) return undefined;
    try {
      const range = VersionRange.parse(text);
      if (range.matchesEveryRelease && [...new TextEncoder().encode(text)].every(isRangeWhitespace)) {
        this.warning("noEffect", key, `"${text}"`, ["everyRelease", key]);
      }
      return range;
    } catch (error) {
      this.error("invalidRange", key, valueRead(text), ["error", /** @type {Error} */ (error).message]);
      return undefined;
    }
  }

  /**
   * @param {JSONValue} value
   * @param {string} key
   */
  date(value, key) {
    const text = this.string(value, key);
    if (text === undefined) return undefined;
    try {
      return parseTimestamp(text);
    } catch (error) {
      this.error("invalidDate", key, valueRead(text), ["notRFC3339", /** @type {Error} */ (error).message]);
      return undefined;
    }
  }

  /** @param {JSONValue} value */
  readPlatforms(value) {
    return this.list(value, "platforms", "noPlatforms", platformAt);
  }

  /** @param {JSONValue} value */
  readLocales(value) {
    return this.list(value, "locales", "noLocales", localeAt);
  }

  /**
   * A list of ids (`key`: bundleIds, installIds): the warning `none` when it is empty, the error `empty`
   * at each empty id (the names of their words).
   * @param {JSONValue} value @param {string} key @param {string} empty @param {string} none
   */
  ids(value, key, empty, none) {
    return this.list(value, key, none, idAt, empty);
  }

  /**
   * Reads the given `keys` of `object` (at `path`) into `into` as a variant or a translation words the
   * message with (reader-rich.js's readContent). A method: rich-variants.js, which another file of the
   * bundle carries, reads a variant's keys with the page's readers.
   * @param {import("./json.js").JSONObject} object @param {string[]} keys @param {string} path @param {object} into
   */
  readContent(object, keys, path, into) {
    rich.readContent(this, object, keys, path, into);
  }

  /**
   * @param {JSONValue} value
   * @param {string} path
   * @returns {Link | undefined}
   */
  readLink(value, path) {
    if (!this.checkObject(value, "link", "link", path, linkKeys)) return undefined;
    /** @type {string | undefined} */
    let title;
    const titleValue = present(value, "title");
    if (titleValue !== undefined) title = this.string(titleValue, "title", path + ".title");
    else this.error("missingKey", "title", undefined, ["noLinkTitle"], path + ".title");
    const urlPath = path + ".url";
    const urlValue = present(value, "url");
    if (urlValue === undefined) {
      this.error("missingKey", "url", undefined, ["noLinkURL"], urlPath);
      return undefined;
    }
    const urlString = this.string(urlValue, "url", urlPath);
    if (urlString === undefined) return undefined;
    const url = this.checkedURL(urlString, urlValue, urlPath);
    if (url === undefined || title === undefined) return undefined;
    return { title, url };
  }

  /**
   * @param {string} text
   * @param {JSONValue} value
   * @param {string} path
   * @param {string} [key]
   */
  checkedURL(text, value, path, key = "url") {
    const absolute = absoluteURL(text, path);
    if (absolute === undefined) {
      this.error("invalidURL", key, valueRead(value),
        ["notAbsolute", text, schemeOf(text), "https://example.com/help"], path);
      return undefined;
    }
    if (forbiddenSchemes.has(absolute.scheme)) {
      this.error("invalidURL", key, valueRead(value), ["forbiddenScheme", absolute.scheme], path);
      return undefined;
    }
    if (absolute.scheme === "http") {
      this.warning("insecureLink", key, valueRead(value), ["httpLink"], path);
    }
    return absolute.url;
  }

  /**
   * Reads a message; undefined when it is left out.
   * @param {JSONValue} element
   * @returns {Message | undefined}
   */
  read(element) {
    if (!isObject(element)) {
      this.error("wrongType", null, valueRead(element), ["notObject", typeDescription(element)]);
      return undefined;
    }
    this.checkKeys(element, messageKeys, undefined);
    this.get = (key) => element.get(key) ?? undefined;
    return rich.readMessage(this, this.get);
  }
}

// The readers of a list's items (MessageReader.list): each is given the reader, the string, its position,
// the list's key and one more argument.
/**
 * @template T @template A
 * @typedef {(r: MessageReader, text: string, position: number, key: string, a: A) => T | undefined} ListItemReader
 */

/** @type {ListItemReader<Version, unknown>} */
function versionAt(r, text, position, key) {
  try {
    return versionOf(text);
  } catch (error) {
    r.error("invalidVersion", key, valueRead(text), ["error", /** @type {Error} */ (error).message], r.itemPath(key, position));
    return undefined;
  }
}

/** @type {ListItemReader<string, unknown>} */
function platformAt(r, text, position) {
  const platform = text.toLowerCase();
  if (!knownPlatforms.includes(platform)) {
    r.warning("unknownPlatform", "platforms", valueRead(text),
      ["unknownPlatform", text, knownPlatforms], r.itemPath("platforms", position));
  }
  return platform;
}

/** @type {ListItemReader<LanguageTag, unknown>} */
function localeAt(r, text, position) {
  const tag = new LanguageTag(text);
  if (tag.isWellFormed) return tag;
  r.error("invalidLanguageTag", "locales", valueRead(text), ["notLanguageTag", text], r.itemPath("locales", position));
  return undefined;
}

/** @type {ListItemReader<string, string>} the error `empty` (its words' name) at an empty id */
function idAt(r, id, position, key, empty) {
  if (id === "") r.error("invalidValue", key, '""', [empty], r.itemPath(key, position));
  return id;
}
