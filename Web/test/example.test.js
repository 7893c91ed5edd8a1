// Examples/web as a visitor sees it: the page served from the repository's root by a plain static server,
// under its own Content-Security-Policy: the sheet at launch, the slot, the banner an event brings.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, findChromium, serve, until } from "../testing/chromium.js";

const chromium = findChromium();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const types = /** @type {Record<string, string>} */ ({ ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" });
const browser = new Browser();
/** @type {import("node:http").Server | undefined} */
let server;
let origin = "";

before(async () => {
  if (!chromium) return;
  // Only the example and the client's sources, as a static host would serve them.
  const served = await serve((request, response) => {
    const pathname = decodeURIComponent(new URL(/** @type {string} */ (request.url), "http://x").pathname);
    const file = path.join(root, pathname.endsWith("/") ? pathname + "index.html" : pathname);
    const allowed = [path.join(root, "Examples", "web"), path.join(root, "Web", "src")].some((folder) => file.startsWith(folder + path.sep));
    if (!allowed || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": `${types[path.extname(file)] ?? "application/octet-stream"}; charset=utf-8` });
    response.end(fs.readFileSync(file));
  });
  server = served.server;
  origin = served.origin;
  await browser.start(chromium);
});

after(() => {
  browser.stop();
  server?.close();
});

test("the example page shows its launch sheet, its slot, and the banner a purchase brings", { skip: chromium ? false : "no Chromium on this machine" }, async () => {
  const tab = await browser.tab(`${origin}/Examples/web/`, "window.appalertExample?.ready === true");
  const host = (/** @type {string} */ selector) => `document.querySelector(${JSON.stringify(selector)})?.getAttribute("data-appalert-message") ?? null`;
  assert.equal(await tab.evaluate(host("appalert-message")), "1");
  assert.equal(await tab.wait("the slot", host("appalert-slot")), "3");
  await tab.press("Escape");
  await tab.wait("the sheet to go", `!document.querySelector("appalert-message")`);
  await tab.evaluate(`document.getElementById("purchase").click(); true`);
  assert.equal(await tab.wait("the banner", host("appalert-message")), "2");
  await until("the log", async () => (await tab.evaluate(`document.querySelectorAll("#log li").length`)) >= 4);
  const log = await tab.evaluate(`[...document.querySelectorAll("#log li")].map((li) => li.textContent.split(" ")[0])`);
  assert.deepEqual(log.filter((/** @type {string} */ type) => type === "problem"), []);
  assert.ok(log.includes("shown") && log.includes("dismissed"), log.join(" "));
  await tab.close();
});

test("the example page's update check asks to update to 1.5.0, and Escape is Later", { skip: chromium ? false : "no Chromium on this machine" }, async () => {
  const tab = await browser.tab(`${origin}/Examples/web/`, "window.appalertExample?.ready === true");
  if (await tab.evaluate(`document.querySelector("appalert-message") !== null`)) {
    await tab.press("Escape");
    await tab.wait("the sheet to go", `!document.querySelector("appalert-message")`);
  }
  await tab.evaluate(`document.getElementById("update").click(); true`);
  const title = await tab.wait("the update prompt", `document.querySelector("appalert-message")?.shadowRoot?.querySelector("[role=alertdialog] h2, [role=alertdialog] [id]")?.textContent ?? null`);
  assert.equal(title, "Update Available");
  const text = await tab.evaluate(`document.querySelector("appalert-message").shadowRoot.querySelector("p").textContent`);
  assert.equal(text, "Example app 1.5.0 is available.");
  await tab.press("Escape");
  const line = await tab.wait("the update event", `[...document.querySelectorAll("#log li")].map((li) => li.textContent).find((t) => t.startsWith("update ")) ?? null`);
  assert.equal(line, `update {"action":"later","kind":"optional","version":"1.5.0"}`);
  await tab.close();
});
