// JSON as the Swift engine reads it: objects keep every member in the order written (a repeated key
// is kept, and the last one wins on lookup), so diagnostics and localizations see what the author wrote.

import { UnsupportedError } from "./diagnostics.js";
import { swiftDouble } from "./words.js";

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

/** Why a document is not JSON, and where (as the Swift engine's JSONSyntaxError words it). */
export class JSONSyntaxError extends Error {
  /**
   * @param {number} offset
   * @param {number} line
   * @param {number} column
   * @param {string} reason
   */
  constructor(offset, line, column, reason) {
    super(`not JSON: line ${line}, column ${column}: ${reason}`);
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses JSON strictly (RFC 8259) over UTF-8 bytes, as the Swift engine's JSONParser does: objects keep
 * their members in order, a leading byte order mark is skipped, nesting deeper than `maximumDepth`,
 * invalid UTF-8 and lone surrogates are refused, and every error names its line and column.
 * @param {string | Uint8Array} input
 * @param {number} [maximumDepth]
 * @returns {JSONValue}
 */
export function parseJSON(input, maximumDepth = 64) {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  let index = 0;
  const error = (/** @type {string} */ reason, /** @type {number | undefined} */ at = undefined) => {
    const offset = Math.min(at ?? index, bytes.length);
    let line = 1;
    let lineStart = 0;
    for (let position = 0; position < offset; position += 1) {
      if (bytes[position] === 0x0a) {
        line += 1;
        lineStart = position + 1;
      }
    }
    let column = 1;
    for (let position = lineStart; position < offset; position += 1) if ((bytes[position] & 0xc0) !== 0x80) column += 1;
    return new JSONSyntaxError(offset, line, column, reason);
  };
  const describeCurrent = () => {
    if (index >= bytes.length) return "end of input";
    const byte = bytes[index];
    if (byte >= 0x21 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
    return `byte 0x${byte.toString(16).toUpperCase()}`;
  };
  const skipWhitespace = () => {
    while (index < bytes.length && (bytes[index] === 0x20 || bytes[index] === 0x0a || bytes[index] === 0x0d || bytes[index] === 0x09)) {
      index += 1;
    }
  };
  const trailingComma = (/** @type {number} */ closing) => {
    if (index >= bytes.length || bytes[index] !== closing) return undefined;
    let position = index - 1;
    while (position >= 0 && [0x20, 0x0a, 0x0d, 0x09].includes(bytes[position])) position -= 1;
    if (position < 0 || bytes[position] !== 0x2c) return undefined;
    return error(`trailing comma before '${String.fromCharCode(closing)}': JSON allows none; remove it`, position);
  };
  const isDigit = (/** @type {number} */ byte) => byte >= 0x30 && byte <= 0x39;
  const readHex4 = () => {
    if (bytes.length - index < 4) throw error("incomplete \\u escape");
    let value = 0;
    for (let i = 0; i < 4; i += 1) {
      const byte = bytes[index];
      let digit;
      if (byte >= 0x30 && byte <= 0x39) digit = byte - 0x30;
      else if (byte >= 0x61 && byte <= 0x66) digit = byte - 0x61 + 10;
      else if (byte >= 0x41 && byte <= 0x46) digit = byte - 0x41 + 10;
      else throw error("invalid hex digit in a \\u escape");
      value = (value << 4) | digit;
      index += 1;
    }
    return value;
  };
  const lone = (/** @type {number} */ first, /** @type {number} */ at) =>
    error(`lone surrogate \\u${first.toString(16).toUpperCase()}`, at);
  const unicodeEscape = () => {
    const escapeStart = index - 2;
    const first = readHex4();
    if (first >= 0xd800 && first <= 0xdbff) {
      if (!(bytes.length - index >= 6 && bytes[index] === 0x5c && bytes[index + 1] === 0x75)) throw lone(first, escapeStart);
      index += 2;
      const second = readHex4();
      if (!(second >= 0xdc00 && second <= 0xdfff)) throw lone(first, escapeStart);
      return String.fromCodePoint(0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00));
    }
    if (first >= 0xdc00 && first <= 0xdfff) throw lone(first, escapeStart);
    return String.fromCharCode(first);
  };
  /** @returns {string} */
  const parseString = () => {
    const start = index;
    index += 1;
    let out = "";
    let runStart = index;
    const flush = (/** @type {number} */ end) => {
      if (end > runStart) {
        try {
          out += utf8.decode(bytes.subarray(runStart, end));
        } catch {
          throw error("invalid UTF-8 in a string", start);
        }
      }
    };
    while (index < bytes.length) {
      const byte = bytes[index];
      if (byte === 0x22) {
        flush(index);
        index += 1;
        return out;
      }
      if (byte === 0x5c) {
        flush(index);
        index += 1;
        if (index >= bytes.length) throw error("unterminated string", start);
        const escape = bytes[index];
        index += 1;
        switch (escape) {
          case 0x22: out += '"'; break;
          case 0x5c: out += "\\"; break;
          case 0x2f: out += "/"; break;
          case 0x62: out += "\b"; break;
          case 0x66: out += "\f"; break;
          case 0x6e: out += "\n"; break;
          case 0x72: out += "\r"; break;
          case 0x74: out += "\t"; break;
          case 0x75: out += unicodeEscape(); break;
          default: throw error(`invalid escape '\\${String.fromCharCode(escape)}'`, index - 2);
        }
        runStart = index;
        continue;
      }
      if (byte < 0x20) throw error("unescaped control character in a string");
      index += 1;
    }
    throw error("unterminated string", start);
  };
  const expectLiteral = (/** @type {string} */ literal) => {
    const start = index;
    if (bytes.length - index < literal.length) throw error("invalid literal", start);
    for (let offset = 0; offset < literal.length; offset += 1) {
      if (bytes[index + offset] !== literal.charCodeAt(offset)) throw error(`invalid literal, expected '${literal}'`, start);
    }
    index += literal.length;
  };
  const parseNumber = () => {
    const start = index;
    if (bytes[index] === 0x2d) index += 1;
    if (!(index < bytes.length && isDigit(bytes[index]))) throw error("invalid number", start);
    let isInteger = true;
    if (bytes[index] === 0x30) {
      index += 1;
      if (index < bytes.length && isDigit(bytes[index])) throw error("invalid number: leading zero", start);
    } else {
      while (index < bytes.length && isDigit(bytes[index])) index += 1;
    }
    if (index < bytes.length && bytes[index] === 0x2e) {
      isInteger = false;
      index += 1;
      if (!(index < bytes.length && isDigit(bytes[index]))) throw error("invalid number: a digit must follow '.'", start);
      while (index < bytes.length && isDigit(bytes[index])) index += 1;
    }
    if (index < bytes.length && (bytes[index] === 0x65 || bytes[index] === 0x45)) {
      isInteger = false;
      index += 1;
      if (index < bytes.length && (bytes[index] === 0x2b || bytes[index] === 0x2d)) index += 1;
      if (!(index < bytes.length && isDigit(bytes[index]))) throw error("invalid number: a digit must follow the exponent", start);
      while (index < bytes.length && isDigit(bytes[index])) index += 1;
    }
    const text = String.fromCharCode(...bytes.subarray(start, index));
    const value = Number(text);
    if (isInteger) {
      const big = BigInt(text);
      if (big <= (1n << 63n) - 1n && big >= -(1n << 63n)) {
        // The Swift engine keeps such a number exactly in 64 bits; a double keeps whole numbers up to 2^53.
        // Beyond that the two could differ (an id, a priority): refused, never decided otherwise.
        if (!Number.isSafeInteger(value)) {
          throw new UnsupportedError(`the whole number ${text} at byte ${start} is beyond 2^53, where JavaScript numbers lose precision`);
        }
        return value;
      }
    }
    if (!Number.isFinite(value)) throw error(`number ${text.length > 100 ? text.slice(0, 100) + "…" : text} is out of range`, start);
    return value;
  };
  /**
   * @param {number} depth
   * @returns {JSONValue}
   */
  const parseValue = (depth) => {
    if (index >= bytes.length) throw error("unexpected end of input, expected a value");
    switch (bytes[index]) {
      case 0x7b: return parseObject(depth + 1);
      case 0x5b: return parseArray(depth + 1);
      case 0x22: return parseString();
      case 0x74: expectLiteral("true"); return true;
      case 0x66: expectLiteral("false"); return false;
      case 0x6e: expectLiteral("null"); return null;
      default:
        if (bytes[index] === 0x2d || isDigit(bytes[index])) return parseNumber();
        throw trailingComma(0x5d) ?? error(`unexpected ${describeCurrent()}, expected a value`);
    }
  };
  /**
   * @param {number} depth
   * @returns {JSONObject}
   */
  const parseObject = (depth) => {
    if (depth > maximumDepth) throw error(`nesting deeper than ${maximumDepth} levels`);
    index += 1;
    skipWhitespace();
    /** @type {Array<[string, JSONValue]>} */
    const members = [];
    if (index < bytes.length && bytes[index] === 0x7d) {
      index += 1;
      return new JSONObject(members);
    }
    for (;;) {
      skipWhitespace();
      if (!(index < bytes.length && bytes[index] === 0x22)) {
        throw trailingComma(0x7d) ?? error(`unexpected ${describeCurrent()}, expected a key in quotes`);
      }
      const key = parseString();
      skipWhitespace();
      if (!(index < bytes.length && bytes[index] === 0x3a)) {
        const characters = [...key];
        const shown = characters.length <= 100 ? key : characters.slice(0, 100).join("") + "…";
        throw error(`unexpected ${describeCurrent()}, expected ':' after key "${shown}"`);
      }
      index += 1;
      skipWhitespace();
      members.push([key, parseValue(depth)]);
      skipWhitespace();
      if (index >= bytes.length) throw error("unexpected end of input, expected ',' or '}'");
      if (bytes[index] === 0x2c) {
        index += 1;
        continue;
      }
      if (bytes[index] === 0x7d) {
        index += 1;
        return new JSONObject(members);
      }
      throw error(`unexpected ${describeCurrent()}, expected ',' or '}'`);
    }
  };
  /**
   * @param {number} depth
   * @returns {JSONValue[]}
   */
  const parseArray = (depth) => {
    if (depth > maximumDepth) throw error(`nesting deeper than ${maximumDepth} levels`);
    index += 1;
    skipWhitespace();
    /** @type {JSONValue[]} */
    const elements = [];
    if (index < bytes.length && bytes[index] === 0x5d) {
      index += 1;
      return elements;
    }
    for (;;) {
      skipWhitespace();
      elements.push(parseValue(depth));
      skipWhitespace();
      if (index >= bytes.length) throw error("unexpected end of input, expected ',' or ']'");
      if (bytes[index] === 0x2c) {
        index += 1;
        continue;
      }
      if (bytes[index] === 0x5d) {
        index += 1;
        return elements;
      }
      throw error(`unexpected ${describeCurrent()}, expected ',' or ']'`);
    }
  };
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) index = 3;
  skipWhitespace();
  const value = parseValue(0);
  skipWhitespace();
  if (index < bytes.length) throw error(`unexpected ${describeCurrent()} after the document`);
  return value;
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
  // Whole numbers as integers (as the Swift engine keeps integer literals), others as Swift writes a Double.
  return Number.isSafeInteger(value) ? String(value) : swiftDouble(value);
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
