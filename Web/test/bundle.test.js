// The copy of the bundle that `appalert serve` and `appalert publish` embed (committed, since the binary
// is built without esbuild) against what Web/bundle builds from Web/src now.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const files = ["appalert-web.js", "appalert-web-update.js", "appalert-web-results.js", "appalert-web-draw.js"];
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

test("the page's file imports the other three from beside it, and nothing else", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, () => {
  const page = String(bundle(["--print"]).stdout);
  assert.deepEqual([...page.matchAll(/import\("([^"]*)"\)/g)].map((m) => m[1]).sort(),
    ["./appalert-web-draw.js", "./appalert-web-results.js", "./appalert-web-update.js"]);
  assert.doesNotMatch(page, /\bimport\s*[{*]|\bfrom\s*"/, "no static import");
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
