// A decision as the JSON object `appalert evaluate --json` prints (the command, the conformance cases, a
// page that shows a decision's words). Every page's file has the deciding but not this: in the bundle it
// is a file of its own, appalert-web-json.js, loaded by loadDecisionJSON() (decision-json-load.js).

import { messageJSON } from "./message-json.js";
import { useExplanationWords } from "./targeting.js";
import { explanationOf } from "./explanation-words.js";

// Imported from the sources, the exclusions' words are there once this module is (src/index.js, the
// command); the bundle's loadDecisionJSON() gives them to the page's own engine.
useExplanationWords(explanationOf);
export { explanationOf, messageJSON };

/** @typedef {import("./select.js").MessageDecision} MessageDecision */
/** @typedef {import("./select.js").MessageEvaluation} MessageEvaluation */
/** @typedef {import("./message.js").Feed} Feed */

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
