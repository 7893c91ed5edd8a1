// appalert-web as a process: arguments, exit codes and output, as `appalert` gives them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeFeed, UnsupportedError } from "../src/index.js";

const bin = join(dirname(fileURLToPath(import.meta.url)), "../bin/appalert-web.js");

/** @param {string[]} args @param {string} [cwd] */
function run(args, cwd) {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", cwd });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("version compare prints -1, 0 or 1 and reads -- before a version starting with a dash", () => {
  assert.deepEqual(run(["version", "compare", "1.2", "1.10"]), { code: 0, stdout: "-1\n", stderr: "" });
  assert.equal(run(["version", "compare", "--", "1.2.0", "1.2"]).stdout, "0\n");
  const invalid = run(["version", "compare", "--", "-1", "1"]);
  assert.equal(invalid.code, 2);
  assert.match(invalid.stderr, /^appalert: A: invalid version "-1": a version has no sign/);
});

test("version satisfies exits 0 when in the range, 1 when not, 2 for an invalid range", () => {
  assert.deepEqual(run(["version", "satisfies", "1.2.3-beta.2", ">=1.2.3-beta.1"]), { code: 0, stdout: "true\n", stderr: "" });
  assert.deepEqual(run(["version", "satisfies", "1.2.4-beta.2", ">=1.2.3-beta.1"]), { code: 1, stdout: "false\n", stderr: "" });
  const invalid = run(["version", "satisfies", "1.0", "=>1"]);
  assert.equal(invalid.code, 2);
  assert.match(invalid.stderr, /did you mean ">=1"/);
});

test("evaluate reads a feed file and prints the decision as JSON", () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-"));
  try {
    writeFileSync(
      join(directory, "feed.json"),
      JSON.stringify({ format: 2, messages: [{ id: 4, bundleId: "com.example", title: "Hi", text: "There" }, { id: "x" }] }),
    );
    const result = run(
      ["evaluate", "feed.json", "--bundle-id", "com.example", "--app-version=1.0", "--platform", "ios", "--now", "2026-01-01T00:00:00Z", "--json"],
      directory,
    );
    assert.equal(result.code, 0);
    assert.equal(JSON.parse(result.stdout).selected, 4);
    assert.match(result.stderr, /^feed\.json: error: \$\.messages\[1\]\.id/);
    const missing = run(["evaluate", "nothing.json", "--bundle-id", "a", "--app-version", "1"], directory);
    assert.deepEqual(missing, { code: 2, stdout: "", stderr: "appalert: cannot read nothing.json: no such file\n" });
    assert.equal(run(["evaluate", "feed.json", "--app-version", "1"], directory).code, 64);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("a URL whose reading is not ported is refused loudly, naming where it is", () => {
  const feed = JSON.stringify([{ id: 1, bundleId: "a", title: "t", text: "x", link: { title: "l", url: "https://example.com/ü" } }]);
  assert.throws(() => decodeFeed(feed), (error) => error instanceof UnsupportedError && /\$\[0\]\.link\.url/.test(error.message));
});
