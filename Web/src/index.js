// @appalert/web: the web client's deciding engine. It reads an AppAlert feed and decides which message
// an install sees exactly as the Swift engine does (the shared cases in conformance/ check both).

export { parseJSON, JSONObject, JSONSyntaxError } from "./json.js";
export { Version, VersionError, VersionRange, VersionRangeError } from "./version.js";
export { LanguageTag, okLabel, closeLabel } from "./language.js";
export { parseTimestamp, formatTimestamp, TimestampError } from "./dates.js";
export { LinkPolicy, forbiddenSchemes } from "./link-policy.js";
export { FeedError, UnsupportedError } from "./diagnostics.js";
export { decodeFeed, decodeDocument, feedLimits } from "./feed.js";
export { knownPlatforms } from "./reader.js";
export { rolloutBucket, rolloutIncludes, variantIndex, exclusionOf } from "./targeting.js";
export { decide, resolveMessage, messageJSON, decisionJSON } from "./select.js";
export { makeContext, makeHistory, InputError } from "./install.js";
export { AlertService } from "./service.js";
export { StateStore, readState, stateKey, stateVersion } from "./storage.js";
export { domRenderer } from "./renderer.js";
export { defineSlotElement } from "./slot.js";
export { Inbox, inboxItems, inboxCard } from "./inbox.js";
