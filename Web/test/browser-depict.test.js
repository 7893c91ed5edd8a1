// The still picture `appalert serve --dev` draws inside its phones (draw.js, depictMessage): the
// decision's message object (`evaluate --json`'s `message`) drawn in a given box by the same code that
// shows messages in pages, in the appearance asked for whatever the page's, with nothing to use, focus
// or hear. Skipped only where this machine has no Chromium.

import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSites, findChromium } from "../testing/chromium.js";

const chromium = findChromium();
const sites = browserSites(chromium, new Map(), [], () => undefined);
const options = { skip: chromium ? false : "no Chromium on this machine" };

/** A message object as both engines print it in `evaluate --json`, right to left, with a picture the feed's host does not have. */
const message = {
  id: 7, title: "المجلدات هنا", text: "نظّم ملاحظاتك.", confirmLabel: "OK", link: null, dismissible: true,
  localization: "ar", direction: "rtl", layout: "modal",
  image: { url: "missing.png", alt: "Three folders", darkUrl: null },
  buttons: [{ title: "Try it", action: { url: "https://example.com/folders" } }, { title: "Not now", action: "dismiss" }],
  action: null, features: null,
  colors: { light: { background: "#FFF4E0", text: null, accent: null }, dark: { background: "#102030", text: null, accent: null } },
  data: {}, placement: "launch", bannerSeconds: null,
};

/** Draws `message` in a box at the end of the page (`dark` as asked) and says what the picture is. */
const depict = (/** @type {boolean} */ dark) => `(async () => {
  const { depictMessage } = await import("/src/draw.js");
  const box = document.querySelector("#picture") ?? document.body.appendChild(Object.assign(document.createElement("div"), { id: "picture" }));
  depictMessage(box, ${JSON.stringify({ ...message, image: { ...message.image, url: `${sites.feedOrigin}/missing.png` } })}, { dark: ${dark} });
  const shadow = box.shadowRoot;
  const root = shadow.querySelector(".root");
  const panel = getComputedStyle(shadow.querySelector(".panel"));
  return {
    roots: shadow.querySelectorAll(".root").length, dir: root.dir, lang: root.lang,
    roles: [...shadow.querySelectorAll("[role], [aria-modal], [tabindex], h1, h2, h3")].length,
    controls: [...shadow.querySelectorAll("button, a, input")].length,
    buttons: [...shadow.querySelectorAll(".buttons > *")].map((node) => node.textContent),
    background: panel.backgroundColor, focus: document.activeElement === document.body,
  };
})()`;

test("a still picture: the message object in a box, dark on a light page, right to left, with nothing to use or focus", options, async () => {
  const tab = await sites.browser.tab(`${sites.pageOrigin}/`);
  const dark = await tab.evaluate(depict(true));
  assert.deepEqual(dark, {
    roots: 1, dir: "rtl", lang: "ar", roles: 0, controls: 0, buttons: ["Try it", "Not now"],
    background: "rgb(16, 32, 48)", focus: true,
  });
  // The picture that cannot be loaded is its alt text.
  assert.equal(
    await tab.wait("the missing picture", `document.querySelector("#picture").shadowRoot.querySelector(".missing")?.textContent`),
    "Three folders");
  // Drawn again, light this time: the same box holds one picture, in the feed's light colors.
  const light = await tab.evaluate(depict(false));
  assert.equal(light.roots, 1);
  assert.equal(light.background, "rgb(255, 244, 224)");
  // Keys reach nothing of it, and it never leaves by itself or says anything to the service.
  await tab.press("Escape");
  assert.equal(await tab.evaluate(`document.querySelector("#picture").shadowRoot.querySelectorAll(".root").length`), 1);
  assert.deepEqual(await tab.evaluate("appalert.events.filter((e) => e.type !== 'problem')"), []);
  await tab.close();
});
