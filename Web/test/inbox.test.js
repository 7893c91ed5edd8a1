// The message center in a page: which items it lists and in what order, and what opening, marking unread
// and deleting an item keep.

import { test } from "node:test";
import assert from "node:assert/strict";
import { AlertService, inboxCard, stateKey } from "../src/index.js";
import { MemoryStorage, RecordingRenderer, eventsOf, feedOf, feedServer, message, settled } from "../testing/support.js";

let apps = 0;

/** @param {object[]} messages */
function setUp(messages) {
  apps += 1;
  const bundleId = `com.example.inbox${apps}`;
  const server = feedServer(feedOf(messages));
  const storage = new MemoryStorage();
  const renderer = new RecordingRenderer();
  const make = () => new AlertService("https://feed.example/messages.json", {
    bundleId, appVersion: "1.4.0", languages: ["en"], storage, renderer, fetch: server.fetch, channel: null,
    now: () => new Date("2026-03-01T12:00:00Z"),
  });
  const service = make();
  return { service, storage, renderer, server, bundleId, make, events: eventsOf(service) };
}

const inbox = (/** @type {number} */ id, /** @type {object} */ keys = {}) => message(id, { placement: "inbox", ...keys });

test("the inbox lists its admitted items, highest priority then highest id, and nothing else", async () => {
  const { service } = setUp([
    inbox(1), inbox(2, { priority: 5 }), inbox(3), message(4), inbox(5, { platforms: ["ios"] }), inbox(6, { maxViews: 1 }),
    message(7, { placement: "home" }),
  ]);
  const items = await service.inbox.refresh();
  assert.deepEqual(items.map((item) => item.message.id), [2, 6, 3, 1]);
  assert.equal(service.inbox.unreadCount, 4);
});

test("opening an item reads it, counts a view, keeps it listed, and draws its card as a modal with a close button", async () => {
  const { service, renderer, storage, bundleId, make } = setUp([inbox(1, { layout: "banner", action: { url: "https://example.com/a" } })]);
  await service.inbox.refresh();
  await service.inbox.open(1);
  const card = renderer.last.message;
  assert.equal(card.layout, "modal");
  assert.deepEqual(card.buttons.map((/** @type {{title: string}} */ b) => b.title), ["Title 1", "OK"]);
  const stored = JSON.parse(/** @type {string} */ (storage.getItem(stateKey(bundleId))));
  assert.deepEqual(stored.inbox, { read: [1], deleted: [] });
  assert.equal(stored.seen["1"].count, 1);
  const again = await make().inbox.refresh();
  assert.deepEqual(again.map((item) => [item.message.id, item.isRead]), [[1, true]], "a view does not remove an item");
  renderer.last.controls.close();
  assert.equal(renderer.last.removed, true);
  assert.equal(service.inbox.opened, undefined);
});

test("a card's link sends a link event and closes the card; its event button a button event", async () => {
  const { service, renderer, events } = setUp([inbox(1, { layout: "modal", buttons: [
    { title: "Read", action: { url: "https://example.com/a" } }, { title: "Go", action: { event: "go" } }] })]);
  await service.inbox.refresh();
  await service.inbox.open(1);
  assert.equal(renderer.last.controls.act({ url: "https://example.com/a" }), true);
  await settled();
  assert.equal(renderer.last.removed, true);
  await service.inbox.open(1);
  renderer.last.controls.act({ event: "go" });
  await settled();
  assert.deepEqual(events.of("link"), [{ id: 1, variant: null, inbox: true, url: "https://example.com/a" }]);
  assert.deepEqual(events.of("button"), [{ id: 1, variant: null, inbox: true, name: "go" }]);
});

