// A page reads its feed with the messages' rich keys unchecked (feed.js's readFeedInPage) and checks a
// message's when it is about to use it, deciding again without it when the check leaves it out
// (rich-check.js's usingChecked, as service.js uses it). Whatever the feed, the page must then use the
// very messages the exact engine (readFeed + decide, inboxItems) uses: the same message and variant,
// resolved alike, for the launch, each event a trigger names, each slot and the inbox, all decided at once
// on the one feed, as a page may decide them. The feeds: every
// conformance case's with its install, the differential test's random ones, and each of those again with
// an error in a rich key or the variants only, written into the messages the engine would pick (in the
// message, in a variant, in a localization).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { feedBytes } from "../../conformance/lib.mjs";
import { randomCases } from "../../conformance/random-cases.mjs";
import { readFeed, readFeedInPage } from "../src/feed.js";
import { decide } from "../src/select.js";
import { inboxItems } from "../src/inbox-items.js";
import { makeContext, makeHistory } from "../src/install.js";
import { usingChecked } from "../src/rich-check.js";

/** @typedef {import("../src/message.js").Feed} Feed */

const casesDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../conformance/cases");

/**
 * The errors written into a message's rich keys or its variants only: each leaves the message out, as the
 * engine reads it; and three changes that do not (a warning, links the link policy refuses, good variants).
 */
const richErrors = {
  "an image without url": (/** @type {any} */ m) => ({ ...m, image: { alt: "A picture" } }),
  "a button whose action is bad": (/** @type {any} */ m) => ({ ...m, buttons: [{ title: "Go", action: "explode" }] }),
  "a button whose link is javascript:": (/** @type {any} */ m) => ({ ...m, buttons: [{ title: "Go", action: { url: "javascript:alert(1)" } }] }),
  "a bad color": (/** @type {any} */ m) => ({ ...m, colors: { background: "red" } }),
  "features of the wrong type": (/** @type {any} */ m) => ({ ...m, features: "all of them" }),
  "data of the wrong type": (/** @type {any} */ m) => ({ ...m, data: { count: 3 } }),
  "a bad tap action on a banner": (/** @type {any} */ m) => ({ ...m, layout: "banner", action: { url: "ftp://example.com" } }),
  "buttons on a layout that has none": (/** @type {any} */ m) => ({ ...m, layout: "image", image: { url: "https://example.com/i.png", alt: "I" }, buttons: [{ title: "OK" }] }),
  "a variant's image without url": (/** @type {any} */ m) => ({
    ...m, variants: m.variants ? m.variants.map((/** @type {any} */ v, /** @type {number} */ i) => (i === 0 ? { ...v, image: { alt: "x" } } : v))
    : [{ name: "a", weight: 1, image: { alt: "x" } }, { name: "b", weight: 1 }],
  }),
  "a variant's bad button": (/** @type {any} */ m) => ({
    ...m, variants: [{ weight: 1 }, { weight: 3, buttons: [{ title: "", action: "dismiss" }] }],
  }),
  "a localization's features of the wrong type": (/** @type {any} */ m) => ({
    ...m, localizations: { ...(typeof m.localizations === "object" && m.localizations !== null && !Array.isArray(m.localizations) ? m.localizations : {}), fr: { title: "Salut", features: 4 } },
  }),
  "a localization's button with a bad event": (/** @type {any} */ m) => ({
    ...m, localizations: { "en-GB": { buttons: [{ title: "Go", action: { event: "bad name" } }] } },
  }),
  "a conversion without its window": (/** @type {any} */ m) => ({ ...m, conversion: { event: "purchase" } }),
  "a variant's conversion with a bad event": (/** @type {any} */ m) => ({
    ...m, variants: [{ weight: 2, conversion: { event: "bad name", withinHours: 2 } }, { weight: 1 }],
  }),
  "a warning only (a feature's bad symbol)": (/** @type {any} */ m) => ({ ...m, features: [{ title: "A", symbol: "BAD SYMBOL" }] }),
  // A message's variants, which a page also reads only when the message comes up.
  "a variant without weight": (/** @type {any} */ m) => ({ ...m, variants: [{ name: "a", weight: 1 }, { name: "b" }] }),
  "a variant's bad weight": (/** @type {any} */ m) => ({ ...m, variants: [{ weight: 0 }, { weight: 2 }] }),
  "a variant's weight of the wrong type": (/** @type {any} */ m) => ({ ...m, variants: [{ weight: "2" }, { weight: 2 }] }),
  "two variants of one name": (/** @type {any} */ m) => ({ ...m, variants: [{ name: "same", weight: 1 }, { name: "same", weight: 2 }] }),
  "a variant's blank name": (/** @type {any} */ m) => ({ ...m, variants: [{ name: " ", weight: 1 }, { weight: 2 }] }),
  "a variant's title of the wrong type": (/** @type {any} */ m) => ({ ...m, variants: [{ weight: 1, title: 5 }, { weight: 1 }] }),
  "too many variants": (/** @type {any} */ m) => ({ ...m, variants: Array.from({ length: 11 }, () => ({ weight: 1 })) }),
  "one variant only": (/** @type {any} */ m) => ({ ...m, variants: [{ weight: 1 }] }),
  "variants of the wrong type": (/** @type {any} */ m) => ({ ...m, variants: { a: { weight: 1 } } }),
  "a variant that is not an object": (/** @type {any} */ m) => ({ ...m, variants: [{ weight: 1 }, "b"] }),
  "a variant's localization with a bad language tag": (/** @type {any} */ m) => ({
    ...m, variants: [{ weight: 1, localizations: { "not a tag!": { title: "x" } } }, { weight: 1 }],
  }),
  "a variant's localization's title of the wrong type": (/** @type {any} */ m) => ({
    ...m, variants: [{ weight: 1 }, { weight: 1, localizations: { fr: { title: ["Salut"] } } }],
  }),
  "a variant's bad link": (/** @type {any} */ m) => ({ ...m, variants: [{ weight: 1, link: { title: "Go" } }, { weight: 1 }] }),
  // No error: the link policy (https: only) refuses the variant's link, which the engine's choice reads.
  "a variant's http link": (/** @type {any} */ m) => ({
    ...m, variants: [{ weight: 1 }, { weight: 1, link: { title: "Go", url: "http://example.com/go" } }],
  }),
  "a variant's localization's http link": (/** @type {any} */ m) => ({
    ...m, variants: [{ weight: 1, localizations: { fr: { link: { title: "Va", url: "http://example.com/va" } } } }, { weight: 1 }],
  }),
  // No error: the page must resolve the variant the engine resolves.
  "good variants": (/** @type {any} */ m) => ({
    ...m, variants: [{ name: "a", weight: 1, title: "A" }, { name: "b", weight: 3, text: "B", localizations: { fr: { title: "Bé" } } }],
  }),
};

