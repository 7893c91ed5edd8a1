// AlertService.checkForUpdate in Node, with an injected feed server, storage area, clock and renderer: the
// decision from the feed's `updates` policy, the prompt drawn with its buttons, what Update, Later, Skip
// and Escape do, and what is kept.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { AlertService, stateKey } from "../src/index.js";
import { MemoryStorage, RecordingRenderer, eventsOf, feedServer, message } from "../testing/support.js";

let apps = 0;

/**
 * A service of an app at `appVersion` over a feed with `updates` (and `messages`).
 * @param {object[]} updates @param {{appVersion?: string, messages?: object[], languages?: string[]}} [options]
 */
function setUp(updates, options = {}) {
  apps += 1;
  const bundleId = `com.example.update${apps}`;
  const server = feedServer(JSON.stringify({
    format: 2, messages: options.messages ?? [], updates: updates.map((policy) => ({ bundleId, ...policy })),
  }));
  const storage = new MemoryStorage();
  const renderer = new RecordingRenderer();
  let now = new Date("2026-03-01T12:00:00Z");
  const make = () => new AlertService("https://feed.example/messages.json", {
    bundleId, appVersion: options.appVersion ?? "1.4.0", languages: options.languages ?? ["en-US"], storage, renderer,
    fetch: server.fetch, now: () => now, channel: null,
  });
  const service = make();
  /** @type {string[]} */
  const reloads = [];
  const reload = () => reloads.push("reload");
  return {
    service, renderer, storage, server, reloads, reload, make, events: eventsOf(service),
    stored: () => JSON.parse(/** @type {string} */ (storage.getItem(stateKey(bundleId)))),
    /** @param {number} hours */
    advance: (hours) => { now = new Date(now.getTime() + hours * 3600_000); },
  };
}

/** Presses the prompt's button titled `title`. @param {RecordingRenderer} renderer @param {string} title */
function press(renderer, title) {
  const button = renderer.last.message.buttons.find((/** @type {{title: string}} */ b) => b.title === title);
  assert.ok(button, `no ${title} button`);
  return renderer.last.controls.act(button.action);
}

test("below the minimum the prompt is required: Update only, not dismissible, and Update reloads", async () => {
  const { service, renderer, reloads, reload, events } = setUp([{ minimumVersion: "1.5", latestVersion: "1.6" }]);
  const decision = await service.checkForUpdate({ appName: "Notes", reload });
  assert.equal(decision?.kind, "required");
  assert.equal(decision?.reasonCode, "belowMinimumVersion");
  const shown = renderer.last.message;
  assert.deepEqual([shown.title, shown.text, shown.dismissible, shown.layout], [
    "Update Required", "This version of Notes no longer works. Please update to 1.6.", false, "alert",
  ]);
  assert.deepEqual(shown.buttons.map((/** @type {{title: string}} */ b) => b.title), ["Update"]);
  renderer.last.controls.close();
  assert.equal(renderer.last.removed, false, "Escape does not take a required prompt away");
  press(renderer, "Update");
  assert.deepEqual(reloads, ["reload"]);
  assert.equal(renderer.last.removed, false, "the page reloads under it");
  assert.deepEqual(events.of("update"), [{ action: "update", kind: "required", version: "1.6" }]);
  // A page may log or send the decision: its versions are their text in JSON, not BigInts JSON refuses.
  const json = JSON.parse(JSON.stringify(decision));
  assert.equal(json.kind, "required");
  assert.ok(Object.values(json).includes("1.6"), JSON.stringify(json));
});

test("an optional prompt: Later holds it for a day, Skip for that version only", async () => {
  const { service, renderer, advance, stored, events, make } = setUp([{ latestVersion: "1.5" }]);
  assert.equal((await service.checkForUpdate({ appName: "Notes" }))?.kind, "optional");
  assert.deepEqual(renderer.last.message.buttons.map((/** @type {{title: string}} */ b) => b.title),
    ["Update", "Later", "Skip This Version"]);
  assert.equal(renderer.last.message.text, "Notes 1.5 is available.");
  press(renderer, "Later");
  assert.equal(renderer.last.removed, true);
  await service.checkForUpdate();
  assert.equal(stored().updatePrompt.remindAfter, Date.parse("2026-03-02T12:00:00Z") / 1000);
  assert.equal((await service.checkForUpdate())?.reasonCode, "remindedRecently");
  assert.equal(renderer.shown.length, 1);
  advance(25);
  assert.equal((await service.checkForUpdate())?.kind, "optional");
  press(renderer, "Skip This Version");
  await service.checkForUpdate();
  assert.deepEqual(stored().updatePrompt.skippedVersions, ["1.5"]);
  assert.equal((await make().checkForUpdate())?.reasonCode, "skippedByUser", "kept for the next page");
  assert.deepEqual(events.of("update").map((e) => e.action), ["later", "skip"]);
});

