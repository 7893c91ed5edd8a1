// Every shared conformance case (../../conformance/cases) against the web engine: the decision object,
// the exit code and what goes to standard error must be what `appalert evaluate --json` gave.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { observed, runWeb } from "../../conformance/lib.mjs";

const directory = join(dirname(fileURLToPath(import.meta.url)), "../../conformance/cases");
const files = readdirSync(directory).filter((name) => name.endsWith(".json")).sort();

test("the conformance cases are there", () => {
  const count = files.reduce((sum, file) => sum + JSON.parse(readFileSync(join(directory, file), "utf8")).cases.length, 0);
  assert.ok(count >= 500, `only ${count} cases`);
});

for (const file of files) {
  const { cases } = JSON.parse(readFileSync(join(directory, file), "utf8"));
  test(`conformance: ${file}`, async (t) => {
    for (const testCase of cases) {
      await t.test(testCase.name, async () => {
        assert.deepStrictEqual(observed(testCase, await runWeb(testCase)), testCase.expected);
      });
    }
  });
}
