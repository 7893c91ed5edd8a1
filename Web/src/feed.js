// Reads a feed in either shape of the contract, one message at a time (Sources/AppAlert/Feed/FeedDecoder.swift,
// MessageCollector.swift): a message with an error is left out with diagnostics, every other one is used.

import { JSONObject, JSONSyntaxError, integerValue, doubleValue, parseJSON, typeDescription } from "./json.js";
import {
  FeedError, UnsupportedError, appendingPath, bounded, closestKey, excerpt, hasDiagnosticWords, useDiagnosticWords,
  valueRead, wordsNotLoaded, written,
} from "./diagnostics.js";
import { fastJSON } from "./json-fast.js";
import { MessageReader, maximumKeyWarnings } from "./reader.js";
import { uncheckedRichReading } from "./reader-rich.js";
import { useRichReading } from "./rich-reading.js";
import { quoteJSON } from "./json.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./diagnostics.js").FeedDiagnostic} FeedDiagnostic */
/** @typedef {import("./diagnostics.js").RecordedDiagnostic} RecordedDiagnostic */
/** @typedef {import("./diagnostics.js").Words} Words */
/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").Feed} Feed */

/** The limits a feed is read within (FeedLimits). */
export const feedLimits = Object.freeze({
  maximumSize: 4 << 20,
  maximumMessages: 10_000,
  maximumStringLength: 10_000,
  maximumDepth: 64,
  maximumDiagnostics: 1_000,
});

const topLevelKeys = ["$schema", "format", "messages", "updates", "sequence"];

/**
 * @typedef {object} FeedDecodingResult
 * @property {Feed} feed
 * @property {FeedDiagnostic[]} diagnostics
 * @property {number} entryCount
 */

/**
 * @typedef {object} FeedReadingResult
 * @property {Feed} feed
 * @property {RecordedDiagnostic[]} diagnostics their reasons not yet in words
 * @property {number} entryCount
 */

/** @typedef {typeof import("./exact-reading.js")} ExactReading */
/** @typedef {import("./rich-reading.js").RichReading} RichReading */

/**
 * The messages a page's reading (readFeedInPage) kept with rich keys unchecked, each with its element of
 * the feed, its position and its array's path: what rich-check.js reads again, fully, before the page uses it.
 * @type {WeakMap<Message, {element: JSONValue, index: number, prefix: string}>}
 */
export const uncheckedMessages = new WeakMap();

/** The loaded exact-reading.js: the diagnostics' words and parseJSON, for a page (readFeedInPage). */
/** @type {ExactReading | undefined} */
let exactReading;

/** @type {Promise<void> | undefined} */
let loadingWords;

/**
 * Loads the diagnostics' words and the engine's own JSON reader (in the bundle, the file
 * appalert-web-words.js beside appalert-web.js), once; decodeFeed and decodeDocument need the words,
 * the bundle's parseJSON and decodeFeed the reader. A failed load is tried again at the next call.
 * @returns {Promise<void>}
 */
export function loadDiagnosticWords() {
  if (hasDiagnosticWords() && exactReading !== undefined) return Promise.resolve();
  loadingWords ??= import("./exact-reading.js").then(
    (module) => {
      exactReading = module;
      useDiagnosticWords(module.reasonOf);
      useRichReading(module.richReading);
    },
    (error) => {
      loadingWords = undefined;
      throw error;
    },
  );
  return loadingWords;
}

/**
 * The result with its diagnostics in words. It throws when the words are not loaded, whether or not the
 * feed has a diagnostic: a page that forgot loadDiagnosticWords learns it with its first feed.
 * @param {FeedReadingResult} result
 * @returns {FeedDecodingResult}
 */
function inWords({ feed, diagnostics, entryCount }) {
  if (!hasDiagnosticWords()) throw new Error(wordsNotLoaded);
  return { feed, diagnostics: diagnostics.map(written), entryCount };
}

/**
 * Decodes a feed's bytes or text. Throws FeedError when the document is not a feed at all. The
 * diagnostics' words must be loaded (they are when this is imported from src/index.js; with
 * appalert-web.js, `await loadDiagnosticWords()` first).
 * @param {Uint8Array | string} input
 * @returns {FeedDecodingResult}
 */
export function decodeFeed(input) {
  return inWords(readFeed(input));
}

/**
 * decodeFeed with the diagnostics' reasons left as words (`written` of diagnostics.js writes one).
 * @param {Uint8Array | string} input
 * @returns {FeedReadingResult}
 */
export function readFeed(input) {
  return withCappedDiagnostics(readFeedUncapped(input));
}

