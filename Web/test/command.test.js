// appalert-web as a process: arguments, exit codes and output, as `appalert` gives them; update-check
// compared with the real `appalert update-check` on the same input.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeFeed, UnsupportedError } from "../src/index.js";
import { validate } from "../src/validate-command.js";

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

// update-check: appalert-web and appalert on the same feeds, options and state, compared on exit code,
// standard output and standard error. Skipped only where no `appalert` is built (CI builds it: there it
// fails instead).

const appalert = process.env.APPALERT ?? fileURLToPath(new URL("../../Tools/.build/debug/appalert", import.meta.url));
const noAppalert = existsSync(appalert) ? undefined : `no ${appalert} (swift build --package-path Tools --product appalert)`;
if (process.env.CI && noAppalert) throw new Error(`CI needs ${noAppalert} for the update-check comparison`);

/** @param {string} binary @param {string[]} args @param {string} cwd @param {Record<string, string>} [env] */
function runBinary(binary, args, cwd, env) {
  const command = binary === bin ? [process.execPath, [bin, ...args]] : [binary, args];
  const result = spawnSync(.../** @type {[string, string[]]} */ (command), { encoding: "utf8", cwd, env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const app = "com.example.web";
const policyFeed = {
  format: 2, messages: [],
  updates: [
    { bundleId: "com.example.other", minimumVersion: "9" },
    { bundleIds: [app, "com.example.pwa"], minimumVersion: "1.2", latestVersion: "1.4.1", storeURL: "https://example.com/notes",
      localizations: { fr: { title: "Nouvelle version", text: "{appName} {version} est là." } } },
    { bundleId: "*", latestVersion: "3.0", title: "A new \u001b[31m{appName}\u202e", text: "Version {version}\u0007." },
    { bundleId: "com.example.broken", latestVersion: "not a version" },
  ],
};
const stateWith = (/** @type {object} */ updatePrompt) => JSON.stringify({ installID: "test", history: { records: {} }, updatePrompt });

/** @type {Array<[string, string[], string?]>} name, arguments after the feed's, state.json's text */
const comparisons = [
  ["below the minimum is required, with the store page in text", ["--app-version", "1.1"]],
  ["below the minimum is required, as JSON", ["--app-version", "1.1", "--json"]],
  ["a newer latestVersion is optional, in the policy's French", ["--app-version", "1.3", "--locale", "fr-CA", "--json"]],
  ["in Arabic the name and version are isolated", ["--app-version", "1.3", "--locale", "ar", "--app-name", "Notes", "--json"]],
  ["the wildcard policy's hostile texts are escaped", ["--bundle-id", "com.example.any", "--app-version", "2.0", "--json"]],
  ["a rule makes a minor change required", ["--app-version", "1.3", "--rule", "minor=required", "--rule", "patch=none"]],
  ["a rule leaves a patch change alone", ["--app-version", "1.4", "--rule", "patch=none", "--json"]],
  ["a pre-release is left alone", ["--app-version", "1.0.0-beta.1", "--json"]],
  ["up to date", ["--app-version", "1.4.1"]],
  ["newer than the policy", ["--app-version", "2"]],
  ["a policy with a bad version is left out", ["--bundle-id", "com.example.broken", "--app-version", "1", "--json"]],
  ["a skipped version is not asked", ["--app-version", "1.3", "--json"], stateWith({ skippedVersions: ["1.4.1"] })],
  ["Later holds until its time", ["--app-version", "1.3", "--now", "2026-03-01T00:00:00Z"], stateWith({ skippedVersions: [], remindAfter: 1772400000 })],
  ["Later has passed", ["--app-version", "1.3", "--now", "2026-03-03T00:00:00Z", "--json"], stateWith({ skippedVersions: [], remindAfter: 1772400000 })],
  ["a required update ignores Skip", ["--app-version", "1.0", "--json"], stateWith({ skippedVersions: ["1.4.1"] })],
  ["a state file that is not JSON counts no answers", ["--app-version", "1.3"], "{not json"],
  ["a state without an install id counts no answers", ["--app-version", "1.3"], JSON.stringify({ updatePrompt: { skippedVersions: ["1.4.1"] } })],
  ["a state whose history is not a history counts no answers", ["--app-version", "1.3"],
    JSON.stringify({ installID: "x", history: { records: { 1: { seen: true } } }, updatePrompt: { skippedVersions: ["1.4.1"] } })],
  ["answers of another shape count none", ["--app-version", "1.3"], stateWith({ skippedVersions: "1.4.1" })],
  ["an unknown platform", ["--app-version", "1", "--platform", "beos"]],
  ["a store option on the web", ["--app-version", "1", "--github", "o/r"]],
  ["a bad rule", ["--app-version", "1", "--rule", "minor"]],
  ["an unknown rule component", ["--app-version", "1", "--rule", "build=none"]],
  ["a negative release delay", ["--app-version", "1", "--release-delay-days=-1"]],
  ["a bad locale", ["--app-version", "1", "--locale", "en_US!"]],
  ["a bad time", ["--app-version", "1", "--now", "yesterday"]],
  ["a bad version", ["--app-version", "one"]],
];

for (const [name, extra, state] of comparisons) {
  test(`update-check answers as appalert's: ${name}`, { skip: noAppalert }, () => {
    const directory = mkdtempSync(join(tmpdir(), "appalert-web-update-"));
    try {
      writeFileSync(join(directory, "feed.json"), JSON.stringify(policyFeed));
      const args = ["update-check", "--platform", "web", "--feed", "feed.json", "--now", "2026-02-01T00:00:00Z"];
      if (!extra.includes("--bundle-id")) args.push("--bundle-id", app);
      /** @param {string} binary @param {string} folder */
      const answer = (binary, folder) => {
        mkdirSync(join(directory, folder));
        if (state !== undefined) writeFileSync(join(directory, folder, "state.json"), state);
        return runBinary(binary, [...args, ...extra, "--state-dir", folder], directory);
      };
      const swift = answer(appalert, "swift");
      assert.deepEqual(answer(bin, "web"), swift);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
}

test("update-check lists the policies an app leaves out, with their errors, on standard error; the decision stands", () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-update-"));
  try {
    writeFileSync(join(directory, "feed.json"), JSON.stringify(policyFeed));
    for (const json of [[], ["--json"]]) {
      const answer = run(["update-check", "--platform", "web", "--feed", "feed.json", "--bundle-id", "com.example.broken",
        "--app-version", "1", "--state-dir", "state", ...json], directory);
      assert.equal(answer.code, 0);
      assert.equal(answer.stderr,
        'feed.json: error: $.updates[3].latestVersion: invalid version "not a version": \'n\' at position 1 where a number was expected; the policy is left out\n');
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("update-check: a feed that cannot be read or is not a feed is none with the error, exit 1, as appalert's", { skip: noAppalert }, () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-update-"));
  try {
    writeFileSync(join(directory, "broken.json"), "{\"format\": 2, \"messages\": [");
    writeFileSync(join(directory, "list.json"), "\"a string, not a feed\"");
    for (const feed of ["missing.json", "broken.json", "list.json", ".", "ftp://example.com/feed.json"]) {
      for (const json of [[], ["--json"]]) {
        const args = ["update-check", "--platform", "web", "--feed", feed, "--bundle-id", app, "--app-version", "1", ...json];
        const swift = runBinary(appalert, [...args, "--state-dir", "swift"], directory);
        assert.notEqual(swift.code, 0, feed);
        assert.deepEqual(runBinary(bin, [...args, "--state-dir", "web"], directory), swift, feed);
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("update-check reads the answers where appalert keeps them by default ($XDG_STATE_HOME/appalert/ID)", { skip: noAppalert }, () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-update-"));
  try {
    writeFileSync(join(directory, "feed.json"), JSON.stringify(policyFeed));
    const id = "com.example.web/ünïcode app";
    const folder = join(directory, "state", "appalert", "com.example.web_ünïcode_app");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "state.json"), stateWith({ skippedVersions: ["3.0"] }));
    const args = ["update-check", "--platform", "web", "--feed", "feed.json", "--bundle-id", id, "--app-version", "2", "--json"];
    const env = { XDG_STATE_HOME: join(directory, "state") };
    const web = runBinary(bin, args, directory, env);
    assert.equal(JSON.parse(web.stdout).reasonCode, "skippedByUser");
    assert.deepEqual(web, runBinary(appalert, args, directory, env));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("update-check refuses what only appalert answers, saying so: the App Store, GitHub, a feed's URL, a kept copy", () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-update-"));
  try {
    const store = run(["update-check", "--bundle-id", app, "--app-version", "1", "--platform", "ios", "--feed", "feed.json"], directory);
    assert.equal(store.code, 2);
    assert.equal(store.stdout, "");
    assert.match(store.stderr, /^appalert: update-check: appalert-web decides for --platform web only, from the feed's "updates" policy; for ios, appalert update-check asks the App Store lookup \(--bundle-id\) over the network/);
    const gitHub = run(["update-check", "--github", "octo/tool", "--app-version", "1", "--platform", "linux"], directory);
    assert.equal(gitHub.code, 2);
    assert.match(gitHub.stderr, /for linux, appalert update-check asks GitHub's latest release \(--github\)/);
    // Checked first, as appalert checks them: a bad version is named, not the platform.
    assert.match(run(["update-check", "--bundle-id", app, "--app-version", "x", "--platform", "ios"], directory).stderr, /^appalert: --app-version: invalid version "x"/);
    const url = run(["update-check", "--platform", "web", "--bundle-id", app, "--app-version", "1", "--feed", "https://example.com/feed.json"], directory);
    assert.equal(url.code, 2);
    assert.match(url.stderr, /--feed: appalert-web reads a feed file, not a URL: appalert update-check fetches https:\/\/example\.com\/feed\.json itself/);
    // appalert falls back to the copy it kept of an earlier read; appalert-web keeps none and says so.
    mkdirSync(join(directory, "state"));
    writeFileSync(join(directory, "state", "feed-cache"), "");
    const kept = run(["update-check", "--platform", "web", "--bundle-id", app, "--app-version", "1", "--feed", "gone.json", "--state-dir", "state"], directory);
    assert.equal(kept.code, 1);
    assert.match(kept.stdout, /^none: the feed: cannot read .*gone\.json: .* \(appalert update-check would decide from the copy it kept in state; appalert-web keeps none\)\n$/);
    assert.equal(run(["update-check", "--platform", "web", "--bundle-id", app, "--feed", "feed.json"], directory).code, 64);
    assert.equal(run(["update-check", "--platform", "web", "--bundle-id", app, "--app-version", "1", "--feed", "f", "extra"], directory).code, 64);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

// validate: appalert-web and appalert on the same feeds. The errors (what makes an app leave a message
// or a policy out, or refuse the feed), the exit code and standard error are the same; the warnings are
// the engine's, which appalert validate gives too, among its authoring advice.

/**
 * `later` holds `earlier` in its order, with perhaps more between.
 * @template T @param {T[]} earlier @param {T[]} later
 */
function isSubsequence(earlier, later) {
  let position = 0;
  for (const item of later) {
    if (position < earlier.length && JSON.stringify(item) === JSON.stringify(earlier[position])) position += 1;
  }
  return position === earlier.length;
}

/**
 * appalert-web validate answers as appalert validate: exit code, standard error and errors the same, its
 * warnings among appalert's in the same order.
 * @param {string} feed @param {string} directory @param {string[]} [options]
 */
function assertValidatesAlike(feed, directory, options = []) {
  const swiftText = runBinary(appalert, ["validate", feed, ...options], directory);
  const webText = runBinary(bin, ["validate", feed, ...options], directory);
  assert.equal(webText.code, swiftText.code, `${feed}: exit code`);
  assert.equal(webText.stderr, swiftText.stderr, `${feed}: standard error`);
  const lines = (/** @type {string} */ text) => text.split("\n").filter((line) => line !== "");
  const [swiftLines, webLines] = [lines(swiftText.stdout), lines(webText.stdout)];
  const errorLines = (/** @type {string[]} */ all) => all.filter((line) => line.startsWith(`${feed}: error: `));
  assert.deepEqual(errorLines(webLines), errorLines(swiftLines), `${feed}: error lines`);
  assert.ok(isSubsequence(webLines.slice(0, -1), swiftLines.slice(0, -1)), `${feed}: web lines among appalert's:\n${webText.stdout}\n${swiftText.stdout}`);
  // The summary: the same up to the warnings, which count appalert's advice too.
  const summary = (/** @type {string[]} */ all) => all.at(-1)?.replace(/, [0-9]+ warnings?$/, "");
  assert.equal(summary(webLines), summary(swiftLines), `${feed}: summary`);

  const swiftJSON = runBinary(appalert, ["validate", feed, "--json", ...options], directory);
  const webJSON = runBinary(bin, ["validate", feed, "--json", ...options], directory);
  assert.equal(webJSON.code, swiftJSON.code, `${feed}: --json exit code`);
  assert.equal(webJSON.stderr, swiftJSON.stderr, `${feed}: --json standard error`);
  if (swiftJSON.stdout === "") {
    assert.equal(webJSON.stdout, "");
    return swiftText;
  }
  const [swift, web] = [JSON.parse(swiftJSON.stdout), JSON.parse(webJSON.stdout)];
  assert.deepEqual(Object.keys(web), Object.keys(swift));
  assert.deepEqual({ ...web, warnings: [] }, { ...swift, warnings: [] }, `${feed}: --json`);
  assert.ok(isSubsequence(web.warnings, swift.warnings), `${feed}: web warnings among appalert's`);
  // Without advice, the same bytes.
  if (web.warnings.length === swift.warnings.length) {
    assert.equal(webJSON.stdout, swiftJSON.stdout);
    assert.equal(webText.stdout, swiftText.stdout);
  }
  return swiftText;
}

const message = (/** @type {object} */ keys) => ({ bundleId: "com.example.app", title: "Title", text: "Text", ...keys });

/** @type {Array<[string, string, number]>} name, the feed file's text, appalert validate's exit code */
const validateFeeds = [
  ["a valid feed", JSON.stringify({ format: 2, messages: [message({ id: 1 }), message({ id: 2, appVersionRange: ">=1.2 <2" })] }), 0],
  ["warnings only: no format, an unknown key, a repeated key", '{"messages": [{"id": 1, "bundleId": "a", "title": "t", "text": "x", "titel": "y", "text": "z"}]}', 0],
  ["ill-typed keys", JSON.stringify({ format: 2, messages: [message({ id: "one" }), message({ id: 2, title: 5 }), message({ id: 3, maxViews: -1 }), 7] }), 1],
  ["duplicate ids", JSON.stringify({ format: 2, messages: [message({ id: 1 }), message({ id: 1 }), message({ id: 1, title: [] })] }), 1],
  ["a wall without a link", JSON.stringify({ format: 2, messages: [message({ id: 1, dismissible: false })] }), 1],
  ["bad versions and ranges", JSON.stringify({ format: 2, messages: [message({ id: 1, appVersions: ["1..2", "2.0"] }), message({ id: 2, appVersionRange: "=>1" }), message({ id: 3, osVersionRange: "1.x.y" })] }), 1],
  ["format 1, a message that is not an object", JSON.stringify([message({ id: 1 }), "two", message({ id: 3, startDate: "tomorrow" })]), 1],
  ["update policies: a bad version, not an object, no bundle id, latest below minimum, nothing set", JSON.stringify({
    format: 2, messages: [message({ id: 1, link: { title: "More", url: "no scheme" } })],
    updates: [{ bundleId: "a", latestVersion: "x" }, 3, {}, { bundleIds: ["a"], minimumVersion: "2", latestVersion: "1" }, { bundleId: "b", storeURL: "https://example.com", titel: "t" }],
  }), 1],
  ["the document's own: format, sequence, updates, an unknown top-level key", JSON.stringify({ format: "2", sequence: -1, updates: {}, messagez: [], messages: [] }), 1],
  ["hostile text in keys, values and ids", JSON.stringify({
    format: 2, messages: [message({ id: 1, "ti\u001b[2Jtle": "x", title: "\u202eevil\u0007" }), message({ id: 2, appVersions: ["1\u001b[31m"] }),
      message({ id: 2, link: { title: "\u0000", url: "\u001b]52;c;aGk=\u0007" } }), message({ id: 3, ["k".repeat(300)]: "v".repeat(300) })],
  }), 1],
  ["more diagnostics than are listed, policies' and messages'", JSON.stringify({
    format: 2, messages: Array.from({ length: 600 }, (_, id) => ({ id })), updates: Array.from({ length: 600 }, () => 3),
  }), 1],
  ["more update policies than the limit, each with a warning only", JSON.stringify({
    format: 2, messages: Array.from({ length: 300 }, (_, id) => ({ id })), updates: Array.from({ length: 1100 }, () => ({ bundleId: "a" })),
  }), 1],
  ["not a feed: larger than 4 MiB", JSON.stringify([message({ id: 1, text: "x".repeat(5 << 20) })]), 1],
  ["not JSON", '{"format": 2, "messages": [', 2],
  ["not a feed: a JSON number", "5", 1],
  ["not a feed: an object without messages", '{"mesages": []}', 1],
  ["not a feed: messages that are not an array", '{"messages": {"id": 1}}', 1],
  ["not UTF-8", '{"messages": ["\xff"]}', 2],
];

for (const [name, text, code] of validateFeeds) {
  test(`validate answers as appalert's: ${name}`, { skip: noAppalert }, () => {
    const directory = mkdtempSync(join(tmpdir(), "appalert-web-validate-"));
    try {
      writeFileSync(join(directory, "feed.json"), name === "not UTF-8" ? Buffer.from(text, "latin1") : text);
      assert.equal(assertValidatesAlike("feed.json", directory).code, code);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
}

test("validate warns of colors below the contrast text needs in appalert's words: per appearance and layout (an unknown one checks none), translucent ones over what is under them", { skip: noAppalert }, () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-validate-"));
  try {
    writeFileSync(join(directory, "feed.json"), JSON.stringify({
    format: 2, messages: [
      message({ id: 1, layout: "modal", colors: { background: "#FFFFFF", text: "#EEEEEE", accent: "#FFFF00" } }),
      message({ id: 2, layout: "sheet", colors: { background: "#000000", text: "#FFFFFF", accent: "#1A73E8", dark: { text: "#222222", accent: "#FFFF0080" } } }),
      message({ id: 3, layout: "banner", colors: { background: "#FF000040", text: "#FF8080", accent: "#FFFF00" } }),
      message({ id: 4, layout: "alert", colors: { background: "#FFFFFF", text: "#FFFFFF" } }),
      message({ id: 5, layout: "card", colors: { background: "#FFFFFF", text: "#FFFFFF" } }),
      message({ id: 6, layout: "image", image: { url: "https://example.com/a.png", alt: "A" }, action: "dismiss",
        colors: { background: "#777777", text: "#888888", dark: { background: "#101010CC" } } }),
      message({ id: 7, layout: "modal", colors: { accent: "#00000000", dark: { accent: "#FFFFFF" } } }),
      message({ id: 8, colors: { background: "#FFFFFF", text: "#767676", accent: "#767676" } }),
    ],
  }));
    const swift = assertValidatesAlike("feed.json", directory);
    const web = runBinary(bin, ["validate", "feed.json"], directory);
    const contrast = (/** @type {string} */ text) => text.split("\n").filter((line) => line.includes("contrast ratio"));
    assert.equal(contrast(swift.stdout).length, 8);
    assert.deepEqual(contrast(web.stdout), contrast(swift.stdout));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("validate warns where a variant's showing in a language falls back to the base language (cancelsVariants, mixesLanguages) in appalert's words, past the listing limit too", { skip: noAppalert }, () => {
  const link = (/** @type {string} */ title) => ({ title, url: "https://example.com/" + title.length });
  const image = (/** @type {string} */ alt) => ({ url: "https://example.com/a.png", alt });
  const buttons = (/** @type {string} */ title) => [{ title, action: "dismiss" }];
  const features = (/** @type {string} */ title) => [{ title }];
  const fr = { title: "Titre", text: "Texte" };
  /** @type {Array<[string, object]>} each message's shape: its warnings are appalert's */
  const shapes = [
    ["no own localizations, the message translates the key the variant sets and another",
      { localizations: { fr }, variants: [{ name: "a", weight: 1, title: "A" }, { name: "b", weight: 1, text: "B" }] }],
    ["no own localizations, the message translates only the key the variant sets",
      { localizations: { fr: { title: "Titre" } }, variants: [{ weight: 1, title: "A" }, { weight: 1 }] }],
    ["own localizations in another language",
      { localizations: { fr }, variants: [{ name: "b", weight: 1, title: "B", localizations: { de: { title: "B de" } } }, { weight: 1 }] }],
    ["own localizations that translate another key than the one the variant sets",
      { localizations: { fr }, variants: [{ weight: 1, title: "A", text: "A text", localizations: { fr: { text: "A texte" } } }, { weight: 1, title: "B" }] }],
    ["own localizations empty",
      { localizations: { fr, de: { title: "Titel" } }, variants: [{ weight: 1, title: "A", localizations: {} }, { weight: 1, text: "B" }] }],
    ["no message translations, a variant's own translation of one of its keys",
      { variants: [{ weight: 1, title: "A", text: "A text", localizations: { it: { text: "Testo" }, es: { title: "Título", text: "Texto" } } }, { weight: 1 }] }],
    ["scripts and regions: zh-Hant and zh-TW, pt-BR and pt, pt_BR and pt-br, no and nb",
      { localizations: { "zh-Hant": { title: "標題", text: "文字" }, "pt-BR": { text: "Texto" }, pt_BR: { title: "Título" }, nb: { text: "Tekst" } },
        variants: [
          { name: "regions", weight: 1, title: "A", localizations: { "zh-TW": { text: "文" }, pt: { text: "T" }, "pt-br": { text: "T" }, no: { text: "T" } } },
          { weight: 1, title: "B" }, { weight: 1, text: "C", localizations: { "zh-Hans": { title: "标题" }, "sr-Latn": { title: "Naslov" } } },
        ] }],
    ["every key on a modal: confirmLabel and link shown, image shown, features not",
      { layout: "modal", confirmLabel: "OK", link: link("More"), localizations: { fr: { ...fr, confirmLabel: "D'accord", link: link("Plus") } },
        variants: [{ weight: 1, confirmLabel: "Sure", link: link("Other"), image: image("A"), features: features("F") }, { weight: 1, title: "B", text: "B text" }] }],
    ["buttons, image and features on a sheet: all shown",
      { layout: "sheet", buttons: buttons("Go"), localizations: { fr: { title: "Titre", buttons: buttons("Aller"), image: image("Image"), features: features("Fonction") } },
        variants: [{ name: 'say "hi"', weight: 1, buttons: buttons("Yes"), image: image("I"), features: features("F") }, { weight: 2 }] }],
    ["a banner: its image shown, its confirmLabel not",
      { layout: "banner", localizations: { fr: { ...fr, image: image("Image"), confirmLabel: "OK" } },
        variants: [{ weight: 1, image: image("A"), confirmLabel: "Yes" }, { weight: 1, confirmLabel: "No" }] }],
    ["an image layout: the image shown",
      { layout: "image", action: "dismiss", image: image("Image"), localizations: { de: { image: image("Bild") }, fr: { title: "Titre" } },
        variants: [{ weight: 1, image: image("A"), title: "A" }, { weight: 1, title: "B", localizations: { fr: { title: "B fr" } } }] }],
    ["an alert: its image and features not shown, its buttons shown",
      { layout: "alert", localizations: { fr: { ...fr, buttons: buttons("Oui") } },
        variants: [{ weight: 1, image: image("A"), features: features("F") }, { weight: 1, buttons: buttons("Yes"), title: "B", text: "B text" }] }],
    ["several keys listed, several languages, ten variants",
      { layout: "modal", localizations: { fr: { ...fr, buttons: buttons("Oui") }, de: { title: "Titel" }, ja: { text: "テキスト" } },
        variants: Array.from({ length: 10 }, (_, index) => ({ weight: 1, title: `V${index}`, ...(index % 2 ? { text: "T", buttons: buttons("B") } : {}),
          ...(index % 3 === 0 ? { localizations: { ja: { title: "タイトル" } } } : {}) })) }],
  ];
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-validate-"));
  try {
    writeFileSync(join(directory, "feed.json"), JSON.stringify({
      format: 2, messages: shapes.map(([, keys], index) => message({ id: index + 1, priority: index, ...keys })),
    }));
    const swift = assertValidatesAlike("feed.json", directory);
    const web = runBinary(bin, ["validate", "feed.json"], directory);
    const warned = (/** @type {string} */ text) => text.split("\n").filter((line) => line.includes("in the base language"));
    assert.ok(warned(swift.stdout).length >= 40, swift.stdout);
    assert.ok(swift.stdout.includes("no longer replaces") && swift.stdout.includes("while its other texts"));
    assert.deepEqual(warned(web.stdout), warned(swift.stdout));
    // More than the listing limit (1,000): 10 variants in 120 languages, the first 1,000 warnings listed.
    const languages = Array.from({ length: 120 }, (_, index) => "a" + String.fromCharCode(97 + (index % 26)) + String.fromCharCode(97 + Math.floor(index / 26)));
    writeFileSync(join(directory, "many.json"), JSON.stringify({ format: 2, messages: [message({
      id: 1, localizations: Object.fromEntries(languages.map((tag) => [tag, { text: "X" }])),
      variants: Array.from({ length: 10 }, (_, index) => ({ weight: 1, title: `V${index}`,
        ...(index % 2 ? { localizations: Object.fromEntries(languages.map((tag) => [tag, { text: "Y" }])) } : {}) })),
    })] }));
    const swiftMany = assertValidatesAlike("many.json", directory);
    assert.match(swiftMany.stdout, /200 more diagnostics \(0 errors\) are not listed/);
    assert.equal(runBinary(bin, ["validate", "many.json"], directory).stdout, swiftMany.stdout);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("validate --warnings-as-errors, a missing file, a directory and the example feed, as appalert's", { skip: noAppalert }, () => {
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-validate-"));
  try {
    writeFileSync(join(directory, "warned.json"), JSON.stringify({ messages: [message({ id: 1 })] }));
    assert.equal(assertValidatesAlike("warned.json", directory, ["--warnings-as-errors"]).code, 1);
    assert.equal(assertValidatesAlike("warned.json", directory).code, 0);
    assert.equal(assertValidatesAlike("missing.json", directory).code, 2);
    mkdirSync(join(directory, "folder"));
    assert.equal(assertValidatesAlike("folder", directory).code, 2);
    const example = fileURLToPath(new URL("../../Examples/messages.json", import.meta.url));
    assert.equal(assertValidatesAlike(example, directory).code, 0);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("validate reads standard input for -, takes no other argument, and says in --help that appalert validate is the author's full check", () => {
  const feed = JSON.stringify({ format: 2, messages: [message({ id: 1 }), message({ id: 1 })] });
  const result = spawnSync(process.execPath, [bin, "validate", "-"], { encoding: "utf8", input: feed });
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^-: error: \$\.messages\[1\]\.id \(message 1\): id 1 is already used/);
  assert.equal(run(["validate"]).code, 64);
  assert.equal(run(["validate", "a.json", "b.json"]).code, 64);
  assert.equal(run(["validate", "a.json", "--strict"]).code, 64);
  // A URL whose reading is not ported is refused loudly (appalert validate passes this feed).
  const unported = JSON.stringify([message({ id: 1, link: { title: "More", url: "https://example.com/ü" } })]);
  const refused = spawnSync(process.execPath, [bin, "validate", "-"], { encoding: "utf8", input: unported });
  assert.equal(refused.status, 3);
  assert.match(refused.stderr, /^appalert: -: unsupported by the web engine: the URL "https:\/\/example\.com\/ü" at \$\[0\]\.link\.url/);
  const help = run(["validate", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout.replace(/\s+/g, " "), /`appalert validate` is the author's full check/);
});

test("validate answers as appalert's for every feed of the conformance cases: exit code and errors", { skip: noAppalert }, async () => {
  const folder = fileURLToPath(new URL("../../conformance/cases/", import.meta.url));
  /** @type {Set<string>} */
  const feeds = new Set();
  for (const file of readdirSync(folder)) {
    const { cases } = JSON.parse(readFileSync(join(folder, file), "utf8"));
    for (const c of cases) {
      if (c.feedText !== undefined) feeds.add(c.feedText);
      else if (c.feed !== undefined) feeds.add(JSON.stringify(c.feed));
    }
  }
  assert.ok(feeds.size > 200, `${feeds.size} feeds`);
  const directory = mkdtempSync(join(tmpdir(), "appalert-web-validate-"));
  try {
    const texts = [...feeds];
    texts.forEach((text, index) => writeFileSync(join(directory, `${index}.json`), text));
    /** @param {number} index @returns {Promise<{code: number, stdout: string}>} */
    const swift = (index) => new Promise((resolve) => {
      execFile(appalert, ["validate", `${index}.json`, "--json"], { cwd: directory, encoding: "utf8" }, (error, stdout) => {
        resolve({ code: error ? Number(error.code) : 0, stdout });
      });
    });
    /** @type {{code: number, stdout: string}[]} */
    const answers = [];
    // Two at a time.
    for (let index = 0; index < texts.length; index += 2) {
      answers.push(...(await Promise.all([swift(index), ...(index + 1 < texts.length ? [swift(index + 1)] : [])])));
    }
    let failing = 0;
    let withErrors = 0;
    texts.forEach((text, index) => {
      const web = validate(() => new TextEncoder().encode(text), { name: `${index}.json`, json: true, warningsAsErrors: false });
      const expected = answers[index];
      assert.equal(web.exitCode, expected.code, `${text}\n${web.stdout}`);
      if (expected.code !== 0) failing += 1;
      const [ours, theirs] = [JSON.parse(web.stdout), JSON.parse(expected.stdout)];
      if (theirs.errors.length > 0) withErrors += 1;
      assert.deepEqual(ours.errors, theirs.errors, text);
      assert.ok(isSubsequence(ours.warnings, theirs.warnings), `warnings of ${text}`);
    });
    // The cases hold feeds with errors, and feeds appalert validate passes.
    assert.ok(withErrors > 20 && failing < texts.length, `${withErrors} of ${texts.length} with errors`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("every command answers --help, -h and help COMMAND with its help, naming every option its parser takes", async () => {
  const { valueOptions } = await import("../src/command.js");
  const { updateCheckOptions } = await import("../src/update-command.js");
  const commands = [
    { words: ["evaluate"], flags: [...Object.keys(valueOptions), "--json", "--explain"] },
    { words: ["validate"], flags: ["--json", "--warnings-as-errors"] },
    { words: ["update-check"], flags: Object.keys(updateCheckOptions) },
    { words: ["version", "compare"], flags: [] },
    { words: ["version", "satisfies"], flags: [] },
    { words: ["version"], flags: [] },
  ];
  for (const { words, flags } of commands) {
    const help = run([...words, "--help"]);
    assert.equal(help.code, 0, words.join(" "));
    assert.equal(help.stderr, "");
    assert.match(help.stdout, new RegExp(`^OVERVIEW: .+\\n[^]*USAGE: appalert-web ${words.join(" ")}`));
    assert.deepEqual(run([...words, "-h"]), help, `${words.join(" ")} -h`);
    assert.deepEqual(run(["help", ...words]), help, `help ${words.join(" ")}`);
    for (const flag of flags) assert.match(help.stdout, new RegExp(`(^|[ ,])${flag}[ ,\\n]`, "m"), `${words.join(" ")} --help names ${flag}`);
  }
  const overview = run(["--help"]);
  assert.equal(overview.code, 0);
  for (const command of ["evaluate", "validate", "version", "update-check"]) assert.match(overview.stdout, new RegExp(`^  ${command} `, "m"));
  assert.deepEqual(run(["help"]), overview);
  const unknown = run(["help", "publish"]);
  assert.equal(unknown.code, 64);
  assert.match(unknown.stderr, /unknown command 'publish'/);
  // After --, -h is an operand: a version, here an invalid one.
  assert.equal(run(["version", "compare", "--", "-h", "1"]).code, 2);
});
