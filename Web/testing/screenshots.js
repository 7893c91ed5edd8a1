// Draws each layout with the web client in headless Chromium and writes docs/images/web-*.png, the
// screenshots docs/web.md shows: `node Web/testing/screenshots.js`. The page and feed are the browser
// tests' (testing/page.html on one origin, the feed on another).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, findChromium, serveFeeds, servePage, until } from "./chromium.js";

const images = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/images");
const chromium = findChromium();
if (!chromium) throw new Error("no Chromium on this machine (set CHROMIUM)");

/** @type {Map<string, {status?: number, body: string}>} */
const feeds = new Map();
const feedServer = await serveFeeds(feeds);
const pageServer = await servePage(feedServer.origin);
const browser = new Browser();
await browser.start(chromium);
const picture = { url: `${feedServer.origin}/picture.png`, alt: "A blue and orange gradient" };

/** @type {Array<[string, object, {scheme?: string, languages?: string[]}]>} */
const shots = [
  ["alert", { layout: "alert", title: "Scheduled maintenance", text: "Sync will be unavailable on Sunday from 02:00 to 03:00 UTC.",
    link: { title: "Status page", url: "https://example.com/status" } }, {}],
  ["banner", { layout: "banner", title: "Your changes are saved", text: "They are on every device you use.", image: picture }, {}],
  ["modal", { layout: "modal", title: "Try the new editor", text: "Faster, with a preview beside your text.", image: picture,
    buttons: [{ title: "Try it", action: { event: "try-editor" } }, { title: "Not now", action: "dismiss" }] }, {}],
  ["sheet", { layout: "sheet", title: "What's new in 1.4", text: "Three things we think you will like.",
    features: [{ title: "Offline mode", text: "Keep working without a connection." }, { title: "Dark mode", text: "Easier on the eyes at night." },
      { title: "Faster search", text: "Results as you type." }] }, {}],
  ["image", { layout: "image", title: "Spring sale", text: "Half price this week.", image: picture, action: { url: "https://example.com/sale" } }, {}],
  ["dark", { layout: "modal", title: "Try the new editor", text: "Faster, with a preview beside your text.",
    colors: { background: "#FFF4E0", text: "#3A2000", accent: "#8A3B00", dark: { background: "#2A1A00", text: "#FFE9C7", accent: "#C05200" } },
    buttons: [{ title: "Try it", action: { event: "try-editor" } }, { title: "Not now", action: "dismiss" }] }, { scheme: "dark" }],
  ["rtl", { layout: "sheet", title: "What's new", text: "Three things.", localizations: { ar: { title: "ما الجديد في 1.4",
    text: "ثلاثة أشياء نظن أنها ستعجبك.", features: [{ title: "العمل دون اتصال", text: "تابع عملك دون اتصال بالإنترنت." },
      { title: "الوضع الداكن", text: "أريح للعينين ليلًا." }] } },
    features: [{ title: "Offline mode" }, { title: "Dark mode" }] }, { languages: ["ar"] }],
];

try {
  for (const [name, message, options] of shots) {
    const feedPath = `/shot-${name}.json`;
    feeds.set(feedPath, { body: JSON.stringify([{ id: 1, bundleId: `com.example.shot.${name}`, ...message }]) });
    const query = new URLSearchParams({ feed: feedServer.origin + feedPath, app: `com.example.shot.${name}`, plain: "1" });
    for (const language of options.languages ?? ["en"]) query.append("lang", language);
    const tab = await browser.tab(`${pageServer.origin}/?${query}`);
    await tab.send("Emulation.setDeviceMetricsOverride", { width: 640, height: 520, deviceScaleFactor: 1, mobile: false });
    await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: options.scheme ?? "light" }] });
    await tab.evaluate("localStorage.clear(); appalert.service.showAlertIfNecessary().then(() => true)");
    await until(name, () => tab.evaluate(`Boolean(document.querySelector("[data-appalert-message]"))`));
    await tab.evaluate(`Promise.all(document.querySelector("[data-appalert-message]").shadowRoot.getAnimations()
      .map((a) => a.finished)).then(() => document.fonts.ready).then(() => true)`);
    const { data } = await tab.send("Page.captureScreenshot", { format: "png" });
    fs.writeFileSync(path.join(images, `web-${name}.png`), Buffer.from(data, "base64"));
    console.log(`docs/images/web-${name}.png`);
    await tab.close();
  }
} finally {
  browser.stop();
  feedServer.server.close();
  pageServer.server.close();
}
