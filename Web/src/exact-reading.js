// What a page loads when it needs the engine's own reading of a feed (in the bundle, the file
// appalert-web-words.js beside appalert-web.js, loaded by feed.js's loadDiagnosticWords): the words of the
// diagnostics, for a feed with a message left out, and parseJSON, for a feed the page's fast reading
// (json-fast.js) cannot vouch for — a feed with an error is read again with it, so the two come together.
// Bundled on its own, its JSONObject and errors are copies of the page's: feed.js makes them the page's.

export { reasonOf } from "./diagnostic-words.js";
export { parseJSON, JSONObject, JSONSyntaxError } from "./json.js";
export { UnsupportedError } from "./diagnostics.js";
// The readers of the rich keys, which the page's file has none of: decodeFeed and decodeDocument need them.
export { richReadingWithWarnings as richReading } from "./rich-full.js";
