// The readers' diagnostics at the edges of their lists, links and keys (empty lists of each kind, empty ids,
// bad items, URLs with and without an authority, long, repeated and unknown keys, duplicate ids): each
// diagnostic and the messages kept are those fixtures/reader-edges.json recorded from the engine before
// the readers stopped allocating on the clean path (a list's words, an id's, a text's path and a URL's
// authority are now built or read only where needed).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decodeFeed } from "../src/index.js";

/** The feed: one message for each edge, then messages that are not right as a whole. */
function edgesFeed() {
  const base = { bundleId: "a.b", title: "T", text: "X" };
  const long = "k".repeat(10_001);
  const messages = [
    { bundleIds: [] }, { bundleIds: ["", "x", ""] }, { bundleIds: [1, "", "y"] }, { bundleIds: "z" }, { bundleId: "", bundleIds: ["q"] },
    { bundleId: "", bundleIds: [] }, { installIds: [] }, { installIds: ["", 3] }, { appVersions: [] }, { osVersions: ["1.x", "", "2"] },
    { appVersions: "1.0" }, { platforms: [] }, { platforms: ["iOS", "amiga", 7] }, { locales: [] }, { locales: ["en-US", "!!", "x-y-z-"] },
    { link: { title: "t", url: "https:/x" } }, { link: { title: "t", url: "https://" } }, { link: { title: "t", url: "https:///x" } },
    { link: { title: "t", url: "https://?q" } }, { link: { title: "t", url: "https://@h" } }, { link: { title: "t", url: "http://:80" } },
    { link: { title: "t", url: "https://#" } }, { link: { title: "t", url: "HTTPS://h" } }, { link: { title: "t", url: "http://h" } },
    { link: { title: "t", url: "https://ab" } }, { link: { title: "t", url: "mailto:x@y" } }, { link: { title: "t", url: "javascript:x" } },
    { link: { title: 5, url: "https://h", extra: 1 } }, { link: { url: "https://h" } }, { link: { title: "t" } }, { link: "x" },
    { confirmLabel: 5 }, { confirmLabel: "x".repeat(10_001) }, { [long]: 1 }, { titel: 1, colour: 2 }, { attributes: { a: [], b: {} } },
    { attributes: 3 }, { trigger: { event: "bad name" } }, { trigger: 5 }, { rolloutSchedule: [] }, { rolloutSchedule: [{ at: "x", percent: 101 }] },
    { variants: [{ weight: 1 }, { weight: 0, name: " " }] }, { variants: 1 }, { layout: "image", image: { url: "https://h/i.png" } },
    { layout: "banner", image: { url: "https://h/i.png" } }, { localizations: { en: { title: 1, link: { title: "t", url: "https://" } } } },
    { dismissible: false }, { layout: "banner", link: { title: "t", url: "https://h" } },
  ];
  const feed = messages.map((m, i) => ({ id: i + 1, ...base, ...m }));
  feed.push({ id: 1, ...base });
  feed.push({ ...base }, { id: 0, bundleId: "a" }, 5, null, { id: 99, bundleIds: [], title: "t", text: "x", [long]: 1, [long + "x"]: 2 });
  // A key written twice (an object literal cannot).
  return JSON.stringify(feed).replace('"titel":1', '"titel":1,"titel":1');
}

/** @param {string} text */
function outcome(text) {
  const { feed, diagnostics } = decodeFeed(text);
  return {
    kept: feed.messages.map((m) => m.id),
    diagnostics: diagnostics.map((d) => [d.severity, d.code, d.path, d.key, d.value, d.reason]),
  };
}

test("the readers' diagnostics at the edges of lists, links and keys are the recorded ones", () => {
  const recorded = JSON.parse(readFileSync(new URL("fixtures/reader-edges.json", import.meta.url), "utf8"));
  assert.deepEqual(outcome(edgesFeed()), recorded);
});