/**
 * readFeed with every diagnostic, none counted away (the command's validate adds the update policies'
 * before it caps them with cappedDiagnostics, as the Swift engine lists them).
 * @param {Uint8Array | string} input
 * @returns {FeedReadingResult}
 */
export function readFeedUncapped(input) {
  return readDocument(parsedDocument(feedBytes(input)));
}

/**
 * The document of a feed's bytes, parsed by parseJSON; throws FeedError when they are not JSON.
 * @param {Uint8Array} bytes
 * @returns {JSONValue}
 */
function parsedDocument(bytes) {
  try {
    return parseJSON(bytes, feedLimits.maximumDepth);
  } catch (error) {
    if (error instanceof JSONSyntaxError) throw new FeedError("notJSON", error.message);
    throw error;
  }
}

/**
 * The feed's bytes (its text in UTF-8); throws FeedError when they are more than a feed may be.
 * @param {Uint8Array | string} input
 */
function feedBytes(input) {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  if (bytes.length > feedLimits.maximumSize) {
    throw new FeedError(
      "tooLarge",
      `the feed is ${bytes.length} bytes; the limit is ${feedLimits.maximumSize} (FeedLimits.maximumSize)`,
    );
  }
  return bytes;
}

/**
 * readFeed for a page, which carries no JSON reader and no readers of the rich keys of its own: the same
 * result, the same errors, but for the rich keys (images, buttons, actions, features, colors, data, in a
 * message and its localizations, and its variants whole), which it leaves unchecked (readFeedUnchecked):
 * a message with one is kept as if it had none, with its element in uncheckedMessages, and checked when
 * the page is about to use it (rich-check.js); their errors and warnings are not among the diagnostics.
 * The platform's JSON.parse reads the feed (json-fast.js); when it cannot vouch for the tree, or when the
 * feed has any error (a message left out, or no feed at all), the feed is read again as readFeedUnchecked
 * reads it, with the reader loadDiagnosticWords loads — at most two readings, whatever the feed. When
 * that file cannot be loaded, a vouched reading is used all the same (its tree is parseJSON's), so a feed
 * with a message left out is used as before; a feed the page cannot vouch for cannot be used then.
 * @param {Uint8Array | string} input
 * @returns {Promise<FeedReadingResult>}
 */
export async function readFeedInPage(input) {
  const bytes = feedBytes(input);
  const fast = fastReading(bytes, uncheckedRichReading);
  if (fast !== undefined && "result" in fast && !hasErrors(fast.result)) return fast.result;
  try {
    await loadDiagnosticWords();
  } catch (error) {
    if (fast === undefined) throw error;
    if ("result" in fast) return fast.result;
    throw fast.error;
  }
  return withCappedDiagnostics(readDocument(exactDocument(bytes), uncheckedRichReading));
}

/**
 * readFeed with the rich keys left unchecked, as a page reads a feed (readFeedInPage): what the tests
 * compare a page's reading with.
 * @param {Uint8Array | string} input
 * @returns {FeedReadingResult}
 */
export function readFeedUnchecked(input) {
  return withCappedDiagnostics(readDocument(parsedDocument(feedBytes(input)), uncheckedRichReading));
}

/**
 * readFeed's result, read with the platform's JSON.parse (json-fast.js), when the tree is vouched to be
 * parseJSON's and the feed has no error; undefined otherwise (the page then reads it with parseJSON, so
 * that an error is the very one readFeed gives).
 * @param {Uint8Array | string} input
 * @returns {FeedReadingResult | undefined}
 */
export function readFeedFast(input) {
  const fast = fastReading(feedBytes(input), undefined);
  return fast !== undefined && "result" in fast && !hasErrors(fast.result) ? fast.result : undefined;
}

/**
 * The reading of a tree json-fast.js vouches for: its result or what it throws; undefined when the tree
 * cannot be vouched for.
 * @param {Uint8Array} bytes
 * @param {RichReading | undefined} rich the readers of the rich keys (undefined: the full ones)
 * @returns {{result: FeedReadingResult} | {error: unknown} | undefined}
 */
function fastReading(bytes, rich) {
  const document = fastJSON(bytes, feedLimits.maximumDepth);
  if (document === undefined) return undefined;
  try {
    return { result: withCappedDiagnostics(readDocument(document, rich)) };
  } catch (error) {
    return { error };
  }
}

/** @param {FeedReadingResult} result */
const hasErrors = (result) => result.diagnostics.some((d) => d.severity === "error");

/** @returns {ExactReading} */
function loadedReading() {
  if (exactReading === undefined || !hasDiagnosticWords()) throw new Error(wordsNotLoaded);
  return exactReading;
}

