// The web client in headless Chromium: a page on one origin (its CSP forbids inline scripts and inline
// styles, its CSS is hostile) shows messages from a feed on another origin served with CORS. Each layout,
// focus and Escape, walls, banners, translations and right to left, hostile text, a 500 and broken JSON
// falling back to the last good copy, two tabs, and a signed feed and a tampered one. Skipped only where
// this machine has no Chromium.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { browserSites, findChromium, until } from "../testing/chromium.js";

const chromium = findChromium();
/** axe-core: $AXE_CORE, else the copy Python's axe-selenium-python ships. */
const axePath = [process.env.AXE_CORE, axeOfPython()].find((file) => file && fs.existsSync(file));

// CI has both (it installs Chromium and Python's axe-selenium-python): there, a missing one fails the run
// instead of skipping the tests that need it.
if (process.env.CI && (!chromium || !axePath)) {
  throw new Error(`CI needs ${!chromium ? "Chromium" : "axe-core (pip's axe-selenium-python, or AXE_CORE)"} for the web client's browser tests`);
}

function axeOfPython() {
  const found = spawnSync("python3", ["-c", "import axe_selenium_python, os; print(os.path.dirname(axe_selenium_python.__file__))"], { encoding: "utf8" });
  return found.status === 0 ? path.join(found.stdout.trim(), "node_modules", "axe-core", "axe.min.js") : undefined;
}

/** @type {Map<string, {status?: number, body: string}>} */
const feeds = new Map();
/** @type {Array<{path: string, ifNoneMatch?: string, status: number}>} */
const requests = [];
let apps = 0;
/** The bundle the page origin serves at /dist/appalert-web.js. @type {{value: string | undefined}} */
const bundleText = { value: undefined };
/** Files of the bundle the page origin answers 404 to, as a host missing them would. @type {Set<string>} */
const missingFiles = new Set();
// The page's file as the test built it; the files it imports, built when the page asks for them.
const sites = browserSites(chromium, feeds, requests, (name) => missingFiles.has(name) ? null
  : name === "appalert-web.js" ? bundleText.value : bundleText.value === undefined ? undefined : buildBundle(name));
const browser = sites.browser;

const options = { skip: chromium ? false : "no Chromium on this machine" };

/**
 * A feed of its own for a test, and an app of its own (its storage starts empty).
 * @param {object[]} messages
 */
function setUp(messages) {
  apps += 1;
  const app = `com.example.browser${apps}`;
  const path = `/feed-${apps}.json`;
  feeds.set(path, { body: JSON.stringify({ format: 2, messages: messages.map((m) => ({ bundleId: app, ...m })) }) });
  /** @param {string[]} [languages] @param {Record<string, string>} [more] */
  const url = (languages = ["en-US"], more = {}) => {
    const query = new URLSearchParams({ feed: sites.feedOrigin + path, app, ...more });
    for (const language of languages) query.append("lang", language);
    return `${sites.pageOrigin}/?${query}`;
  };
  return { app, path, url, open: (/** @type {string[] | undefined} */ languages) => browser.tab(url(languages)) };
}

/** @param {import("../testing/chromium.js").Tab} tab */
const check = (tab) => tab.evaluate("appalert.service.showAlertIfNecessary().then(() => true)");

/** What the page shows of the message: its host, dialog, texts, focus and styles. @param {import("../testing/chromium.js").Tab} tab */
function drawn(tab) {
  return tab.evaluate(`(() => {
    const host = document.querySelector("appalert-message");
    if (!host) return null;
    const root = host.shadowRoot;
    const box = root.querySelector("[role]");
    const labelledBy = box.getAttribute("aria-labelledby");
    const title = root.querySelector("h2, strong");
    const style = getComputedStyle(title);
    const active = appalert.deepActive();
    return {
      id: host.getAttribute("data-appalert-message"), role: box.getAttribute("role"),
      modal: box.getAttribute("aria-modal"), label: labelledBy ? root.getElementById(labelledBy)?.textContent : null,
      dir: root.querySelector(".root").dir, lang: root.querySelector(".root").lang,
      title: title.textContent, titleColor: style.color, titleSize: style.fontSize,
      focusInside: root.contains(active), focused: active?.id || active?.getAttribute("aria-label") || active?.textContent,
      controls: [...root.querySelectorAll("button, a")].map((c) => c.getAttribute("aria-label") ?? c.textContent),
      images: [...root.querySelectorAll("img")].map((i) => ({ alt: i.alt, loaded: i.complete && i.naturalWidth > 0 })),
      elements: [...root.querySelectorAll("*")].map((e) => e.localName),
      paused: host.hasAttribute("data-appalert-paused"),
      violations: appalert.violations,
    };
  })()`);
}

/** @param {import("../testing/chromium.js").Tab} tab @param {string} type */
const eventsOf = (tab, type) => tab.evaluate(`appalert.events.filter((e) => e.type === ${JSON.stringify(type)}).map((e) => e.detail)`);

/** @param {import("../testing/chromium.js").Tab} tab @param {string} [selector] */
async function axeViolations(tab, selector = "appalert-message") {
  await tab.evaluate(fs.readFileSync(/** @type {string} */ (axePath), "utf8") + "; true");
  // Colors are judged once the message has finished coming in.
  await tab.evaluate(`Promise.all(document.querySelector(${JSON.stringify(selector)}).shadowRoot.getAnimations().map((a) => a.finished)).then(() => true)`);
  return tab.evaluate(`axe.run({ include: [[${JSON.stringify(selector)}]] }).then((r) => r.violations.map((v) => v.id + ": " + v.help + " " + v.nodes.map((n) => n.target.join(" ") + " " + n.failureSummary).join("; ")))`);
}

