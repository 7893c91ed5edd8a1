// The renderer a page gets by default. Drawing (draw.js: the five layouts, their styles and the banner's
// timer) is most of what a page would parse at start for a message it shows rarely: it is imported when a
// message is about to be shown, while the message's images load, and kept for the page's lifetime. In
// the bundle it is a file of its own, appalert-web-draw.js (Web/bundle): 4.2 kB of the 36.9 kB gzipped
// that appalert-web.js was with it.

import { describe } from "./storage.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */

/** The image caps of the Swift loader (ImageLimits): pixels on a side, and in all. */
export const imageLimits = Object.freeze({ maximumSide: 4096, maximumPixels: 16_777_216 });

/** @type {Promise<typeof import("./draw.js")> | undefined} */
let drawing;

/**
 * The drawing module, imported once (and with it the readers of the rich keys, rich-check.js). A failed
 * import is asked for again the next time (a browser may keep the failure for the page's life).
 */
export function loadDrawing() {
  return (drawing ??= import("./draw.js").catch((error) => {
    drawing = undefined;
    throw error;
  }));
}

/**
 * The renderer `AlertService` uses in a page: `prepare` loads the drawing and the message's images, and
 * `show` draws (only after a `prepare`, as the service always does).
 * @param {Document} doc
 * @returns {import("./service.js").Renderer}
 */
export function domRenderer(doc) {
  /** @type {typeof import("./draw.js") | undefined} */
  let loaded;
  return {
    prepare: async (message) => {
      const module = loadDrawing();
      const unavailable = await prepareImages(doc, message);
      try {
        loaded = await module;
      } catch (error) {
        return `the drawing code cannot be loaded (${describe(error)})`;
      }
      return unavailable;
    },
    show: (message, controls) => {
      if (loaded === undefined) throw new Error("AppAlert: the renderer's prepare(message) must come before show");
      return loaded.drawMessage(doc, message, controls);
    },
  };
}

/**
 * Loads the message's images before it is shown, within the Swift loader's caps; resolves to why not.
 * @param {Document} doc @param {ResolvedMessage} message
 * @returns {Promise<string | undefined>}
 */
async function prepareImages(doc, message) {
  if (message.image === undefined) return undefined;
  for (const url of [message.image.url, message.image.darkUrl]) {
    if (url === undefined) continue;
    const image = doc.createElement("img");
    image.src = url;
    try {
      await image.decode();
    } catch {
      return `its image ${url} cannot be loaded (or the page's Content-Security-Policy does not allow it: img-src) or is not an image`;
    }
    const { naturalWidth: width, naturalHeight: height } = image;
    if (width > imageLimits.maximumSide || height > imageLimits.maximumSide || width * height > imageLimits.maximumPixels) {
      return `its image ${url} is ${width}×${height} pixels; the limit is ${imageLimits.maximumSide} on a side and ${imageLimits.maximumPixels} in all`;
    }
  }
  return undefined;
}
