// A page reads feeds with the platform's JSON.parse where it can vouch for the tree (feed.js's
// readFeedInPage, json-fast.js), and with parseJSON otherwise: whatever the feed, a page's reading must
// give what readFeed gives with the rich keys left unchecked (readFeedUnchecked) — the same messages,
// diagnostics and count, or the same error. (That the page, checking a message's rich keys when it uses
// it, decides as the engine does: page-decisions.test.js.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { feedBytes } from "../../conformance/lib.mjs";
import { randomCases } from "../../conformance/random-cases.mjs";
import { readFeed, readFeedFast, readFeedInPage, readFeedUnchecked } from "../src/feed.js";
import { parseJSON } from "../src/json.js";
import { fastJSON, scalarJSON } from "../src/json-fast.js";

const encode = (/** @type {string} */ text) => new TextEncoder().encode(text);

/**
 * What a reading gives: its result, or its error's class and words.
 * @param {() => unknown} read
 */
async function outcome(read) {
  try {
    return { result: await read() };
  } catch (error) {
    const { name, message } = /** @type {Error} */ (error);
    return { error: `${/** @type {Error} */ (error).constructor.name} ${name}: ${message}` };
  }
}

/**
 * Asserts that the page's reading of `input` is readFeed's; returns whether it took the fast path.
 * @param {Uint8Array | string} input
 * @param {string} name
 */
async function samePageReading(input, name) {
  const unchecked = await outcome(() => readFeedUnchecked(input));
  const page = await outcome(() => readFeedInPage(input));
  assert.deepStrictEqual(page, unchecked, name);
  const exact = await outcome(() => readFeed(input));
  const fast = await outcome(() => readFeedFast(input));
  if (fast.result !== undefined) assert.deepStrictEqual(fast, exact, `${name}: the fast path's result`);
  return fast.result !== undefined;
}

/** Whether a feed's reading has an error: a message left out, or no feed at all. */
const hasErrors = (/** @type {Uint8Array | string} */ input) => {
  try {
    return readFeed(input).diagnostics.some((d) => d.severity === "error");
  } catch {
    return true;
  }
};

const casesDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../conformance/cases");

test("every conformance case's feed: the page reads what readFeed reads, and the clean ones fast", async () => {
  let clean = 0;
  let fast = 0;
  let total = 0;
  for (const file of readdirSync(casesDirectory).filter((name) => name.endsWith(".json")).sort()) {
    for (const testCase of JSON.parse(readFileSync(path.join(casesDirectory, file), "utf8")).cases) {
      const bytes = feedBytes(testCase);
      total += 1;
      const tookFast = await samePageReading(bytes, `${file}: ${testCase.name}`);
      if (tookFast) fast += 1;
      if (!hasErrors(bytes)) {
        clean += 1;
        // Made by JSON.stringify (a case with a `feedText` is written by hand), a clean case's feed has
        // nothing the fast path gives up on, but for a key that is an array index or a number beyond 2^53.
        const text = new TextDecoder().decode(bytes);
        if (testCase.feedText === undefined && !/"(?:0|[1-9][0-9]*)":|[0-9]{16}|e[0-9]{2}/.test(text)) {
          assert.ok(tookFast, `${file}: ${testCase.name} is read fast`);
        }
      }
    }
  }
  assert.ok(total >= 500, `${total} cases`);
  assert.ok(fast > 0 && fast >= clean * 0.9, `${fast} of ${clean} clean feeds (of ${total}) read fast`);
  console.log(`conformance feeds: ${total}, ${clean} with no error, ${fast} read by the fast path`);
});

test("the differential test's random feeds: the page reads what readFeed reads, and every clean one fast", async () => {
  let clean = 0;
  let total = 0;
  for (const seed of [43, 7, 2026]) {
    for (const testCase of randomCases(seed, 1000)) {
      const bytes = feedBytes(testCase);
      total += 1;
      const tookFast = await samePageReading(bytes, testCase.name);
      if (!hasErrors(bytes)) {
        clean += 1;
        assert.ok(tookFast, `${testCase.name} is read fast`);
      } else {
        assert.equal(tookFast, false, `${testCase.name}: a feed with an error is read with parseJSON`);
      }
    }
  }
  assert.ok(clean > total / 20, `${clean} clean of ${total}`);
  console.log(`random feeds: ${total}, ${clean} with no error, all read fast`);
});