const image = () => ({ url: `${sites.feedOrigin}/image.png`, alt: "A grey square" });

/** A message of each layout, with what it can carry. */
function everyLayout() {
  return [
    { layout: "alert", link: { title: "Read more", url: "https://example.com/more" } },
    { layout: "modal", image: image(), buttons: [{ title: "Try it", action: { event: "try" } }, { title: "Not now", action: "dismiss" }] },
    { layout: "sheet", image: image(), features: [{ title: "Faster", text: "Twice as fast" }, { title: "Offline" }] },
    { layout: "image", image: image(), action: { url: "https://example.com/sale" } },
  ];
}

test("each dialog layout is a labelled modal dialog with focus inside, untouched by the page's CSS and CSP", options, async () => {
  const layouts = everyLayout();
  const { open } = setUp(layouts.map((keys, index) => ({ id: index + 1, title: `The ${keys.layout} title`, text: "Some words.", priority: -index, ...keys })));
  const tab = await open();
  for (const [index, keys] of layouts.entries()) {
    await check(tab);
    const seen = await until(`the ${keys.layout}`, () => drawn(tab));
    assert.equal(seen.id, String(index + 1));
    assert.equal(seen.role, keys.layout === "alert" ? "alertdialog" : "dialog", keys.layout);
    assert.equal(seen.modal, "true");
    assert.equal(seen.label, `The ${keys.layout} title`);
    assert.equal(seen.focusInside, true, `focus moved into the ${keys.layout}`);
    assert.notEqual(seen.titleColor, "rgb(255, 0, 0)", "the page's CSS does not reach the message");
    assert.notEqual(seen.titleSize, "40px");
    assert.deepEqual(seen.violations, [], "nothing the CSP forbids");
    if (keys.image) {
      await until("the image", async () => (await drawn(tab))?.images[0]?.loaded);
      assert.equal(seen.images[0].alt, "A grey square");
    }
    if (keys.layout !== "alert") assert.ok(seen.controls.includes("Close"), "a close control, labelled");
    await tab.evaluate("appalert.service.dismiss().then(() => true)");
    await tab.wait("the message to go", `!document.querySelector("appalert-message")`);
  }
  await tab.close();
});

test("axe-core finds no violation in any layout, light or dark", { skip: !chromium ? "no Chromium on this machine"
  : !axePath ? "axe-core is not on this machine (pip's axe-selenium-python ships it; or set AXE_CORE to its axe.min.js)" : false }, async () => {
  const layouts = [...everyLayout(), { layout: "banner", image: image(), action: { event: "open" } }];
  const { open } = setUp(layouts.map((keys, index) => ({ id: index + 1, title: `The ${keys.layout} title`, text: "Some words.", priority: -index, ...keys })));
  const tab = await open();
  for (const scheme of ["light", "dark"]) {
    await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: scheme }] });
    await tab.evaluate("localStorage.clear(); true");
    for (const keys of layouts) {
      await check(tab);
      await until(`the ${keys.layout}`, () => drawn(tab));
      assert.deepEqual(await axeViolations(tab), [], `axe-core on the ${keys.layout}, ${scheme}`);
      await tab.evaluate("appalert.service.dismiss().then(() => true)");
      await tab.wait("the message to go", `!document.querySelector("appalert-message")`);
    }
  }
  await tab.close();
});

test("Tab stays inside a dialog, Escape closes it, and focus returns where it was", options, async () => {
  const { open } = setUp([{ id: 1, title: "Keys", text: "Use the keyboard.", layout: "modal",
    buttons: [{ title: "First", action: { event: "first" } }, { title: "Second", action: "dismiss" }] }]);
  const tab = await open();
  await tab.evaluate(`document.getElementById("before").focus(); true`);
  await check(tab);
  await until("the modal", () => drawn(tab));
  /** @type {string[]} */
  const visited = [];
  for (let press = 0; press < 4; press += 1) {
    await tab.press("Tab");
    const seen = await drawn(tab);
    assert.equal(seen.focusInside, true, `focus stays inside after Tab ${press + 1}`);
    visited.push(seen.focused);
  }
  assert.deepEqual(visited, ["Second", "Close", "First", "Second"]);
  await tab.press("Tab", { shift: true });
  assert.equal((await drawn(tab)).focused, "First");
  await tab.press("Escape");
  await tab.wait("the dismissal", `appalert.events.some((e) => e.type === "dismissed")`);
  assert.equal(await drawn(tab), null);
  assert.equal(await tab.evaluate("appalert.deepActive().id"), "before");
  await tab.close();
});

