// Chooses the message an install sees and resolves it for display (Sources/AppAlert/Selection), and
// writes the decision as `appalert evaluate --json` prints it (Sources/AppAlertAuthoring/ToolOutput.swift).

import { LanguageTag, bestLanguage, okLabel } from "./language.js";
import { applyingVariant, defaultBannerSeconds } from "./message.js";
import { exclusionOf, variantIndex } from "./targeting.js";
import { layoutHasButtons, layoutHasTapAction } from "./reader.js";

/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").Feed} Feed */
/** @typedef {import("./message.js").Button} Button */
/** @typedef {import("./message.js").Action} Action */
/** @typedef {import("./message.js").Palette} Palette */
/** @typedef {import("./targeting.js").EvaluationContext} EvaluationContext */
/** @typedef {import("./targeting.js").ViewHistory} ViewHistory */

/**
 * A message ready to show: texts chosen for the device's languages, defaults filled in.
 * @typedef {object} ResolvedMessage
 * @property {number} id
 * @property {string} title
 * @property {string} text
 * @property {string} confirmLabel
 * @property {import("./message.js").Link | undefined} link
 * @property {boolean} dismissible
 * @property {LanguageTag | undefined} localization
 * @property {number | undefined} variant
 * @property {import("./message.js").Layout} layout
 * @property {import("./message.js").Image | undefined} image
 * @property {Button[]} buttons
 * @property {boolean} [buttonsFromFeed] whether `buttons` are the feed's (results count them by index)
 * @property {Action | undefined} action
 * @property {import("./message.js").Feature[] | undefined} features
 * @property {import("./message.js").Colors | undefined} colors
 * @property {Map<string, string>} data
 * @property {string} placement
 * @property {number | undefined} bannerSeconds
 * @property {import("./message.js").Conversion | undefined} conversion
 */

/**
 * @typedef {object} MessageEvaluation
 * @property {number} id
 * @property {"selected" | "outranked" | "excluded"} outcome
 * @property {number} [outrankedBy]
 * @property {import("./targeting.js").Exclusion} [exclusion]
 */

/** @typedef {{message: ResolvedMessage | undefined, evaluations: MessageEvaluation[]}} MessageDecision */

/**
 * Resolves `message` for the preferred languages, worded as its variant for `installId`.
 * @param {Message} message @param {LanguageTag[]} preferredLanguages @param {string | undefined} installId
 * @returns {Promise<ResolvedMessage>}
 */
export async function resolveMessage(message, preferredLanguages, installId) {
  if (message.variants.length === 0) return resolveBase(message, preferredLanguages, undefined);
  const index = await variantIndex(message.id, installId, message.variants.map((v) => v.weight));
  return resolveBase(applyingVariant(message, index), preferredLanguages, index);
}

/**
 * @param {Message} message @param {LanguageTag[]} preferredLanguages @param {number | undefined} variant
 * @returns {ResolvedMessage}
 */
function resolveBase(message, preferredLanguages, variant) {
  const found =
    message.localizations.length === 0 ? undefined : bestLanguage(message.localizations.map((l) => l.tag), preferredLanguages);
  const localization = found === undefined ? undefined : message.localizations[found];
  const layout = message.layout;
  const confirmLabel =
    localization?.confirmLabel ?? message.confirmLabel ?? okLabel([...(localization ? [localization.tag] : []), ...preferredLanguages]);
  const link = localization?.link ?? message.link;
  const customDrawn = layout !== "alert";
  const buttons = localization?.buttons ?? message.buttons;
  /** @type {Button[]} */
  let shown = [];
  if (layoutHasButtons(layout)) {
    if (buttons !== undefined) shown = buttons;
    else {
      if (link) shown.push({ title: link.title, action: { url: link.url } });
      if (message.dismissible) shown.push({ title: confirmLabel, action: "dismiss" });
    }
  }
  return {
    id: message.id,
    title: localization?.title ?? message.title,
    text: localization?.text ?? message.text,
    confirmLabel,
    link,
    dismissible: message.dismissible,
    localization: localization?.tag,
    variant,
    layout,
    image: customDrawn ? localization?.image ?? message.image : undefined,
    buttons: shown,
    buttonsFromFeed: buttons !== undefined && shown === buttons,
    action: layoutHasTapAction(layout) ? message.action ?? "dismiss" : undefined,
    features: layout === "sheet" ? localization?.features ?? message.features : undefined,
    colors: customDrawn ? message.colors : undefined,
    data: message.data,
    placement: message.placement,
    bannerSeconds: layout === "banner" ? message.bannerSeconds ?? defaultBannerSeconds : undefined,
    conversion: message.conversion,
  };
}

/**
 * Chooses the message to show: every restriction holds, then the highest priority, then the highest id.
 * @param {Message[]} messages @param {EvaluationContext} context @param {ViewHistory} history
 * @param {boolean} [explain] also say, per message, why
 * @returns {Promise<MessageDecision>}
 */
export async function decide(messages, context, history, explain = false) {
  /** @type {Message | undefined} */
  let best;
  /** @type {Array<import("./targeting.js").Exclusion | undefined>} */
  const exclusions = [];
  for (const message of messages) {
    const exclusion = await exclusionOf(message, context, history);
    if (explain) exclusions.push(exclusion);
    if (exclusion !== undefined) continue;
    if (
      best === undefined || message.priority > best.priority ||
      (message.priority === best.priority && message.id > best.id)
    ) {
      best = message;
    }
  }
  const resolved = best === undefined ? undefined : await resolveMessage(best, context.preferredLanguages, context.installId);
  if (!explain) return { message: resolved, evaluations: [] };
  const evaluations = messages.map((message, index) => {
    const exclusion = exclusions[index];
    /** @type {MessageEvaluation} */
    const evaluation =
      exclusion !== undefined ? { id: message.id, outcome: "excluded", exclusion }
      : message.id === best?.id ? { id: message.id, outcome: "selected" }
      : { id: message.id, outcome: "outranked", outrankedBy: best?.id ?? message.id };
    return evaluation;
  });
  return { message: resolved, evaluations };
}

/**
 * Whether text of the message runs right to left: by its localization, else by its first letter.
 * @param {ResolvedMessage} message
 */
function isRightToLeft(message) {
  if (message.localization) return message.localization.isRightToLeft;
  return textRunsRightToLeft(message.title + message.text);
}

/**
 * Whether a text whose language is not known runs right to left: by its first letter.
 * @param {string} text
 */
export function textRunsRightToLeft(text) {
  for (const ch of text) {
    if (!/\p{Alphabetic}/u.test(ch)) continue;
    const v = /** @type {number} */ (ch.codePointAt(0));
    return (
      (v >= 0x0590 && v <= 0x08ff) || (v >= 0xfb1d && v <= 0xfdff) || (v >= 0xfe70 && v <= 0xfeff) ||
      (v >= 0x10800 && v <= 0x10fff) || (v >= 0x1e800 && v <= 0x1efff)
    );
  }
  return false;
}

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
      ...(evaluation.exclusion?.range !== undefined ? { range: evaluation.exclusion.range } : {}),
      ...(evaluation.exclusion?.rollout !== undefined ? { rollout: evaluation.exclusion.rollout } : {}),
    }));
  }
  return object;
}