/**
 * The loaded parseJSON's document, as readFeed parses it: its objects made the page's JSONObject (the
 * loaded file has a copy of its own) and its errors the page's.
 * @param {Uint8Array} bytes
 * @returns {JSONValue}
 */
function exactDocument(bytes) {
  try {
    return parseJSONLoaded(bytes, feedLimits.maximumDepth);
  } catch (error) {
    if (error instanceof JSONSyntaxError) throw new FeedError("notJSON", error.message);
    throw error;
  }
}

/**
 * parseJSON for the bundle, which carries no JSON reader of its own: await loadDiagnosticWords() first.
 * It parses with the loaded reader, and gives the page's JSONObject, JSONSyntaxError and UnsupportedError.
 * @param {string | Uint8Array} input
 * @param {number} [maximumDepth]
 * @returns {JSONValue}
 */
export function parseJSONLoaded(input, maximumDepth = 64) {
  const reading = loadedReading();
  try {
    return adopted(reading.parseJSON(input, maximumDepth), reading.JSONObject);
  } catch (error) {
    if (reading.JSONSyntaxError === JSONSyntaxError && reading.UnsupportedError === UnsupportedError) throw error;
    if (error instanceof reading.JSONSyntaxError) throw new JSONSyntaxError(error.offset, error.line, error.column, error.reason);
    if (error instanceof reading.UnsupportedError) throw new UnsupportedError(error.what);
    throw error;
  }
}

/**
 * The tree with its objects made the page's JSONObject (the same tree when the class is the same).
 * @param {JSONValue} value
 * @param {typeof JSONObject} loadedClass
 * @returns {JSONValue}
 */