test("a wall cannot be closed: no close control, Escape does nothing, and it stays after its link", options, async () => {
  const { open } = setUp([{ id: 1, title: "Update required", text: "This version no longer works.", layout: "modal",
    dismissible: false, maxViews: 10, buttons: [{ title: "Update", action: { url: "https://example.com/update" } }] }]);
  const tab = await open();
  await check(tab);
  const seen = await until("the wall", () => drawn(tab));
  assert.deepEqual(seen.controls, ["Update"]);
  await tab.press("Escape");
  await tab.evaluate(`appalert.service.dismiss().then(() => true)`);
  assert.ok(await drawn(tab), "still on screen");
  await tab.evaluate(`document.querySelector("appalert-message").shadowRoot.querySelector("a").click(); true`);
  await tab.wait("the link event", `appalert.events.some((e) => e.type === "link")`);
  assert.deepEqual(await eventsOf(tab, "link"), [{ id: 1, url: "https://example.com/update", variant: null }]);
  assert.ok(await drawn(tab), "still on screen after its link");
  assert.deepEqual(await eventsOf(tab, "dismissed"), []);
  await tab.close();
});

test("a banner is a status region that leaves the page's focus alone, waits while hovered, and leaves by itself", options, async () => {
  const { open } = setUp([
    { id: 2, title: "Saved", text: "Your changes are saved.", layout: "banner", bannerSeconds: 60 },
    { id: 1, title: "Synced", text: "Your changes are on every device.", layout: "banner", bannerSeconds: 2 },
  ]);
  const tab = await open();
  await tab.evaluate(`document.getElementById("before").focus(); true`);
  await check(tab);
  const seen = await until("the banner", () => drawn(tab));
  assert.equal(seen.role, "status");
  assert.equal(seen.modal, null);
  assert.equal(seen.focusInside, false);
  assert.equal(await tab.evaluate("appalert.deepActive().id"), "before");
  const box = await tab.evaluate(`(() => { const r = document.querySelector("appalert-message").shadowRoot
    .querySelector(".panel").getBoundingClientRect(); return { x: r.x + 20, y: r.y + 10 }; })()`);
  await tab.mouse(box.x, box.y);
  await until("the pause", async () => (await drawn(tab))?.paused);
  await tab.mouse(1, 790);
  await until("the countdown again", async () => (await drawn(tab))?.paused === false);
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  // The next banner is timed at 2 seconds: it leaves by itself.
  await check(tab);
  assert.equal((await until("the second banner", () => drawn(tab))).id, "1");
  await tab.wait("the banner to leave by itself", `appalert.events.filter((e) => e.type === "dismissed").length === 2`);
  assert.equal(await drawn(tab), null);
  await tab.close();
});

test("a message comes in without motion for those who ask for less", options, async () => {
  const { open } = setUp([{ id: 1, title: "Still", text: "No motion.", layout: "sheet" }]);
  const tab = await open();
  const animations = "document.querySelector('appalert-message').shadowRoot.getAnimations().length";
  await check(tab);
  await until("the sheet", () => drawn(tab));
  assert.ok((await tab.evaluate(animations)) > 0, "it slides in by default");
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-reduced-motion", value: "reduce" }] });
  await tab.evaluate("localStorage.clear(); true");
  await check(tab);
  await until("the sheet again", () => drawn(tab));
  assert.equal(await tab.evaluate(animations), 0);
  await tab.close();
});

test("the feed's colors are used, and their dark fallback under a dark color scheme", options, async () => {
  const colors = { background: "#FFF4E0", text: "#3A2000", accent: "#8A3B00", dark: { background: "#2A1A00" } };
  const { open } = setUp([{ id: 1, title: "Colors", text: "Warm.", layout: "modal", colors }]);
  const tab = await open();
  const panel = `(() => { const s = getComputedStyle(document.querySelector("appalert-message").shadowRoot.querySelector(".panel"));
    return [s.backgroundColor, s.color]; })()`;
  await check(tab);
  await until("the message", () => drawn(tab));
  assert.deepEqual(await tab.evaluate(panel), ["rgb(255, 244, 224)", "rgb(58, 32, 0)"]);
  await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: "dark" }] });
  assert.deepEqual(await tab.evaluate(panel), ["rgb(42, 26, 0)", "rgb(58, 32, 0)"], "dark background; the text falls back to the light one");
  await tab.close();
});

test("the first button is labelled in white on the accent, the others in the text's color; axe finds no contrast violation in dark with a tinted button", {
  skip: !chromium ? "no Chromium on this machine" : !axePath ? "axe-core is not on this machine" : false }, async () => {
  // The feed-format's own example: white on the dark accent #2F6FDB is 4.75:1; #1C1C1E on it was 3.58:1.
  const colors = { background: "#FFFFFF", text: "#1C1C1E", accent: "#0A66C2", dark: { background: "#1C1C1E", text: "#F2F2F7", accent: "#2F6FDB" } };
  const buttons = [{ title: "Try it", action: { event: "try" } }, { title: "Not now", action: "dismiss" }];
  const { open } = setUp([
    { id: 2, title: "Tinted", text: "The feed's colors.", layout: "modal", colors, buttons, priority: 1 },
    { id: 1, title: "Plain", text: "The built-in colors.", layout: "sheet", buttons },
  ]);
  const tab = await open();
  const labels = `[...document.querySelector("appalert-message").shadowRoot.querySelectorAll(".buttons > *")]
    .map((b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor])`;
  await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: "dark" }] });
  await check(tab);
  await until("the tinted message", () => drawn(tab));
  assert.deepEqual(await tab.evaluate(labels), [["rgb(255, 255, 255)", "rgb(47, 111, 219)"], ["rgb(242, 242, 247)", "rgba(0, 0, 0, 0)"]]);
  assert.deepEqual(await axeViolations(tab), [], "axe-core on the tinted modal, dark");
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  await tab.wait("the message to go", `!document.querySelector("appalert-message")`);
  await check(tab);
  await until("the plain message", async () => (await drawn(tab))?.id === "1");
  for (const scheme of ["dark", "light"]) {
    await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: scheme }] });
    assert.equal((await tab.evaluate(labels))[0][0], "rgb(255, 255, 255)", `white on the built-in accent, ${scheme}`);
    assert.deepEqual(await axeViolations(tab), [], `axe-core on the built-in colors, ${scheme}`);
  }
  await tab.close();
});

