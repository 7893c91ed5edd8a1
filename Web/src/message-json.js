// A resolved message as the JSON object `appalert evaluate --json` prints (decision-json.js's `message`;
// the drawing reads its direction from it). In the bundle it is in appalert-web-json.js and
// appalert-web-draw.js.

import { isRightToLeft } from "./select.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {import("./message.js").Action} Action */
/** @typedef {import("./message.js").Palette} Palette */

/** @param {Action} action */
function actionJSON(action) {
  if (action === "dismiss") return "dismiss";
  return "url" in action ? { url: action.url } : { event: action.event };
}

/** @param {Palette} palette */
function paletteJSON(palette) {
  return { background: palette.background ?? null, text: palette.text ?? null, accent: palette.accent ?? null };
}

/**
 * The resolved message as the JSON object `appalert evaluate --json` prints.
 * @param {ResolvedMessage} message @returns {Record<string, unknown>}
 */
export function messageJSON(message) {
  /** @type {Record<string, unknown>} */
  const object = {
    id: message.id,
    title: message.title,
    text: message.text,
    confirmLabel: message.confirmLabel,
    link: message.link ? { title: message.link.title, url: message.link.url } : null,
    dismissible: message.dismissible,
    localization: message.localization ? message.localization.original : null,
    direction: isRightToLeft(message) ? "rtl" : "ltr",
    layout: message.layout,
    image: message.image ? { url: message.image.url, alt: message.image.alt ?? null, darkUrl: message.image.darkUrl ?? null } : null,
    buttons: message.buttons.map((b) => ({ title: b.title, action: actionJSON(b.action) })),
    action: message.action === undefined ? null : actionJSON(message.action),
    features: message.features ? message.features.map((f) => ({ title: f.title, text: f.text ?? null, symbol: f.symbol ?? null })) : null,
    colors: message.colors
      ? {
          light: paletteJSON(message.colors.light),
          dark: paletteJSON({
            background: message.colors.dark.background ?? message.colors.light.background,
            text: message.colors.dark.text ?? message.colors.light.text,
            accent: message.colors.dark.accent ?? message.colors.light.accent,
          }),
        }
      : null,
    data: Object.fromEntries([...message.data.keys()].sort().map((key) => [key, message.data.get(key)])),
    placement: message.placement,
    bannerSeconds: message.bannerSeconds ?? null,
  };
  if (message.conversion) object.conversion = { event: message.conversion.event, withinHours: message.conversion.withinHours };
  return object;
}
