// A decision as the JSON object `appalert evaluate --json` prints (the command, the conformance cases, a
// page that shows a decision's words). Every page's file has the deciding but not this: in the bundle it
// is a file of its own, appalert-web-json.js, loaded by loadDecisionJSON() (decision-json-load.js).

import { isRightToLeft } from "./select.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {import("./select.js").MessageDecision} MessageDecision */
/** @typedef {import("./select.js").MessageEvaluation} MessageEvaluation */
/** @typedef {import("./message.js").Feed} Feed */
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

/**
 * The words of an evaluation.
 * @param {MessageEvaluation} evaluation
 */
export function evaluationReason(evaluation) {
  if (evaluation.outcome === "selected") return "eligible; selected";
  if (evaluation.outcome === "outranked") return `eligible, but message ${evaluation.outrankedBy} ranks higher (priority, then id)`;
  return /** @type {import("./targeting.js").Exclusion} */ (evaluation.exclusion).explanation;
}

/**
 * The decision as `appalert evaluate --json` prints it.
 * @param {MessageDecision} decision @param {Feed} feed @param {boolean} [explain]
 * @returns {Record<string, unknown>}
 */
export function decisionJSON(decision, feed, explain = false) {
  const message = decision.message;
  const source = message ? feed.messages.find((m) => m.id === message.id) : undefined;
  const variants = source?.variants.length ?? 0;
  /** @type {Record<string, unknown>} */
  const object = {
    selected: message ? message.id : null,
    variant: message?.variant ?? null,
    // The feed's name only (null without one): the letters are for people, the index for programs.
    variantName: (message?.variant !== undefined ? source?.variants[message.variant]?.name : undefined) ?? null,
    variants: variants === 0 ? null : variants,
    message: message ? messageJSON(message) : null,
  };
  if (explain) {
    object.evaluations = decision.evaluations.map((evaluation) => ({
      id: evaluation.id,
      eligible: evaluation.outcome !== "excluded",
      rule: evaluation.exclusion ? evaluation.exclusion.rule : null,
      reason: evaluationReason(evaluation),
    }));
  }
  return object;
}
