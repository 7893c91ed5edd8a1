// Draws a resolved message in the page (issue 43, "Drawing"): the five layouts inside a shadow root, as
// accessible as the platform's own dialogs. Feed text only ever becomes text nodes; URLs only ever
// become `href` and `src` properties of links and images, after the engine's link policy checked them.
// The same drawing makes the still pictures of `appalert serve --dev`'s preview and console
// (`depictMessage`: inside their phone frames, from the decision's message object).

import { baseSheet, paletteCSS, sheet } from "./draw-style.js";
import { messageJSON } from "./message-json.js";
import { BannerTimer } from "./banner-timer.js";
// The readers of the rich keys, which the page's file has none of: a page checks a message's with them
// before it uses it (rich-check.js), as it is then about to draw it.
export { richReading } from "./rich-content.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {import("./message.js").Action} Action */
/** @typedef {import("./service.js").MessageControls} MessageControls */
/**
 * What the drawing reads of a resolved message.
 * @typedef {Pick<ResolvedMessage, "id" | "title" | "text" | "dismissible" | "layout" | "image" | "buttons" | "action"
 *   | "features" | "colors" | "bannerSeconds">} Drawable
 */
/**
 * How a message is drawn: in the page (a dialog or a banner), in a slot (a card in the page's flow), or
 * as a still picture (nothing to use, focus or hear, in the appearance asked for); its direction and
 * language.
 * @typedef {{mode: "page" | "inline" | "still", direction: "ltr" | "rtl", lang: string | undefined,
 *   dark?: boolean}} Drawing
 */

