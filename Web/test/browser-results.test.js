// Results from a page in headless Chromium to a real `appalert collect`: the page on one origin, the feed
// on a second, the collector on a third (CORS preflight and all, as a browser does it); what the page
// counted reaches the collector's database, as `appalert report` reads it. Skipped only where this
// machine has no Chromium or no built `appalert` (CI has both: there it fails instead).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, findChromium, serveFeeds, servePage, until } from "../testing/chromium.js";

const chromium = findChromium();
const appalert = process.env.APPALERT
  ?? fileURLToPath(new URL("../../Tools/.build/debug/appalert", import.meta.url));
const missing = !chromium ? "no Chromium on this machine" : !fs.existsSync(appalert) ? `no ${appalert} (swift build --package-path Tools)` : undefined;
if (process.env.CI && missing) throw new Error(`CI needs ${missing} for the results browser test`);

const app = "com.example.results";
const feed = JSON.stringify({ format: 2, messages: [
  { id: 1, bundleId: app, layout: "modal", title: "Try the new editor", text: "It is faster.",
    buttons: [{ title: "Try it", action: { event: "try" } }, { title: "Not now", action: "dismiss" }] },
], updates: [{ bundleId: app, platform: "web", latestVersion: "1.5.0" }] });
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "appalert-web-results-"));
const browser = new Browser();
/** @type {Array<import("node:http").Server>} */
const servers = [];
/** @type {import("node:child_process").ChildProcess | undefined} */
let collector;
let pageOrigin = "";
let feedOrigin = "";
let collectorOrigin = "";

before(async () => {
  if (missing) return;
  fs.writeFileSync(path.join(folder, "messages.json"), feed);
  // The collector's day is 2026-11-26; the page counts on the 25th and sends on the 26th.
  collector = spawn(appalert, ["collect", path.join(folder, "messages.json"), "--database", path.join(folder, "results.sqlite"),
    "--port", "0", "--today", "2026-11-26"], { stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  collector.stdout?.on("data", (chunk) => { said += chunk; });
  collector.stderr?.on("data", (chunk) => { said += chunk; });
  collectorOrigin = (await until("the collector to listen", async () => /on (http:\/\/[0-9.]+:[0-9]+)\/v1\/counts/.exec(said)?.[1]));
  const feedServer = await serveFeeds(new Map([["/messages.json", { body: feed }]]));
  const pageServer = await servePage(`${feedServer.origin} ${collectorOrigin}`);
  servers.push(feedServer.server, pageServer.server);
  feedOrigin = feedServer.origin;
  pageOrigin = pageServer.origin;
  await browser.start(/** @type {string} */ (chromium));
});

after(() => {
  browser.stop();
  for (const server of servers) server.close();
  collector?.kill("SIGTERM");
  fs.rmSync(folder, { recursive: true, force: true });
});

test("a page's counts, its update prompt's too, reach appalert collect on another origin the next UTC day", { skip: missing ?? false }, async () => {
  const query = new URLSearchParams({ feed: `${feedOrigin}/messages.json`, app, reporting: collectorOrigin, now: "2026-11-25T20:00:00Z" });
  const tab = await browser.tab(`${pageOrigin}/?${query}`);
  await tab.evaluate("appalert.service.showAlertIfNecessary().then(() => true)");
  await tab.wait("the message", "document.querySelector('[data-appalert-message=\"1\"]') !== null");
  await tab.evaluate(`document.querySelector('[data-appalert-message="1"]').shadowRoot.querySelectorAll('.buttons > *')[1].click()`);
  await tab.wait("the dismissal", "appalert.events.some((e) => e.type === 'dismissed')");
  // The update prompt (the page is 1.4.0): shown, then Later.
  await tab.evaluate("appalert.service.checkForUpdate({ appName: 'Editor' }).then(() => true)");
  await tab.wait("the update prompt", "document.querySelector('[data-appalert-message=\"0\"]') !== null");
  await tab.evaluate(`[...document.querySelector('[data-appalert-message="0"]').shadowRoot.querySelectorAll('.buttons > *')]
    .find((button) => button.textContent === "Later").click()`);
  await tab.wait("the answer", "appalert.events.some((e) => e.type === 'update')");
  await tab.evaluate("appalert.advance(24)");
  await tab.evaluate("appalert.service.showAlertIfNecessary().then(() => appalert.service.sending).then(() => true)");
  const problems = await tab.evaluate("appalert.events.filter((e) => e.type === 'problem').map((e) => e.detail.message)");
  assert.deepEqual(problems, []);
  assert.deepEqual(await tab.evaluate("appalert.violations"), []);
  const report = spawnSync(appalert, ["report", "--database", path.join(folder, "results.sqlite"), "--csv"], { encoding: "utf8" });
  assert.equal(report.status, 0, report.stderr);
  const rows = report.stdout.trim().split("\n").slice(1).map((row) => row.split(",").slice(0, 6).join(","));
  assert.deepEqual(rows, ["1,,,,shown,1", "1,,,,button.1,1", `,,${app},1.5.0,update.shown,1`, `,,${app},1.5.0,update.accepted,0`,
    `,,${app},1.5.0,update.later,1`, `,,${app},1.5.0,update.skipped,0`], report.stdout);
  await tab.close();
});