test("on a short viewport a dialog opens at its top, its close control in view, with focus on its first button", options, async (t) => {
  const features = Array.from({ length: 6 }, (_, index) => ({ title: `Feature ${index + 1}`, text: "What it does, in a line or two of words." }));
  const buttons = [{ title: "Try it", action: { event: "try" } }, { title: "Not now", action: "dismiss" }];
  for (const [width, height] of [[740, 375], [1000, 557]]) {
    for (const layout of ["sheet", "modal"]) {
      await t.test(`${layout}, ${width}x${height}`, async () => {
        const { open } = setUp([{ id: 1, title: "A long message", text: "Some words.\n".repeat(24), layout, image: image(), features, buttons }]);
        const tab = await open();
        await tab.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
        await check(tab);
        await until("the message", () => drawn(tab));
        await until("the image", async () => (await drawn(tab))?.images[0]?.loaded);
        const seen = await tab.evaluate(`(() => {
          const root = document.querySelector("appalert-message").shadowRoot;
          const panel = root.querySelector(".panel");
          const close = root.querySelector(".close").getBoundingClientRect();
          const box = panel.getBoundingClientRect();
          return { scrolls: panel.scrollHeight > panel.clientHeight, scrollTop: panel.scrollTop,
            closeInView: close.top >= box.top && close.bottom <= box.bottom && close.top >= 0,
            focused: root.activeElement?.textContent };
        })()`);
        assert.deepEqual(seen, { scrolls: true, scrollTop: 0, closeInView: true, focused: "Try it" });
        await tab.close();
      });
    }
  }
});

test("drawing a message shifts nothing on the page", options, async () => {
  const { open } = setUp([
    { id: 1, title: "Banner", text: "On top.", layout: "banner", action: { event: "open" } },
    { id: 2, title: "Sheet", text: "At the bottom.", layout: "sheet", priority: -1 },
  ]);
  const tab = await open();
  assert.equal(await tab.evaluate(`PerformanceObserver.supportedEntryTypes.includes("layout-shift")`), true);
  await tab.evaluate(`window.shifts = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) shifts.push(e.value); })
    .observe({ type: "layout-shift", buffered: true }); true`);
  for (const name of ["banner", "sheet"]) {
    await check(tab);
    await until(`the ${name}`, () => drawn(tab));
    await tab.evaluate(`Promise.all(document.querySelector("appalert-message").shadowRoot.getAnimations().map((a) => a.finished)).then(() => true)`);
    await tab.evaluate("appalert.service.dismiss().then(() => true)");
  }
  // A layout shift is reported in the frame after it: two frames later every one is in.
  await tab.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))");
  assert.deepEqual(await tab.evaluate("shifts"), []);
  await tab.close();
});

test("the dark image is drawn under a dark color scheme", options, async () => {
  const { open } = setUp([{ id: 1, title: "Pictures", text: "Light and dark.", layout: "modal",
    image: { url: `${sites.feedOrigin}/image.png`, darkUrl: `${sites.feedOrigin}/dark.png`, alt: "A square" } }]);
  const tab = await open();
  const size = `(() => { const i = document.querySelector("appalert-message").shadowRoot.querySelector("img");
    return i.complete && i.naturalWidth > 0 ? i.naturalWidth + "x" + i.naturalHeight : null; })()`;
  await check(tab);
  assert.equal(await tab.wait("the light image", size), "40x20");
  await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: "dark" }] });
  await tab.wait("the dark image", `${size} === "20x20"`);
  await tab.close();
});

test("a message whose image is too large or not an image is not shown, and a problem says why", options, async () => {
  for (const [file, words] of [["huge.png", /is 5000×1 pixels; the limit is 4096 on a side/], ["broken.png", /cannot be loaded \(or the page.s Content-Security-Policy does not allow it: img-src\) or is not an image/]]) {
    const { open } = setUp([{ id: 1, title: "Picture", text: "Words.", layout: "modal", image: { url: `${sites.feedOrigin}/${file}` } }]);
    const tab = await open();
    await check(tab);
    assert.equal(await drawn(tab), null);
    const problems = await eventsOf(tab, "problem");
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /^message 1 is not shown: its image /);
    assert.match(problems[0].message, words);
    await tab.close();
  }
});

test("a translation is chosen for the page's languages, and a right-to-left one is laid out right to left", options, async () => {
  const message = { id: 1, title: "Welcome", text: "Hello.", layout: "modal",
    localizations: { ar: { title: "أهلا وسهلا", text: "مرحبا." }, fr: { title: "Bienvenue", text: "Bonjour." } } };
  const { url } = setUp([message]);
  for (const [languages, title, dir, lang, close] of [[["ar-EG"], "أهلا وسهلا", "rtl", "ar", "إغلاق"],
    [["fr-CA", "en"], "Bienvenue", "ltr", "fr", "Fermer"], [["de"], "Welcome", "ltr", "", "Schließen"]]) {
    const tab = await browser.tab(url(/** @type {string[]} */ (languages)));
    await tab.evaluate("localStorage.clear(); true");
    await check(tab);
    const seen = await until("the message", () => drawn(tab));
    assert.deepEqual([seen.title, seen.dir, seen.lang], [title, dir, lang]);
    assert.ok(seen.controls.includes(close), `the close control is labelled in the page's language: ${seen.controls}`);
    await tab.close();
  }
});

