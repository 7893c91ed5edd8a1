// The README's one line, tried as a new user would: a page imports the web client from the feed's own host
// with one `<script type="module">`, from a real `appalert serve` (the page on another origin, so the
// import and the feed cross origins with the CORS serve sends) and from a site `appalert publish` wrote
// (the page beside it), and shows the feed's message in headless Chromium. Skipped only where this
// machine has no Chromium or no built `appalert` (CI has both: there it fails instead).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, findChromium, serve, until } from "../testing/chromium.js";

const chromium = findChromium();
const appalert = process.env.APPALERT
  ?? fileURLToPath(new URL("../../Tools/.build/debug/appalert", import.meta.url));
const missing = !chromium ? "no Chromium on this machine" : !fs.existsSync(appalert) ? `no ${appalert} (swift build --package-path Tools)` : undefined;
if (process.env.CI && missing) throw new Error(`CI needs ${missing} for the served bundle's browser test`);

const app = "com.example.web";
const feed = JSON.stringify({
  format: 2, messages: [{ id: 7, bundleId: app, layout: "modal", title: "Served whole", text: "One line." }],
  updates: [{ bundleId: app, latestVersion: "1.1" }],
});
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "appalert-web-served-"));
const browser = new Browser();
/** @type {Array<import("node:http").Server>} */
const servers = [];
/** @type {import("node:child_process").ChildProcess | undefined} */
let server;
let serverOrigin = "";

/** The page a web developer writes: one module script, the client imported from `host`. @param {string} host */
const page = (host) => `<!doctype html><html lang="en"><title>My app</title><body><h1>My app</h1>
<script type="module">
import { AlertService } from "${host}/appalert-web.js";
await new AlertService("${host}/messages.json", { bundleId: "${app}", appVersion: "1.0" }).showAlertIfNecessary();
window.ready = true;
</script></body></html>`;

/** A page that checks for an update: the client imports the update prompt from beside it. @param {string} host */
const updatePage = (host) => `<!doctype html><html lang="en"><title>My app</title><body><h1>My app</h1>
<script type="module">
import { AlertService } from "${host}/appalert-web.js";
const service = new AlertService("${host}/messages.json", { bundleId: "${app}", appVersion: "1.0", languages: ["en"] });
window.decision = (await service.checkForUpdate()).kind;
window.ready = true;
</script></body></html>`;

/** A static host of `root` (as GitHub Pages is for a published site). @param {string} root */
const staticHost = (root) => serve((request, response) => {
  const name = new URL(/** @type {string} */ (request.url), "http://host").pathname.slice(1) || "index.html";
  const file = path.join(root, name);
  if (!/^[a-z0-9.-]+$/.test(name) || !fs.existsSync(file)) return void response.writeHead(404).end();
  const type = name.endsWith(".html") ? "text/html" : name.endsWith(".js") ? "text/javascript" : "application/json";
  response.writeHead(200, { "content-type": `${type}; charset=utf-8`, "access-control-allow-origin": "*" }).end(fs.readFileSync(file));
});

/** @param {import("../testing/chromium.js").Tab} tab */
const drawn = (tab) => tab.evaluate(`(() => {
  const root = document.querySelector('[data-appalert-message="7"]')?.shadowRoot;
  return root ? root.querySelector('[role="dialog"]')?.getAttribute("aria-label") ?? root.textContent : null;
})()`);

before(async () => {
  if (missing) return;
  fs.writeFileSync(path.join(folder, "messages.json"), feed);
  server = spawn(appalert, ["serve", path.join(folder, "messages.json"), "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  server.stdout?.on("data", (chunk) => { said += chunk; });
  server.stderr?.on("data", (chunk) => { said += chunk; });
  serverOrigin = await until("appalert serve to listen", async () => /on (http:\/\/[0-9.]+:[0-9]+)\//.exec(said)?.[1]);
  await browser.start(/** @type {string} */ (chromium));
});

after(() => {
  browser.stop();
  for (const host of servers) host.close();
  server?.kill("SIGTERM");
  fs.rmSync(folder, { recursive: true, force: true });
});

test("a page on another origin shows the feed's message with the client appalert serve answers", { skip: missing ?? false }, async () => {
  const client = await fetch(`${serverOrigin}/appalert-web.js`);
  assert.equal(client.headers.get("content-type"), "text/javascript; charset=utf-8");
  const embedded = fs.readFileSync(new URL("../../Tools/Sources/AppAlertServer/WebClient/appalert-web.js", import.meta.url), "utf8");
  assert.equal(await client.text(), embedded);
  const pageHost = await serve((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(serverOrigin));
  });
  servers.push(pageHost.server);
  const tab = await browser.tab(`${pageHost.origin}/`);
  assert.ok(await until("the message", () => drawn(tab)));
  await tab.close();
});

test("the update prompt the client imports from beside it is answered by appalert serve too", { skip: missing ?? false }, async () => {
  for (const name of ["appalert-web-update.js", "appalert-web-results.js", "appalert-web-draw.js", "appalert-web-words.js", "appalert-web-trust.js", "appalert-web-inbox.js", "appalert-web-json.js"]) {
    const answer = await fetch(`${serverOrigin}/${name}`);
    assert.equal(answer.status, 200, name);
    const embedded = fs.readFileSync(new URL(`../../Tools/Sources/AppAlertServer/WebClient/${name}`, import.meta.url), "utf8");
    assert.equal(await answer.text(), embedded);
  }
  const pageHost = await serve((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(updatePage(serverOrigin));
  });
  servers.push(pageHost.server);
  const tab = await browser.tab(`${pageHost.origin}/`);
  assert.equal(await until("the decision", () => tab.evaluate("window.decision ?? null")), "optional");
  const title = await tab.evaluate(`document.querySelector("appalert-message")?.shadowRoot.querySelector("h2")?.textContent ?? null`);
  assert.equal(title, "Update Available");
  await tab.close();
});

test("a page beside the site appalert publish wrote shows the feed's message", { skip: missing ?? false }, async () => {
  const site = path.join(folder, "site");
  const published = spawnSync(appalert, ["publish", path.join(folder, "messages.json"), "--out", site], { encoding: "utf8" });
  assert.equal(published.status, 0, published.stderr);
  assert.match(fs.readFileSync(path.join(site, ".appalert-published"), "utf8"), /^appalert-web\.js$/m);
  const host = await staticHost(site);
  servers.push(host.server);
  fs.writeFileSync(path.join(site, "index.html"), page(host.origin));
  const tab = await browser.tab(`${host.origin}/`);
  assert.ok(await until("the message", () => drawn(tab)));
  await tab.close();
});
