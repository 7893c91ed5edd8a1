// The page's file (Web/bundle's appalert-web.js) has no readers of the messages' rich keys: it gets them
// from appalert-web-draw.js when a message with one comes up, and for an update policy whose localization
// has one (rich-check.js), and from appalert-web-words.js for decodeFeed. These tests run the built files
// in Node (their drawing is not used: the renderer records), where the sources' tests cannot tell: in
// Node the sources have the readers from the start.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MemoryStorage, RecordingRenderer, eventsOf, feedServer, message } from "../testing/support.js";

const noEsbuild = spawnSync("esbuild", ["--version"]).status !== 0;

/** @type {string} the folder of the built files */
let folder;
let instances = 0;
/**
 * The built appalert-web.js, a fresh instance of it (with no file loaded yet: the files it imports are
 * shared by every instance, what it was given of them is not).
 * @returns {Promise<any>}
 */
const freshPage = () => import(pathToFileURL(path.join(folder, "appalert-web.js")).href + `?instance=${(instances += 1)}`);

test.before(async () => {
  if (noEsbuild) return;
  folder = mkdtempSync(path.join(tmpdir(), "appalert-bundle-rich-"));
  for (const file of ["appalert-web.js", "appalert-web-draw.js", "appalert-web-words.js", "appalert-web-update.js"]) {
    const built = spawnSync("bash", [new URL("../bundle", import.meta.url).pathname, "--print", file], { maxBuffer: 1 << 24 });
    assert.equal(built.status, 0, String(built.stderr));
    writeFileSync(path.join(folder, file), built.stdout);
  }
});
test.after(() => folder && rmSync(folder, { recursive: true, force: true }));

let apps = 0;
/** A service of a fresh instance of the built file over a feed. @param {object} feed */
async function service(feed) {
  const web = await freshPage();
  apps += 1;
  const renderer = new RecordingRenderer();
  const alerts = new web.AlertService("https://feed.example/messages.json", {
    bundleId: `com.example.bundle${apps}`, appVersion: "1.4.0", languages: ["en-US"], storage: new MemoryStorage(), renderer,
    fetch: feedServer(JSON.stringify(feed)).fetch, now: () => new Date("2026-03-01T12:00:00Z"), channel: null,
  });
  return { alerts, renderer, events: eventsOf(alerts), web };
}

const skip = { skip: noEsbuild ? "no esbuild on this machine" : false };

test("the built page checks a message's rich keys when it comes up: one with an error is left out and said, the next used with its own", skip, async () => {
  const { alerts, renderer, events } = await service({ format: 2, messages: [
    message(1, { layout: "sheet", features: [{ title: "Fast", symbol: "bolt" }], colors: { accent: "#ff0000" }, data: { k: "v" } }),
    message(2, { priority: 5, layout: "modal", buttons: [{ title: "Go", action: "nowhere" }] }),
  ] });
  await alerts.showAlertIfNecessary();
  const shown = renderer.last.message;
  assert.equal(shown.id, 1);
  assert.deepEqual([shown.features, shown.colors, [...shown.data]],
    [[{ title: "Fast", text: undefined, symbol: "bolt" }], { light: { accent: "#FF0000" }, dark: {} }, [["k", "v"]]]);
  await events.until("problem"); // said once its words are loaded, while the page goes on
  assert.deepEqual(events.of("problem").map((p) => p.message), [
    "the feed at https://feed.example/messages.json: 1 message left out; $.messages[1].buttons[0].action: " +
      (await import("../src/index.js")).decodeFeed(JSON.stringify([message(2, { layout: "modal", buttons: [{ title: "Go", action: "nowhere" }] })]))
        .diagnostics[0].reason,
  ]);
});

test("the built page reads an update policy whose localization has buttons as the engine does", skip, async (t) => {
  for (const [name, buttons, kind] of /** @type {const} */ ([
    ["an error in them leaves the policy out", 3, "none"],
    ["valid ones are read", [{ title: "Ok" }], "optional"],
  ])) {
    await t.test(name, async () => {
      const { alerts, events } = await service({ format: 2, messages: [], updates: [
        { bundleId: "*", latestVersion: "1.5", localizations: { fr: { title: "Mise à jour", buttons } } },
      ] });
      const decision = await alerts.checkForUpdate({ appName: "Notes", reload: () => {} });
      assert.equal(decision?.kind, kind, JSON.stringify(events.of("problem")));
    });
  }
});

test("the built page's decodeFeed reads the rich keys once loadDiagnosticWords() is done, as the engine does", skip, async () => {
  const feed = JSON.stringify({ format: 2, messages: [message(1, { image: { alt: "x" } }), message(2, { layout: "sheet", features: [{ title: "A" }] })] });
  const web = await freshPage();
  assert.throws(() => web.decodeFeed(feed), /await loadDiagnosticWords\(\) first/);
  await web.loadDiagnosticWords();
  const { decodeFeed } = await import("../src/index.js");
  assert.equal(JSON.stringify(web.decodeFeed(feed)), JSON.stringify(decodeFeed(feed)));
});

test("the built page's decodeFeed warns of variants' languages as the engine does, though the drawing's readers (which do not) came first", skip, async () => {
  // Variant "a" sets its own title; the message translates its title into French: in French, variant
  // "a" shows its title untranslated (cancelsVariants).
  const feed = JSON.stringify({ format: 2, messages: [message(1, {
    localizations: { fr: { title: "Salut", text: "Là" } }, variants: [{ name: "a", weight: 1, title: "A" }, { name: "b", weight: 1 }],
  })] });
  const { alerts, renderer, web } = await service(JSON.parse(feed));
  await alerts.showAlertIfNecessary(); // checks message 1 with appalert-web-draw.js's readers
  assert.equal(renderer.last.message.id, 1);
  await web.loadDiagnosticWords(); // the same page, which now has the words' file's readers too
  const { decodeFeed } = await import("../src/index.js");
  const expected = decodeFeed(feed).diagnostics;
  assert.deepEqual(expected.map((d) => d.code), ["cancelsVariants"]);
  assert.equal(JSON.stringify(web.decodeFeed(feed).diagnostics), JSON.stringify(expected));
  const draw = await import(pathToFileURL(path.join(folder, "appalert-web-draw.js")).href);
  assert.equal(draw.richReading.variantLanguages, undefined, "the drawing's file carries no such check");
});
