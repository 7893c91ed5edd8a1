// The drawing's styles, as constructable stylesheets adopted by each message's shadow root: nothing is
// an inline style attribute or a <style> element, so a page whose Content-Security-Policy forbids inline
// styles draws messages all the same, and the page's CSS and the message's do not reach each other.

/**
 * The CSS that gives `:host` the `light` declarations, and the `dark` ones under a dark color scheme. A
 * still picture (draw.js, `depictMessage`) is drawn in the appearance it is asked for, whatever the
 * page's: its host's `data-appearance` is "light" or "dark".
 * @param {string} light @param {string} dark
 */
export function appearanceCSS(light, dark) {
  return `:host { ${light} }\n:host([data-appearance="dark"]) { ${dark} }\n`
    + `@media (prefers-color-scheme: dark) { :host(:not([data-appearance="light"])) { ${dark} } }`;
}

/** The base styles: light and dark, each layout, motion only for those who have not asked for less. */
export const baseCSS = `
:host { all: initial; display: block; color-scheme: light dark; }
${appearanceCSS(
  "--aa-bg-default: #FFFFFF; --aa-text-default: #1C1C1E; --aa-accent-default: #0A5FC7; --aa-shade: rgb(0 0 0 / 0.45);",
  "--aa-bg-default: #1C1C1E; --aa-text-default: #F2F2F7; --aa-accent-default: #2F6FDB; --aa-shade: rgb(0 0 0 / 0.6);")}
.root { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start; }
.shade { position: fixed; inset: 0; z-index: 2147483000; background: var(--aa-shade);
  display: flex; align-items: center; justify-content: center; padding: 16px; box-sizing: border-box; }
.panel { box-sizing: border-box; background: var(--aa-bg, var(--aa-bg-default)); color: var(--aa-text, var(--aa-text-default));
  border-radius: 14px; box-shadow: 0 10px 40px rgb(0 0 0 / 0.3); max-height: calc(100vh - 32px); overflow: auto;
  position: relative; outline: none; }
.alert .panel { width: min(320px, 100%); padding: 20px 20px 12px; text-align: center; }
.modal .panel { width: min(440px, 100%); padding: 24px; }
.image .panel { width: min(480px, 100%); padding: 0; overflow: hidden; }
.sheet .shade { align-items: flex-end; padding: 0; }
.sheet .panel { width: min(600px, 100%); padding: 24px 24px 20px; border-radius: 16px 16px 0 0; max-height: 90vh; }
.title { font-size: 1.15em; font-weight: 650; margin: 0 0 8px; overflow-wrap: anywhere; }
.text { margin: 0 0 16px; white-space: pre-line; overflow-wrap: anywhere; }
.hidden-title { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
img { display: block; max-width: 100%; height: auto; border-radius: 8px; margin: 0 0 16px; }
.image img { border-radius: 0; margin: 0; width: 100%; }
.buttons { display: flex; flex-direction: column; gap: 8px; }
.modal .buttons, .sheet .buttons { flex-direction: row; flex-wrap: wrap; justify-content: flex-end; }
button, .button { font: inherit; font-weight: 600; border-radius: 10px; padding: 10px 16px; cursor: pointer;
  text-decoration: none; text-align: center; box-sizing: border-box; border: 1px solid var(--aa-accent, var(--aa-accent-default));
  background: transparent; color: inherit; overflow-wrap: anywhere; }
.buttons > :first-child { background: var(--aa-accent, var(--aa-accent-default)); color: #FFFFFF; }
button:focus-visible, a:focus-visible, .panel:focus-visible { outline: 3px solid var(--aa-accent, var(--aa-accent-default)); outline-offset: 2px; }
.close { position: absolute; inset-block-start: 8px; inset-inline-end: 8px; border: none; padding: 4px 10px;
  font-size: 1.3em; line-height: 1; background: transparent; color: inherit; border-radius: 999px; }
.image .close { background: rgb(0 0 0 / 0.55); color: #FFFFFF; }
.tap { display: block; width: 100%; padding: 0; border: none; border-radius: 0; background: transparent; color: inherit;
  font-weight: inherit; text-align: inherit; }
.features { list-style: none; margin: 0 0 16px; padding: 0; }
.features li { margin: 0 0 10px; }
.features strong { display: block; }
.inline .panel { width: auto; max-height: none; box-shadow: 0 1px 4px rgb(0 0 0 / 0.18); padding: 16px; }
.inline .banner-box { position: static; max-width: none; margin: 0; }
.banner-box { position: fixed; inset-block-start: 12px; inset-inline: 12px; z-index: 2147483000; margin: 0 auto;
  max-width: 560px; }
.banner .panel { padding: 12px 44px 12px 14px; }
.banner .tap { padding: 0; display: flex; gap: 12px; align-items: center; }
.banner .tap img { width: 56px; height: 56px; object-fit: contain; margin: 0; flex: none; }
.banner .words { flex: 1; min-width: 0; }
.banner .words strong { display: block; }
.banner .words span { display: block; white-space: pre-line; }
@media (prefers-reduced-motion: no-preference) {
  .shade { animation: aa-fade 160ms ease-out; }
  .panel { animation: aa-rise 200ms ease-out; }
  .sheet .panel { animation: aa-up 240ms ease-out; }
  @keyframes aa-fade { from { opacity: 0; } }
  @keyframes aa-rise { from { transform: scale(0.96); opacity: 0; } }
  @keyframes aa-up { from { transform: translateY(100%); } }
}
.root.still .shade, .root.still .banner-box { position: absolute; }
.root.still .panel { max-height: 100%; animation: none; }
.root.still.sheet .panel { max-height: 90%; }
.root.still .shade { animation: none; }
.missing { display: flex; align-items: center; justify-content: center; min-height: 60px; padding: 8px; margin: 0 0 16px;
  border: 1px dashed currentColor; border-radius: 8px; font-size: 0.8em; text-align: center; overflow-wrap: anywhere; }
.banner .tap .missing { width: 56px; height: 56px; min-height: 0; margin: 0; padding: 2px; box-sizing: border-box;
  flex: none; overflow: hidden; font-size: 9px; }
`;

