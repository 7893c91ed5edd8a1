// JSON as the Swift engine reads it: objects keep every member in the order written (a repeated key
// is kept, and the last one wins on lookup), so diagnostics and localizations see what the author wrote.

import { UnsupportedError } from "./diagnostics.js";
import { swiftDouble } from "./words.js";

/** @typedef {null | boolean | number | string | JSONArray | JSONObject} JSONValue */
/** @typedef {Array<any>} JSONArray an array of JSONValue */

/**
 * A JSON object: its members in the order they were written, as two lists of the same length (the
 * parser makes one object and two arrays an object, not an array a member).
 */
export class JSONObject {
  /**
   * @param {string[]} [names]
   * @param {JSONValue[]} [values]
   */
  constructor(names = [], values = []) {
    /** @type {string[]} */
    this.names = names;
    /** @type {JSONValue[]} */
    this.values = values;
  }

  /**
   * The value of the last member named `key`, or undefined.
   * @param {string} key
   * @returns {JSONValue | undefined}
   */
  get(key) {
    for (let index = this.names.length - 1; index >= 0; index -= 1) {
      if (this.names[index] === key) return this.values[index];
    }
    return undefined;
  }

  /** @returns {Array<[string, JSONValue]>} */
  get members() {
    return this.names.map((name, index) => [name, this.values[index]]);
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

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The bytes `text` takes in UTF-8, as TextEncoder writes it (a lone surrogate as U+FFFD, 3 bytes), counted
 * without encoding it (the readers ask it of every string and key of a feed).
 * @param {string} text
 */
export function utf8Length(text) {
  let length = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) continue;
    if (unit < 0x800) {
      length += 1;
    } else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      length += 2; // a pair: two units, four bytes
      index += 1;
    } else {
      length += 2; // three bytes, a lone surrogate's U+FFFD too
    }
  }
  return length;
}

/**
 * Parses JSON strictly (RFC 8259) over UTF-8 bytes, as the Swift engine's JSONParser does: objects keep
 * their members in order, a leading byte order mark is skipped, nesting deeper than `maximumDepth`,
 * invalid UTF-8 and lone surrogates are refused, and every error names its line and column.
 *
 * The bytes are decoded once and read as text (a string of valid UTF-8 is sliced, never decoded again);
 * positions are counted in bytes only for an error. Bytes that are not UTF-8 are read one character per
 * byte, so that the first error found, and where, is the same as it would be in any other document.
 * @param {string | Uint8Array} input
 * @param {number} [maximumDepth]
 * @returns {JSONValue}
 */
