// A message's variants (MessageReader+Campaign.swift): reading them (their names, weights and the keys
// each words the message with), and, on the message read whole, the check of the languages each variant's
// showings are in (`checkLanguages`). rich-content.js gives them to the readers of the rich keys, so they
// are in appalert-web-draw.js and appalert-web-words.js, not in appalert-web.js.

import { integerValue, utf8Length } from "./json.js";
import { valueRead } from "./diagnostics.js";
import { appending, layoutHasButtons, present } from "./reader.js";
import { variantWording } from "./message.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./reader.js").MessageReader} MessageReader */

const maximumVariants = 10;
const variantKeys = [
  "name", "weight", "title", "text", "confirmLabel", "link", "localizations", "buttons", "image", "features", "conversion",
];

// Unicode's White_Space property, as Swift's `properties.isWhitespace` reads it (JavaScript's \s differs:
// it has U+FEFF and lacks U+0085).
const blank = /^[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/u;
const maximumVariantNameLength = 64;

/**
 * A variant's `name`: a string of 1 to 64 characters (Unicode scalars) and at most 256 UTF-8 bytes, not
 * blank (MessageReader+Campaign.swift, `variantName`).
 * @param {MessageReader} r @param {JSONValue} value @param {string} path @returns {string | undefined}
 */
function readVariantName(r, value, path) {
  const name = r.string(value, "name", path);
  if (name === undefined) return undefined;
  const limit = maximumVariantNameLength;
  const bytes = utf8Length(name);
  const scalars = [...name].length;
  if (bytes > 4 * limit || scalars > limit) {
    r.error("outOfRange", "variants", valueRead(name),
      ["longVariantName", limit, 4 * limit, scalars, bytes], path);
    return undefined;
  }
  if (blank.test(name)) {
    r.error("invalidValue", "variants", valueRead(name), ["blankVariantName"], path);
    return undefined;
  }
  return name;
}

/**
 * A message's `variants` (MessageReader+Campaign.swift): 2 to 10, each with a weight, names unique, and
 * the keys each words the message with read as the message's (the page's reader reads those: readContent).
 * No rule of the choice of a message reads them but the link policy's (which the page applies again once
 * they are read: rich-check.js); the variant an install gets is worked out for the message chosen.
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @returns {import("./message.js").Variant[] | undefined}
 */
export function readVariants(r, value) {
  if (!r.checkArray(value, "variants", "variants")) return undefined;
  if (value.length < 2 || value.length > maximumVariants) {
    r.error("invalidValue", "variants", `${value.length} variants`, ["variantCount", maximumVariants, value.length]);
    return undefined;
  }
  /** @type {import("./message.js").Variant[]} */
  const variants = [];
  let failed = false;
  /** @type {Map<string, number>} */
  const names = new Map();
  const listPath = appending("variants", r.messagePath);
  const all = r.eachObject(value, "variants", "object", variantKeys, listPath, (element, path, position) => {
    /** @type {import("./message.js").Variant} */
    const variant = { weight: 0 };
    const nameField = present(element, "name");
    if (nameField !== undefined) {
      const name = readVariantName(r, nameField, path + ".name");
      if (name === undefined) failed = true;
      else {
        const first = names.get(name);
        if (first !== undefined) {
          failed = true;
          r.error("invalidValue", "variants", valueRead(name),
            ["variantNameTaken", name, first], path + ".name");
        } else names.set(name, position);
        variant.name = name;
      }
    }
    const weight = present(element, "weight");
    if (weight !== undefined) {
      const number = integerValue(weight);
      if (number !== undefined && number >= 1) variant.weight = number;
      else {
        failed = true;
        r.badNumber(weight, "variants", ["badWeight"], path + ".weight");
      }
    } else {
      failed = true;
      r.error("missingKey", "variants", undefined, ["noWeight"], path);
    }
    // Its keys after its name and weight, in the Swift engine's order (MessageReader+Campaign.swift).
    r.readContent(element, variantKeys.slice(2), path, variant);
    variants.push(variant);
  });
  return failed || !all || r.hasErrors ? undefined : variants;
}

// The keys a translation may carry, one bit each in this order (the Swift engine's `bits`): the layout
// shows some of them, and the check compares which of those a variant and each translation set.
const translatedKeys = /** @type {const} */ (["title", "text", "confirmLabel", "link", "buttons", "image", "features"]);

/**
 * The keys among `shown` (bits of translatedKeys) that a variant or a translation sets.
 * @param {import("./message.js").Variant | import("./message.js").Localization} wording @param {number} shown
 */
function keysSet(wording, shown) {
  let bits = 0;
  translatedKeys.forEach((key, position) => {
    if (wording[key] !== undefined) bits |= 1 << position;
  });
  return bits & shown;
}

/**
 * The names of the keys in `bits`, in translatedKeys' order.
 * @param {number} bits
 */
const keyNames = (bits) => translatedKeys.filter((_, position) => bits & (1 << position));

/**
 * Warns where a variant's showing in a language falls back to the base language for a text of its own
 * (MessageReader+Campaign.swift, `checkLanguages`; rule 3 of a variant's wording, message.js's
 * variantWording), naming the variant (its name, else its letter), the language and the keys. Where the
 * variant has no `localizations` and the message translates a key the variant sets, the warning
 * (`cancelsVariants`) says what the rule change did: before, the message's translation replaced the
 * variant's key, alike for every variant; now the variant shows its own words, untranslated. Elsewhere
 * (`mixesLanguages`) it fires only when other texts of that showing are in the language. Run on a message
 * read without errors, after its other checks (the Swift engine's order). Past the listing limit its
 * warnings are only counted, as every other (their words are written for those listed).
 * @param {MessageReader} r @param {import("./message.js").Message} message
 */
export function checkVariantLanguages(r, message) {
  if (message.variants.length === 0) return;
  // The keys the layout shows: the texts always, confirmLabel, link and buttons where it has buttons, the
  // image where it is drawn by the page, the features on a sheet.
  const layout = message.layout;
  let shown = 0b11;
  if (layoutHasButtons(layout)) shown |= 0b1_1100;
  if (layout !== "alert") shown |= 0b10_0000;
  if (layout === "sheet") shown |= 0b100_0000;
  const listPath = appending("variants", r.messagePath);
  message.variants.forEach((variant, index) => {
    const sets = keysSet(variant, shown);
    if (sets === 0) return; // nothing of its own to leave untranslated
    const path = listPath + `[${index}]`;
    variantWording(message, variant, (tag, own, inherited) => {
      const ownSets = own === undefined ? 0 : keysSet(own, shown);
      const inheritedSets = inherited === undefined ? 0 : keysSet(inherited, shown);
      // A key is translated by the variant's own translation, or, when the variant does not set it, by
      // the message's; a key the variant sets and does not translate is untranslated.
      const translated = (ownSets | (inheritedSets & ~sets)) !== 0;
      const untranslated = sets & ~ownSets;
      const replaced = variant.localizations === undefined ? untranslated & inheritedSets : 0;
      if (untranslated === 0 || (!translated && replaced === 0)) return;
      const language = tag.original;
      if (replaced !== 0) {
        r.warning("cancelsVariants", "localizations", valueRead(language),
          ["variantKeysNotReplaced", language, variant.name, index, keyNames(untranslated), keyNames(replaced), translated], path);
      } else {
        r.warning("mixesLanguages", "localizations", valueRead(language),
          ["variantMixesLanguages", language, variant.name, index, keyNames(untranslated)],
          own === undefined ? path : appending(language, path + ".localizations"));
      }
    });
  });
}
