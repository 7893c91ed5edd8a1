// The copy of the bundle that `appalert serve` and `appalert publish` embed (committed, since the binary
// is built without esbuild) against what Web/bundle builds from Web/src now.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { decide, decisionJSON, decodeFeed, makeContext, makeHistory } from "../src/index.js";

const files = [
  "appalert-web.js", "appalert-web-update.js", "appalert-web-results.js", "appalert-web-draw.js", "appalert-web-words.js",
  "appalert-web-trust.js", "appalert-web-inbox.js", "appalert-web-json.js",
];
/** @param {string} file */
const embedded = (file) => new URL(`../../Tools/Sources/AppAlertServer/WebClient/${file}`, import.meta.url);

/** @param {string[]} options */
function bundle(options) {
  return spawnSync("bash", [new URL("../bundle", import.meta.url).pathname, ...options], { maxBuffer: 1 << 24 });
}

test("the web client appalert serve embeds is what Web/bundle builds now", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, () => {
  for (const file of files) {
    const built = bundle(["--print", file]);
    assert.equal(built.status, 0, String(built.stderr));
    assert.ok(built.stdout.length > 0, `esbuild printed ${file}`);
    assert.ok(readFileSync(embedded(file)).equals(built.stdout),
      `Tools/Sources/AppAlertServer/WebClient/${file} is not what Web/src builds now: run Web/bundle --refresh and commit it`);
  }
});

test("the page's file imports the other seven from beside it, and nothing else", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, () => {
  const page = String(bundle(["--print"]).stdout);
  assert.deepEqual([...page.matchAll(/import\("([^"]*)"\)/g)].map((m) => m[1]).sort(),
    ["./appalert-web-draw.js", "./appalert-web-inbox.js", "./appalert-web-json.js", "./appalert-web-results.js",
      "./appalert-web-trust.js", "./appalert-web-update.js", "./appalert-web-words.js"]);
  assert.doesNotMatch(page, /\bimport\s*[{*]|\bfrom\s*"/, "no static import");
});

test("the bundle's decodeFeed asks for the diagnostics' words first, then writes them as src/index.js does", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "appalert-bundle-"));
  try {
    for (const file of ["appalert-web.js", "appalert-web-words.js"]) {
      const built = bundle(["--print", file]);
      assert.equal(built.status, 0, String(built.stderr));
      writeFileSync(path.join(folder, file), built.stdout);
    }
    const web = await import(pathToFileURL(path.join(folder, "appalert-web.js")).href);
    const feed = JSON.stringify({ format: 2, messages: [{ id: 1, bundleId: "a", title: "No text", layot: "sheet" }] });
    assert.throws(() => web.decodeFeed(feed), /the diagnostics' words are not loaded: await loadDiagnosticWords\(\) first/);
    assert.throws(() => web.decodeFeed("[]"), /not loaded/, "a feed without diagnostics too: a page learns it at once");
    await web.loadDiagnosticWords();
    assert.deepEqual(web.decodeFeed(feed).diagnostics, decodeFeed(feed).diagnostics);
    assert.match(web.decodeFeed(feed).diagnostics[0].reason, /^"text" is missing; the message is left out$/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("the bundle's decisionJSON, messageJSON and exclusions' words ask for their file first, then write what src/index.js writes", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "appalert-bundle-"));
  try {
    for (const file of ["appalert-web.js", "appalert-web-json.js", "appalert-web-words.js"]) {
      const built = bundle(["--print", file]);
      assert.equal(built.status, 0, String(built.stderr));
      writeFileSync(path.join(folder, file), built.stdout);
    }
    const web = await import(pathToFileURL(path.join(folder, "appalert-web.js")).href);
    const text = JSON.stringify({ format: 2, messages: [
      { id: 1, bundleId: "a", title: "T", text: "x" }, { id: 2, bundleId: "a", title: "U", text: "y", platforms: ["ios"] }] });
    const { feed } = decodeFeed(text);
    const context = makeContext({ bundleId: "a", appVersion: "1.0", platform: "web", installId: "i" }, { now: () => new Date(0), platform: "web" });
    const decision = await decide(feed.messages, context, makeHistory({}), true);
    // The bundle's own engine, whose exclusions' words come with the same file.
    await web.loadDiagnosticWords();
    const webFeed = web.decodeFeed(text).feed;
    const webDecision = await web.decide(webFeed.messages, web.makeContext({ bundleId: "a", appVersion: "1.0", platform: "web", installId: "i" },
      { now: () => new Date(0), platform: "web" }), web.makeHistory({}), true);
    assert.equal(webDecision.evaluations.find((e) => e.id === 2).exclusion.rule, "platforms");
    assert.throws(() => webDecision.evaluations.find((e) => e.id === 2).exclusion.explanation, /the explanations' words are not loaded: await loadDecisionJSON\(\) first/);
    assert.throws(() => web.decisionJSON(decision, feed), /decisionJSON and messageJSON are not loaded: await loadDecisionJSON\(\) first/);
    assert.throws(() => web.messageJSON(decision.message), /not loaded/);
    await web.loadDecisionJSON();
    assert.equal(webDecision.evaluations.find((e) => e.id === 2).exclusion.explanation, "platform web is not in platforms [ios]");
    assert.deepEqual(web.decisionJSON(webDecision, webFeed, true), decisionJSON(decision, feed, true));
    assert.equal(web.messageJSON(decision.message).title, "T");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("esbuild builds the same bytes each time", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, () => {
  assert.ok(bundle(["--print"]).stdout.equals(bundle(["--print"]).stdout));
});

test("Web/bundle refuses an option it does not know", () => {
  const answer = bundle(["--frobnicate"]);
  assert.equal(answer.status, 64);
  assert.match(String(answer.stderr), /usage: Web\/bundle \[--refresh \| --print \[FILE\]\]/);
});
