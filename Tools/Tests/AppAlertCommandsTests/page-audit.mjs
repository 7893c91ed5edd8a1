// Audits one page in headless Chromium over the DevTools protocol, for PageAccessibilityTests.swift and
// the report's table test: opens URL with the color scheme emulated, waits until the page is ready, runs
// one check and prints what it found as one JSON object on standard output. The Swift tests assert on it.
//
//   node --experimental-websocket page-audit.mjs CHROMIUM URL light|dark CHECK [ready=EXPRESSION] [axe=PATH]
//
// CHECK is "axe" (axe-core's violations; axe=PATH is axe.min.js), "alignment" (each table cell whose
// text is aligned otherwise than its column's header, and each chart label drawn outside its chart) or
// "phones" (the page's HTML with the shadow roots the web client's drawing made inside the preview's
// phones, and the colors each phone's message is drawn in). READY is a JavaScript expression polled until
// it is true. Every wait polls; the only time limit is a guard against a hang.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [chromium, url, scheme, check, ...rest] = process.argv.slice(2);
const options = Object.fromEntries(rest.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
const guard = Number(options.guardSeconds || 120) * 1000;

function pause(milliseconds) { return new Promise((resolve) => setTimeout(resolve, milliseconds)); }

async function until(what, probe) {
  const deadline = Date.now() + guard;
  for (;;) {
    const value = await probe();
    if (value) { return value; }
    if (Date.now() > deadline) { throw new Error("gave up waiting for " + what); }
    await pause(50);
  }
}

// One headless Chromium with one page, spoken to over its DevTools socket.
async function openPage() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "page-audit-"));
  const browser = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
    "--no-default-browser-check", "--disable-extensions", "--remote-debugging-port=0", "--user-data-dir=" + profile,
    "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  browser.stderr.on("data", () => {});
  const portFile = path.join(profile, "DevToolsActivePort");
  const lines = await until("Chromium's DevToolsActivePort", () =>
    fs.existsSync(portFile) && fs.readFileSync(portFile, "utf8").split("\n").length >= 2
      ? fs.readFileSync(portFile, "utf8").split("\n") : null);
  const socket = new WebSocket("ws://127.0.0.1:" + lines[0].trim() + lines[1].trim());
  const pending = new Map();
  let serial = 0;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    const waiter = pending.get(message.id);
    if (!waiter) { return; }
    pending.delete(message.id);
    if (message.error) { waiter.reject(new Error(JSON.stringify(message.error))); } else { waiter.resolve(message.result); }
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", () => reject(new Error("cannot connect to Chromium")));
  });
  let sessionId;
  const send = (method, params = {}) => {
    const id = ++serial;
    socket.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  };
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  ({ sessionId } = await send("Target.attachToTarget", { targetId, flatten: true }));
  const evaluate = async (expression) => {
    const answer = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (answer.exceptionDetails) {
      throw new Error("in the page: " + (answer.exceptionDetails.exception?.description || answer.exceptionDetails.text));
    }
    return answer.result.value;
  };
  const close = () => {
    try { socket.close(); } catch (error) { /* already closed */ }
    browser.kill("SIGKILL");
    try { fs.rmSync(profile, { recursive: true, force: true }); } catch (error) { /* Chromium may hold it */ }
  };
  return { send, evaluate, close };
}

// Each table cell with text whose computed alignment differs from its column header's.
const alignment = `(() => {
  const found = [];
  for (const [tableIndex, table] of [...document.querySelectorAll("table")].entries()) {
    const headers = [...(table.tHead?.rows[0]?.cells || [])];
    for (const row of table.tBodies[0]?.rows || []) {
      [...row.cells].forEach((cell, column) => {
        const header = headers[column];
        if (!header || cell.textContent.trim() === "") { return; }
        const want = getComputedStyle(header).textAlign;
        const have = getComputedStyle(cell).textAlign;
        if (want !== have) {
          found.push({ table: tableIndex, header: header.textContent.trim(), text: cell.textContent.trim(), headerAlign: want, cellAlign: have });
        }
      });
    }
  }
  // A chart's text drawn past its picture's edges is cut off (a long row label of a rate chart).
  const overflowing = [...document.querySelectorAll("svg text")].filter((text) => {
    const box = text.getBBox();
    const view = text.ownerSVGElement.viewBox.baseVal;
    return box.x < view.x - 0.5 || box.x + box.width > view.x + view.width + 0.5;
  }).map((text) => text.textContent);
  return { tables: document.querySelectorAll("table").length, mismatches: found,
    labels: document.querySelectorAll("svg text").length, overflowing };
})()`;

