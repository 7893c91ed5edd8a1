// Diagnostics of a feed, as the Swift engine's FeedDiagnostic: severity, code, JSON path, the key and
// value at fault, and the reason in words. The readers record a reason as Words (a sentence's name and
// its values); diagnostic-words.js writes them.

/**
 * @typedef {object} FeedDiagnostic
 * @property {"error" | "warning"} severity
 * @property {string} code
 * @property {string} path
 * @property {number | null} messageIndex
 * @property {number | null} messageId
 * @property {string | null} key
 * @property {string | null} value
 * @property {string} reason
 */

/**
 * A diagnostic's reason before it is written in words: the name of a sentence of diagnostic-words.js
 * and the values it is written with. The sentences are a file of their own in the bundle
 * (appalert-web-words.js), loaded only when there is a diagnostic to report.
 * @typedef {[string, ...unknown[]]} Words
 */

/**
 * A diagnostic as the readers record it: a FeedDiagnostic with its reason still as words, and whether
 * the message it is the first error of is left out (said at the end of its reason).
 * @typedef {object} RecordedDiagnostic
 * @property {"error" | "warning"} severity
 * @property {string} code
 * @property {string} path
 * @property {number | null} messageIndex
 * @property {number | null} messageId
 * @property {string | null} key
 * @property {string | ValueRead | null} value text, or a value as read, written as text with the words
 * @property {Words} words
 * @property {boolean | "policy"} [leftOut] "policy" for an update policy's first error
 */

/**
 * A value at fault as the feed has it, recorded as it is read: its text (compact JSON, at most 80
 * characters, as the Swift engine shows it) is written with the words (diagnostic-words.js), so that the
 * page's file carries no JSON writer.
 * @typedef {{json: import("./json.js").JSONValue}} ValueRead
 */

/**
 * @param {import("./json.js").JSONValue} value
 * @returns {ValueRead}
 */
export const valueRead = (value) => ({ json: value });

/** A document that is not a feed at all: not JSON, neither shape, or too large. */
export class FeedError extends Error {
  /**
   * @param {"notJSON" | "notAFeed" | "tooLarge"} kind
   * @param {string} reason
   */
  constructor(kind, reason) {
    super(reason);
    this.kind = kind;
    this.reason = reason;
  }
}

/** A key or value the web engine does not decide as the Swift engine does: refused, never guessed. */
export class UnsupportedError extends Error {
  /** @param {string} what */
  constructor(what) {
    super(`unsupported by the web engine: ${what}`);
    this.what = what;
  }
}

/** Keys as JSON paths write them: `.key`, or `["key"]` when it is not an identifier. */
const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * @param {string} text
 * @param {number} [limit]
 */
export function excerpt(text, limit = 100) {
  if (text.length <= limit) return text; // never more characters than UTF-16 units
  const characters = [...text];
  return characters.length <= limit ? text : characters.slice(0, limit).join("") + "…";
}

/**
 * @param {string} fullKey
 * @param {string} path
 * @param {(text: string) => string} quote
 */
export function appendingPath(fullKey, path, quote) {
  const key = excerpt(fullKey);
  if (key !== "" && identifier.test(key)) return path + "." + key;
  return path + "[" + quote(key) + "]";
}

/**
 * Optimal-string-alignment distance.
 * @param {string} a
 * @param {string} b
 */
function editDistance(a, b) {
  const x = [...a];
  const y = [...b];
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  const table = Array.from({ length: x.length + 1 }, () => new Array(y.length + 1).fill(0));
  for (let i = 0; i <= x.length; i += 1) table[i][0] = i;
  for (let j = 0; j <= y.length; j += 1) table[0][j] = j;
  for (let i = 1; i <= x.length; i += 1) {
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      table[i][j] = Math.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        table[i][j] = Math.min(table[i][j], table[i - 2][j - 2] + 1);
      }
    }
  }
  return table[x.length][y.length];
}

/**
 * The known key `key` is probably meant to be, if any.
 * @param {string} key
 * @param {string[]} known
 */
export function closestKey(key, known) {
  const longest = Math.max(0, ...known.map((k) => k.length));
  if (new TextEncoder().encode(key).length > 4 * (longest + 2)) return undefined;
  const lowered = key.toLowerCase();
  const same = known.find((k) => k.toLowerCase() === lowered);
  if (same !== undefined) return same;
  /** @type {string | undefined} */
  let best;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(lowered, candidate.toLowerCase());
    if (distance <= Math.max(1, Math.min(2, Math.floor(candidate.length / 4))) && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** @param {number} value */
function isNeutralizedScalar(value) {
  return (
    value <= 0x1f || (value >= 0x7f && value <= 0x9f) || (value >= 0x202a && value <= 0x202e) ||
    (value >= 0x2066 && value <= 0x2069) || value === 0x200e || value === 0x200f || value === 0x061c
  );
}

/**
 * Each control character or bidirectional control written as a JSON escape (`\u001B`), as the Swift
 * engine shows them in a diagnostic's words.
 * @param {string} text
 */
export function escapedControls(text) {
  let out = "";
  for (const ch of text) {
    const value = /** @type {number} */ (ch.codePointAt(0));
    out += isNeutralizedScalar(value) ? "\\u" + value.toString(16).toUpperCase().padStart(4, "0") : ch;
  }
  return out;
}

/**
 * A diagnostic's path as the Swift engine stores it: at most 400 characters, its controls escaped (a page
 * reports a problem at its path before the words are loaded). Its key, value and words are bounded as
 * they are written (`reasonOf` of diagnostic-words.js).
 * @param {RecordedDiagnostic} diagnostic
 * @returns {RecordedDiagnostic}
 */
export function bounded(diagnostic) {
  const path = new TextEncoder().encode(diagnostic.path).length > 400 ? excerpt(diagnostic.path, 400) : diagnostic.path;
  return { ...diagnostic, path: escapedControls(path) };
}

/** @type {typeof import("./diagnostic-words.js").reasonOf | undefined} */
let reasonOf;

/**
 * Gives the function that writes a recorded diagnostic (`reasonOf` of diagnostic-words.js: its reason,
 * and its value as read), once loaded.
 * @param {typeof import("./diagnostic-words.js").reasonOf} writer
 */
export function useDiagnosticWords(writer) {
  reasonOf = writer;
}

/** Whether diagnostics can be written now, with no file to load. */
export const hasDiagnosticWords = () => reasonOf !== undefined;

export const wordsNotLoaded = "the diagnostics' words are not loaded: await loadDiagnosticWords() first";

/**
 * A recorded diagnostic with its reason in words and its value as text; the words must have been loaded (loadDiagnosticWords
 * of feed.js).
 * @param {RecordedDiagnostic} diagnostic
 * @returns {FeedDiagnostic}
 */
export function written(diagnostic) {
  if (reasonOf === undefined) {
    throw new Error(wordsNotLoaded);
  }
  return reasonOf(diagnostic);
}
