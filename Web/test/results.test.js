// Results from the web: what AlertService counts with `reporting`, the bytes it sends the next UTC day, and
// what it does with the collector's answers (docs/reporting.md), with an injected clock and collector.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { AlertService } from "../src/index.js";
import { batchBody, countsURL } from "../src/results.js";
import { MemoryStorage, RecordingRenderer, eventsOf, feedOf, message, settled } from "../testing/support.js";

const feedURL = "https://feed.example/messages.json";
const collectorURL = "https://results.example/v1/counts";
let apps = 0;

/**
 * A service with `reporting`, over a feed of `messages` (and update policies for the app, `updates`); the
 * collector answers `answers` in turn (then 200).
 * @param {object[]} messages @param {object[]} [updates]
 */
function setUp(messages, updates = []) {
  apps += 1;
  const bundleId = `com.example.counted${apps}`;
  let now = new Date("2026-11-24T22:00:00Z");
  const collector = {
    /** @type {Array<{status: number, body?: string, headers?: Record<string, string>, error?: Error, arrived?: () => void, after?: Promise<void>}>} */
    answers: [],
    /** @type {Array<{init: RequestInit, body: any}>} */
    posts: [],
  };
  /** @type {typeof fetch} */
  const fetch = async (url, init = {}) => {
    if (String(url) === feedURL) {
      const body = updates.length === 0 ? feedOf(messages)
        : JSON.stringify({ format: 2, messages, updates: updates.map((policy) => ({ bundleId, ...policy })) });
      return new Response(body, { status: 200 });
    }
    assert.equal(String(url), collectorURL);
    collector.posts.push({ init, body: JSON.parse(String(init.body)) });
    const answer = collector.answers.shift() ?? { status: 200, body: '{"accepted":1}' };
    answer.arrived?.();
    await answer.after;
    if (answer.error) throw answer.error;
    return new Response(answer.body ?? "{}", { status: answer.status, headers: answer.headers });
  };
  const storage = new MemoryStorage();
  const renderer = new RecordingRenderer();
  const service = new AlertService(feedURL, {
    bundleId, appVersion: "1.4.0", languages: ["en"], storage, renderer, fetch, now: () => now, channel: null,
    reporting: "https://results.example/",
  });
  return {
    service, renderer, collector, bundleId, events: eventsOf(service),
    /** @param {number} hours */
    advance: (hours) => { now = new Date(now.getTime() + hours * 3600_000); },
    /** A check, then the sending it started. */
    check: async () => {
      await service.showAlertIfNecessary();
      await service.sending;
    },
  };
}

test("a batch is the wire format's exact bytes, as docs/reporting.md shows them", () => {
  const doc = readFileSync(new URL("../../docs/reporting.md", import.meta.url), "utf8");
  const shown = doc.split("<!-- web-wire-example -->\n```json\n")[1].split("\n")[0];
  assert.equal(
    batchBody("5C0F8E2A-3B1D-4E5F-9A7B-1C2D3E4F5A6B", "com.example.Notes", [
      ["2026-11-24", 5, 1, "shown", 3], ["2026-11-24", 5, 1, "button.0", 1], ["2026-11-24", 7, null, "dismissed", 2],
      ["2026-11-24", "2.0", null, "update.shown", 1]]),
    shown);
  // A device's bytes for the same counters (docs/reporting.md's example of what an app sends).
  assert.equal(doc.split("<!-- wire-example -->\n```json\n")[1].split("\n")[0], shown, "the same bytes as an app's");
});