test("Escape on an optional prompt is Later", async () => {
  const { service, renderer, stored } = setUp([{ latestVersion: "1.5" }]);
  await service.checkForUpdate();
  renderer.last.controls.close();
  assert.equal(renderer.last.removed, true);
  await service.checkForUpdate();
  assert.equal(typeof stored().updatePrompt.remindAfter, "number");
});

test("with a waiting service worker, Update tells it to take over and reloads when it controls the page", async () => {
  const { service, renderer, reloads, reload } = setUp([{ minimumVersion: "2.0" }]);
  /** @type {unknown[]} */
  const posted = [];
  const container = new EventTarget();
  const navigator = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: container }, configurable: true });
  try {
    const registration = /** @type {ServiceWorkerRegistration} */ (/** @type {unknown} */ ({
      waiting: { postMessage: (/** @type {unknown} */ data) => posted.push(data) },
    }));
    await service.checkForUpdate({ serviceWorker: registration, reload });
    press(renderer, "Update");
    assert.deepEqual(posted, [{ type: "SKIP_WAITING" }]);
    assert.deepEqual(reloads, [], "not before the new worker controls the page");
    container.dispatchEvent(new Event("controllerchange"));
    assert.deepEqual(reloads, ["reload"]);
  } finally {
    if (navigator) Object.defineProperty(globalThis, "navigator", navigator);
  }
});

test("the texts follow the page's languages and the feed's own words", async () => {
  const arabic = setUp([{ latestVersion: "1.5" }], { languages: ["ar-EG"] });
  await arabic.service.checkForUpdate({ appName: "Notes" });
  const shown = arabic.renderer.last.message;
  assert.equal(shown.localization?.original, "ar");
  assert.ok(shown.text.includes("\u2068Notes\u2069") && shown.text.includes("\u20681.5\u2069"), shown.text);
  assert.deepEqual(shown.buttons.map((/** @type {{title: string}} */ b) => b.title), ["تحديث", "لاحقًا", "تخطي هذا الإصدار"]);
  const own = setUp([{ latestVersion: "1.5", title: "{appName} {version}", localizations: { fr: { text: "Rechargez." } } }],
    { languages: ["fr-FR"] });
  await own.service.checkForUpdate({ appName: "Notes" });
  assert.deepEqual([own.renderer.last.message.title, own.renderer.last.message.text], ["Notes 1.5", "Rechargez."]);
});

test("nothing is drawn when no update is due; a prompt due while a message is on screen comes once it is closed; no message comes over the prompt", async () => {
  const none = setUp([{ latestVersion: "1.4" }]);
  assert.equal((await none.service.checkForUpdate())?.reasonCode, "upToDate");
  assert.equal(none.renderer.shown.length, 0);
  const busy = setUp([{ latestVersion: "1.5" }], { messages: [message(1)] });
  await busy.service.showAlertIfNecessary();
  assert.equal((await busy.service.checkForUpdate({ appName: "Notes" }))?.kind, "optional", "decided all the same");
  assert.equal(busy.renderer.shown.length, 1, "the message only, while it is on screen");
  busy.renderer.last.controls.close();
  await busy.renderer.shownCount(2);
  assert.equal(busy.renderer.last.message.title, "Update Available", "the prompt follows the message");
  assert.equal(busy.renderer.shown[0].removed, true);
  const prompt = setUp([{ latestVersion: "1.5" }], { messages: [message(1)] });
  await prompt.service.checkForUpdate();
  await prompt.service.showAlertIfNecessary();
  assert.equal(prompt.renderer.shown.length, 1, "the prompt only");
});

test("a feed that cannot be had resolves to undefined with a problem event", async () => {
  const { service, server, events } = setUp([{ latestVersion: "1.5" }]);
  server.answer = { status: 500, body: "" };
  assert.equal(await service.checkForUpdate(), undefined);
  assert.match(events.of("problem")[0].message, /HTTP 500/);
});