test("hostile feed text stays text: no element, no script, no style from it", options, async () => {
  const title = `<img src=x onerror="window.pwned=1"><style>*{display:none}</style>`;
  const text = `</p><script>window.pwned=2</script><a href="javascript:window.pwned=3">x</a>`;
  const { open } = setUp([{ id: 1, title, text, layout: "modal", buttons: [{ title: "<b>OK</b>", action: "dismiss" }] }]);
  const tab = await open();
  await check(tab);
  const seen = await until("the message", () => drawn(tab));
  assert.equal(seen.title, title);
  assert.ok(!seen.elements.some((/** @type {string} */ name) => ["img", "script", "style", "b"].includes(name)), seen.elements.join(" "));
  assert.ok(seen.controls.includes("<b>OK</b>"));
  assert.equal(await tab.evaluate("window.pwned === undefined"), true);
  await tab.close();
});

test("the feed is revalidated with its ETag through the browser's cache: a 304 costs no body and still decides", options, async () => {
  const { open, path } = setUp([{ id: 1, title: "Cached", text: "From the browser's cache.", maxViews: 10 }]);
  const tab = await open();
  await check(tab);
  await until("the message", () => drawn(tab));
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  await check(tab);
  await until("the message again", () => drawn(tab));
  const answered = requests.filter((r) => r.path === path);
  assert.equal(answered.length, 2);
  assert.deepEqual([answered[0].status, answered[0].ifNoneMatch], [200, undefined]);
  assert.equal(answered[1].status, 304);
  assert.match(answered[1].ifNoneMatch ?? "", /^"/);
  assert.deepEqual(await eventsOf(tab, "problem"), []);
  await tab.close();
});

test("a 500 and then broken JSON fall back to the last good copy, with a problem event each time", options, async () => {
  const { open, path } = setUp([{ id: 1, title: "Kept", text: "From the last good copy.", maxViews: 10 }]);
  const good = /** @type {{body: string}} */ (feeds.get(path));
  let tab = await open();
  await check(tab);
  await until("the message", () => drawn(tab));
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  await tab.close();
  for (const [answer, words] of [[{ status: 500, body: "Internal Server Error" }, /HTTP 500/], [{ body: '{"format": 2, "messages": [{' }, /cannot be used/]]) {
    feeds.set(path, /** @type {{status?: number, body: string}} */ (answer));
    tab = await open();
    await check(tab);
    const seen = await until("the message from the kept copy", () => drawn(tab));
    assert.equal(seen.title, "Kept");
    const problems = await eventsOf(tab, "problem");
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, words);
    assert.match(problems[0].message, /the copy fetched at .* is used/);
    await tab.evaluate("appalert.service.dismiss().then(() => true)");
    await tab.close();
  }
  feeds.set(path, good);
});

test("two tabs never show the same once-only message, and a dismissal in one is seen by the other", options, async () => {
  const { open } = setUp([{ id: 1, title: "Once", text: "Only once." }]);
  const first = await open();
  const second = await open();
  await Promise.all([check(first), check(second)]);
  const shown = [await drawn(first), await drawn(second)].filter(Boolean);
  assert.equal(shown.length, 1, "one tab shows it");
  const [showing, other] = (await drawn(first)) ? [first, second] : [second, first];
  await showing.evaluate("appalert.service.dismiss().then(() => true)");
  await check(other);
  assert.equal(await drawn(other), null, "the other tab read the record");
  await first.close();
  await second.close();
});

test("a tab that closes with a message on screen gives it back: another tab shows it", options, async () => {
  const { open } = setUp([{ id: 1, title: "Once", text: "Only once." }]);
  const first = await open();
  assert.equal(await first.evaluate("appalert.locks"), true, "the page has Web Locks");
  await check(first);
  await until("the message", () => drawn(first));
  const second = await open();
  await check(second);
  assert.equal(await drawn(second), null, "not while the first tab shows it");
  await first.close();
  await until("the message in the second tab", async () => {
    await check(second);
    return drawn(second);
  });
  await second.close();
});

test("without Web Locks, a dismissal in one tab takes the same message down in the other", options, async () => {
  const { url } = setUp([{ id: 1, title: "Once", text: "Only once." }]);
  const first = await browser.tab(url(["en"], { nolocks: "1" }));
  const second = await browser.tab(url(["en"], { nolocks: "1" }));
  assert.equal(await first.evaluate("appalert.locks"), false);
  await Promise.all([check(first), check(second)]);
  await until("the message in both tabs", async () => (await drawn(first)) && (await drawn(second)));
  await first.evaluate("appalert.service.dismiss().then(() => true)");
  await second.wait("the message to go", `!document.querySelector("appalert-message")`);
  assert.deepEqual(await eventsOf(second, "dismissed"), [{ id: 1, variant: null, elsewhere: true }]);
  await first.close();
  await second.close();
});

