// `decisionJSON` and `messageJSON` as appalert-web.js exports them: the code is a file of its own
// (decision-json.js; appalert-web-json.js beside the bundle), loaded by `await loadDecisionJSON()`, as the
// diagnostics' words are by loadDiagnosticWords(). src/index.js exports decision-json.js's own, at once.

import { useExplanationWords } from "./targeting.js";

/** @type {typeof import("./decision-json.js") | undefined} */
let loaded;

/**
 * Loads decisionJSON and messageJSON (in the bundle, appalert-web-json.js), once, with the words of
 * exclusions (an evaluation's `exclusion.explanation`).
 */
export async function loadDecisionJSON() {
  loaded ??= await import("./decision-json.js");
  useExplanationWords(loaded.explanationOf);
}

/** @returns {typeof import("./decision-json.js")} */
function json() {
  if (loaded === undefined) throw new Error("decisionJSON and messageJSON are not loaded: await loadDecisionJSON() first");
  return loaded;
}

/** @type {typeof import("./decision-json.js").decisionJSON} */
export const decisionJSON = (decision, feed, explain) => json().decisionJSON(decision, feed, explain);

/** @type {typeof import("./decision-json.js").messageJSON} */
export const messageJSON = (message) => json().messageJSON(message);
