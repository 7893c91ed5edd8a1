#!/usr/bin/env node
// Deciding a 10,000-message feed: the web engine in Node against the Swift engine, on the same bytes, in
// one run (issue 43: the web engine within 2× the Swift engine's time). The feed is FeedBenchmark's
// (Tools/Benchmarks/FeedBenchmark: 10,000 messages for 250 apps, about 3 MB, format 1), written by it;
// each sitting runs the Swift engine (FeedBenchmark --appalert-only, a process of its own, its median of
// ROUNDS) and then the web engine here (decodeFeed of the bytes, every message read as `validate` reads
// them, then decide, for the same install), alternating SITTINGS times. Both must pick the same message.
//
//     swift build -c release --package-path Tools --product FeedBenchmark
//     node Web/bench/decide.mjs [--rounds 15] [--sittings 3] [--messages 10000] [--check]
//         [--benchmark Tools/.build/release/FeedBenchmark]
//
// Prints each sitting's medians and their ratio (web / Swift); with --check, exits 1 when the worst
// sitting's ratio is above 2. Figures: Tools/Benchmarks/README.md, "The web engine beside the Swift one".

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeFeed, decide, makeContext, makeHistory } from "../src/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** @param {string} name @param {string} fallback */
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
};
const rounds = Number(option("--rounds", "15"));
const sittings = Number(option("--sittings", "3"));
const messages = option("--messages", "10000");
const benchmark = option("--benchmark", join(root, "Tools/.build/release/FeedBenchmark"));

/** @param {string[]} args */
function run(args) {
  const result = spawnSync(benchmark, args, { encoding: "utf8" });
  if (result.error || result.status !== 0) {
    console.error(`${benchmark} ${args.join(" ")} failed: ${result.error?.message ?? result.stdout + result.stderr}`);
    console.error("build it first: swift build -c release --package-path Tools --product FeedBenchmark");
    process.exit(2);
  }
  return result.stdout;
}

const folder = mkdtempSync(join(tmpdir(), "appalert-bench-"));
try {
  const path = join(folder, "feed.json");
  run(["--write-feed", path, "--messages", messages]);
  const bytes = new Uint8Array(readFileSync(path));
  // The install FeedBenchmark decides for (its `context`).
  const context = makeContext({
    bundleId: "com.example.app7", appVersion: "1.3", platform: "ios", osVersion: "17.2", locale: ["en-US"],
    installId: "benchmark-install", now: "2026-03-01T09:00:00Z",
  }, { now: () => new Date(), platform: "ios" });
  const history = makeHistory({});
  const web = async () => (await decide(decodeFeed(bytes).feed.messages, context, history)).message?.id;
  /** @param {number[]} values */
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  let worst = 0;
  console.log(`feed: ${messages} messages, ${(bytes.length / 1e6).toFixed(2)} MB (format 1); ${rounds} rounds a sitting, medians`);
  for (let sitting = 1; sitting <= sittings; sitting += 1) {
    const swift = JSON.parse(run(["--feed", path, "--appalert-only", "--rounds", String(rounds)]).trim().split("\n").pop() ?? "{}");
    const selected = await web(); // also the warm-up
    if (selected !== swift.selected) {
      console.error(`the engines decided differently: web ${selected}, Swift ${swift.selected}`);
      process.exit(1);
    }
    const times = [];
    for (let round = 0; round < rounds; round += 1) {
      const start = performance.now();
      await web();
      times.push(performance.now() - start);
    }
    const webMedian = median(times);
    const ratio = webMedian / swift.medianMs;
    worst = Math.max(worst, ratio);
    console.log(`sitting ${sitting}: Swift ${swift.medianMs.toFixed(2)} ms, web (Node ${process.versions.node}) ${webMedian.toFixed(2)} ms`
      + ` → message ${selected}; ratio web / Swift ${ratio.toFixed(2)}`);
  }
  console.log(`worst ratio: ${worst.toFixed(2)} (target ≤ 2.00)`);
  if (process.argv.includes("--check") && worst > 2) process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