const message = (/** @type {string} */ extra = "") => `{"id": 1, "bundleId": "com.example.app", "title": "T", "text": "x"${extra}}`;
const feedWith = (/** @type {string} */ extra) => `{"format": 2, "messages": [${message(extra)}]}`;
const nested = (/** @type {number} */ depth) => "[".repeat(depth) + "]".repeat(depth);

/** Feeds the fast path must give up on (each for one reason), and feeds it must read. */
const givenUp = {
  "invalid UTF-8": Uint8Array.from([...encode(feedWith(', "data": {"k": "')), 0xff, ...encode('"}]}')]),
  "invalid UTF-8 outside strings": Uint8Array.from([...encode(feedWith("")), 0xc3]),
  "a byte order mark": Uint8Array.from([0xef, 0xbb, 0xbf, ...encode(feedWith(""))]),
  "a trailing comma": feedWith(","),
  "JSON's words only: a no-break space": `\u00a0${feedWith("")}`,
  "nothing": "",
  "nesting of 65": `{"format": 2, "messages": [], "x": ${nested(64)}}`,
  "nesting far deeper": `{"messages": ${"[".repeat(100_000)}`,
  "1e400": feedWith(', "priority": 1e400'),
  "-1e400": feedWith(', "data": {"n": -1e400}'),
  "a whole number beyond 2^53": feedWith(', "priority": 9007199254740993'),
  "an id beyond 2^53": `[${message().replace('"id": 1', '"id": 9007199254740993')}]`,
  "a whole number beyond 64 bits": feedWith(', "priority": 123456789012345678901234'),
  "1e20": feedWith(', "priority": 1e20'),
  "the largest double": `{"messages": [], "updates": [1.7976931348623157e308]}`,
  "an array index key": feedWith(', "data": {"b": "x", "1": "y", "0": "z"}'),
  "an array index key in localizations": feedWith(', "localizations": {"12": {"title": "Douze"}}'),
  "a lone surrogate": feedWith(', "title": "\\ud800"'),
  "a lone low surrogate": feedWith(', "data": {"\\udc00": "x"}'),
  "a surrogate pair the wrong way round": feedWith(', "data": {"k": "\\ude00\\ud83d"}'),
  "a lone low surrogate after a character": feedWith(', "confirmLabel": "a\\udc00"'),
  "a lone low surrogate after a pair": feedWith(', "confirmLabel": "\\ud83d\\ude00\\ude00"'),
  "a lone high surrogate before a pair": feedWith(', "confirmLabel": "\\ud83d\\ud83d\\ude00"'),
  "a repeated key": feedWith(', "text": "y"'),
  "a repeated key in data": feedWith(', "data": {"k": "a", "k": "b"}'),
  "a repeated key with an object": feedWith(', "link": {"title": "Open", "url": "https://example.com"}, "link": null'),
  "a repeated __proto__": feedWith(', "data": {"__proto__": "a", "__proto__": "b"}'),
  "a quote written \\u0022": feedWith(', "data": {"k": "\\u0022"}'),
  "a repeated key and a quote written \\u0022": feedWith(', "data": {"k": "a\\u0022", "k": "b"}'),
  "51 data keys, 2 of them repeated": feedWith(`, "data": {${Array.from({ length: 51 }, (_, i) => `"k${i % 50}": "v"`).join(", ")}}`),
  "no feed: a string": '"messages"',
  "no feed: no messages": '{"format": 2, "mesages": []}',
  "a message left out": feedWith(', "text": 3').replace(', "text": "x"', ""),
  "too large": feedWith(`, "data": {"k": "${"x".repeat(4 << 20)}"}`),
};
const vouchedWithErrors = new Set(["no feed: a string", "no feed: no messages", "a message left out", "too large"]);
const readFast = {
  "a clean feed": feedWith(""),
  "format 1": `[${message()}]`,
  "nesting of 64": `{"format": 2, "messages": [], "x": ${nested(63)}}`,
  "-0": feedWith(', "priority": -0'),
  "-0.0, 1e-400 and other numbers in updates": `{"messages": [], "updates": [{"a": -0.0, "b": 1e-400, "c": -1e-400, "d": 2.5e-7, "f": 5e-324, "g": 0.1, "h": 123456.789e3}]}`,
  "2^53 - 1": `{"messages": [], "updates": [9007199254740991, -9007199254740991]}`,
  "a surrogate pair written as escapes": feedWith(', "confirmLabel": "\\ud83d\\ude00", "data": {"\\uD83D\\uDE00": "x"}'),
  "escaped quotes and backslashes": feedWith(', "confirmLabel": "say \\"hi\\" \\\\", "data": {"a\\"b": "\\\\\\""}'),
  "every escape": feedWith(', "confirmLabel": "\\b\\f\\n\\r\\t\\/\\\\\\u00e9\\u2028"'),
  "__proto__ and constructor keys": feedWith(', "__proto__": {"x": 1}, "constructor": 2, "data": {"__proto__": "p", "toString": "t"}'),
  "keys that look like numbers but are no index": feedWith(', "data": {"01": "a", "-1": "b", "1.5": "c", "4294967295x": "d"}'),
  "an object of 3,000 keys in no order (past where an engine keeps an object as a dictionary)": `{"messages": [], "updates": [{${
    Array.from({ length: 3000 }, (_, i) => `"k${(i * 7919) % 3000}x": ${i}`).join(", ")}}]}`,
  "whitespace of every kind JSON has": ` \t\r\n${feedWith("")}\n `,
  "unknown keys and warnings": `{"format": 3, "mesages": 1, "messages": [${message(', "titel": "x"')}]}`,
  "updates and sequence": `{"format": 2, "sequence": 4, "updates": [{"bundleId": "a"}], "messages": [${message()}]}`,
};