// The pictures of the app: how many, how many without a name, whether every phone is one, and how many
// phones are drawn in the feed's own colors (contrast is not checked in those).
// `firstPhone` is the first phone on screen: `?message=ID` hides the other messages' cards, it does not remove them.
const pictures = `(() => {
  const all = [...document.querySelectorAll('[role="img"]')];
  const named = (node) => (node.getAttribute("aria-label") || "").trim() !== "" || node.hasAttribute("aria-labelledby");
  return { pictures: all.length, unnamedPictures: all.filter((node) => !named(node)).length,
    phones: document.querySelectorAll(".phone").length, phonesAsPictures: document.querySelectorAll('.phone[role="img"]').length,
    phonesInFeedColors: document.querySelectorAll('.phone[data-colors="feed"]').length,
    firstPhone: Array.from(document.querySelectorAll(".phone")).find((node) => node.getClientRects().length > 0)?.getAttribute("aria-label") || null,
    mains: document.querySelectorAll("main, [role=main]").length };
})()`;

// The page's HTML with the drawings' shadow roots (the drawing makes them serializable), and for each
// phone with a drawing, in the page's order: its class, its message's card, and the colors of the
// message's panel, its text and its first button.
const phones = `(() => {
  const drawn = [...document.querySelectorAll(".phone")].filter((phone) => phone.querySelector(".screen")?.shadowRoot);
  return { dom: document.documentElement.getHTML({ serializableShadowRoots: true }),
    phones: drawn.map((phone) => {
      const root = phone.querySelector(".screen").shadowRoot;
      const style = (node) => node ? getComputedStyle(node) : null;
      const panel = style(root.querySelector(".panel"));
      const button = style(root.querySelector(".buttons > *"));
      return { phone: phone.className, message: phone.closest("[data-message]")?.getAttribute("data-message") ?? null,
        background: panel?.backgroundColor ?? null, text: panel?.color ?? null, button: button?.backgroundColor ?? null };
    }) };
})()`;

const page = await openPage();
try {
  await page.send("Page.enable");
  await page.send("Emulation.setDeviceMetricsOverride", { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });
  await page.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: scheme }] });
  await page.send("Page.navigate", { url });
  await until("the page to load", () => page.evaluate("document.readyState === 'complete' && location.href !== 'about:blank'"));
  if (options.ready) { await until("the page to be ready", () => page.evaluate(options.ready)); }
  const dark = await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches");
  let report;
  if (check === "alignment") {
    report = await page.evaluate(alignment);
  } else if (check === "phones") {
    report = await page.evaluate(phones);
  } else if (check === "axe") {
    await page.evaluate(fs.readFileSync(options.axe, "utf8") + "\n;true");
    report = await page.evaluate(pictures);
    report.violations = await page.evaluate(`(async () => {
      const shape = (result) => result.violations.map((violation) => ({
        id: violation.id, impact: violation.impact, help: violation.help, count: violation.nodes.length,
        nodes: violation.nodes.slice(0, 50).map((node) => ({ target: node.target.join(" "), summary: node.failureSummary })),
      }));
      // Every rule on the whole page, and contrast on all of it but the phones drawn in a feed's own
      // colors: inside the others is the web client's drawing in its own colors, held to WCAG AA as the
      // page's text is. A feed's colors are the author's choice (validate warns of a low contrast), and
      // text that is part of a picture has no contrast requirement (WCAG 1.4.3, "incidental").
      const all = await axe.run(document, { resultTypes: ["violations"], rules: { "color-contrast": { enabled: false } } });
      const contrast = await axe.run({ include: [document], exclude: [['.phone[data-colors="feed"]']] },
        { resultTypes: ["violations"], runOnly: { type: "rule", values: ["color-contrast"] } });
      return shape(all).concat(shape(contrast));
    })()`);
    report.version = await page.evaluate("axe.version");
  } else {
    throw new Error("no check named " + check);
  }
  console.log(JSON.stringify({ dark, ...report }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error.stack || error) }));
  process.exitCode = 1;
} finally {
  page.close();
}
