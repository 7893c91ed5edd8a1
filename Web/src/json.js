// JSON as the Swift engine reads it: objects keep every member in the order written (a repeated key
// is kept, and the last one wins on lookup), so diagnostics and localizations see what the author wrote.

import { UnsupportedError } from "./diagnostics.js";

/** @typedef {null | boolean | number | string | JSONArray | JSONObject} JSONValue */
/** @typedef {Array<any>} JSONArray an array of JSONValue */

/** A JSON object: its members in the order they were written. */
export class JSONObject {
  /** @param {Array<[string, JSONValue]>} [members] */
  constructor(members = []) {
    /** @type {Array<[string, JSONValue]>} */
    this.members = members;
  }

  /**
   * The value of the last member named `key`, or undefined.
   * @param {string} key
   * @returns {JSONValue | undefined}
   */
  get(key) {
    for (let index = this.members.length - 1; index >= 0; index -= 1) {
      if (this.members[index][0] === key) return this.members[index][1];
    }
    return undefined;
  }

  /** @returns {string[]} */
  get keys() {
    return this.members.map((member) => member[0]);
  }
}

/** Why a text is not JSON. */
export class JSONSyntaxError extends Error {}

/**
 * Parses JSON text strictly (RFC 8259), keeping object members in order.
 * @param {string} text
 * @param {number} [maximumDepth]
 * @returns {JSONValue}
 */
export function parseJSON(text, maximumDepth = 512) {
  let index = 0;
  const fail = (/** @type {string} */ reason) => {
    throw new JSONSyntaxError(`${reason} at offset ${index}`);
  };
  const skip = () => {
    while (index < text.length) {
      const c = text.charCodeAt(index);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) index += 1;
      else break;
    }
  };
  /** @returns {string} */
  const string = () => {
    index += 1;
    let out = "";
    let start = index;
    for (;;) {
      if (index >= text.length) fail("unterminated string");
      const c = text.charCodeAt(index);
      if (c === 0x22) {
        out += text.slice(start, index);
        index += 1;
        return out;
      }
      if (c < 0x20) fail("control character in a string");
      if (c === 0x5c) {
        out += text.slice(start, index);
        const e = text[index + 1];
        index += 2;
        switch (e) {
          case '"': out += '"'; break;
          case "\\": out += "\\"; break;
          case "/": out += "/"; break;
          case "b": out += "\b"; break;
          case "f": out += "\f"; break;
          case "n": out += "\n"; break;
          case "r": out += "\r"; break;
          case "t": out += "\t"; break;
          case "u": {
            const hex = text.slice(index, index + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("invalid \\u escape");
            out += String.fromCharCode(parseInt(hex, 16));
            index += 4;
            break;
          }
          default: fail("invalid escape");
        }
        start = index;
      } else {
        index += 1;
      }
    }
  };
  /**
   * @param {number} depth
   * @returns {JSONValue}
   */
  const value = (depth) => {
    skip();
    if (index >= text.length) fail("unexpected end");
    const c = text[index];
    if (c === "{") {
      if (depth >= maximumDepth) fail("nested too deeply");
      index += 1;
      /** @type {Array<[string, JSONValue]>} */
      const members = [];
      skip();
      if (text[index] === "}") {
        index += 1;
        return new JSONObject(members);
      }
      for (;;) {
        skip();
        if (text[index] !== '"') fail("expected a key");
        const key = string();
        skip();
        if (text[index] !== ":") fail("expected ':'");
        index += 1;
        members.push([key, value(depth + 1)]);
        skip();
        if (text[index] === ",") { index += 1; continue; }
        if (text[index] === "}") { index += 1; return new JSONObject(members); }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      if (depth >= maximumDepth) fail("nested too deeply");
      index += 1;
      /** @type {JSONValue[]} */
      const elements = [];
      skip();
      if (text[index] === "]") {
        index += 1;
        return elements;
      }
      for (;;) {
        elements.push(value(depth + 1));
        skip();
        if (text[index] === ",") { index += 1; continue; }
        if (text[index] === "]") { index += 1; return elements; }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", index)) { index += 4; return true; }
    if (text.startsWith("false", index)) { index += 5; return false; }
    if (text.startsWith("null", index)) { index += 4; return null; }
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(index, index + 400));
    if (!match || match[0] === "" || match[0] === "-") fail("unexpected character");
    const literal = /** @type {RegExpExecArray} */ (match)[0];
    const number = Number(literal);
    // The Swift engine keeps whole numbers exactly in 64 bits; a double keeps them up to 2^53. Beyond
    // that the two could differ (an id, a priority), so such a feed is refused, never decided otherwise.
    if (!/[.eE]/.test(literal) && !Number.isSafeInteger(number) && Math.abs(number) < 2 ** 63) {
      throw new UnsupportedError(`the whole number ${literal} at offset ${index} is beyond 2^53, where JavaScript numbers lose precision`);
    }
    index += literal.length;
    return number;
  };
  const result = value(0);
  skip();
  if (index < text.length) fail("unexpected text after the document");
  return result;
}

/** @param {JSONValue | undefined} value */
export function isObject(value) {
  return value instanceof JSONObject;
}

/**
 * The value as a whole number that fits in 64 bits, or undefined.
 * @param {JSONValue | undefined} value
 */
export function integerValue(value) {
  if (typeof value !== "number" || !Number.isInteger(value)) return undefined;
  if (value >= 2 ** 63 || value < -(2 ** 63)) return undefined;
  return value;
}

/** @param {JSONValue | undefined} value */
export function doubleValue(value) {
  return typeof value === "number" ? value : undefined;
}

/**
 * "a string", "an array": the value's type in diagnostics.
 * @param {JSONValue} value
 */
export function typeDescription(value) {
  if (value === null) return "null";
  if (typeof value === "boolean") return "a boolean";
  if (typeof value === "number") return "a number";
  if (typeof value === "string") return "a string";
  if (Array.isArray(value)) return "an array";
  return "an object";
}

/** @param {string} text */
export function quoteJSON(text) {
  let out = '"';
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (code === 0x2028 || code === 0x2029 || code < 0x20) {
      out += "\\u" + code.toString(16).toUpperCase().padStart(4, "0");
    } else out += ch;
  }
  return out + '"';
}

/** @param {number} value */
function numberText(value) {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return String(value);
}

/**
 * The value as compact JSON text, as the Swift engine writes it.
 * @param {JSONValue} value
 * @returns {string}
 */
export function jsonText(value) {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return quoteJSON(value);
  if (Array.isArray(value)) return "[" + value.map(jsonText).join(",") + "]";
  return "{" + value.members.map(([key, member]) => quoteJSON(key) + ":" + jsonText(member)).join(",") + "}";
}

/**
 * The value in at most 80 characters, for a diagnostic.
 * @param {JSONValue} value
 */
export function compactDescription(value) {
  const text = jsonText(value);
  return [...text].length > 80 ? [...text].slice(0, 77).join("") + "..." : text;
}