test("Escape closes a banner that has focus, and leaves the page's keys alone otherwise", options, async () => {
  const { open } = setUp([{ id: 1, title: "Saved", text: "Your changes are saved.", layout: "banner", bannerSeconds: 60 }]);
  const tab = await open();
  await check(tab);
  await until("the banner", () => drawn(tab));
  await tab.press("Escape");
  assert.ok(await drawn(tab), "Escape elsewhere on the page is the page's");
  await tab.evaluate(`document.querySelector("appalert-message").shadowRoot.querySelector(".tap").focus(); true`);
  await tab.press("Escape");
  await tab.wait("the dismissal", `appalert.events.some((e) => e.type === "dismissed")`);
  assert.equal(await drawn(tab), null);
  assert.deepEqual(await eventsOf(tab, "dismissed"), [{ id: 1, variant: null }]);
  await tab.close();
});

/** A file of the bundle as Web/bundle builds it (`Web/bundle --print [FILE]`), made afresh for this run. */
function buildBundle(file = "appalert-web.js") {
  const made = spawnSync("bash", [fileURLToPath(new URL("../bundle", import.meta.url)), "--print", file],
    { encoding: "utf8", maxBuffer: 1 << 24 });
  return made.status === 0 ? made.stdout : undefined;
}

test("the bundle draws and records as the sources do", {
  skip: !chromium ? "no Chromium on this machine" : spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, async () => {
  const built = buildBundle();
  assert.ok(built, "esbuild built the bundle");
  bundleText.value = built;
  const { url } = setUp([{ id: 1, title: "From the bundle", text: "One file.", layout: "sheet", features: [{ title: "Small" }] }]);
  const tab = await browser.tab(url(["en"], { bundle: "1" }));
  await check(tab);
  const seen = await until("the sheet", () => drawn(tab));
  assert.deepEqual([seen.role, seen.label, seen.focusInside, seen.violations], ["dialog", "From the bundle", true, []]);
  await tab.press("Escape");
  await tab.wait("the dismissal", `appalert.events.some((e) => e.type === "dismissed")`);
  await check(tab);
  assert.equal(await drawn(tab), null, "recorded: a once-only message is not shown again");
  await tab.close();
});

test("the bundle checks a message's rich keys with the drawing's file when it comes up: one with an error is left out, said, and the next drawn", {
  skip: !chromium ? "no Chromium on this machine" : spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, async () => {
  bundleText.value = buildBundle();
  const { url } = setUp([
    { id: 1, title: "Checked", text: "Its features are read by appalert-web-draw.js.", layout: "sheet", features: [{ title: "Small" }] },
    { id: 2, priority: 5, title: "Broken", text: "Its features are not a list.", layout: "sheet", features: "many" },
  ]);
  const tab = await browser.tab(url(["en"], { bundle: "1" }));
  await check(tab);
  const seen = await until("the sheet", () => drawn(tab));
  assert.equal(seen.label, "Checked");
  // Said once its words are loaded (appalert-web-words.js), while the page goes on.
  const problems = await until("the problem", () => tab.evaluate(
    `(() => { const all = appalert.events.filter((e) => e.type === "problem").map((e) => e.detail.message); return all.length ? all : null; })()`));
  assert.equal(problems.length, 1, problems.join("\n"));
  assert.match(problems[0], /: 1 message left out; \$\.messages\[1\]\.features: /);
  await tab.close();
});

test("a message whose drawing cannot be loaded is not shown, not recorded, and a problem says why", {
  skip: !chromium ? "no Chromium on this machine" : spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
}, async () => {
  bundleText.value = buildBundle();
  missingFiles.add("appalert-web-draw.js");
  try {
    const { url } = setUp([{ id: 1, title: "Not drawn", text: "Its drawing is missing.", layout: "sheet" }]);
    const tab = await browser.tab(url(["en"], { bundle: "1" }));
    await check(tab);
    const problems = await tab.evaluate(`appalert.events.filter((e) => e.type === "problem").map((e) => e.detail.message)`);
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0], /^message 1 is not shown: the drawing code cannot be loaded \(/);
    assert.equal(await drawn(tab), null);
    assert.deepEqual(await tab.evaluate(`appalert.events.filter((e) => e.type === "shown")`), []);
    await tab.close();
  } finally {
    missingFiles.clear();
  }
});

/** The files of the bundle the page loaded, in the order it asked for them. @param {import("../testing/chromium.js").Tab} tab */
const bundleFiles = (tab) => tab.evaluate(`performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.startsWith("/dist/"))`);

const bundled = {
  skip: !chromium ? "no Chromium on this machine" : spawnSync("esbuild", ["--version"]).status !== 0 ? "no esbuild on this machine" : false,
};

test("a page of the bundle that shows nothing and has no problem loads no file but appalert-web.js", bundled, async () => {
  bundleText.value = buildBundle();
  const { url } = setUp([{ id: 1, title: "Elsewhere", text: "For phones.", platforms: ["ios"] }]);
  const tab = await browser.tab(url(["en"], { bundle: "1" }));
  await check(tab);
  assert.deepEqual(await eventsOf(tab, "problem"), []);
  assert.equal(await drawn(tab), null);
  assert.deepEqual(await bundleFiles(tab), ["/dist/appalert-web.js"]);
  await tab.close();
});

test("the bundle loads the diagnostics' words only for a message left out, and says why in them", bundled, async () => {
  bundleText.value = buildBundle();
  const { url } = setUp([{ id: 1, title: "No text", platforms: ["ios"] }, { id: 2, title: "Elsewhere", text: "For phones.", platforms: ["ios"] }]);
  const tab = await browser.tab(url(["en"], { bundle: "1" }));
  await check(tab);
  const problems = (await eventsOf(tab, "problem")).map((/** @type {{message: string}} */ d) => d.message);
  assert.equal(problems.length, 1, problems.join("\n"));
  assert.match(problems[0], /: 1 message left out; \$\.messages\[0\]\.text: "text" is missing; the message is left out$/);
  assert.deepEqual(await bundleFiles(tab), ["/dist/appalert-web.js", "/dist/appalert-web-words.js"]);
  await tab.close();
});

test("when the diagnostics' words cannot be loaded, the problem gives the diagnostic's code and the feed is used", bundled, async () => {
  bundleText.value = buildBundle();
  missingFiles.add("appalert-web-words.js");
  try {
    const { url } = setUp([{ id: 1, title: "No text" }, { id: 2, title: "Shown", text: "The other message.", layout: "sheet" }]);
    const tab = await browser.tab(url(["en"], { bundle: "1" }));
    await check(tab);
    const problems = (await eventsOf(tab, "problem")).map((/** @type {{message: string}} */ d) => d.message);
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0], /: 1 message left out; \$\.messages\[0\]\.text: missingKey \(its words cannot be loaded: /);
    assert.equal((await until("the other message", () => drawn(tab))).title, "Shown");
    await tab.close();
  } finally {
    missingFiles.clear();
  }
});

