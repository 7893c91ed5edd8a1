// The update prompt in headless Chromium: a page on one origin (strict CSP, hostile CSS) checks the
// feed's `updates` policy on another origin served with CORS. The prompt is drawn as an alert dialog with
// focus inside it; an optional one goes with Escape (Later, kept), a required one stays and its Update
// reloads the page. Skipped only where this machine has no Chromium.

import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSites, findChromium } from "../testing/chromium.js";

const chromium = findChromium();
/** @type {Map<string, {status?: number, body: string}>} */
const feeds = new Map();
let apps = 0;
const sites = browserSites(chromium, feeds);
const browser = sites.browser;

const options = { skip: chromium ? false : "no Chromium on this machine" };

/** A page of an app of its own (version 1.4.0) over a feed with `policy`. @param {object} policy @param {string[]} languages */
function open(policy, languages = ["en-US"]) {
  apps += 1;
  const app = `com.example.update${apps}`;
  const path = `/updates-${apps}.json`;
  feeds.set(path, { body: JSON.stringify({ format: 2, messages: [], updates: [{ bundleId: app, ...policy }] }) });
  const query = new URLSearchParams({ feed: sites.feedOrigin + path, app });
  for (const language of languages) query.append("lang", language);
  return browser.tab(`${sites.pageOrigin}/?${query}`);
}

/** Checks for an update; the page's reload is counted in `appalert.reloads` instead. @param {import("../testing/chromium.js").Tab} tab */
const checkForUpdate = (tab) => tab.evaluate(`(appalert.reloads = 0, appalert.service.checkForUpdate({
  appName: "Notes", reload: () => { appalert.reloads += 1; } }).then((d) => d && d.kind))`);

/** The prompt as drawn, or null. @param {import("../testing/chromium.js").Tab} tab */
const prompt = (tab) => tab.evaluate(`(() => {
  const host = document.querySelector("appalert-message");
  if (!host) return null;
  const root = host.shadowRoot;
  const box = root.querySelector("[role]");
  return { role: box.getAttribute("role"), modal: box.getAttribute("aria-modal"),
    label: root.getElementById(box.getAttribute("aria-labelledby"))?.textContent,
    text: root.querySelector("p").textContent, dir: root.querySelector(".root").dir, lang: root.querySelector(".root").lang,
    controls: [...root.querySelectorAll("button, a")].map((c) => c.getAttribute("aria-label") ?? c.textContent),
    focusInside: root.contains(appalert.deepActive()), violations: appalert.violations };
})()`);

test("an optional update: an alert dialog with focus inside, Escape is Later and is kept", options, async () => {
  const tab = await open({ latestVersion: "1.5" });
  assert.equal(await checkForUpdate(tab), "optional");
  const seen = await prompt(tab);
  assert.deepEqual(seen, {
    role: "alertdialog", modal: "true", label: "Update Available", text: "Notes 1.5 is available.", dir: "ltr", lang: "en",
    controls: ["Update", "Later", "Skip This Version"], focusInside: true, violations: [],
  });
  await tab.press("Escape");
  await tab.wait("the prompt to go", `!document.querySelector("appalert-message")`);
  assert.deepEqual(await tab.evaluate(`appalert.events.filter((e) => e.type === "update").map((e) => e.detail)`),
    [{ action: "later", kind: "optional", version: "1.5" }]);
  assert.equal(await checkForUpdate(tab), "none", "Later holds it for a day");
  await tab.close();
});

test("a required update stays through Escape, has no Later or Skip, and Update reloads the page", options, async () => {
  const tab = await open({ minimumVersion: "2.0" }, ["ar-EG"]);
  assert.equal(await checkForUpdate(tab), "required");
  const seen = await prompt(tab);
  assert.deepEqual([seen?.dir, seen?.lang, seen?.controls, seen?.focusInside], ["rtl", "ar", ["تحديث"], true]);
  assert.ok(seen?.text.includes("\u2068Notes\u2069"), seen?.text);
  await tab.press("Escape");
  assert.ok(await prompt(tab), "Escape leaves a required prompt");
  await tab.evaluate(`document.querySelector("appalert-message").shadowRoot.querySelector("button").click(), true`);
  await tab.wait("the reload", "appalert.reloads === 1");
  assert.ok(await prompt(tab), "it stays until the page is gone");
  await tab.close();
});