/**
 * The messages of a feed as written (format 1: the array; format 2: its `messages`), or undefined.
 * @param {any} feed
 * @returns {any[] | undefined}
 */
const messagesOf = (feed) => (Array.isArray(feed) ? feed : Array.isArray(feed?.messages) ? feed.messages : undefined);

/**
 * The feed with `change` made to the messages of the given ids.
 * @param {any} feed @param {Set<number>} ids @param {(message: any) => any} change
 */
function changed(feed, ids, change) {
  const messages = /** @type {any[]} */ (messagesOf(feed)).map((m) => (m !== null && typeof m === "object" && ids.has(m.id) ? change(m) : m));
  return Array.isArray(feed) ? messages : { ...feed, messages };
}

/**
 * What a page and the engine pick with the same feed: for the launch, each trigger's event, each slot and
 * the inbox. The page's path: readFeedInPage, then decide (or inboxItems) through usingChecked.
 * @param {Uint8Array} bytes @param {Record<string, unknown>} options the case's install and history
 * @returns {Promise<{page: unknown[], exact: unknown[], ids: number[]} | undefined>} undefined: no feed, or no install
 */
async function bothPick(bytes, options) {
  /** @type {Feed} */
  let exactFeed;
  try {
    exactFeed = readFeed(bytes).feed;
  } catch {
    return undefined;
  }
  const page = (await readFeedInPage(bytes)).feed;
  let contexts;
  try {
    const environment = { now: () => new Date("2026-03-15T12:00:00Z"), platform: "linux" };
    const events = new Set([undefined]);
    const placements = new Set();
    for (const message of exactFeed.messages) {
      if (typeof message.trigger === "object") events.add(message.trigger.event);
      if (message.placement !== "launch" && message.placement !== "inbox") placements.add(message.placement);
    }
    contexts = [...events].map((event) => makeContext({ ...options, event }, environment));
    for (const placement of placements) {
      const context = makeContext(options, environment);
      context.placement = placement;
      contexts.push(context);
    }
    makeHistory(options);
  } catch {
    return undefined; // an install the command refuses
  }
  const history = () => makeHistory(options);
  const exactMessages = [];
  /** @type {number[]} */
  const ids = [];
  for (const context of contexts) {
    const exact = (await decide(exactFeed.messages, context, history())).message;
    exactMessages.push(exact);
    if (exact) ids.push(exact.id);
  }
  const state = { deleted: [], read: [] };
  const baseContext = contexts[0];
  exactMessages.push(await inboxItems(exactFeed.messages, baseContext, state));
  // The page's decisions all at once, on the one feed, as a page's launch check, slots and inbox may run.
  const pageMessages = await Promise.all([
    ...contexts.map((context) => usingChecked(page, async () => (await decide(page.messages, context, history())).message,
      (message) => (message ? [message.id] : []), () => {})),
    usingChecked(page, () => inboxItems(page.messages, baseContext, state), (items) => items.map((item) => item.message.id), () => {}),
  ]);
  return { page: pageMessages, exact: exactMessages, ids };
}

