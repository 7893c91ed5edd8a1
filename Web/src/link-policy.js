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
    const first = this.#refusalIn(message.link, message.buttons, message.localizations);
    if (first) return first;
    const action = message.action;
    if (action !== undefined && typeof action === "object" && "url" in action) {
      const reason = this.refusal(action.url);
      if (reason !== undefined) return { url: action.url, reason };
    }
    for (const variant of message.variants) {
      const refused = this.#refusalIn(variant.link, variant.buttons, variant.localizations);
      if (refused) return refused;
    }
    return undefined;
  }

  /**
   * @param {Link | undefined} link @param {Button[] | undefined} buttons @param {Localization[] | undefined} localizations
   * @returns {{url: string, reason: string} | undefined}
   */
  #refusalIn(link, buttons, localizations) {
    if (link) {
      const reason = this.refusal(link.url);
      if (reason !== undefined) return { url: link.url, reason };
    }
    const fromButtons = this.#refusalOfButtons(buttons);
    if (fromButtons) return fromButtons;
    for (const localization of localizations ?? []) {
      if (localization.link) {
        const reason = this.refusal(localization.link.url);
        if (reason !== undefined) return { url: localization.link.url, reason };
      }
      const refused = this.#refusalOfButtons(localization.buttons);
      if (refused) return refused;
    }
    return undefined;
  }

  /** @param {Button[] | undefined} buttons */
  #refusalOfButtons(buttons) {
    for (const button of buttons ?? []) {
      const action = button.action;
      if (typeof action === "object" && "url" in action) {
        const reason = this.refusal(action.url);
        if (reason !== undefined) return { url: action.url, reason };
      }
    }
    return undefined;
  }
}
