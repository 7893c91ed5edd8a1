// Which links an app lets a message open (Sources/AppAlert/Trust/LinkPolicy.swift).

/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./message.js").Link} Link */
/** @typedef {import("./message.js").Button} Button */
/** @typedef {import("./message.js").Localization} Localization */

/** Schemes no policy allows: they run code or read local data. */
export const forbiddenSchemes = new Set(["javascript", "data", "file", "vbscript", "blob", "about", "filesystem"]);

/**
 * The host of an http(s) URL as Foundation's URL.host reads it (brackets of IPv6 removed).
 * @param {string} url
 */
export function hostOf(url) {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(url);
  if (!match) return "";
  let authority = match[1];
  const at = authority.lastIndexOf("@");
  if (at >= 0) authority = authority.slice(at + 1);
  if (authority.startsWith("[")) {
    const end = authority.indexOf("]");
    return end < 0 ? authority : authority.slice(1, end);
  }
  const colon = authority.indexOf(":");
  return colon < 0 ? authority : authority.slice(0, colon);
}

export class LinkPolicy {
  /**
   * @param {Iterable<string>} [allowedSchemes]
   * @param {string[] | undefined} [allowedHosts]
   */
  constructor(allowedSchemes = ["https"], allowedHosts = undefined) {
    this.allowedSchemes = new Set([...allowedSchemes].map((s) => s.toLowerCase()));
    this.allowedHosts = allowedHosts?.map((h) => h.toLowerCase());
  }

  /**
   * Why `url` may not be opened, or undefined when it may.
   * @param {string} url
   */
  refusal(url) {
    const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
    const scheme = match ? match[1].toLowerCase() : "";
    if (forbiddenSchemes.has(scheme)) return `a link may never open a ${scheme}: URL`;
    if (!this.allowedSchemes.has(scheme)) {
      const allowed = [...this.allowedSchemes].sort().map((s) => s + ":").join(", ");
      return `${scheme === "" ? "a link without a scheme" : scheme + ": links"} are not allowed (allowed: ${allowed})`;
    }
    if (this.allowedHosts !== undefined && (scheme === "http" || scheme === "https")) {
      const host = hostOf(url).toLowerCase();
      const permitted = this.allowedHosts.some((entry) =>
        entry.startsWith(".") ? host.endsWith(entry) || host === entry.slice(1) : host === entry,
      );
      if (!permitted) return `host "${host}" is not among the allowed hosts (${this.allowedHosts.join(", ")})`;
    }
    return undefined;
  }

  /**
   * The first URL of `message` the policy refuses, with why.
   * @param {Message} message @returns {{url: string, reason: string} | undefined}
   */
  refusalOfMessage(message) {
    for (const url of linksOf(message)) {
      const reason = this.refusal(url);
      if (reason !== undefined) return { url, reason };
    }
    return undefined;
  }
}

/**
 * Every URL a message may open, in the order the Swift LinkPolicy checks them: its link, its buttons' and
 * its localizations' (each one's link, then buttons), its tap action's, then each variant's as the message's.
 * @param {Message} message
 */
function* linksOf(message) {
  yield* linksIn(message.link, message.buttons, message.localizations);
  const action = message.action;
  if (action !== undefined && typeof action === "object" && "url" in action) yield action.url;
  for (const variant of message.variants) yield* linksIn(variant.link, variant.buttons, variant.localizations);
}

/**
 * @param {Link | undefined} link @param {Button[] | undefined} buttons @param {Localization[] | undefined} [localizations]
 * @returns {Generator<string>}
 */
function* linksIn(link, buttons, localizations) {
  if (link) yield link.url;
  for (const button of buttons ?? []) {
    const action = button.action;
    if (typeof action === "object" && "url" in action) yield action.url;
  }
  for (const localization of localizations ?? []) yield* linksIn(localization.link, localization.buttons);
}
