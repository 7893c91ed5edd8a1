// Which texts the readers take for a URL, as the Swift engine's reading of the feed does (Foundation's
// URL(string:) and MessageReader+Values.swift's absolute URL check).

import { quoteJSON } from "./json.js";
import { UnsupportedError, excerpt } from "./diagnostics.js";

/**
 * The scheme a URL starts with, lower-cased, or undefined.
 * @param {string} text
 */
export function schemeOf(text) {
  return scheme.test(text) ? text.slice(0, text.indexOf(":")).toLowerCase() : undefined;
}
// Each a constant: a regular expression literal is a new object each time it is evaluated.
const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const spaceOrControl = /[\u0000-\u0020\u007f]/;

// What Foundation's URL(string:) accepts: RFC 3986 characters, a well-formed percent escape. Anything
// else the Swift engine may encode or refuse; the web engine refuses it loudly rather than guess.
const rfc3986 = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/**
 * A URL with a scheme and, for http(s), a host, or undefined.
 * @param {string} text
 * @param {string} path
 * @returns {{url: string, scheme: string} | undefined}
 */
export function absoluteURL(text, path) {
  if (text === "" || spaceOrControl.test(text)) return undefined;
  const scheme = schemeOf(text);
  if (scheme === undefined) return undefined;
  if (!rfc3986.test(text)) {
    throw new UnsupportedError(
      `the URL ${quoteJSON(excerpt(text))} at ${path} has characters outside RFC 3986 (the Swift engine's URL reading of those is not ported)`,
    );
  }
  if ((scheme === "http" || scheme === "https") && !hasAuthority(text, scheme.length)) return undefined;
  return { url: text, scheme };
}

/**
 * @param {string} text
 * @param {number} schemeLength
 */
function hasAuthority(text, schemeLength) {
  // Read in place (no copy of the rest, no list of characters): it runs for every link of every message.
  const afterColon = schemeLength + 1;
  if (!text.startsWith("//", afterColon) || text.length < afterColon + 3) return false;
  return !"/?#:@".includes(text[afterColon + 2]);
}
