// The web client's storage: one versioned key per app, old states keep loading, a full or broken
// storage area is reported and never thrown into the page.

import { test } from "node:test";
import assert from "node:assert/strict";
import { AlertService, StateStore, readState, stateKey } from "../src/index.js";
import { MemoryStorage, RecordingRenderer, eventsOf, feedOf, feedServer, message } from "../testing/support.js";

/** @param {MemoryStorage} storage */
function store(storage) {
  /** @type {string[]} */
  const problems = [];
  let ids = 0;
  const made = new StateStore("com.example.web", { storage, makeId: () => `id-${++ids}`, problem: (words) => problems.push(words) });
  return { made, problems };
}

test("a version 1 state as the first release writes it keeps loading", () => {
  const written = '{"version":1,"installId":"0B9D6C1E-5F4A-4E8B-9C2D-1A2B3C4D5E6F","seen":{"3":{"count":2,"lastShown":1772366400}},"counters":{}}';
  const state = readState(written);
  assert.equal(state.installId, "0B9D6C1E-5F4A-4E8B-9C2D-1A2B3C4D5E6F");
  assert.deepEqual(state.seen, { 3: { count: 2, lastShown: 1772366400 } });
});

test("a newer version's keys survive a write by this version", async () => {
  const storage = new MemoryStorage();
  storage.setItem(stateKey("com.example.web"), JSON.stringify({ version: 7, installId: "abc", seen: {}, counters: {}, inbox: { read: [3] } }));
  const { made } = store(storage);
  await made.update((state) => { state.seen["4"] = { count: 1 }; });
  const stored = JSON.parse(/** @type {string} */ (storage.getItem(stateKey("com.example.web"))));
  assert.equal(stored.version, 7);
  assert.deepEqual(stored.inbox, { read: [3] });
  assert.deepEqual(stored.seen, { 4: { count: 1 } });
});

test("records the state cannot use are dropped one by one; the rest is read", () => {
  const state = readState(JSON.stringify({
    installId: "abc", seen: { 1: { count: 2 }, x: { count: 1 }, 3: { count: -1 }, 4: "three", 5: { count: 1, lastShown: "yesterday" } },
    feed: { url: 3 },
  }));
  assert.deepEqual(state.seen, { 1: { count: 2 }, 5: { count: 1 } });
  assert.equal(state.feed, undefined);
});

test("a state that cannot be read is reported, kept aside, and started afresh", async (t) => {
  for (const text of ["{not json", "[1]", '{"version":"two","installId":"a"}', '{"version":1}']) {
    await t.test(text, async () => {
      const storage = new MemoryStorage();
      storage.setItem(stateKey("com.example.web"), text);
      const { made, problems } = store(storage);
      const state = made.read();
      assert.equal(state.installId, "id-1");
      assert.equal(problems.length, 1);
      assert.match(problems[0], /cannot be read .*the old text is kept in appalert:com\.example\.web:unreadable/);
      assert.equal(storage.getItem("appalert:com.example.web:unreadable"), text);
    });
  }
});

test("a full storage area drops the kept feed first, and the records are still written", async () => {
  const storage = new MemoryStorage();
  storage.limit = 500;
  const { made, problems } = store(storage);
  await made.update((state) => {
    state.seen["1"] = { count: 1 };
    state.feed = { url: "https://feed.example/m.json", body: "x".repeat(1000), fetchedAt: 0 };
  });
  const stored = JSON.parse(/** @type {string} */ (storage.getItem(stateKey("com.example.web"))));
  assert.deepEqual(stored.seen, { 1: { count: 1 } });
  assert.equal(stored.feed, undefined);
  assert.match(problems[0], /the storage area is full; the feed \(1000 characters\) is not kept/);
});

test("when nothing can be written, the page's memory keeps the records and each failure is reported", async () => {
  const storage = new MemoryStorage();
  storage.limit = 10;
  const { made, problems } = store(storage);
  await made.update((state) => { state.seen["1"] = { count: 1 }; });
  await made.update((state) => { state.seen["1"].count += 1; });
  assert.equal(made.read().seen["1"].count, 2);
  assert.equal(problems.length, 3, "the fresh state's write, then each update's");
  assert.match(problems[0], /cannot write appalert:com\.example\.web: The quota has been exceeded/);
});

test("a storage area that throws on every access (blocked storage) never reaches the page", async () => {
  const blocked = {
    getItem() { throw new Error("The operation is insecure."); },
    setItem() { throw new Error("The operation is insecure."); },
    removeItem() {},
  };
  const server = feedServer(feedOf([message(1)]));
  const renderer = new RecordingRenderer();
  const service = new AlertService("https://feed.example/messages.json", {
    bundleId: "com.example.blocked", appVersion: "1.0", storage: blocked, renderer, fetch: server.fetch, channel: null,
  });
  const events = eventsOf(service);
  await service.showAlertIfNecessary();
  assert.equal(renderer.shown.length, 1);
  await service.dismiss();
  await service.showAlertIfNecessary();
  assert.equal(renderer.shown.length, 1, "the showing is remembered in the page");
  assert.ok(events.of("problem").some((p) => /The operation is insecure/.test(p.message)));
});

test("updates of one store are serialized: none is lost when they overlap", async () => {
  const storage = new MemoryStorage();
  const { made } = store(storage);
  await Promise.all(Array.from({ length: 20 }, () => made.update((state) => {
    state.seen["1"] = { count: (state.seen["1"]?.count ?? 0) + 1 };
  })));
  assert.equal(made.read().seen["1"].count, 20);
});

test("a fresh state is written at its first read, so every tab reads the same install id before anything is recorded", () => {
  const storage = new MemoryStorage();
  const first = store(storage).made;
  const second = new StateStore("com.example.web", { storage, makeId: () => "another id", problem: () => {} });
  const id = first.read().installId;
  assert.equal(second.read().installId, id);
  assert.equal(first.read().installId, id);
  assert.ok(storage.getItem(stateKey("com.example.web"))?.includes(id));
});