test("a slot draws its message in place, apart from the launch message, and answers it", options, async () => {
  const { url } = setUp([
    { id: 1, title: "In the home slot", text: "Drawn in the page's flow.", layout: "modal", placement: "home",
      buttons: [{ title: "Open", action: { event: "open-home" } }, { title: "Hide", action: "dismiss" }] },
    { id: 2, title: "At launch", text: "A dialog.", layout: "alert" },
  ]);
  const tab = await browser.tab(url(["en"], { slot: "home" }));
  const slot = `(() => { const s = document.querySelector("appalert-slot");
    const panel = s.shadowRoot?.querySelector(".panel");
    return { id: s.getAttribute("data-appalert-message"), height: s.getBoundingClientRect().height,
      role: panel?.getAttribute("role") ?? null, modal: panel?.getAttribute("aria-modal") ?? null,
      label: panel ? s.shadowRoot.getElementById(panel.getAttribute("aria-labelledby"))?.textContent : null,
      controls: [...(s.shadowRoot?.querySelectorAll("button, a") ?? [])].map((c) => c.getAttribute("aria-label") ?? c.textContent) }; })()`;
  const inSlot = await until("the slot's message", async () => {
    const seen = await tab.evaluate(slot);
    return seen.id ? seen : null;
  });
  assert.deepEqual([inSlot.id, inSlot.role, inSlot.modal, inSlot.label], ["1", "region", null, "In the home slot"]);
  assert.deepEqual(inSlot.controls, ["Open", "Hide"], "its own dismiss button: no close control besides");
  assert.ok(inSlot.height > 0);
  assert.deepEqual(await eventsOf(tab, "shown"), [{ id: 1, variant: null, slot: "home" }]);
  if (axePath) assert.deepEqual(await axeViolations(tab, "appalert-slot"), [], "axe-core on the slot");
  await check(tab);
  assert.equal((await until("the launch message", () => drawn(tab))).id, "2");
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  await tab.evaluate(`document.querySelector("appalert-slot").shadowRoot.querySelectorAll("button")[1].click(); true`);
  await tab.wait("the slot's dismissal", `appalert.events.some((e) => e.type === "dismissed" && e.detail.slot === "home")`);
  assert.deepEqual(await tab.evaluate(slot), { id: null, height: 0, role: null, modal: null, label: null, controls: [] });
  await check(tab);
  assert.equal((await tab.evaluate(slot)).id, null, "answered: the slot stays empty after the next check");
  await tab.close();
});

test("an inbox item opens as a modal card that Escape closes, and the page hears opened and dismissed", options, async () => {
  const { open } = setUp([{ id: 1, title: "In the inbox", text: "Read me when you like.", placement: "inbox", layout: "banner" }]);
  const tab = await open();
  await tab.evaluate(`document.getElementById("before").focus(); true`);
  assert.equal(await tab.evaluate("appalert.service.inbox.refresh().then((items) => items.length)"), 1);
  await tab.evaluate("appalert.service.inbox.open(1).then(() => true)");
  const seen = await until("the card", () => drawn(tab));
  assert.deepEqual([seen.role, seen.modal, seen.label, seen.focusInside], ["dialog", "true", "In the inbox", true]);
  assert.deepEqual(seen.controls, ["OK", "Close"]);
  await tab.press("Escape");
  await tab.wait("the card to go", `!document.querySelector("appalert-message")`);
  assert.equal(await tab.evaluate("appalert.deepActive().id"), "before");
  assert.equal(await tab.evaluate("appalert.service.inbox.unreadCount"), 0);
  assert.deepEqual(await eventsOf(tab, "opened"), [{ id: 1, variant: null, inbox: true }]);
  assert.deepEqual(await eventsOf(tab, "dismissed"), [{ id: 1, variant: null, inbox: true }], "Escape is a dismissal");
  await tab.close();
});

