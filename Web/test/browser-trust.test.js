// Signed feeds in headless Chromium: WebCrypto's Ed25519 checks the .sig `appalert sign` wrote
// (fixtures/trust), on a feed served from another origin with CORS; a tampered feed is refused and the
// last good copy stays on screen. Skipped only where this machine has no Chromium (CI fails instead).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { Browser, findChromium, serveFeeds, servePage } from "../testing/chromium.js";

const chromium = findChromium();
if (process.env.CI && !chromium) throw new Error("CI needs Chromium for the signed feeds' browser test");

const fixture = (/** @type {string} */ name) => fs.readFileSync(new URL(`fixtures/trust/${name}`, import.meta.url), "utf8");
/** @type {Map<string, {status?: number, body: string}>} */
const feeds = new Map();
const browser = new Browser();
/** @type {Array<import("node:http").Server>} */
const servers = [];
let pageOrigin = "";
let feedOrigin = "";

before(async () => {
  if (!chromium) return;
  const feedServer = await serveFeeds(feeds);
  const pageServer = await servePage(feedServer.origin);
  servers.push(feedServer.server, pageServer.server);
  feedOrigin = feedServer.origin;
  pageOrigin = pageServer.origin;
  await browser.start(chromium);
});

after(() => {
  browser.stop();
  for (const server of servers) server.close();
});

test("a signed feed is shown; the same feed tampered with is refused and the last good copy is used", { skip: chromium ? false : "no Chromium on this machine" }, async () => {
  feeds.set("/messages.json", { body: fixture("messages.json") });
  feeds.set("/messages.json.sig", { body: fixture("messages.json.sig") });
  const query = new URLSearchParams({ feed: `${feedOrigin}/messages.json`, app: "com.example.signed", key: fixture("appalert.pub").trim() });
  const url = `${pageOrigin}/?${query}`;
  const tab = await browser.tab(url);
  const check = () => tab.evaluate("appalert.service.showAlertIfNecessary().then(() => true)");
  const title = () => tab.evaluate("document.querySelector('[data-appalert-message]')?.shadowRoot.querySelector('h2, [id$=title]')?.textContent ?? null");
  const problems = () => tab.evaluate("appalert.events.filter((e) => e.type === 'problem').map((e) => e.detail.message)");
  await check();
  await tab.wait("the signed message", "document.querySelector('[data-appalert-message=\"1\"]') !== null");
  assert.equal(await title(), "Signed, sequence 2");
  assert.deepEqual(await problems(), []);
  feeds.set("/messages.json", { body: fixture("messages.json").replace("Signed with the trusted key.", "Pay at evil.example.") });
  await tab.open(url);
  await check();
  await tab.wait("the kept message", "document.querySelector('[data-appalert-message=\"1\"]') !== null");
  assert.equal(await title(), "Signed, sequence 2");
  const drawn = await tab.evaluate("document.querySelector('[data-appalert-message]').shadowRoot.textContent");
  assert.ok(drawn.includes("Signed with the trusted key.") && !drawn.includes("evil.example"), drawn);
  const [problem] = await problems();
  assert.match(problem, /cannot be used \(the signature by key fde726abd3275e11 does not match the feed's bytes: the feed or the signature was changed\); the copy fetched at .* is used$/);
  assert.deepEqual(await tab.evaluate("appalert.violations"), []);
  await tab.close();
});
