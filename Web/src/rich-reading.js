// Which readers a MessageReader reads a message's rich keys with (images, buttons, actions, features,
// colors, data, its conversion and its variants: rich-content.js, rich-variants.js). The exact engine has
// them from the start. The bundle's files do not (Web/bundle builds them with
// `--define:globalThis.APPALERT_PAGE_FILE=true`, which leaves rich-content.js out of appalert-web.js): a
// page gets them with appalert-web-draw.js (rich-check.js) or appalert-web-words.js (feed.js's
// loadDiagnosticWords), which export them, whichever it loads first. A page reads its feed with its rich
// keys unchecked (feed.js's readFeedInPage) and checks a message's when it is about to use it
// (rich-check.js).

import { richReadingWithWarnings } from "./rich-full.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./reader.js").MessageReader} MessageReader */

/**
 * The readers of the rich keys, by key; each gives the key's value, or undefined with an error reported.
 * @typedef {object} RichReading
 * @property {(r: MessageReader, value: JSONValue, path: string) => import("./message.js").Image | undefined} image
 * @property {(r: MessageReader, value: JSONValue, path: string) => import("./message.js").Button[] | undefined} buttons
 * @property {(r: MessageReader, value: JSONValue, key: string, path: string) => import("./message.js").Action | undefined} action
 * @property {(r: MessageReader, value: JSONValue, path: string) => import("./message.js").Feature[] | undefined} features
 * @property {(r: MessageReader, value: JSONValue) => import("./message.js").Colors | undefined} colors
 * @property {(r: MessageReader, value: JSONValue) => Map<string, string> | undefined} data
 * @property {(r: MessageReader, value: JSONValue, path: string) => import("./message.js").Conversion | undefined} conversion
 * @property {(r: MessageReader, value: JSONValue) => import("./message.js").Variant[] | undefined} variants
 * @property {(r: MessageReader, message: import("./message.js").Message) => void} [variantLanguages] checks, on
 * the message read whole, the languages its variants' showings are in (warnings only); the page's reading,
 * which leaves the variants unchecked, has none
 */

/** @type {RichReading | undefined} */
let loaded = /** @type {{APPALERT_PAGE_FILE?: boolean}} */ (globalThis).APPALERT_PAGE_FILE ? undefined : richReadingWithWarnings;

/**
 * Gives the page the readers of a file it loaded: the first given, or later ones that also check the
 * variants' languages (appalert-web-words.js's, for the bundle's decodeFeed); every copy reads alike
 * otherwise.
 * @param {RichReading} reading
 */
export function useRichReading(reading) {
  if (loaded === undefined || (reading.variantLanguages !== undefined && loaded.variantLanguages === undefined)) loaded = reading;
}

/** Whether the readers are there (in the page's file: once a file that has them was loaded). */
export const hasRichReading = () => loaded !== undefined;

/**
 * The readers of the rich keys. In the page's file before a file with them was loaded, it throws: what
 * needs them (decodeFeed, decodeDocument, an update policy's localizations) must load them first.
 * @returns {RichReading}
 */
export function fullRichReading() {
  if (loaded === undefined) throw new Error("the readers of the feed's rich keys are not loaded: await loadDiagnosticWords() first");
  return loaded;
}