test("the bundle loads the inbox's file only when the page uses the inbox, then opens its card", bundled, async () => {
  bundleText.value = buildBundle();
  const { url } = setUp([
    { id: 1, title: "In the inbox", text: "Read me when you like.", placement: "inbox" },
    { id: 2, title: "At launch", text: "A dialog.", layout: "alert" },
  ]);
  const tab = await browser.tab(url(["en"], { bundle: "1", slot: "home" }));
  await check(tab);
  assert.equal((await until("the launch message", () => drawn(tab))).id, "2");
  assert.equal(await tab.evaluate("appalert.service.inbox.unreadCount"), 0, "the inbox's count, with nothing loaded");
  assert.deepEqual(await bundleFiles(tab), ["/dist/appalert-web.js", "/dist/appalert-web-draw.js"]);
  await tab.evaluate("appalert.service.dismiss().then(() => true)");
  assert.equal(await tab.evaluate("appalert.service.inbox.refresh().then((items) => items.length)"), 1);
  assert.equal(await tab.evaluate("appalert.service.inbox.unreadCount"), 1);
  await tab.evaluate("appalert.service.inbox.open(1).then(() => true)");
  assert.equal((await until("the card", () => drawn(tab))).label, "In the inbox");
  assert.deepEqual(await bundleFiles(tab), ["/dist/appalert-web.js", "/dist/appalert-web-draw.js", "/dist/appalert-web-inbox.js"]);
  assert.deepEqual(await eventsOf(tab, "problem"), []);
  await tab.close();
});

test("when the bundle cannot load the inbox's file, the inbox lists nothing and a problem says why", bundled, async () => {
  bundleText.value = buildBundle();
  missingFiles.add("appalert-web-inbox.js");
  try {
    const { url } = setUp([{ id: 1, title: "In the inbox", text: "Read me when you like.", placement: "inbox" }]);
    const tab = await browser.tab(url(["en"], { bundle: "1" }));
    assert.equal(await tab.evaluate("appalert.service.inbox.refresh().then((items) => items.length)"), 0);
    const problems = (await eventsOf(tab, "problem")).map((/** @type {{message: string}} */ d) => d.message);
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0], /^the inbox's code cannot be loaded \(/);
    await tab.close();
  } finally {
    missingFiles.clear();
  }
});

// Signed feeds: WebCrypto's Ed25519 checks the .sig `appalert sign` wrote (fixtures/trust).
const fixture = (/** @type {string} */ name) => fs.readFileSync(new URL(`fixtures/trust/${name}`, import.meta.url), "utf8");

test("a signed feed is shown; the same feed tampered with is refused and the last good copy is used", options, async () => {
  feeds.set("/signed.json", { body: fixture("messages.json") });
  feeds.set("/signed.json.sig", { body: fixture("messages.json.sig") });
  const query = new URLSearchParams({ feed: `${sites.feedOrigin}/signed.json`, app: "com.example.signed", key: fixture("appalert.pub").trim() });
  const url = `${sites.pageOrigin}/?${query}`;
  const tab = await browser.tab(url);
  const check = () => tab.evaluate("appalert.service.showAlertIfNecessary().then(() => true)");
  const title = () => tab.evaluate("document.querySelector('[data-appalert-message]')?.shadowRoot.querySelector('h2, [id$=title]')?.textContent ?? null");
  const problems = () => tab.evaluate("appalert.events.filter((e) => e.type === 'problem').map((e) => e.detail.message)");
  await check();
  await tab.wait("the signed message", "document.querySelector('[data-appalert-message=\"1\"]') !== null");
  assert.equal(await title(), "Signed, sequence 2");
  assert.deepEqual(await problems(), []);
  feeds.set("/signed.json", { body: fixture("messages.json").replace("Signed with the trusted key.", "Pay at evil.example.") });
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

/**
 * A tab of the bundle's page over the signed feed, its storage emptied first (the test above kept the feed).
 * @returns {Promise<import("../testing/chromium.js").Tab>}
 */
async function signedBundlePage() {
  bundleText.value = buildBundle();
  feeds.set("/signed.json", { body: fixture("messages.json") });
  feeds.set("/signed.json.sig", { body: fixture("messages.json.sig") });
  const query = new URLSearchParams({ feed: `${sites.feedOrigin}/signed.json`, app: "com.example.signed", key: fixture("appalert.pub").trim(), bundle: "1" });
  const tab = await browser.tab(`${sites.pageOrigin}/?${query}`);
  await tab.evaluate("localStorage.clear(), true");
  await tab.open(`${sites.pageOrigin}/?${query}`);
  return tab;
}

test("the bundle checks a signed feed with the file it imports for a page given public keys", bundled, async () => {
  const tab = await signedBundlePage();
  await check(tab);
  assert.equal((await until("the signed message", () => drawn(tab))).id, "1");
  assert.deepEqual(await eventsOf(tab, "problem"), []);
  assert.ok((await bundleFiles(tab)).includes("/dist/appalert-web-trust.js"));
  await tab.close();
});

test("when the bundle cannot load the checking of signatures, nothing is shown and a problem says why", bundled, async () => {
  missingFiles.add("appalert-web-trust.js");
  try {
    const tab = await signedBundlePage();
    await check(tab);
    const problems = (await eventsOf(tab, "problem")).map((/** @type {{message: string}} */ d) => d.message);
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0], /^AlertService: a public key cannot be used: the code that checks signatures cannot be loaded \(/);
    assert.equal(await drawn(tab), null);
    await tab.close();
  } finally {
    missingFiles.clear();
  }
});
