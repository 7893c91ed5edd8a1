// AlertService's options as a page gives them (service.js): the names there are, what the ones the engine
// does not check itself must be, and the words of a page's mistake with them.

import { closestKey } from "./diagnostics.js";
import { InputError } from "./install.js";

/**
 * @typedef {object} AlertServiceOptions
 * @property {string} bundleId the app's id, as the feed's `bundleIds` name it
 * @property {string} appVersion the running version (`1.4.0`)
 * @property {readonly string[]} [languages] most preferred first; default `navigator.languages`
 * @property {Record<string, string | number | boolean>} [attributes] for the feed's `attributes` targeting
 * @property {() => Date} [now] the clock; default the system's
 * @property {import("./storage.js").StorageArea | null} [storage] default `localStorage`; `null` keeps nothing beyond the page
 * @property {string[]} [allowLinkSchemes] the schemes links may use (the Swift LinkPolicy's `allowedSchemes`); default https
 * @property {string[]} [allowLinkHosts] when given, the only hosts http(s) links may open (an empty list: none)
 * @property {string} [platform] default `web`
 * @property {string} [osVersion] unknown on the web unless the page knows it
 * @property {string | string[]} [publicKey] `ed25519:BASE64` as `appalert keygen` writes it (several during a
 *   key rotation): only feeds signed with one of them are used, and an older signed feed served again is refused
 * @property {string} [reporting] the base URL of the app's collector (`appalert collect`): counts of what
 *   messages did are kept and sent to it the next UTC day (docs/reporting.md); off without it
 * @property {typeof fetch} [fetch] default the page's `fetch`
 * @property {number} [timeoutSeconds] how long a feed request may take; default 30
 * @property {import("./service.js").Renderer | null} [renderer] default: drawn in `document`; `null` draws nothing (`message` says what is due)
 * @property {{close?: string}} [texts] the words the drawing adds by itself; default the built-in ones in
 *   the page's language (46 languages, as the Swift client's)
 * @property {BroadcastChannel | null} [channel] how tabs of the app tell each other; default a BroadcastChannel
 * @property {import("./storage.js").LockRunner} [lock] default Web Locks, else a lock in this page
 * @property {(key: string, id: number) => Promise<(() => void) | undefined>} [claim] takes a message for this
 *   tab (resolves to how to give it back, or undefined when another tab has it); default a Web Lock per message
 * @property {(words: string) => void} [warn] where problems go while no `problem` listener is attached (each
 *   distinct one once); default `console.warn`
 */

/** The names `AlertServiceOptions` has: any other is a mistake the page hears of. */
const optionNames = [
  "bundleId", "appVersion", "languages", "attributes", "now", "storage", "allowLinkSchemes", "allowLinkHosts",
  "platform", "osVersion", "publicKey", "reporting", "fetch", "timeoutSeconds", "renderer", "texts", "channel",
  "lock", "claim", "warn",
];

/**
 * The words of a problem for each key of `given` that is not an option (`language`, `timeout`): it is
 * ignored, and without a word the page would run on the default it meant to change. (The service says
 * them after `AlertService: `.)
 * @param {object} given
 */
export function unknownOptions(given) {
  return Object.keys(given).filter((key) => !optionNames.includes(key)).slice(0, 10).map((key) => {
    const lowered = key.toLowerCase();
    const meant = closestKey(key, optionNames)
      ?? (lowered.length >= 4 ? optionNames.find((name) => name.toLowerCase().startsWith(lowered)) : undefined);
    return `"${key.slice(0, 64)}" is not an option, and is ignored`
      + (meant === undefined ? ` (the options: ${optionNames.join(", ")})` : ` (did you mean "${meant}"?)`);
  });
}

/** @param {unknown} value @returns {value is string[]} */
export const strings = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");

/** @param {string} type */
const ofType = (type) => (/** @type {unknown} */ value) => typeof value === type;

/**
 * The options the engine does not check itself, when given: each one's name, test and what it must be.
 * @type {Array<[string, (value: any) => boolean, string]>}
 */
const optionChecks = [
  ["languages", strings, "a list of strings"],
  ["allowLinkSchemes", strings, "a list of strings"],
  ["allowLinkHosts", strings, "a list of strings"],
  ["platform", ofType("string"), "a string"],
  ["timeoutSeconds", (value) => value > 0 && Number.isFinite(value), "a number of seconds above 0"],
  ["attributes", (value) => value?.constructor === Object
    && Object.values(value).every((item) => ["string", "number", "boolean"].includes(typeof item)),
  "an object of strings, numbers and booleans"],
  ["warn", ofType("function"), "a function"],
];

/**
 * Throws an InputError naming the first option of `given` that is not what it must be: a required one
 * missing (`bundleId: required, a non-empty string`), or one given as it cannot be (`platform: 7 is not a string`).
 * @param {Record<string, unknown>} given
 */
export function checkOptions(given) {
  for (const name of ["bundleId", "appVersion"]) {
    const value = given[name];
    if (typeof value !== "string" || value.length === 0) throw new InputError(`${name}: required, a non-empty string`);
  }
  for (const [name, valid, words] of optionChecks) {
    const value = given[name];
    if (value !== undefined && !valid(value)) throw new InputError(`${name}: ${shown(value)} is not ${words}`);
  }
}

/**
 * An option's value as the page wrote it, for its error.
 * @param {unknown} value
 */
function shown(value) {
  try {
    return String(JSON.stringify(value)).slice(0, 100);
  } catch {
    return typeof value;
  }
}

/**
 * The words of an error of the engine's with the options named as the page knows them: the engine names
 * them as appalert evaluate's flags (`--allow-link-scheme: …` is `allowLinkSchemes: …`).
 * @param {string} words
 */
export function inPageWords(words) {
  return words.replace(/^--([a-z-]+)/, (_, /** @type {string} */ flag) =>
    /** @type {Record<string, string>} */ ({ locale: "languages", "allow-link-scheme": "allowLinkSchemes" })[flag]
    ?? flag.replace(/-./g, (/** @type {string} */ dash) => dash[1].toUpperCase()));
}
