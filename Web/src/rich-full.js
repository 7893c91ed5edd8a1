// The readers of the rich keys with every check the Swift engine makes, warnings too: the exact engine's
// (rich-reading.js) and appalert-web-words.js's (exact-reading.js), which a page's exported decodeFeed
// reads with. appalert-web-draw.js gives a page rich-content.js's readers without the check of the
// variants' languages (warnings a page never says; about 1.3 kB gzipped of that file). Written out key by
// key, not spread from rich-content.js's: a literal of functions is what esbuild can leave out of a file
// that does not use it (appalert-web.js).

import { readAction, readButtons, readColors, readConversion, readData, readFeatures, readImage } from "./rich-content.js";
import { checkVariantLanguages, readVariants } from "./rich-variants.js";

/** @type {import("./rich-reading.js").RichReading} */
export const richReadingWithWarnings = {
  image: readImage, buttons: readButtons, action: readAction, features: readFeatures, colors: readColors, data: readData,
  conversion: readConversion, variants: readVariants, variantLanguages: checkVariantLanguages,
};
