// A page's fast reading of a feed's JSON: the platform's JSON.parse, then its result made into the tree
// parseJSON gives (JSONObject, arrays, primitives) — but only where that tree is sure to be the very one
// parseJSON would give. Wherever the two could differ, it gives up and the page reads the feed with
// parseJSON (loaded then, feed.js's readFeedInPage), so a page decides exactly as the engine does.

import { JSONObject } from "./json.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */

const fatalUTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Thrown inside the walk when the tree cannot be vouched for; caught by fastJSON. */
const giveUp = Symbol("give up");

/** A key that is an array index, such as "0" or "12": a JavaScript object puts those first, in order. */
const indexLike = /^(?:0|[1-9][0-9]*)$/;

/**
 * A lone surrogate: parseJSON refuses one written as an escape (raw ones cannot be valid UTF-8). No
 * lookbehind: a browser without it (Safari before 16.4) could not load the page's file at all.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * How many times `character` is in `text`.
 * @param {string} text @param {string} character
 */
function occurrences(text, character) {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count += 1;
  return count;
}

/**
 * The document parseJSON(bytes, maximumDepth) would give, when JSON.parse can be vouched to give the
 * same; undefined when it cannot (the caller then uses parseJSON, which also gives the exact error).
 *
 * It gives up on: bytes that are not UTF-8, a byte order mark (parseJSON skips it, JSON.parse refuses
 * it), text JSON.parse refuses, nesting deeper than `maximumDepth`, a number that is not finite
 * (parseJSON refuses it) or a whole number beyond 2^53 (parseJSON refuses some), a key that is an
 * array index (an object reorders them), a string with a lone surrogate (parseJSON refuses it), and a
 * repeated key (JSON.parse keeps one member where parseJSON keeps both: the readers warn about it, and
 * count a message's `data` keys with both).
 *
 * A repeated key is found by counting quotes: in JSON text each string is two quotes and one more for
 * each `\"` in it, so when no string writes a quote as `\u0022`, the text's quotes are exactly those of
 * every key and string of the tree when no member was dropped, and more when one was.
 * @param {Uint8Array} bytes
 * @param {number} maximumDepth
 * @returns {JSONValue | undefined}
 */
export function fastJSON(bytes, maximumDepth) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return undefined;
  /** @type {string} */
  let text;
  /** @type {unknown} */
  let parsed;
  try {
    text = fatalUTF8.decode(bytes);
    parsed = JSON.parse(text);
  } catch {
    return undefined; // not UTF-8, or not JSON, or too deep for the platform's parser
  }
  if (text.includes("\\u0022")) return undefined;
  // A lone surrogate can only be written as an escape: strings are looked at only when one could be.
  const mayHaveSurrogates = /\\u[dD][89a-fA-F]/.test(text);
  let quotes = 0;
  /** @param {string} string */
  const counted = (string) => {
    quotes += string.includes('"') ? 2 + occurrences(string, '"') : 2;
    if (mayHaveSurrogates && loneSurrogate.test(string)) throw giveUp;
  };
  /**
   * @param {unknown} value
   * @param {number} depth the depth of the array or object `value` is in
   * @returns {JSONValue}
   */
  const tree = (value, depth) => {
    if (typeof value === "string") {
      counted(value);
      return value;
    }
    if (typeof value === "number") {
      if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) throw giveUp;
      return value;
    }
    if (value === null || typeof value === "boolean") return value;
    if (depth + 1 > maximumDepth) throw giveUp;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) value[index] = tree(value[index], depth + 1);
      return value; // JSON.parse's own array, made into the tree in place
    }
    const object = /** @type {Record<string, unknown>} */ (value);
    const names = Object.keys(object);
    const values = new Array(names.length);
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index];
      const code = name.charCodeAt(0);
      if (code >= 0x30 && code <= 0x39 && indexLike.test(name)) throw giveUp;
      counted(name);
      values[index] = tree(object[name], depth + 1);
    }
    return new JSONObject(names, values);
  };
  try {
    const document = tree(parsed, 0);
    return quotes === occurrences(text, '"') ? document : undefined;
  } catch (error) {
    if (error === giveUp) return undefined;
    throw error;
  }
}

/**
 * The boolean, number or string parseJSON(text) gives, or undefined when it gives anything else or
 * throws: `appalert evaluate --attribute KEY=VALUE`'s value (install.js), read without parseJSON.
 * @param {string} text
 * @returns {boolean | number | string | undefined}
 */
export function scalarJSON(text) {
  // parseJSON reads the text's UTF-8, as TextEncoder writes it (a lone surrogate as U+FFFD), and skips a
  // leading byte order mark, as TextDecoder does.
  const source = new TextDecoder().decode(new TextEncoder().encode(text));
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(source);
  } catch {
    return undefined;
  }
  if (typeof value === "boolean") return value;
  // A lone surrogate left is one written as an escape, which parseJSON refuses.
  if (typeof value === "string") return loneSurrogate.test(value) ? undefined : value;
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  if (Number.isSafeInteger(value) || !Number.isInteger(value)) return value;
  // parseJSON refuses a whole number beyond 2^53 written as one (no '.', no exponent) that fits in 64 bits.
  const literal = source.trim();
  if (/^-?[0-9]+$/.test(literal) && literal.length <= 20 && BigInt.asIntN(64, BigInt(literal)) === BigInt(literal)) return undefined;
  return value;
}
