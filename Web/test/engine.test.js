// The web engine's hashes against the known answers the Swift suite also checks (RolloutTests: computed
// independently with Python's hashlib), and its API used as a page would use it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { LanguageTag, LinkPolicy, decide, decisionJSON, decodeFeed, rolloutBucket, variantIndex } from "../src/index.js";

test("rollout buckets are the Swift engine's", async () => {
  const known = [[1, "A1B2C3", 708738], [2, "A1B2C3", 108641], [42, "install-0001", 279987], [7, "", 392097]];
  for (const [id, install, bucket] of known) assert.equal(await rolloutBucket(Number(id), String(install)), bucket);
});

test("a variant needs an install id and two weights", async () => {
  assert.equal(await variantIndex(1, undefined, [1, 1]), 0);
  assert.equal(await variantIndex(1, "x", [5]), 0);
  const counts = [0, 0];
  for (let i = 0; i < 400; i += 1) counts[await variantIndex(9, `install-${i}`, [1, 3])] += 1;
  assert.ok(counts[0] > 60 && counts[0] < 140, `variant 0 got ${counts[0]} of 400 at weight 1 of 4`);
});

test("the engine decides with an injected clock, languages and install, reading no globals", async () => {
  const { feed } = decodeFeed(
    JSON.stringify({ format: 2, messages: [{ id: 3, bundleId: "web.app", title: "Hi", text: "x", localizations: { de: { title: "Hallo" } }, startDate: "2026-01-01T00:00:00Z" }] }),
  );
  const context = {
    bundleId: "web.app", appVersion: undefined, platform: "linux", preferredLanguages: [new LanguageTag("de-CH")],
    now: Date.parse("2026-02-01T00:00:00Z") / 1000, linkPolicy: new LinkPolicy(), attributes: new Map(), placement: "launch",
    launchCount: 1,
  };
  const decision = await decide(feed.messages, context, { records: new Map() });
  assert.equal(decisionJSON(decision, feed).selected, 3);
  assert.equal(decision.message?.title, "Hallo");
  const before = await decide(feed.messages, { ...context, now: Date.parse("2025-12-31T23:59:59Z") / 1000 }, { records: new Map() });
  assert.equal(before.message, undefined);
});