test("the policy's storeURL passes the page's link policy, the same as its messages' links", async (t) => {
  for (const [name, options, storeURL] of /** @type {const} */ ([
    ["https by default", {}, "https://store.example.com/app"],
    ["mailto only", { allowLinkSchemes: ["mailto"] }, undefined],
    ["another host", { allowLinkHosts: ["help.example.org"] }, undefined],
  ])) {
    await t.test(name, async () => {
      const server = feedServer(JSON.stringify({ format: 2, messages: [],
        updates: [{ bundleId: "com.example.store", latestVersion: "1.5", storeURL: "https://store.example.com/app" }] }));
      const service = new AlertService("https://feed.example/messages.json", { bundleId: "com.example.store", appVersion: "1.4.0",
        storage: new MemoryStorage(), renderer: null, fetch: server.fetch, channel: null, ...options });
      const decision = await service.checkForUpdate();
      assert.equal(decision?.kind, "optional");
      assert.equal(decision?.storeURL?.toString(), storeURL);
    });
  }
});

test("the update prompt's file carries no feed reader: the page hands it the policy its engine read", {
  skip: spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, () => {
  const built = spawnSync("bash", [new URL("../bundle", import.meta.url).pathname, "--print", "appalert-web-update.js"], { maxBuffer: 1 << 24 });
  assert.equal(built.status, 0, String(built.stderr));
  const code = String(built.stdout);
  assert.ok(code.includes("Update Required"), "the prompt's texts are there");
  // The JSON parser's words and the policy reader's list of keys are the page's alone.
  assert.ok(!code.includes("expected a key in quotes"), "no JSON parser");
  assert.ok(!code.includes('"releaseDelayDays"'), "no reader of the policy's keys");
});

test("close() takes the update prompt down and leaves the service usable; a prompt waiting behind a message is dropped", async () => {
  const shown = setUp([{ latestVersion: "1.5" }], { messages: [message(1, { trigger: { event: "purchase" } })] });
  await shown.service.checkForUpdate();
  assert.equal(shown.renderer.shown.length, 1);
  shown.service.close();
  assert.equal(shown.renderer.last.removed, true);
  await shown.service.handle("purchase");
  assert.equal(shown.renderer.shown.length, 2, "a message is drawn after close()");
  assert.equal(shown.renderer.last.message.id, 1);
  const waiting = setUp([{ latestVersion: "1.5" }], { messages: [message(1)] });
  await waiting.service.showAlertIfNecessary();
  await waiting.service.checkForUpdate();
  waiting.service.close();
  await waiting.service.showAlertIfNecessary();
  // close() records nothing, so the message comes again; the prompt does not follow it when it is closed.
  assert.deepEqual(waiting.renderer.shown.map((drawn) => drawn.message.id), [1, 1]);
  waiting.renderer.last.controls.close();
  await waiting.service.showAlertIfNecessary();
  assert.deepEqual(waiting.renderer.shown.map((drawn) => drawn.message.id), [1, 1], "no prompt: the page asked for none since close()");
});

test("a policy for this app left out for an error is a problem naming it and why; the decision is made without it", async () => {
  const { service, events, renderer } = setUp([{ minimumVersion: "v1.2", latestVersion: "1.5" }]);
  const decision = await service.checkForUpdate();
  assert.equal(decision?.kind, "none");
  assert.equal(renderer.shown.length, 0);
  assert.deepEqual(events.of("problem").map((p) => p.message), [
    `the feed at https://feed.example/messages.json: $.updates[0].minimumVersion: invalid version "v1.2": 'v' at position 1 where a number was expected; the policy is left out`,
  ]);
  // Another app's broken policy is not this page's problem; a good one for every app still applies.
  const server = feedServer(JSON.stringify({ format: 2, messages: [], updates: [
    { bundleId: "com.example.other", minimumVersion: "v2" }, { bundleId: "*", latestVersion: "1.5" }] }));
  const other = new AlertService("https://feed.example/messages.json", { bundleId: "com.example.mine", appVersion: "1.4.0",
    storage: new MemoryStorage(), renderer: null, fetch: server.fetch, channel: null });
  const otherEvents = eventsOf(other);
  assert.equal((await other.checkForUpdate())?.kind, "optional");
  assert.deepEqual(otherEvents.of("problem"), []);
});