test("the update prompt is counted as UpdateService counts it: each showing, and each answer once, per version offered", async () => {
  const optional = setUp([], [{ latestVersion: "1.5.0" }]);
  await optional.service.checkForUpdate({ appName: "Notes" });
  await optional.service.sending;
  optional.renderer.last.controls.close(); // Escape: Later
  await settled();
  optional.advance(25);
  await optional.service.checkForUpdate();
  await optional.service.sending;
  const skip = optional.renderer.last.message.buttons.find((/** @type {{title: string}} */ b) => b.title === "Skip This Version");
  optional.renderer.last.controls.act(skip.action);
  await settled();
  optional.advance(24);
  await optional.service.checkForUpdate();
  await optional.service.sending;
  assert.deepEqual(optional.collector.posts.map((post) => post.body.counts), [
    [{ day: "2026-11-24", version: "1.5.0", event: "update.shown", n: 1 }, { day: "2026-11-24", version: "1.5.0", event: "update.later", n: 1 }],
    [{ day: "2026-11-25", version: "1.5.0", event: "update.shown", n: 1 }, { day: "2026-11-25", version: "1.5.0", event: "update.skipped", n: 1 }],
  ], "sent after update checks alone, a UTC day later");

  const required = setUp([message(1)], [{ minimumVersion: "1.5", latestVersion: "1.6" }]);
  await required.service.checkForUpdate({ appName: "Notes", reload: () => {} });
  await required.service.sending;
  const update = required.renderer.last.message.buttons[0];
  required.renderer.last.controls.act(update.action);
  required.renderer.last.controls.act(update.action);
  assert.equal(required.renderer.last.removed, false, "a required prompt stays while the page reloads");
  await settled();
  required.advance(3);
  await required.check();
  assert.deepEqual(required.collector.posts[0].body.counts, [
    { day: "2026-11-24", version: "1.6", event: "update.shown", n: 1 },
    { day: "2026-11-24", version: "1.6", event: "update.accepted", n: 1 },
  ], "Update tapped twice on one showing is one acceptance");
});

