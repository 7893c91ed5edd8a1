// A page reads its feed with the messages' rich keys unchecked (feed.js's readFeedInPage): images,
// buttons, actions, features, colors and data, in a message and its localizations, and its variants
// whole (which variant an install gets is worked out for the message chosen). Before it
// uses a message with one — the launch's or an event's decision, a slot's, the inbox's items — it checks
// that message here with the full readers, which appalert-web-draw.js carries (the file it loads anyway to
// draw it), and decides again: a message the full reading leaves out (an error in a rich key) is taken out
// of the feed, as readFeed leaves it out, so the page always uses the messages the exact engine
// (decodeFeed + decide) would. A rich key's error is found, and said, when its message comes up.

import { JSONObject } from "./json.js";
import { MessageReader } from "./reader.js";
import { feedLimits, uncheckedMessages } from "./feed.js";
import { loadDrawing } from "./renderer.js";
import { hasRichReading, useRichReading } from "./rich-reading.js";

/** @typedef {import("./message.js").Feed} Feed */
/** @typedef {import("./message.js").Message} Message */
/** @typedef {import("./diagnostics.js").RecordedDiagnostic} RecordedDiagnostic */

/** Loads the readers of the rich keys (in the bundle, with appalert-web-draw.js), once. */
export async function loadRichReading() {
  if (!hasRichReading()) useRichReading((await loadDrawing()).richReading);
}

/**
 * What checking messages found: the diagnostics of each message taken out (as readFeed lists them), and
 * each message kept with its reading before the check and the keys its rich keys have that are ignored.
 * @typedef {{leftOut: RecordedDiagnostic[][], kept: Array<{before: Message, after: Message, ignored: RecordedDiagnostic[]}>}} CheckOutcome
 */

/**
 * A path (after the messages' array's) inside one of a message's rich keys (or a translation's), or inside
 * its variants.
 */
const insideRichKey = /\.(image|buttons|action|features|colors|conversion|variants)[.[]/;

/**
 * Reads `messages` of `feed` (of its messages with rich keys unchecked) again, fully: each is replaced by
 * that reading, or taken out when the reading has an error, as readFeed leaves it out. `feed.messages`
 * becomes a new array: a decision still going through the old one (they await) is not disturbed, and
 * usingChecked makes it again.
 * @param {Feed} feed @param {Message[]} messages
 * @returns {Promise<CheckOutcome>}
 */
export async function checkMessages(feed, messages) {
  await loadRichReading();
  /** @type {CheckOutcome} */
  const outcome = { leftOut: [], kept: [] };
  // Each message's reading (null: taken out), put in its place once all are read: a search and a splice
  // for each would make checking a feed of n such messages cost n² (the batch check reads them all).
  /** @type {Map<Message, Message | null>} */
  const readings = new Map();
  const inFeed = new Set(feed.messages);
  for (const message of messages) {
    const source = uncheckedMessages.get(message);
    if (source === undefined || !inFeed.has(message)) continue; // checked meanwhile, for another decision
    uncheckedMessages.delete(message);
    const reader = new MessageReader(source.index, source.prefix, feedLimits.maximumStringLength);
    const checked = reader.read(source.element);
    const leftOut = reader.hasErrors || checked === undefined;
    if (leftOut) reader.markLeftOut();
    /** @type {RecordedDiagnostic[]} */
    const diagnostics = [];
    reader.finish(diagnostics);
    if (leftOut) {
      readings.set(message, null);
      outcome.leftOut.push(diagnostics);
    } else {
      readings.set(message, checked);
      // The keys it ignores inside its rich keys: the page's reading could not see them (those elsewhere
      // in the message were said when the feed was read).
      const ignored = diagnostics.filter((d) => d.code === "unknownKey" && insideRichKey.test(d.path.slice(source.prefix.length)));
      outcome.kept.push({ before: message, after: checked, ignored });
    }
  }
  /** @type {Message[]} */
  const all = [];
  for (const message of feed.messages) {
    const reading = readings.get(message);
    if (reading === undefined) all.push(message);
    else if (reading !== null) all.push(reading);
  }
  feed.messages = all;
  return outcome;
}

/**
 * What `use` gives with `feed` once every message it used (`used` gives their ids) has its rich keys
 * checked: while one has not, it is checked (checkMessages) and `use` runs again, without it when it was
 * taken out; and again when another use checked messages meanwhile. `use` must choose among
 * `feed.messages` as they are when it starts. `found` is told what each check found.
 * @template T
 * @param {Feed} feed @param {() => Promise<T>} use @param {(result: T) => number[]} used
 * @param {(outcome: CheckOutcome) => void | Promise<void>} found
 * @returns {Promise<T>}
 */
export async function usingChecked(feed, use, used, found) {
  for (;;) {
    const messages = feed.messages;
    const result = await use();
    if (feed.messages !== messages) continue; // checked meanwhile: what `use` chose from may have changed
    const ids = new Set(used(result));
    const unchecked = feed.messages.filter((message) => ids.has(message.id) && uncheckedMessages.has(message));
    if (unchecked.length === 0) return result;
    const outcome = await checkMessages(feed, unchecked);
    // One the full reading leaves out: all the others still unchecked are checked now, at once, so that a
    // feed of many such messages costs one reading of them, not a decision again for each, and their
    // problem is one.
    if (outcome.leftOut.length > 0) {
      const rest = await checkMessages(feed, feed.messages.filter((message) => uncheckedMessages.has(message)));
      outcome.leftOut.push(...rest.leftOut);
      outcome.kept.push(...rest.kept);
    }
    await found(outcome);
  }
}

/**
 * Whether reading the feed's update policies needs the readers of the rich keys: a localization of a
 * policy that has buttons, an image or features (update-policy.js reads them as a message's).
 * @param {Feed} feed
 */
export function updatesNeedRichReading(feed) {
  const rich = (/** @type {unknown} */ value) =>
    value instanceof JSONObject && ["buttons", "image", "features"].some((key) => value.get(key) !== undefined);
  return (feed.updates ?? []).some((policy) => {
    const localizations = policy instanceof JSONObject ? policy.get("localizations") : undefined;
    return localizations instanceof JSONObject && localizations.values.some(rich);
  });
}
