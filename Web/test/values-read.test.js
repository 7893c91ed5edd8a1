// The values at fault are recorded as read (diagnostics.js, valueRead) and written as compact JSON text
// only with the words (diagnostic-words.js, reasonOf), so that the page's file carries no JSON writer
// (issue 43). The texts below are main's before the change: numbers as Swift writes them, long values cut
// at 80 characters, escapes, and the words that write a value too (a date window, a number's bounds).

import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeFeed } from "../src/index.js";
import { readFeedUncapped } from "../src/feed.js";

const feed = JSON.stringify({
  format: 2,
  messages: [
    {
      id: 1, title: "t", text: "x", rollout: 150.25, priority: 1e20, bundleIds: [1.5, { "a\nb": [null, true] }],
      startDate: "2026-02-01T00:00:00Z", endDate: "2026-01-01T00:00:00Z", link: "x".repeat(90), layout: 7,
    },
  ],
});

test("a value at fault is recorded as read, not as text", () => {
  const recorded = readFeedUncapped(feed).diagnostics;
  const priority = recorded.find((d) => d.key === "priority");
  assert.deepEqual(priority?.value, { json: 1e20 });
  const link = recorded.find((d) => d.key === "link");
  assert.deepEqual(link?.value, { json: "x".repeat(90) });
});

test("a value read is written as the Swift engine shows it, with the words", () => {
  const found = decodeFeed(feed).diagnostics.map((d) => [d.code, d.key, d.value, d.reason]);
  assert.deepEqual(found, [
    ["wrongType", "bundleIds", "1.5", '"bundleIds" must hold strings, not a number; the message is left out'],
    ["wrongType", "bundleIds", '{"a\\nb":[null,true]}', '"bundleIds" must hold strings, not an object'],
    ["wrongType", "layout", "7", '"layout" must be a string, not a number; "layout" is one of "alert", "banner", "modal", "sheet", "image"'],
    ["wrongType", "link", '"' + "x".repeat(76) + "...", '"link" must be an object with "title" and "url", not a string'],
    ["emptyDateWindow", "endDate", '"2026-01-01T00:00:00Z"',
      '"endDate" must be after "startDate" ("2026-02-01T00:00:00Z"); the message could never be shown'],
    ["outOfRange", "rollout", "150.25", '"rollout" must be from 0 to 100'],
    ["invalidValue", "priority", "1e+20", '"priority" must be a whole number'],
  ]);
});

test("a key and a value are cut to 100 characters as they are written", () => {
  const key = "q".repeat(150);
  const long = JSON.stringify({ format: 2, messages: [{ id: 1, bundleId: "b", title: "t", text: "x", [key]: 1, data: { [key]: "y".repeat(2000) } }] });
  const recorded = readFeedUncapped(long).diagnostics.find((d) => d.code === "unknownKey");
  assert.equal(recorded?.key, key);
  const written = decodeFeed(long).diagnostics.map((d) => [d.code, d.key, d.value]);
  assert.deepEqual(written, [
    ["limit", "data", '"' + "y".repeat(40) + "…\""],
    ["unknownKey", "q".repeat(100) + "…", null],
  ]);
});
