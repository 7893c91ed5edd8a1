// ExplainWords: `evaluate --explain`'s rows in a person's words, from the rule and its facts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const ExplainWords = load("preview/explain-words.js", "ExplainWords");

test("a normalized range reads as people say it", () => {
  const cases = [
    [">=2.0.0", "2.0 and later"],
    ["<3.0.0-0", "before 3.0"],
    [">=2.0.0 <3.0.0-0", "from 2.0, before 3.0"],
    [">2.0.1 <=2.4.0", "after 2.0.1, up to 2.4"],
    ["=1.2.3 || >=4.0.0", "1.2.3 or 4.0 and later"],
    ["*", "any version"],
    ["~1.2", null],
  ];
  for (const [range, words] of cases) assert.equal(ExplainWords.rangeWords(range), words, range);
});

test("a version range's exclusion names the versions in words, not the rule or the engine's sentence", () => {
  const row = { id: 3, eligible: false, rule: "appVersionRange",
    reason: "app version 1.5 does not satisfy appVersionRange \">=2.0\" (>=2.0.0)", range: ">=2.0.0" };
  assert.deepEqual(ExplainWords.rowWords(row, null, { appVersion: "1.5" }),
    { part: "App version range", words: "App version 2.0 and later only; this install has 1.5.", detail: null });
});

test("a rollout says where the install falls from its bucket, and what an install id would decide", () => {
  const outside = { id: 4, eligible: false, rule: "rollout", reason: "install is outside the 50% rollout (bucket 90.89%)",
    rollout: { percent: 50, bucket: 908912 } };
  const said = ExplainWords.rowWords(outside, null, { installId: "x" });
  assert.equal(said.part, "Rollout");
  assert.equal(said.words, "Not among the installs its rollout reaches (the first 50% of installs, in an order fixed "
    + "by each install's id); this install comes at 90.89%.");
  assert.doesNotMatch(said.words, /bucket/);
  const unknown = { id: 4, eligible: false, rule: "rolloutSchedule", reason: "rollout 12.5% needs an install id, and there is none",
    rollout: { percent: 12.5, bucket: null } };
  assert.equal(ExplainWords.rowWords(unknown, null, {}).words, "Depends on the install: its rollout schedule reaches "
    + "12.5% of installs at this moment, each chosen by its install id; give one to check it.");
});

test("shown, outranked and the rules worded less precisely keep the engine's sentence as a detail", () => {
  assert.deepEqual(ExplainWords.rowWords({ id: 2, eligible: true, rule: null, reason: "eligible; selected" }, 2, {}),
    { part: "", words: "Shown to this install.", detail: null });
  assert.match(ExplainWords.rowWords({ id: 1, eligible: true, rule: null, reason: "eligible, but message 2 ranks higher" }, 2, {}).words,
    /^Suits this install, but message #2 is shown instead/);
  const attribute = { id: 5, eligible: false, rule: "attributes", reason: "attribute \"plan\" is free, not [pro]" };
  assert.deepEqual(ExplainWords.rowWords(attribute, null, {}), { part: "Attributes",
    words: "An attribute this install has (or lacks) does not match.", detail: "attribute \"plan\" is free, not [pro]" });
  assert.equal(ExplainWords.rowWords({ id: 6, eligible: false, rule: "platforms", reason: "…" }, null, { platform: "macos" }).words,
    "Not made for macOS.");
});

test("a variant is named with its share: equal shares, or its weight of the whole", () => {
  assert.equal(ExplainWords.variantShareWords([{ name: "Control" }, { name: "Discount" }], 0), "“Control” (A), 1 of 2 equal shares");
  assert.equal(ExplainWords.variantShareWords([{ weight: 1 }, { weight: 3 }], 1), "B, 3 of 4 shares (75%)");
  assert.equal(ExplainWords.variantShareWords([{ weight: 1 }], 2), null);
});

test("moments read as the console's date fields show them: the day alone at midnight UTC, else the time in UTC", () => {
  for (const [value, words] of [
    ["2026-11-30T00:00:00Z", "2026-11-30"],
    ["2026-11-29T09:08:47.656Z", "2026-11-29 09:08:47 UTC"],
    ["2026-11-30T10:00:00Z", "2026-11-30 10:00 UTC"],
    ["2026-11-30T10:00:00+02:00", "2026-11-30 10:00+02:00"],
    ["2026-11-30T00:00:00+00:00", "2026-11-30"],
    ["tomorrow", "tomorrow"],
  ]) assert.equal(ExplainWords.dateWords(value), words, value);
  // The engine's sentence beside a start not reached: no raw timestamp left in it.
  const row = { id: 2, eligible: false, rule: "startDate",
    reason: "starts at 2026-11-30T00:00:00Z, now is 2026-11-29T09:08:47.656Z" };
  assert.deepEqual(ExplainWords.rowWords(row, null, {}), { part: "Start", words: "Not started yet at this moment.",
    detail: "starts at 2026-11-30, now is 2026-11-29 09:08:47 UTC" });
});

test("a rollout only an install id decides is said the same in the console and the preview, and answered so in the table", () => {
  const row = { id: 3, eligible: false, rule: "rollout", reason: "needs an install id", rollout: { percent: 50, bucket: null } };
  assert.equal(ExplainWords.dependsOnInstall(row), true);
  assert.equal(ExplainWords.dependsWords(row, "this message", true), "It depends on the install: 50% of installs like "
    + "this one see this message (its rollout), each chosen by its install id, as is its variant. Give an install id "
    + "to check one of them.");
  assert.equal(ExplainWords.dependsWords({ ...row, rule: "rolloutSchedule", rollout: { percent: 12.5, bucket: null } },
    "message #3", false), "It depends on the install: 12.5% of installs like this one see message #3 (its rollout "
    + "schedule, at this moment), each chosen by its install id. Give an install id to check one of them.");
  assert.equal(ExplainWords.answerWords(row, 2), "depends on the install");
  // With an install id the bucket is known: in or out, not "depends".
  const placed = { ...row, rollout: { percent: 50, bucket: 908912 } };
  assert.equal(ExplainWords.dependsOnInstall(placed), false);
  assert.equal(ExplainWords.answerWords(placed, 2), "not shown");
  assert.equal(ExplainWords.answerWords({ id: 2, eligible: true }, 2), "shown");
  assert.equal(ExplainWords.answerWords({ id: 1, eligible: true }, 2), "could be shown");
});