const color = /^#[0-9A-F]{6}([0-9A-F]{2})?$/i;

/**
 * The feed's colors as the CSS of custom properties (the dark palette falls back to the light one key by
 * key, as the engine's decision says); an empty string for a message without colors. Every value is
 * checked again here, so nothing but a color reaches the CSS.
 * @param {import("./message.js").Colors | undefined} colors
 */
export function paletteCSS(colors) {
  if (colors === undefined) return "";
  /** @param {import("./message.js").Palette} palette */
  const declarations = (palette) =>
    /** @type {const} */ ([["bg", palette.background], ["text", palette.text], ["accent", palette.accent]])
      .filter(([, value]) => value !== undefined && color.test(value))
      .map(([name, value]) => `--aa-${name}: ${value};`)
      .join(" ");
  const dark = {
    background: colors.dark.background ?? colors.light.background,
    text: colors.dark.text ?? colors.light.text,
    accent: colors.dark.accent ?? colors.light.accent,
  };
  return appearanceCSS(declarations(colors.light), declarations(dark));
}

/** @type {WeakMap<object, CSSStyleSheet>} */
const baseSheets = new WeakMap();

/**
 * A stylesheet made in the document's own window (a sheet adopts only in the realm that made it).
 * @param {Document} doc @param {string} css
 */
export function sheet(doc, css) {
  const view = /** @type {Window & typeof globalThis} */ (doc.defaultView);
  const made = new view.CSSStyleSheet();
  made.replaceSync(css);
  return made;
}

/** @param {Document} doc */
export function baseSheet(doc) {
  let made = baseSheets.get(doc);
  if (made === undefined) {
    made = sheet(doc, baseCSS);
    baseSheets.set(doc, made);
  }
  return made;
}