/**
 * Asserts the page picks what the engine picks for a case's feed, and for that feed with each rich error
 * written into the messages the engine picks; counts what was compared.
 * @param {{feed?: unknown, feedText?: string, install?: object, history?: object, name: string}} testCase
 * @param {{feeds: number, withErrors: number, leftOut: number}} counts
 */
async function samePicks(testCase, counts) {
  const options = { ...testCase.install, ...testCase.history };
  const picked = await bothPick(feedBytes(testCase), options);
  if (picked === undefined) return;
  counts.feeds += 1;
  assert.deepStrictEqual(picked.page, picked.exact, testCase.name);
  if (testCase.feedText !== undefined || messagesOf(testCase.feed) === undefined || picked.ids.length === 0) return;
  for (const [name, change] of Object.entries(richErrors)) {
    // The engine's first pick, and again with its second once the first is broken: a page checks each in turn.
    const broken = new Set([picked.ids[0]]);
    for (let round = 0; round < 2; round += 1) {
      const feed = changed(testCase.feed, broken, change);
      const bytes = feedBytes({ feed });
      const again = await bothPick(bytes, options);
      if (again === undefined) break;
      counts.withErrors += 1;
      assert.deepStrictEqual(again.page, again.exact, `${testCase.name}, with ${name} in message(s) ${[...broken].join(", ")}`);
      if (again.ids.length === 0 || broken.has(again.ids[0])) break;
      counts.leftOut += 1; // the broken message was left out, and another picked: break that one too
      broken.add(again.ids[0]);
    }
  }
}

test("every conformance case: the page, checking rich keys as messages come up, picks what the engine picks", async () => {
  const counts = { feeds: 0, withErrors: 0, leftOut: 0 };
  for (const file of readdirSync(casesDirectory).filter((name) => name.endsWith(".json")).sort()) {
    for (const testCase of JSON.parse(readFileSync(path.join(casesDirectory, file), "utf8")).cases) {
      if (testCase.kind !== undefined) continue; // version and update cases have no message to pick
      await samePicks({ ...testCase, name: `${file}: ${testCase.name}` }, counts);
    }
  }
  assert.ok(counts.feeds >= 400 && counts.withErrors >= 1000 && counts.leftOut >= 100, JSON.stringify(counts));
  console.log(`conformance: ${counts.feeds} feeds, ${counts.withErrors} with a rich key's error, ${counts.leftOut} of them picking another`);
});

test("the differential test's random feeds: the page picks what the engine picks, with and without rich keys' errors", async () => {
  const counts = { feeds: 0, withErrors: 0, leftOut: 0 };
  for (const seed of [43, 11]) {
    for (const testCase of randomCases(seed, 400)) await samePicks(testCase, counts);
  }
  assert.ok(counts.feeds >= 700 && counts.withErrors >= 500, JSON.stringify(counts));
  console.log(`random: ${counts.feeds} feeds, ${counts.withErrors} with a rich key's error, ${counts.leftOut} of them picking another`);
});
