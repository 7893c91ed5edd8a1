#!/usr/bin/env node
// Writes conformance/cases/*.json: every case of tables.mjs with the answer of the Swift engine, from
// the real `appalert evaluate --json` (and `appalert version`). Run it after changing either engine on
// purpose, review the diff, and commit it:
//
//   swift build --package-path Tools --product appalert
//   node conformance/generate.mjs --appalert Tools/.build/debug/appalert
//
// It also runs the web engine on every case and lists where the two differ (exit 1), so a case is
// never committed that the web engine fails without anyone noticing.

import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { tables } from "./tables.mjs";
import { inParallel, observed, runSwift, runWeb, sameJSON } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const binaryIndex = args.indexOf("--appalert");
const binary = resolve(binaryIndex >= 0 ? args[binaryIndex + 1] : join(here, "../Tools/.build/debug/appalert"));
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;

mkdirSync(join(here, "cases"), { recursive: true });
let total = 0;
let differing = 0;
for (const [file, [description, build]] of Object.entries(tables)) {
  if (only !== undefined && file !== only) continue;
  const cases = await inParallel(build(), 12, async (testCase) => {
    const expected = observed(testCase, await runSwift(binary, testCase));
    const web = observed(testCase, await runWeb(testCase));
    if (!sameJSON(expected, web)) {
      differing += 1;
      console.error(`differs: ${file}: ${testCase.name}\n  swift: ${JSON.stringify(expected)}\n  web:   ${JSON.stringify(web)}`);
    }
    return { ...testCase, expected };
  });
  total += cases.length;
  writeFileSync(join(here, "cases", `${file}.json`), JSON.stringify({ description, cases }, null, 1) + "\n");
}
console.log(`${total} cases written; the web engine differs on ${differing}`);
process.exitCode = differing === 0 ? 0 : 1;
