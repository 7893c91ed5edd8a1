#!/usr/bin/env node
// How long a page takes to read a feed of 10,000 messages (feed.js's readFeedInPage: JSON.parse, vouched
// for) against the engine's own reader (readFeed: parseJSON), and a few hostile feeds of the largest size.
// The messages are the differential test's random ones that have no error (conformance/random-cases.mjs).
//
//   node Web/bench/page-reading.mjs [--runs 15]

import { randomCases } from "../../conformance/random-cases.mjs";
import { readFeed, readFeedFast, readFeedInPage } from "../src/feed.js";

const args = process.argv.slice(2);
const runs = Number(args.includes("--runs") ? args[args.indexOf("--runs") + 1] : 15);
const encode = (/** @type {string} */ text) => new TextEncoder().encode(text);

/** 10,000 messages with no error, their ids 1 to 10,000. */
function cleanMessages() {
  const messages = [];
  for (let seed = 1; messages.length < 10_000; seed += 1) {
    for (const testCase of randomCases(seed, 500)) {
      const list = Array.isArray(testCase.feed) ? testCase.feed : testCase.feed.messages;
      for (const message of list) {
        const candidate = { ...message, id: messages.length + 1 };
        const { diagnostics } = readFeed(JSON.stringify({ format: 2, messages: [candidate] }));
        if (!diagnostics.some((d) => d.severity === "error") && messages.length < 10_000) messages.push(candidate);
      }
    }
  }
  return messages;
}

/** The median of `runs` timings of `read`, in milliseconds. */
async function median(/** @type {() => unknown} */ read) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    try {
      await read();
    } catch {
      // A hostile feed's error is its reading's end.
    }
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const feed = encode(JSON.stringify({ format: 2, messages: cleanMessages() }));
if (readFeedFast(feed) === undefined) throw new Error("the benchmark's feed is not read by the fast path");
const size = 4 << 20;
const padded = encode(JSON.stringify({ format: 2, messages: cleanMessages().map((message) => ({ ...message, data: { note: "x".repeat(230) } })) }));
const feeds = {
  [`10,000 messages (${feed.length} bytes)`]: feed,
  [`10,000 messages with more text (${padded.length} bytes, benign at the largest size)`]: padded,
  "4 MiB of '['": encode(`{"messages": ${"[".repeat(size - 20)}`),
  "4 MiB of '[', closed (2 MiB deep)": encode(`${"[".repeat(size / 2)}${"]".repeat(size / 2)}`),
  "4 MiB of nested objects": encode(`${'{"a":'.repeat(size / 6)}1${"}".repeat(size / 6)}`),
  "10,000 messages, each with a repeated key": encode(JSON.stringify({ format: 2, messages: cleanMessages() }).replaceAll('"bundleId":', '"bundleId":"x","bundleId":')),
};
for (const [name, bytes] of Object.entries(feeds)) {
  const exact = await median(() => readFeed(bytes));
  const page = await median(() => readFeedInPage(bytes));
  console.log(`${name}: readFeed ${exact.toFixed(1)} ms, the page's reading ${page.toFixed(1)} ms (${(page / exact).toFixed(2)}×)`);
}
