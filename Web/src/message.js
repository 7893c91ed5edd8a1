// The shapes of a decoded feed (Sources/AppAlert/Feed/Message.swift, RichContent.swift, Campaign.swift).
// Dates are seconds since 1970; versions and ranges are ./version.js's classes.

import { languageMatcher } from "./language.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {"alert" | "banner" | "modal" | "sheet" | "image"} Layout */
/** @typedef {{title: string, url: string}} Link */
/** @typedef {"dismiss" | {url: string} | {event: string}} Action */
/** @typedef {{title: string, action: Action}} Button */
/** @typedef {{url: string, alt: string | undefined, darkUrl: string | undefined}} Image */
/** @typedef {{title: string, text: string | undefined, symbol: string | undefined}} Feature */
/** @typedef {{background?: string, text?: string, accent?: string}} Palette colors as #RRGGBB or #RRGGBBAA, upper case */
/** @typedef {{light: Palette, dark: Palette}} Colors */
/** @typedef {{event: string, withinHours: number}} Conversion */
/** @typedef {{at: number, percent: number}} RolloutStep */
/** @typedef {string | number | boolean} AttributeValue */
/** @typedef {{key: string, values: AttributeValue[]}} AttributeCondition */

/**
 * @typedef {object} Localization
 * @property {import("./language.js").LanguageTag} tag
 * @property {string} [title]
 * @property {string} [text]
 * @property {string} [confirmLabel]
 * @property {Link} [link]
 * @property {Button[]} [buttons]
 * @property {Image} [image]
 * @property {Feature[]} [features]
 */

/**
 * @typedef {object} Variant
 * @property {string} [name]
 * @property {number} weight
 * @property {string} [title]
 * @property {string} [text]
 * @property {string} [confirmLabel]
 * @property {Link} [link]
 * @property {Localization[]} [localizations]
 * @property {Button[]} [buttons]
 * @property {Image} [image]
 * @property {Feature[]} [features]
 * @property {Conversion} [conversion]
 */

/**
 * @typedef {object} Message
 * @property {number} id
 * @property {string[]} bundleIds
 * @property {string} title
 * @property {string} text
 * @property {string} [confirmLabel]
 * @property {Link} [link]
 * @property {import("./version.js").Version[]} [appVersions]
 * @property {import("./version.js").Version[]} [osVersions]
 * @property {import("./version.js").VersionRange} [appVersionRange]
 * @property {import("./version.js").VersionRange} [osVersionRange]
 * @property {string[]} [platforms] lower-cased
 * @property {import("./language.js").LanguageTag[]} [locales]
 * @property {number} [startDate]
 * @property {number} [endDate]
 * @property {number} rollout
 * @property {number} priority
 * @property {number} maxViews
 * @property {number} [minHoursBetweenViews]
 * @property {boolean} dismissible
 * @property {Localization[]} localizations
 * @property {import("./version.js").VersionRange} [whatsNew]
 * @property {AttributeCondition[]} attributes
 * @property {string[]} [installIds]
 * @property {number} [minLaunches]
 * @property {number} [minDaysSinceInstall]
 * @property {number} [minDaysSinceUpdate]
 * @property {"launch" | {event: string}} trigger
 * @property {RolloutStep[]} [rolloutSchedule]
 * @property {Variant[]} variants
 * @property {Layout} layout
 * @property {Image} [image]
 * @property {Button[]} [buttons]
 * @property {Action} [action]
 * @property {Feature[]} [features]
 * @property {Colors} [colors]
 * @property {Map<string, string>} data
 * @property {string} placement "launch", "inbox" or a slot's name
 * @property {number} bannerSeconds
 * @property {Conversion} [conversion]
 */

/**
 * @typedef {object} Feed
 * @property {number} format
 * @property {Message[]} messages
 * @property {number} [sequence]
 * @property {JSONValue[]} [updates] the `updates` array as given: read by update.js when an update is checked
 */

export const defaultBannerSeconds = 8;
export const whatsNewLaunchWindow = 10;

/**
 * The message as a variant words it (its keys replace the message's).
 * @param {Message} message @param {number} index @returns {Message}
 */
export function applyingVariant(message, index) {
  const variant = message.variants[index];
  if (variant === undefined) return message;
  return {
    ...message,
    title: variant.title ?? message.title,
    text: variant.text ?? message.text,
    confirmLabel: variant.confirmLabel ?? message.confirmLabel,
    link: variant.link ?? message.link,
    // Its translations, key by key (docs/feed-format.md, "Translations of a variant"): for each language of
    // its wording, the variant's own translation of a key, else, for a key the variant does not set, the
    // message's; a key left out falls back to the variant's (or the message's) base text.
    localizations: variantWording(message, variant, (tag, own, inherited) => {
      /** @type {Localization} */
      const localization = { tag };
      for (const key of /** @type {const} */ (["title", "text", "confirmLabel", "link", "buttons", "image", "features"])) {
        const value = own?.[key] ?? (variant[key] !== undefined ? undefined : inherited?.[key]);
        if (value !== undefined) /** @type {Record<string, unknown>} */ (localization)[key] = value;
      }
      return localization;
    }),
    buttons: variant.buttons ?? message.buttons,
    image: variant.image ?? message.image,
    features: variant.features ?? message.features,
    conversion: variant.conversion ?? message.conversion,
  };
}

/**
 * A variant's translations as its own and the message's combine (the Swift engine's VariantWording): for
 * each language either has (the variant's first, each once), what `word` makes of the variant's own
 * translation into it and the message's, each where the language rules find one. Its showings are worded
 * from it (applyingVariant), and the reader's check of its languages reads it (rich-variants.js).
 * @template T
 * @param {Message} message @param {Variant} variant
 * @param {(tag: import("./language.js").LanguageTag, own: Localization | undefined, inherited: Localization | undefined) => T} word
 * @returns {T[]}
 */
export function variantWording(message, variant, word) {
  const own = variant.localizations ?? [];
  const inherited = message.localizations;
  const ownTags = own.map((l) => l.tag);
  const inheritedTags = inherited.map((l) => l.tag);
  /** @type {Set<string>} */
  const seen = new Set();
  const tags = [...ownTags, ...inheritedTags].filter((tag) => {
    const key = tag.subtags.join("-");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Each list's tags read once, not once for each language asked of it.
  const ownMatch = languageMatcher(ownTags);
  const inheritedMatch = languageMatcher(inheritedTags);
  return tags.map((tag) => {
    const ownIndex = ownMatch([tag]);
    const inheritedIndex = inheritedMatch([tag]);
    return word(tag, ownIndex === undefined ? undefined : own[ownIndex],
      inheritedIndex === undefined ? undefined : inherited[inheritedIndex]);
  });
}

/**
 * The share of installs in the rollout at `now`.
 * @param {Message} message
 * @param {number} now
 */
export function rolloutPercent(message, now) {
  if (message.rolloutSchedule === undefined) return message.rollout;
  let percent = 0;
  for (const step of message.rolloutSchedule) if (step.at <= now) percent = step.percent;
  return percent;
}