let serial = 0;

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {Document} doc @param {K} tag @param {string} [className] @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(doc, tag, className, text) {
  const made = doc.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * The element focused now, looking into shadow roots.
 * @param {Document} doc
 */
function deepActiveElement(doc) {
  /** @type {Element | null} */
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * A control that performs `action`: a link for a URL (opened by the browser, in a new tab), else a button;
 * in a still picture (no `controls`), its look alone.
 * @param {Document} doc @param {Action} action @param {MessageControls | undefined} controls @param {string} className
 * @param {number} [index] the button's place among the message's buttons
 * @returns {HTMLElement}
 */
function control(doc, action, controls, className, index = undefined) {
  if (controls === undefined) return element(doc, "span", className);
  if (typeof action === "object" && "url" in action) {
    const link = element(doc, "a", className);
    link.href = action.url;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.addEventListener("click", (event) => {
      if (!controls.act(action, index)) event.preventDefault();
    });
    return link;
  }
  const button = element(doc, "button", className);
  button.type = "button";
  button.addEventListener("click", () => controls.act(action, index));
  return button;
}

/**
 * The image, switched to its dark version while the page is dark. In a still picture, the version of its
 * appearance, and where it cannot be loaded, its alt text in a dashed box.
 * @param {Document} doc @param {NonNullable<ResolvedMessage["image"]>} image @param {Drawing} how
 */
function picture(doc, image, how) {
  const img = element(doc, "img");
  img.alt = image.alt ?? "";
  const dark = image.darkUrl;
  if (how.mode === "still") {
    img.src = how.dark && dark !== undefined ? dark : image.url;
    img.addEventListener("error", () => img.replaceWith(element(doc, "div", "missing", image.alt ?? "")));
    return img;
  }
  const query = dark === undefined ? undefined : doc.defaultView?.matchMedia?.("(prefers-color-scheme: dark)");
  const choose = () => {
    img.src = query?.matches && dark !== undefined ? dark : image.url;
  };
  choose();
  query?.addEventListener("change", choose);
  return img;
}

/**
 * The message's drawing in `shadow` (its styles adopted): for "inline", a card in the page's flow (a
 * slot); for "page", a modal dialog over a shade, or a banner fixed at the top; for "still", the same
 * as "page" inside the host's box, with nothing to use, focus or hear. Returns the panel.
 * @param {Document} doc @param {ShadowRoot} shadow @param {Drawable} message
 * @param {MessageControls | undefined} controls (undefined for "still") @param {Drawing} how
 */
function drawParts(doc, shadow, message, controls, how) {
  serial += 1;
  const ids = { title: `appalert-title-${serial}`, text: `appalert-text-${serial}` };
  const inline = how.mode === "inline";
  const still = how.mode === "still";
  const palette = paletteCSS(message.colors);
  shadow.adoptedStyleSheets = palette === "" ? [baseSheet(doc)] : [baseSheet(doc), sheet(doc, palette)];
  const root = element(doc, "div", `root ${message.layout}${inline ? " inline" : ""}${still ? " still" : ""}`);
  root.dir = how.direction;
  if (how.lang !== undefined) root.lang = how.lang;
  shadow.replaceChildren(root);

  const panel = element(doc, "div", "panel");
  const hidden = message.layout === "image" && message.image !== undefined;
  // A still picture has no headings: the page it is on has its own outline.
  const title = element(doc, still ? "div" : "h2", hidden ? "title hidden-title" : "title", message.title);
  const text = element(doc, still ? "div" : "p", hidden ? "text hidden-title" : "text", message.text);
  if (!still) {
    title.id = ids.title;
    text.id = ids.text;
  }
  /** @type {HTMLElement | undefined} */
  let closeButton;
  const hasDismissButton = message.buttons.some((button) => button.action === "dismiss");
  if (message.dismissible && message.layout !== "alert" && !(inline && hasDismissButton)) {
    if (controls === undefined) {
      closeButton = element(doc, "span", "close", "×");
    } else {
      const button = element(doc, "button", "close", "×");
      button.type = "button";
      button.setAttribute("aria-label", controls.texts.close);
      button.title = controls.texts.close;
      button.addEventListener("click", () => controls.close());
      closeButton = button;
    }
  }

  if (message.layout === "banner") {
    const box = element(doc, "div", "banner-box");
    if (how.mode === "page") {
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
    }
    const tap = control(doc, message.action ?? "dismiss", controls, "tap");
    const words = element(doc, "span", "words");
    words.append(element(doc, "strong", undefined, message.title), element(doc, "span", undefined, message.text));
    if (message.image) tap.append(picture(doc, message.image, how));
    tap.append(words);
    panel.append(tap);
    if (closeButton) panel.append(closeButton);
    box.append(panel);
    root.append(box);
    return panel;
  }
  if (inline) {
    panel.setAttribute("role", "region");
  } else if (!still) {
    panel.setAttribute("role", message.layout === "alert" ? "alertdialog" : "dialog");
    panel.setAttribute("aria-modal", "true");
    panel.setAttribute("aria-describedby", ids.text);
    panel.tabIndex = -1;
  }
  if (!still) panel.setAttribute("aria-labelledby", ids.title);
  if (hidden && message.image) {
    const tap = control(doc, message.action ?? "dismiss", controls, "tap");
    tap.append(picture(doc, message.image, how));
    if (!message.image.alt && !still) tap.setAttribute("aria-label", message.title);
    panel.append(title, text, tap);
  } else {
    if (message.image) panel.append(picture(doc, message.image, how));
    panel.append(title, text);
    if (message.features && message.features.length > 0) {
      const list = element(doc, "ul", "features");
      for (const feature of message.features) {
        const item = element(doc, "li");
        item.append(element(doc, "strong", undefined, feature.title));
        if (feature.text !== undefined) item.append(element(doc, "span", undefined, feature.text));
        list.append(item);
      }
      panel.append(list);
    }
    if (message.buttons.length > 0) {
      const row = element(doc, "div", "buttons");
      for (const [index, button] of message.buttons.entries()) {
        const made = control(doc, button.action, controls, "button", index);
        made.textContent = button.title;
        row.append(made);
      }
      panel.append(row);
    }
  }
  if (closeButton) panel.append(closeButton);
  if (inline) {
    root.append(panel);
  } else {
    const shade = element(doc, "div", "shade");
    shade.append(panel);
    root.append(shade);
  }
  return panel;
}

/**
 * Draws `message` in a slot of the page (`<appalert-slot>`): a card in the page's flow, in the slot's
 * shadow root, without a shade, focus moves or a timer. Returns how to take it away (the slot then
 * takes no space).
 * @param {HTMLElement} slot @param {ResolvedMessage} message @param {MessageControls} controls
 * @returns {{remove: () => void}}
 */
export function drawInline(slot, message, controls) {
  const doc = slot.ownerDocument;
  const shadow = slot.shadowRoot ?? slot.attachShadow({ mode: "open" });
  drawParts(doc, shadow, message, controls, { mode: "inline", ...language(message) });
  slot.setAttribute("data-appalert-message", String(message.id));
  slot.setAttribute("data-appalert-layout", message.layout);
  return {
    remove() {
      const hadFocus = slot.contains(doc.activeElement) || doc.activeElement === slot;
      shadow.replaceChildren();
      slot.removeAttribute("data-appalert-message");
      slot.removeAttribute("data-appalert-layout");
      if (hadFocus) slot.blur();
    },
  };
}

/**
 * The direction and language of a resolved message, as the decision's message object says them.
 * @param {ResolvedMessage} message @returns {{direction: "ltr" | "rtl", lang: string | undefined}}
 */
function language(message) {
  return { direction: messageJSON(message).direction === "rtl" ? "rtl" : "ltr", lang: message.localization?.original };
}

/**
 * The decision's message object, as `appalert evaluate --json` prints it (both engines; the preview's
 * phones draw from it).
 * @typedef {object} MessageJSON
 * @property {number} id @property {string} title @property {string} text @property {boolean} dismissible
 * @property {string | null} localization @property {string} direction
 * @property {import("./message.js").Layout} layout
 * @property {{url: string, alt: string | null, darkUrl: string | null} | null} image
 * @property {Array<{title: string, action: Action}>} buttons @property {Action | null} action
 * @property {Array<{title: string, text: string | null, symbol: string | null}> | null} features
 * @property {{light: Record<string, string | null>, dark: Record<string, string | null>} | null} colors
 * @property {number | null} bannerSeconds
 */

/**
 * A palette of the message object, its absent colors left out.
 * @param {Record<string, string | null>} palette @returns {import("./message.js").Palette}
 */
function paletteOf(palette) {
  const given = (/** @type {string | null | undefined} */ value) => value ?? undefined;
  return { background: given(palette.background), text: given(palette.text), accent: given(palette.accent) };
}

/**
 * Draws the decision's message object (`json`) as a still picture in `host` (in its shadow root): the
 * layout as a page shows it, in the box of `host` instead of the window, light or dark as asked
 * whatever the page's color scheme, with nothing to use, focus or hear (no dialog, no focus moves, no
 * keys, no timer, nothing counted); an image that cannot be loaded is its alt text in a dashed box. Draws
 * again over what it drew before.
 * @param {HTMLElement} host @param {MessageJSON} json @param {{dark?: boolean}} [options]
 */
export function depictMessage(host, json, options = {}) {
  const dark = options.dark === true;
  /** @type {Drawable} */
  const message = {
    id: json.id,
    title: String(json.title),
    text: String(json.text),
    dismissible: json.dismissible !== false,
    layout: json.layout,
    image: json.image ? { url: json.image.url, alt: json.image.alt ?? undefined, darkUrl: json.image.darkUrl ?? undefined } : undefined,
    buttons: Array.isArray(json.buttons) ? json.buttons : [],
    action: json.action ?? undefined,
    features: json.features?.map((f) => ({ title: f.title, text: f.text ?? undefined, symbol: f.symbol ?? undefined })),
    colors: json.colors ? { light: paletteOf(json.colors.light), dark: paletteOf(json.colors.dark) } : undefined,
    bannerSeconds: json.bannerSeconds ?? undefined,
  };
  const shadow = host.shadowRoot ?? host.attachShadow(/** @type {ShadowRootInit} */ ({ mode: "open", serializable: true }));
  host.setAttribute("data-appearance", dark ? "dark" : "light");
  host.setAttribute("data-appalert-message", String(message.id));
  host.setAttribute("data-appalert-layout", message.layout);
  drawParts(host.ownerDocument, shadow, message, undefined, {
    mode: "still", direction: json.direction === "rtl" ? "rtl" : "ltr", lang: json.localization ?? undefined, dark,
  });
}

/**
 * Draws `message` and returns how to take it away.
 * @param {Document} doc @param {ResolvedMessage} message @param {MessageControls} controls
 * @returns {{remove: () => void}}
 */
export function drawMessage(doc, message, controls) {
  const host = doc.createElement("appalert-message");
  host.setAttribute("data-appalert-message", String(message.id));
  host.setAttribute("data-appalert-layout", message.layout);
  const shadow = host.attachShadow({ mode: "open" });
  const modal = message.layout !== "banner";
  const panel = drawParts(doc, shadow, message, controls, { mode: "page", ...language(message) });

  const returnTo = deepActiveElement(doc);
  (doc.body ?? doc.documentElement).append(host);
  const focusables = () =>
    /** @type {HTMLElement[]} */ (Array.from(panel.querySelectorAll("a[href], button")));

  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    if (event.key === "Escape" && (modal || host.contains(/** @type {Node} */ (event.target)))) {
      if (message.dismissible) controls.close();
      if (modal) {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    if (!modal || event.key !== "Tab") return;
    const list = focusables();
    if (list.length === 0) {
      event.preventDefault();
      panel.focus();
      return;
    }
    const active = shadow.activeElement;
    const first = list[0];
    const last = list[list.length - 1];
    if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  /**
   * Focus that leaves a modal dialog (a click through, a script) is brought back.
   * @param {FocusEvent} event
   */
  const onFocusIn = (event) => {
    if (event.target !== host) (focusables()[0] ?? panel).focus({ preventScroll: true });
  };
  doc.addEventListener("keydown", onKey, true);

  /** @type {(() => void) | undefined} */
  let stopTimer;
  if (modal) {
    doc.addEventListener("focusin", onFocusIn, true);
    const buttons = panel.querySelectorAll(".buttons > *");
    const first = /** @type {HTMLElement | null} */ (buttons[0] ?? panel.querySelector(".tap") ?? null);
    // Focus scrolls nothing: on a short viewport the panel starts at its top, its close control in view.
    (first ?? panel).focus({ preventScroll: true });
    panel.scrollTop = 0;
  } else {
    stopTimer = bannerTimer(doc, host, message, controls);
  }

  return {
    remove() {
      doc.removeEventListener("keydown", onKey, true);
      doc.removeEventListener("focusin", onFocusIn, true);
      stopTimer?.();
      const hadFocus = host.contains(doc.activeElement) || doc.activeElement === host;
      host.remove();
      if (modal || hadFocus) {
        if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus({ preventScroll: true });
      }
    },
  };
}

/**
 * A banner leaves by itself when its BannerTimer says so: held while the pointer is over it, focus is in
 * it or the page is hidden. Never a wall. Returns how to stop it.
 * @param {Document} doc @param {HTMLElement} host @param {ResolvedMessage} message @param {MessageControls} controls
 */
function bannerTimer(doc, host, message, controls) {
  if (!message.dismissible) return () => {};
  const view = /** @type {Window} */ (doc.defaultView);
  const clock = () => view.performance.now();
  const countdown = new BannerTimer(message.bannerSeconds ?? 8);
  /** @type {number | undefined} */
  let timer;
  const schedule = () => {
    if (timer !== undefined) view.clearTimeout(timer);
    timer = undefined;
    host.toggleAttribute("data-appalert-paused", countdown.isHeld);
    const deadline = countdown.deadline;
    if (deadline === undefined) return;
    timer = view.setTimeout(() => {
      if (countdown.isDue(clock())) controls.close();
      else schedule();
    }, Math.max(0, deadline - clock()));
  };
  /** @param {import("./banner-timer.js").BannerHold} hold @param {boolean} on */
  const change = (hold, on) => {
    countdown.change(hold, on, clock());
    schedule();
  };
  /** @param {Event} event */
  const staysInside = (event) => {
    const next = /** @type {FocusEvent} */ (event).relatedTarget;
    return next instanceof Node && (next === host || host.contains(next));
  };
  const listeners = /** @type {Array<[EventTarget, string, (event: Event) => void]>} */ ([
    [host, "mouseenter", () => change("hover", true)],
    [host, "mouseleave", () => change("hover", false)],
    [host, "focusin", () => change("focus", true)],
    [host, "focusout", (event) => change("focus", staysInside(event))],
    [doc, "visibilitychange", () => change("hidden", doc.visibilityState === "hidden")],
  ]);
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  countdown.shown(clock(), { hidden: doc.visibilityState === "hidden" });
  schedule();
  return () => {
    if (timer !== undefined) view.clearTimeout(timer);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