for (const [name, input] of Object.entries(givenUp)) {
  test(`the fast path gives up on ${name}, and the page reads what readFeed reads`, async () => {
    const bytes = typeof input === "string" ? encode(input) : input;
    // A feed with an error may be vouched for (its tree is parseJSON's): it is read again all the same.
    if (!vouchedWithErrors.has(name)) assert.equal(fastJSON(bytes, 64), undefined, "fastJSON cannot vouch for it");
    assert.equal(await samePageReading(bytes, name), false, "read with parseJSON");
    if (typeof input === "string") await samePageReading(input, `${name}, as text (the kept copy)`);
  });
}

for (const [name, input] of Object.entries(readFast)) {
  test(`the page reads ${name} fast, as readFeed reads it`, async () => {
    assert.deepStrictEqual(fastJSON(encode(input), 64), parseJSON(encode(input), 64), "the very tree parseJSON gives");
    assert.equal(await samePageReading(input, name), true, "read by the fast path");
  });
}

test("a kept copy given as text: lone surrogates and a byte order mark as readFeed reads them", async () => {
  for (const text of [`\ufeff${feedWith("")}`, feedWith(', "title": "a\ud800b"'), feedWith(', "data": {"\udc00": "x"}')]) {
    await samePageReading(text, JSON.stringify(text));
  }
});

