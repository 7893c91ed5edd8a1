// What appalert-web.js is built from (Web/bundle): the engine of src/index.js, with the diagnostics' words
// left to a file of their own (appalert-web-words.js), loaded when there is a diagnostic to report, and the
// decision's JSON to another (appalert-web-json.js), loaded by loadDecisionJSON(). The inbox's card
// (inboxCard) is src/index.js's only: in the bundle it is in the inbox's file (appalert-web-inbox.js).


export { JSONObject, JSONSyntaxError } from "./json.js";
// The bundle carries no JSON reader and no readers of the rich keys of its own: its parseJSON, decodeFeed and
// decodeDocument need loadDiagnosticWords() first (appalert-web-words.js carries them).
export { parseJSONLoaded as parseJSON, decodeFeedLoaded as decodeFeed } from "./feed.js";
export { Version, VersionError, VersionRange, VersionRangeError } from "./version.js";
export { LanguageTag, okLabel, closeLabel } from "./language.js";
export { parseTimestamp, formatTimestamp, TimestampError } from "./dates.js";
export { LinkPolicy, forbiddenSchemes } from "./link-policy.js";
export { FeedError, UnsupportedError } from "./diagnostics.js";
export { decodeDocument, feedLimits, loadDiagnosticWords } from "./feed.js";
export { knownPlatforms } from "./reader.js";
export { rolloutBucket, rolloutIncludes, variantIndex, exclusionOf } from "./targeting.js";
export { decide, resolveMessage } from "./select.js";
export { messageJSON, decisionJSON, loadDecisionJSON } from "./decision-json-load.js";
export { makeContext, makeHistory, InputError } from "./install.js";
export { AlertService } from "./service.js";
export { StateStore, readState, stateKey, stateVersion } from "./storage.js";
export { domRenderer } from "./renderer.js";
export { defineSlotElement } from "./slot.js";
export { inboxItems } from "./inbox-items.js";
