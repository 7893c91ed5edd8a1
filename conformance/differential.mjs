#!/usr/bin/env node
// The seeded differential test: random feeds and installs, decided by the Swift engine (the real
// `appalert evaluate --json`) and by the web engine, compared on the whole decision object, the exit
// code and standard error. The same seed gives the same cases.
//
//   node conformance/differential.mjs --appalert Tools/.build/debug/appalert --seed 43 --count 300
//
// Exit 0 when every case agrees, 1 when one differs (each difference is printed, with the case).

import { resolve } from "node:path";
import { inParallel, observed, runSwift, runWeb, sameJSON } from "./lib.mjs";
import { randomCases } from "./random-cases.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const binary = resolve(option("--appalert", "Tools/.build/debug/appalert"));
const seed = Number(option("--seed", "43"));
const count = Number(option("--count", "300"));

let differing = 0;
const started = Date.now();
// The cases are made first, in order, so a seed means the same cases whatever the parallelism.
const cases = randomCases(seed, count);
await inParallel(cases, 12, async (testCase) => {
  const swift = observed(testCase, await runSwift(binary, testCase));
  const web = observed(testCase, await runWeb(testCase));
  if (!sameJSON(swift, web)) {
    differing += 1;
    console.error(`differs: ${JSON.stringify(testCase)}\n  swift: ${JSON.stringify(swift)}\n  web:   ${JSON.stringify(web)}`);
  }
});
console.log(`differential (seed ${seed}): ${count - differing} of ${count} random cases agree (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exitCode = differing === 0 ? 0 : 1;
