// @appalert/web: the web client's deciding engine. It reads an AppAlert feed and decides which message
// an install sees exactly as the Swift engine does (the shared cases in conformance/ check both).
// Imported with no build step (a browser or Node), it has the diagnostics' words at once: decodeFeed's
// reasons need no loading. The bundle, appalert-web.js, is built from page.js and loads them when needed.

import { useDiagnosticWords } from "./diagnostics.js";
import { reasonOf } from "./diagnostic-words.js";

useDiagnosticWords(reasonOf);

export * from "./page.js";
// The engine's own parseJSON and decodeFeed at once (the bundle's need loadDiagnosticWords() first).
export { parseJSON } from "./json.js";
export { decodeFeed } from "./feed.js";
// The decision's JSON at once (the bundle's needs loadDecisionJSON() first).
export { decisionJSON, messageJSON } from "./decision-json.js";
// The inbox's class, behind `service.inbox` (inbox-view.js), and its card: the bundle imports both when the
// inbox is used (appalert-web-inbox.js).
export { Inbox } from "./inbox.js";
export { inboxCard } from "./inbox-card.js";