test("hostile feeds cost the page at most a constant factor more than a benign feed of their size", async () => {
  const benign = encode(`[${Array.from({ length: 9000 }, (_, i) => message().replace('"id": 1', `"id": ${i + 1}`)).join(",")}]`);
  const size = benign.length;
  const hostile = {
    "unclosed '['": encode(`{"messages": ${"[".repeat(size - 14)}`),
    "'[' closed": encode(`${"[".repeat(size / 2)}${"]".repeat(size / 2)}`),
    "a repeated key in each message": encode(`[${Array.from({ length: 9000 }, (_, i) => message(', "text": "y"').replace('"id": 1', `"id": ${i + 1}`)).join(",")}]`),
    "ids beyond 2^53": encode(`[${Array.from({ length: 9000 }, (_, i) => message().replace('"id": 1', `"id": ${9007199254740993 + i * 2}`)).join(",")}]`),
  };
  /** The least time of three readings by the page, in milliseconds. */
  const time = async (/** @type {Uint8Array} */ bytes) => {
    let best = Infinity;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      await outcome(() => readFeedInPage(bytes));
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const benignTime = await time(benign);
  for (const [name, bytes] of Object.entries(hostile)) {
    const hostileTime = await time(bytes);
    assert.ok(hostileTime < benignTime * 6 + 50, `${name}: ${hostileTime.toFixed(1)} ms, a benign feed ${benignTime.toFixed(1)} ms`);
  }
});

test("scalarJSON is what parseJSON gives for a boolean, number or string, and undefined for all else", () => {
  const texts = [
    "true", "false", "null", "0", "-0", "3", " 3 ", "3.5", "1e3", "1e400", "-1e400", "1e-400", "9007199254740991",
    "9007199254740993", "-9223372036854775808", "9223372036854775808", "12345678901234567890123", "1e20", "01", "+1", ".5",
    '"pro"', '"a\\u0022b"', '"\\ud800"', '"\\ud83d\\ude00"', '"a\ud800"', "\ufeff3", "\ufeff\ufeff3", "\u00a03", "[1]", "{}",
    '"', "pro", "", "tru", '"\\x"', "3 4", '"\t"',
  ];
  for (const text of texts) {
    /** @type {unknown} */
    let exact;
    try {
      const value = parseJSON(text);
      exact = typeof value === "boolean" || typeof value === "number" || typeof value === "string" ? value : undefined;
    } catch {
      exact = undefined;
    }
    assert.deepStrictEqual(scalarJSON(text), exact, JSON.stringify(text));
  }
});

test("the bundle's parseJSON and decodeFeed need loadDiagnosticWords() first, then give the engine's trees and errors", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "appalert-page-reading-"));
  try {
    for (const file of ["appalert-web.js", "appalert-web-words.js"]) {
      const built = spawnSync("bash", [new URL("../bundle", import.meta.url).pathname, "--print", file], { maxBuffer: 1 << 24 });
      assert.equal(built.status, 0, String(built.stderr));
      writeFileSync(path.join(folder, file), built.stdout);
    }
    const page = readFileSync(path.join(folder, "appalert-web.js"), "utf8");
    assert.doesNotMatch(page, /trailing comma|lone surrogate|beyond 2\^53/, "the page's file has no JSON reader");
    const web = await import(pathToFileURL(path.join(folder, "appalert-web.js")).href);
    assert.throws(() => web.parseJSON("{}"), /the diagnostics' words are not loaded: await loadDiagnosticWords\(\) first/);
    await web.loadDiagnosticWords();
    const tree = web.parseJSON('{"a": [{"b": 1}], "a": 2}');
    assert.ok(tree instanceof web.JSONObject && tree.values[0][0] instanceof web.JSONObject, "the bundle's own JSONObject");
    assert.deepStrictEqual([tree.names, tree.get("a")], [["a", "a"], 2]);
    assert.throws(() => web.parseJSON("[1,]"), (error) => error instanceof web.JSONSyntaxError
      && error.message === "not JSON: line 1, column 3: trailing comma before ']': JSON allows none; remove it");
    assert.throws(() => web.decodeFeed("[1,]"), (error) => error instanceof web.FeedError && error.kind === "notJSON");
    assert.throws(() => web.decodeFeed(givenUp["an id beyond 2^53"]), (error) => error instanceof web.UnsupportedError
      && /the whole number 9007199254740993 at byte \d+ is beyond 2\^53/.test(error.message));
    const duplicate = String(givenUp["a repeated key in data"]);
    const { decodeFeed } = await import("../src/index.js");
    assert.deepStrictEqual(JSON.stringify(web.decodeFeed(duplicate)), JSON.stringify(decodeFeed(duplicate)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