test("the collector's URL is https:, or http: on the machine itself", () => {
  assert.equal(countsURL("https://results.example//"), collectorURL);
  assert.equal(countsURL("http://127.0.0.1:8090"), "http://127.0.0.1:8090/v1/counts");
  assert.throws(() => countsURL("http://results.example"), /"http:\/\/results.example" is not the collector's https: URL/);
});

test("what a message did is counted per UTC day and sent the next day, with nothing that identifies the person", async () => {
  const { service, renderer, collector, advance, check } = setUp([
    message(1, { priority: 5, buttons: [{ title: "Yes", action: "dismiss" }, { title: "Later", action: "dismiss" }] }),
    message(2)]);
  await check();
  renderer.last.controls.act(renderer.last.message.buttons[1].action, 1);
  await service.sending;
  await check();
  await service.dismiss();
  await check();
  assert.equal(collector.posts.length, 0, "today's counters wait for tomorrow");
  advance(3); // 01:00 the next day
  await check();
  assert.equal(collector.posts.length, 1);
  const [{ init, body }] = collector.posts;
  assert.deepEqual(Object.keys(body), ["schema", "batch", "app", "counts"]);
  assert.match(body.batch, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(body.batch, service.installID);
  assert.ok(!String(init.body).includes(service.installID));
  assert.deepEqual(body.counts, [
    { day: "2026-11-24", message: 1, event: "shown", n: 1 },
    { day: "2026-11-24", message: 1, event: "button.1", n: 1 },
    { day: "2026-11-24", message: 2, event: "shown", n: 1 },
    { day: "2026-11-24", message: 2, event: "dismissed", n: 1 },
  ]);
  assert.equal(init.method, "POST");
  assert.equal(init.keepalive, true);
  assert.equal(init.credentials, "omit");
  // The page's URL is not sent with the counts (a Referer would name the page, query and all).
  assert.equal(init.referrerPolicy, "no-referrer");
  assert.deepEqual(init.headers, { "Content-Type": "application/json", Accept: "application/json" });
  await check();
  advance(1);
  await check();
  assert.equal(collector.posts.length, 1, "one run a UTC day");
});

test("an offered version longer than a collector takes is not counted, and a problem says so once a showing", async () => {
  const version = "2.0.0-release.candidate.20261129+b77"; // 36 bytes: the collector's limit is 32
  const { service, renderer, collector, advance, check, events } = setUp([message(1)], [{ latestVersion: version }]);
  await check();
  await service.dismiss();
  await service.checkForUpdate();
  renderer.last.controls.close();
  await settled();
  advance(3);
  await check();
  assert.deepEqual(collector.posts.map((post) => post.body.counts.map((/** @type {{event: string}} */ c) => c.event)),
    [["shown", "dismissed"]], "the message's counts are sent, in a batch the collector takes");
  const said = events.of("problem").filter((problem) => problem.code === "reporting").map((problem) => problem.message);
  assert.deepEqual(said, [
    `reporting: the update prompt for ${version} is not counted: its version is 36 bytes long, and a collector takes at most 32`]);
});

test("a launch and an update check at the same time send each batch once", async () => {
  const { service, collector, advance, check } = setUp([message(1)], [{ latestVersion: "1.5.0" }]);
  await check();
  await service.dismiss();
  advance(3);
  /** @type {() => void} */
  let answer = () => {};
  /** @type {() => void} */
  let arrived = () => {};
  const posted = new Promise((resolve) => { arrived = () => resolve(undefined); });
  collector.answers.push({ status: 200, body: '{"accepted":2}', arrived, after: new Promise((resolve) => { answer = () => resolve(undefined); }) });
  await service.showAlertIfNecessary();
  const first = service.sending;
  await posted; // its run of the sender has posted, and waits for the answer
  await service.checkForUpdate();
  assert.equal(collector.posts.length, 1);
  answer();
  await first;
  await service.sending;
  assert.deepEqual(collector.posts.map((post) => post.body.counts.length), [2], "posted once");
});

test("a collector the browser cannot reach is kept for later, with a problem naming what the browser does not say: the host, CORS, connect-src", async () => {
  const { service, collector, advance, check, events } = setUp([message(1)]);
  await check();
  await service.dismiss();
  collector.answers.push({ status: 0, error: new TypeError("Failed to fetch") });
  advance(24);
  await check();
  assert.match(events.of("problem").at(-1).message,
    /the collector did not take the counts \(Failed to fetch: the collector could not be reached, .*CORS: appalert collect --allow-origin.*\(connect-src\)\); sent again in 300 s/);
  advance(0.1);
  await check();
  assert.equal(collector.posts.length, 2, "sent again");
});

test("a 503 keeps the batch, sent again with the same id after the backoff; a 2xx removes it", async () => {
  const { service, collector, advance, check, events } = setUp([message(1)]);
  await check();
  await service.dismiss();
  collector.answers.push({ status: 503, headers: { "Retry-After": "60" } }, { status: 429 });
  advance(24);
  await check();
  assert.match(events.of("problem").at(-1).message, /the collector did not take the counts \(HTTP 503\); sent again in 300 s/);
  advance(0.05); // 3 minutes: the backoff is 5
  await check();
  assert.equal(collector.posts.length, 1);
  advance(0.05);
  await check();
  assert.match(events.of("problem").at(-1).message, /\(HTTP 429\); sent again in 600 s/);
  advance(0.2);
  await check();
  assert.equal(collector.posts.length, 3);
  assert.deepEqual(new Set(collector.posts.map((p) => p.body.batch)).size, 1, "the same batch id each time");
  advance(1);
  await check();
  assert.equal(collector.posts.length, 3, "the acknowledged batch is gone");
});

test("another 4xx drops the batch, quoting the collector's reason", async () => {
  const { service, collector, advance, check, events } = setUp([message(1)]);
  await check();
  await service.dismiss();
  collector.answers.push({ status: 400, body: '{"error":"$.app: \\"x\\" is not an app of the feed"}' });
  advance(24);
  await check();
  assert.equal(events.of("problem").at(-1).message,
    'reporting: the collector refused a batch of 2 counters (HTTP 400: "$.app: "x" is not an app of the feed"); its counts are dropped');
  advance(24);
  await check();
  assert.equal(collector.posts.length, 1, "the dropped batch is not sent again");
});

test("an answer counts on the day it is given, though the counting's file is still loading", async () => {
  const { service, renderer, collector, advance, check } = setUp([
    message(1, { priority: 5, buttons: [{ title: "Yes", action: "dismiss" }, { title: "Later", action: "dismiss" }] }),
    message(2, { conversion: { event: "purchase", withinHours: 48 } })]);
  await check();
  // 22:00: the answer, then the clock passes midnight before the counting runs (the bundle imports its
  // file at a page's first count, so it can still be on its way).
  renderer.last.controls.act(renderer.last.message.buttons[1].action, 1);
  advance(2);
  await check();
  await service.dismiss();
  advance(21); // 21:00 the next day
  void service.handle("purchase");
  advance(4); // 01:00 the day after
  await service.sending;
  await check();
  assert.deepEqual(collector.posts.map((post) => post.body.counts), [
    [{ day: "2026-11-24", message: 1, event: "shown", n: 1 }, { day: "2026-11-24", message: 1, event: "button.1", n: 1 }],
    [{ day: "2026-11-25", message: 2, event: "shown", n: 1 }, { day: "2026-11-25", message: 2, event: "dismissed", n: 1 },
      { day: "2026-11-25", message: 2, event: "conversion", n: 1 }],
  ]);
});

test("the app's event after a showing counts one conversion, on the day it happens", async () => {
  const { service, collector, advance, check } = setUp([message(1, { conversion: { event: "purchase", withinHours: 24 } })]);
  await check();
  await service.dismiss();
  advance(1);
  await service.handle("purchase");
  await service.handle("purchase");
  advance(24);
  await check();
  assert.deepEqual(collector.posts[0].body.counts, [
    { day: "2026-11-24", message: 1, event: "shown", n: 1 },
    { day: "2026-11-24", message: 1, event: "dismissed", n: 1 },
    { day: "2026-11-24", message: 1, event: "conversion", n: 1 },
  ], "a showing converts at most once");
});

test("the inbox is counted as on Apple platforms: shown once a UTC day when listed, opened, and the card's answer as the item's own", async () => {
  const { service, renderer, collector, advance, check, events } = setUp([
    message(1, { placement: "inbox", buttons: [{ title: "Read", action: { url: "https://example.com/a" } }, { title: "Later", action: "dismiss" }] }),
    message(2, { placement: "inbox", layout: "banner", action: { url: "https://example.com/sale" } }),
  ]);
  await check();
  await service.inbox.refresh();
  assert.equal(await service.inbox.itemAppeared(1), true);
  assert.equal(await service.inbox.itemAppeared(1), false, "drawn again the same day: not another showing");
  assert.equal(await service.inbox.itemAppeared(2), true);
  assert.equal(await service.inbox.itemAppeared(99), false, "an id not listed");
  await service.inbox.open(1);
  // The card is the item's two buttons and nothing more (one of them closes it).
  assert.deepEqual(renderer.last.message.buttons.map((/** @type {{title: string}} */ b) => b.title), ["Read", "Later"]);
  renderer.last.controls.act({ url: "https://example.com/a" }, 0);
  await service.inbox.open(2);
  // A banner's card: its tap action as the first button, then OK.
  renderer.last.controls.act(renderer.last.message.buttons[0].action, 0);
  await service.inbox.open(2);
  renderer.last.controls.act("dismiss", 1);
  await service.inbox.open(1);
  service.inbox.close();
  await settled();
  assert.deepEqual(events.of("shown"), [{ id: 1, variant: null, inbox: true }, { id: 2, variant: null, inbox: true }]);
  advance(3); // the next UTC day: yesterday's counters go, and the list's showings start again
  await service.inbox.refresh();
  assert.equal(await service.inbox.itemAppeared(1), true);
  await check();
  assert.equal(collector.posts.length, 1);
  const [{ body }] = collector.posts;
  assert.equal(body.schema, 2, "a batch with an inbox item's opened is schema 2");
  const day = "2026-11-24";
  assert.deepEqual(body.counts, [
    { day, message: 1, event: "shown", n: 1 },
    { day, message: 2, event: "shown", n: 1 },
    { day, message: 1, event: "opened", n: 2 },
    { day, message: 1, event: "button.0", n: 1 },
    { day, message: 2, event: "opened", n: 2 },
    { day, message: 2, event: "tap", n: 1 },
    { day, message: 2, event: "dismissed", n: 1 },
    { day, message: 1, event: "dismissed", n: 1 },
  ]);
});