export function parseJSON(input, maximumDepth = 64) {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  let bytewise = false;
  let text = "";
  try {
    text = utf8.decode(bytes);
  } catch {
    bytewise = true;
    for (let start = 0; start < bytes.length; start += 4096) text += String.fromCharCode(...bytes.subarray(start, start + 4096));
  }
  const length = text.length;
  let index = 0;
  /** Whether at least `count` bytes are left. */
  const bytesLeft = (/** @type {number} */ count) =>
    length - index >= count || (!bytewise && utf8Length(text.slice(index)) >= count);
  const error = (/** @type {string} */ reason, /** @type {number | undefined} */ at = undefined) => {
    const end = Math.min(at ?? index, length);
    let line = 1;
    let lineStart = 0;
    for (let position = 0; position < end; position += 1) {
      if (text.charCodeAt(position) === 0x0a) {
        line += 1;
        lineStart = position + 1;
      }
    }
    // A column is a character: a byte that does not continue one, a UTF-16 unit that does not end a pair.
    let column = 1;
    for (let position = lineStart; position < end; position += 1) {
      const unit = text.charCodeAt(position);
      if (bytewise ? (unit & 0xc0) !== 0x80 : (unit & 0xfc00) !== 0xdc00) column += 1;
    }
    return new JSONSyntaxError(bytewise ? end : utf8Length(text.slice(0, end)), line, column, reason);
  };
  /** The first byte of the character at `at`. */
  const byteAt = (/** @type {number} */ at) => {
    const unit = text.charCodeAt(at);
    return bytewise || unit < 0x80 ? unit : new TextEncoder().encode(text.slice(at, at + 2))[0];
  };
  const describeCurrent = () => {
    if (index >= length) return "end of input";
    const byte = byteAt(index);
    if (byte >= 0x21 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
    return `byte 0x${byte.toString(16).toUpperCase()}`;
  };
  const skipWhitespace = () => {
    for (;;) {
      const unit = text.charCodeAt(index);
      if (unit !== 0x20 && unit !== 0x0a && unit !== 0x0d && unit !== 0x09) return;
      index += 1;
    }
  };
  const trailingComma = (/** @type {number} */ closing) => {
    if (text.charCodeAt(index) !== closing) return undefined;
    let position = index - 1;
    while (position >= 0 && [0x20, 0x0a, 0x0d, 0x09].includes(text.charCodeAt(position))) position -= 1;
    if (position < 0 || text.charCodeAt(position) !== 0x2c) return undefined;
    return error(`trailing comma before '${String.fromCharCode(closing)}': JSON allows none; remove it`, position);
  };
  const isDigit = (/** @type {number} */ unit) => unit >= 0x30 && unit <= 0x39;
  const readHex4 = () => {
    if (!bytesLeft(4)) throw error("incomplete \\u escape");
    let value = 0;
    for (let i = 0; i < 4; i += 1) {
      const unit = text.charCodeAt(index);
      let digit;
      if (unit >= 0x30 && unit <= 0x39) digit = unit - 0x30;
      else if (unit >= 0x61 && unit <= 0x66) digit = unit - 0x61 + 10;
      else if (unit >= 0x41 && unit <= 0x46) digit = unit - 0x41 + 10;
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
      if (!(bytesLeft(6) && text.charCodeAt(index) === 0x5c && text.charCodeAt(index + 1) === 0x75)) throw lone(first, escapeStart);
      index += 2;
      const second = readHex4();
      if (!(second >= 0xdc00 && second <= 0xdfff)) throw lone(first, escapeStart);
      return String.fromCodePoint(0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00));
    }
    if (first >= 0xdc00 && first <= 0xdfff) throw lone(first, escapeStart);
    return String.fromCharCode(first);
  };
  /** @type {string[]} */
  const known = [];
  /**
   * The text between `start` and `end`, the same string as an earlier one where it can be: keys and short
   * values repeat (a string found in its one slot, or put there; a constant cost, whatever the strings).
   */
  const shared = (/** @type {number} */ start, /** @type {number} */ end) => {
    const slot = ((end - start) * 31 + text.charCodeAt(start) + text.charCodeAt(end - 1) * 7) & 255;
    const earlier = known[slot];
    if (earlier !== undefined && earlier.length === end - start && text.startsWith(earlier, start)) return earlier;
    return (known[slot] = text.slice(start, end));
  };
  /** The string's characters from `from` to here, with no escape (`start`: where the string starts). */
  const run = (/** @type {number} */ start, /** @type {number} */ from) => {
    if (!bytewise) return text.slice(from, index);
    try {
      return utf8.decode(bytes.subarray(from, index));
    } catch {
      throw error("invalid UTF-8 in a string", start);
    }
  };
  /** @returns {string} */
  const parseString = (isKey = false) => {
    const start = index;
    index += 1;
    let out = "";
    let runStart = index;
    while (index < length) {
      const unit = text.charCodeAt(index);
      if (unit === 0x22) {
        out = out === "" && !bytewise && (isKey || index - runStart <= 12) ? shared(runStart, index) : out + run(start, runStart);
        index += 1;
        return out;
      }
      if (unit === 0x5c) {
        out += run(start, runStart);
        index += 1;
        if (index >= length) throw error("unterminated string", start);
        const escape = byteAt(index);
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
      if (unit < 0x20) throw error("unescaped control character in a string");
      index += 1;
    }
    throw error("unterminated string", start);
  };
  const expectLiteral = (/** @type {string} */ literal) => {
    const start = index;
    if (!bytesLeft(literal.length)) throw error("invalid literal", start);
    if (!text.startsWith(literal, index)) throw error(`invalid literal, expected '${literal}'`, start);
    index += literal.length;
  };
  const parseNumber = () => {
    const start = index;
    if (text.charCodeAt(index) === 0x2d) index += 1;
    if (!isDigit(text.charCodeAt(index))) throw error("invalid number", start);
    let isInteger = true;
    if (text.charCodeAt(index) === 0x30) {
      index += 1;
      if (isDigit(text.charCodeAt(index))) throw error("invalid number: leading zero", start);
    } else {
      while (isDigit(text.charCodeAt(index))) index += 1;
    }
    if (text.charCodeAt(index) === 0x2e) {
      isInteger = false;
      index += 1;
      if (!isDigit(text.charCodeAt(index))) throw error("invalid number: a digit must follow '.'", start);
      while (isDigit(text.charCodeAt(index))) index += 1;
    }
    const exponent = text.charCodeAt(index);
    if (exponent === 0x65 || exponent === 0x45) {
      isInteger = false;
      index += 1;
      if (text.charCodeAt(index) === 0x2b || text.charCodeAt(index) === 0x2d) index += 1;
      if (!isDigit(text.charCodeAt(index))) throw error("invalid number: a digit must follow the exponent", start);
      while (isDigit(text.charCodeAt(index))) index += 1;
    }
    const number = text.slice(start, index);
    const value = Number(number);
    // A whole number of more than 20 characters (no leading zeros) is beyond 64 bits.
    if (isInteger && !Number.isSafeInteger(value) && index - start <= 20) {
      const big = BigInt(number);
      if (BigInt.asIntN(64, big) === big) {
        // The Swift engine keeps such a number exactly in 64 bits; a double keeps whole numbers up to 2^53.
        // Beyond that the two could differ (an id, a priority): refused, never decided otherwise.
        const at = bytewise ? start : utf8Length(text.slice(0, start));
        throw new UnsupportedError(`the whole number ${number} at byte ${at} is beyond 2^53, where JavaScript numbers lose precision`);
      }
    }
    if (!Number.isFinite(value)) throw error(`number ${number.length > 100 ? number.slice(0, 100) + "…" : number} is out of range`, start);
    return value;
  };
  // The members and elements being read, of every object and array open (each from its `base`): a list
  // of the right length is made of them when one closes.
  /** @type {string[]} */
  const names = [];
  /** @type {JSONValue[]} */
  const values = [];
  let top = 0;
  const arrayFrom = (/** @type {number} */ base) => {
    const array = values.slice(base, top);
    top = base;
    return array;
  };
  const objectFrom = (/** @type {number} */ base) => new JSONObject(names.slice(base, top), arrayFrom(base));
  /**
   * @param {number} depth
   * @returns {JSONValue}
   */
  const parseValue = (depth) => {
    if (index >= length) throw error("unexpected end of input, expected a value");
    const unit = text.charCodeAt(index);
    switch (unit) {
      case 0x7b: return parseObject(depth + 1);
      case 0x5b: return parseArray(depth + 1);
      case 0x22: return parseString();
      case 0x74: expectLiteral("true"); return true;
      case 0x66: expectLiteral("false"); return false;
      case 0x6e: expectLiteral("null"); return null;
      default:
        if (unit === 0x2d || isDigit(unit)) return parseNumber();
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
    const base = top;
    if (text.charCodeAt(index) === 0x7d) {
      index += 1;
      return objectFrom(base);
    }
    for (;;) {
      skipWhitespace();
      if (text.charCodeAt(index) !== 0x22) {
        throw trailingComma(0x7d) ?? error(`unexpected ${describeCurrent()}, expected a key in quotes`);
      }
      const key = parseString(true);
      skipWhitespace();
      if (text.charCodeAt(index) !== 0x3a) {
        const characters = [...key];
        const shown = characters.length <= 100 ? key : characters.slice(0, 100).join("") + "…";
        throw error(`unexpected ${describeCurrent()}, expected ':' after key "${shown}"`);
      }
      index += 1;
      skipWhitespace();
      const value = parseValue(depth);
      names[top] = key;
      values[top] = value;
      top += 1;
      skipWhitespace();
      if (index >= length) throw error("unexpected end of input, expected ',' or '}'");
      if (text.charCodeAt(index) === 0x2c) {
        index += 1;
        continue;
      }
      if (text.charCodeAt(index) === 0x7d) {
        index += 1;
        return objectFrom(base);
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
    const base = top;
    if (text.charCodeAt(index) === 0x5d) {
      index += 1;
      return arrayFrom(base);
    }
    for (;;) {
      skipWhitespace();
      const value = parseValue(depth);
      values[top] = value;
      top += 1;
      skipWhitespace();
      if (index >= length) throw error("unexpected end of input, expected ',' or ']'");
      if (text.charCodeAt(index) === 0x2c) {
        index += 1;
        continue;
      }
      if (text.charCodeAt(index) === 0x5d) {
        index += 1;
        return arrayFrom(base);
      }
      throw error(`unexpected ${describeCurrent()}, expected ',' or ']'`);
    }
  };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) index = bytewise ? 3 : 1;
  skipWhitespace();
  const value = parseValue(0);
  skipWhitespace();
  if (index < length) throw error(`unexpected ${describeCurrent()} after the document`);
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
  return "{" + value.names.map((key, index) => quoteJSON(key) + ":" + jsonText(value.values[index])).join(",") + "}";
}

/**
 * The value in at most 80 characters, for a diagnostic.
 * @param {JSONValue} value
 */
export function compactDescription(value) {
  const text = jsonText(value);
  return [...text].length > 80 ? [...text].slice(0, 77).join("") + "..." : text;
}
