// The readers' diagnostics for messages that reach each of their shapes of report: every wrong type
// (its words' shape names, diagnostic-words.js), the suggestions worked out only when the words are
// written (unknown keys, misspelt required keys, unknown layouts), a rollout step's percents, and the
// lists of strings. fixtures/reader-diagnostics.json was recorded from the engine before the readers
// were made smaller (issue 43): each message's diagnostics, in order, with their words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decodeFeed } from "../src/index.js";

const cases = JSON.parse(readFileSync(new URL("fixtures/reader-diagnostics.json", import.meta.url), "utf8"));

for (const { name, message, diagnostics } of cases) {
  test(`the readers' diagnostics of a message with ${name} are the recorded ones`, () => {
    const result = decodeFeed(JSON.stringify({ format: 2, messages: [message] }));
    const found = result.diagnostics.map((d) => [d.severity, d.code, d.path, d.key, d.value, d.reason]);
    assert.deepEqual(found, diagnostics);
  });
}

test("every case reports something", () => {
  assert.ok(cases.length >= 30);
  for (const { name, diagnostics } of cases) assert.ok(diagnostics.length > 0, name);
});