test("the page hears what it hears from a launch message: opened, then dismissed, link or button, as the Swift InboxModel sends them", async (t) => {
  // The card adds its own OK (dismiss) button to these two.
  const buttons = [{ title: "Read", action: { url: "https://example.com/a" } }, { title: "Go", action: { event: "go" } }];
  const opened = { type: "opened", detail: { id: 1, variant: null, inbox: true } };
  for (const [name, answer, heard] of /** @type {const} */ ([
    ["its dismiss button", (/** @type {any} */ controls) => controls.act("dismiss"), { type: "dismissed", detail: { id: 1, variant: null, inbox: true } }],
    ["its close control (or Escape)", (/** @type {any} */ controls) => controls.close(), { type: "dismissed", detail: { id: 1, variant: null, inbox: true } }],
    ["inbox.close()", (/** @type {any} */ _, /** @type {any} */ service) => service.inbox.close(), { type: "dismissed", detail: { id: 1, variant: null, inbox: true } }],
    ["its link", (/** @type {any} */ controls) => controls.act({ url: "https://example.com/a" }), { type: "link", detail: { id: 1, variant: null, inbox: true, url: "https://example.com/a" } }],
    ["its event button", (/** @type {any} */ controls) => controls.act({ event: "go" }), { type: "button", detail: { id: 1, variant: null, inbox: true, name: "go" } }],
  ])) {
    await t.test(name, async () => {
      const { service, renderer, events } = setUp([inbox(1, { layout: "modal", buttons })]);
      await service.inbox.refresh();
      await service.inbox.open(1);
      assert.deepEqual(events.events, [opened]);
      answer(renderer.last.controls, service);
      await settled();
      assert.equal(renderer.last.removed, true);
      assert.equal(service.inbox.opened, undefined);
      renderer.last.controls.close();
      service.inbox.close();
      assert.deepEqual(events.events, [opened, heard], "one answer, heard once");
    });
  }
  await t.test("a card replaced by another item's is dismissed; opened again, or for an item not listed, it stays; deleted, it is not an answer", async () => {
    const { service, renderer, events } = setUp([inbox(1), inbox(2)]);
    await service.inbox.refresh();
    await service.inbox.open(1);
    const first = renderer.last;
    await service.inbox.open(1);
    await service.inbox.open(3);
    assert.equal(renderer.last, first, "a second tap and an id not listed draw nothing");
    assert.equal(first.removed, false);
    await service.inbox.open(2);
    assert.equal(first.removed, true);
    await service.inbox.delete(2);
    assert.deepEqual(events.events.map((e) => [e.type, e.detail.id]), [["opened", 1], ["dismissed", 1], ["opened", 2]]);
    assert.equal(service.inbox.opened, undefined);
  });
});

test("an item marked unread is unread again, and a deleted one is never listed again", async () => {
  const { service, make } = setUp([inbox(1), inbox(2)]);
  await service.inbox.refresh();
  await service.inbox.open(2);
  await service.inbox.markUnread(2);
  await service.inbox.delete(1);
  assert.deepEqual(service.inbox.items.map((item) => item.message.id), [2]);
  const again = await make().inbox.refresh();
  assert.deepEqual(again.map((item) => [item.message.id, item.isRead]), [[2, false]]);
});

test("a card is never a wall, and keeps its own dismiss button", () => {
  const base = { id: 1, title: "T", text: "x", confirmLabel: "OK", link: undefined, dismissible: false, localization: undefined,
    variant: undefined, layout: /** @type {const} */ ("sheet"), image: undefined, action: undefined, features: undefined,
    colors: undefined, data: new Map(), placement: "inbox", bannerSeconds: undefined, conversion: undefined };
  const card = inboxCard({ ...base, buttons: [{ title: "Later", action: "dismiss" }] });
  assert.deepEqual([card.layout, card.dismissible, card.buttons.length], ["modal", true, 1]);
  const image = inboxCard({ ...base, layout: "image", action: { event: "open" }, buttons: [] });
  assert.deepEqual(image.buttons, [{ title: "T", action: { event: "open" } }, { title: "OK", action: "dismiss" }]);
  assert.equal(image.action, undefined);
});
