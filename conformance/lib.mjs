// What the conformance generator, the differential test and Web/test share: how a case becomes the
// arguments of `appalert evaluate`, how the Swift binary and the web engine are run on it, and how their
// answers are compared.
//
// A case: {name, feed | feedText, install, history, explain?, expected}. `install` holds the options of
// `appalert evaluate` by their DecisionOptions names (Web/src/install.js), `history` its --seen and
// --last-message-id; `expected` is {exitCode, decision?, stderr}: the JSON object `appalert evaluate
// --json` printed (exit 0), and what it wrote to standard error (the feed's errors, or the refusal).
// A version case: {name, kind: "compare" | "satisfies", args: [A, B], expected: {exitCode, stdout, stderr}}.
// An update case: {name, kind: "update", feed, install: {bundleId, appVersion, now, appName?, locale?: [],
// rule?: []}, prompt?: {skippedVersions, remindAfter?}, expected: {exitCode, decision?, stderr}}: what
// `appalert update-check --platform web --feed feed.json --json` printed, with the person's earlier Skip
// and Later answers (`prompt`, remindAfter in seconds since 1970) in its state directory.

import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate, valueOptions, versionCompare, versionSatisfies } from "../Web/src/command.js";
import { promptStateFromFile, updateCheck } from "../Web/src/update-command.js";

/** The file name the feed is written to; messages name it. */
export const feedName = "feed.json";

const flagOf = Object.fromEntries(Object.entries(valueOptions).map(([flag, [key]]) => [key, flag]));

/** The arguments of `appalert evaluate` for a case. */
export function argumentsFor(testCase) {
  const args = ["evaluate", feedName, "--json"];
  if (testCase.explain) args.push("--explain");
  const options = { ...testCase.install, ...testCase.history };
  for (const [key, value] of Object.entries(options)) {
    const flag = flagOf[key];
    if (flag === undefined) throw new Error(`case ${testCase.name}: unknown install key ${key}`);
    for (const item of Array.isArray(value) ? value : [value]) args.push(`${flag}=${item}`);
  }
  return args;
}

/** The arguments of `appalert update-check` for an update case, its state in `state`. */
export function updateArgumentsFor(testCase, state) {
  const { bundleId, appVersion, now, appName, locale = [], rule = [] } = testCase.install;
  const args = ["update-check", "--platform", "web", "--feed", feedName, "--bundle-id", bundleId, "--app-version", appVersion,
    "--now", now, "--state-dir", state, "--json"];
  if (appName !== undefined) args.push("--app-name", appName);
  for (const tag of locale) args.push("--locale", tag);
  for (const item of rule) args.push("--rule", item);
  return args;
}

/**
 * What the web engine answers for an update case, through `appalert-web update-check`'s code: the same
 * options, the feed and the earlier answers as the Swift binary is given them (the state file it reads).
 */
export function runWebUpdate(testCase) {
  const { bundleId, appVersion, now, appName, locale = [], rule = [] } = testCase.install;
  const state = JSON.stringify({ installID: "conformance", history: { records: {} }, updatePrompt: testCase.prompt });
  const options = { platform: "web", feed: feedName, bundleId, appVersion, now, appName, locale, rule, stateDir: "state" };
  return updateCheck(options, {
    now: () => {
      throw new Error("a conformance case gives --now");
    },
    platform: "linux",
    readFeed: () => feedBytes(testCase),
    stateDirectory: () => "state",
    promptState: () => promptStateFromFile(testCase.prompt ? state : undefined),
    keepsFeed: () => false,
  }, { json: true });
}

/** The feed's bytes for a case. */
export function feedBytes(testCase) {
  const text = testCase.feedText ?? JSON.stringify(testCase.feed);
  return new TextEncoder().encode(text);
}

/** Runs the Swift `appalert` binary on a case in a fresh directory. */
export async function runSwift(binary, testCase) {
  const directory = await mkdtemp(join(tmpdir(), "appalert-conformance-"));
  try {
    let args;
    if (testCase.kind === "compare") args = ["version", "compare", "--", ...testCase.args];
    else if (testCase.kind === "satisfies") args = ["version", "satisfies", ...testCase.args];
    else if (testCase.kind === "update") {
      await writeFile(join(directory, feedName), feedBytes(testCase));
      const state = join(directory, "state");
      await mkdir(state);
      if (testCase.prompt) await writeFile(join(state, "state.json"), JSON.stringify({
        installID: "conformance", history: { records: {} }, updatePrompt: testCase.prompt,
      }));
      args = updateArgumentsFor(testCase, state);
    } else {
      await writeFile(join(directory, feedName), feedBytes(testCase));
      args = argumentsFor(testCase);
    }
    return await new Promise((resolve, reject) => {
      const child = spawn(binary, args, { cwd: directory, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
      child.on("error", reject);
      child.on("close", (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Runs `work` on every item, `width` at a time, and returns the results in order.
 * @template T, R
 */
export async function inParallel(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** Runs the web engine on a case, in-process, through the same code as `appalert-web`. */
export async function runWeb(testCase) {
  if (testCase.kind === "compare") return versionCompare(testCase.args[0], testCase.args[1]);
  if (testCase.kind === "satisfies") return versionSatisfies(testCase.args[0], testCase.args[1]);
  if (testCase.kind === "update") return runWebUpdate(testCase);
  const options = { ...testCase.install, ...testCase.history };
  return evaluate(options, () => feedBytes(testCase), {
    name: feedName, json: true, explain: Boolean(testCase.explain), platform: "linux",
    now: () => {
      throw new Error("a conformance case gives --now");
    },
  });
}

/** What a run is compared on: the exit code, the decision object (or the text printed), standard error. */
export function observed(testCase, output) {
  if (testCase.kind === "compare" || testCase.kind === "satisfies") {
    return { exitCode: output.exitCode, stdout: output.stdout, stderr: output.stderr };
  }
  const result = { exitCode: output.exitCode, stderr: output.stderr };
  if (output.exitCode === 0) result.decision = JSON.parse(output.stdout);
  return result;
}

/** Deep equality of JSON values. */
export function sameJSON(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
  }
  return value;
}

/** A seeded generator (mulberry32): the same seed gives the same cases on every machine. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}