function adopted(value, loadedClass) {
  if (loadedClass === JSONObject || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((element) => adopted(element, loadedClass));
  return new JSONObject(value.names, value.values.map((element) => adopted(element, loadedClass)));
}

/**
 * decodeFeed for the bundle, which carries no JSON reader of its own: await loadDiagnosticWords() first.
 * @param {Uint8Array | string} input
 * @returns {FeedDecodingResult}
 */
export function decodeFeedLoaded(input) {
  loadedReading();
  return inWords(withCappedDiagnostics(readDocument(exactDocument(feedBytes(input)))));
}

/**
 * Decodes a parsed feed (parseJSON); the diagnostics' words must be loaded, as for decodeFeed.
 * @param {JSONValue} document
 * @returns {FeedDecodingResult}
 */
export function decodeDocument(document) {
  return inWords(withCappedDiagnostics(readDocument(document)));
}

/** @param {FeedReadingResult} result @returns {FeedReadingResult} */
const withCappedDiagnostics = (result) => ({ ...result, diagnostics: cappedDiagnostics(result.diagnostics) });

/**
 * @param {JSONValue} document
 * @param {RichReading} [rich] the readers of the messages' rich keys (by default the full ones)
 * @returns {FeedReadingResult}
 */
function readDocument(document, rich) {
  /** @type {RecordedDiagnostic[]} */
  const diagnostics = [];
  if (Array.isArray(document)) {
    const [messages, count] = collect(document, "$", diagnostics, rich);
    return { feed: { format: 1, messages }, diagnostics, entryCount: count };
  }
  if (!(document instanceof JSONObject)) {
    throw new FeedError(
      "notAFeed",
      `not a feed: the document is ${typeDescription(document)}, not an array of messages (format 1) or an object with "messages" (format 2)`,
    );
  }
  const messagesValue = document.get("messages");
  if (messagesValue === undefined) {
    const misspelt = document.names.find((key) => closestKey(key, ["messages"]) !== undefined);
    const keys =
      document.names.slice(0, 10).map((k) => `"${excerpt(k, 40)}"`).join(", ") + (document.names.length > 10 ? ", …" : "");
    const which =
      misspelt !== undefined ? `; it has "${excerpt(misspelt, 40)}" (did you mean "messages"?)`
      : document.names.length === 0 ? " (the object is empty)" : ` (keys: ${keys})`;
    throw new FeedError("notAFeed", 'not a feed: the object has no "messages" array' + which);
  }
  if (!Array.isArray(messagesValue)) {
    throw new FeedError("notAFeed", `not a feed: "messages" is ${typeDescription(messagesValue)}, not an array`);
  }
  let format = 2;
  const formatValue = document.get("format");
  if (formatValue === undefined) {
    diagnostics.push(feedDiagnostic("warning", "format", "$", "format", null, ["formatMissing"]));
  } else {
    const number = integerValue(formatValue);
    if (number !== undefined) {
      format = number;
      if (number !== 2) {
        diagnostics.push(feedDiagnostic("warning", "format", "$.format", "format", valueRead(formatValue),
          number > 2 ? ["formatNewer", number] : ["formatIs2"]));
      }
    } else {
      diagnostics.push(feedDiagnostic("error", "wrongType", "$.format", "format", valueRead(formatValue),
        ["notType", "format", "a number", typeDescription(formatValue)]));
    }
  }
  let suggested = 0;
  for (const key of document.names) {
    if (topLevelKeys.includes(key)) continue;
    if (suggested >= maximumKeyWarnings) break;
    const suggestion = closestKey(key, topLevelKeys);
    if (suggestion === undefined) continue;
    suggested += 1;
    diagnostics.push(feedDiagnostic("warning", "unknownKey", appendingPath(key, "$", quoteJSON), key, null,
      ["unknownKey", key, suggestion]));
  }
  /** @type {number | undefined} */
  let sequence;
  const sequenceValue = document.get("sequence");
  if (sequenceValue !== undefined && sequenceValue !== null) {
    const number = integerValue(sequenceValue);
    if (number !== undefined && number >= 0) sequence = number;
    else {
      diagnostics.push(feedDiagnostic("error", doubleValue(sequenceValue) === undefined ? "wrongType" : "outOfRange", "$.sequence",
        "sequence", valueRead(sequenceValue),
        ["sequenceNotWhole"]));
    }
  }
  const updates = document.get("updates");
  if (updates !== undefined && updates !== null) {
    if (!Array.isArray(updates)) {
      diagnostics.push(feedDiagnostic("error", "wrongType", "$.updates", "updates", valueRead(updates),
        ["notType", "updates", "an array", typeDescription(updates)]));
    }
    // Update policies do not take part in choosing a message: update.js reads them when an update is
    // checked (their diagnostics are not given here).
  }
  const [messages, count] = collect(messagesValue, "$.messages", diagnostics, rich);
  /** @type {Feed} */
  const feed = { format, messages };
  if (sequence !== undefined) feed.sequence = sequence;
  if (Array.isArray(updates)) feed.updates = updates;
  return { feed, diagnostics, entryCount: count };
}

/**
 * @param {"error" | "warning"} severity @param {string} code @param {string} path @param {string | null} key
 * @param {string | import("./diagnostics.js").ValueRead | null} value @param {Words} words @returns {RecordedDiagnostic}
 */
function feedDiagnostic(severity, code, path, key, value, words) {
  return bounded({ severity, code, path, messageIndex: null, messageId: null, key, value, words });
}

/**
 * Reads the messages of the feed's array; ids must be unique.
 * @param {JSONValue[]} elements @param {string} prefix @param {RecordedDiagnostic[]} diagnostics
 * @param {RichReading | undefined} rich
 * @returns {[Message[], number]}
 */
function collect(elements, prefix, diagnostics, rich) {
  /** @type {Message[]} */
  const messages = [];
  /** @type {RecordedDiagnostic[]} */
  const own = [];
  /** @type {Map<number, number>} */
  const firstIndexById = new Map();
  const limit = feedLimits.maximumMessages;
  elements.slice(0, limit).forEach((element, index) => {
    const reader = new MessageReader(index, prefix, feedLimits.maximumStringLength, rich);
    const message = reader.read(element);
    if (reader.richUnchecked && message !== undefined) uncheckedMessages.set(message, { element, index, prefix });
    if (reader.id !== undefined) {
      const first = firstIndexById.get(reader.id);
      if (first !== undefined) {
        reader.error("duplicateID", "id", String(reader.id), ["duplicateId", reader.id, prefix, first]);
      } else {
        firstIndexById.set(reader.id, index);
      }
    }
    if (reader.hasErrors) reader.markLeftOut();
    else if (message !== undefined) messages.push(message);
    reader.finish(own);
  });
  if (elements.length > limit) {
    diagnostics.push(bounded({
      severity: "error", code: "limit", path: `${prefix}[${limit}]`, messageIndex: limit, messageId: null, key: null, value: null,
      words: ["tooManyMessages", elements.length, limit, elements.length - limit],
    }));
  }
  diagnostics.push(...own);
  return [messages, elements.length];
}

/**
 * The first diagnostics and one that counts the rest.
 * @param {RecordedDiagnostic[]} diagnostics
 */
export function cappedDiagnostics(diagnostics) {
  const limit = feedLimits.maximumDiagnostics;
  if (diagnostics.length <= limit) return diagnostics;
  const rest = diagnostics.slice(limit);
  const errors = rest.filter((d) => d.severity === "error").length;
  return [
    ...diagnostics.slice(0, limit),
    feedDiagnostic(errors > 0 ? "error" : "warning", "limit", "$", null, null,
      ["moreDiagnostics", rest.length, errors, limit]),
  ];
}

export { UnsupportedError };
