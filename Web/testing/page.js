// The browser tests' page: an AlertService over the feed named in the address, its events kept in
// `window.appalert` for the test to read. No inline script: the page's CSP forbids it.
const parameters = new URLSearchParams(location.search);
// `plain`: a page without its hostile CSS, for the screenshots in docs/images.
if (parameters.has("plain")) {
  document.querySelector("link[rel=stylesheet]")?.remove();
  document.querySelector("h1").textContent = "Example app";
  document.querySelector("p").textContent = "The page under the message: an app of your own.";
}
// `bundle`: the client as Web/bundle builds it (one minified file), else its sources as they are.
const { AlertService, defineSlotElement } = await import(parameters.has("bundle") ? "/dist/appalert-web.js" : "/src/index.js");
// `nolocks`: a browser without Web Locks, for the test of what tabs tell each other then.
if (parameters.has("nolocks")) Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined });
const languages = parameters.getAll("lang");
// `key`: the public keys feeds must be signed with; `reporting`: the collector's base URL; `now`: the page's clock starts there, and `appalert.advance(hours)` moves it.
let shift = 0;
const start = Date.parse(parameters.get("now") ?? "");
const service = new AlertService(parameters.get("feed") ?? "", {
  bundleId: parameters.get("app") ?? "com.example.web",
  appVersion: "1.4.0",
  ...(languages.length > 0 ? { languages } : {}),
  ...(parameters.has("reporting") ? { reporting: parameters.get("reporting") } : {}),
  ...(parameters.has("key") ? { publicKey: parameters.getAll("key") } : {}),
  ...(Number.isFinite(start) ? { now: () => new Date(start + shift) } : {}),
});
const events = [];
for (const type of ["shown", "opened", "dismissed", "link", "button", "update", "problem"]) {
  service.addEventListener(type, (event) => {
    if (type === "link") event.preventDefault(); // the tests stay on the page
    events.push({ type, detail: event.detail });
  });
}
const violations = [];
document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
const deepActive = () => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};
// `slot`: an <appalert-slot> of that name at the end of the page, for each one given.
defineSlotElement(service);
for (const name of parameters.getAll("slot")) {
  const slot = document.createElement("appalert-slot");
  slot.setAttribute("name", name);
  document.body.append(slot);
}
const advance = (hours) => { shift += hours * 3_600_000; };
window.appalert = { service, events, violations, deepActive, advance, locks: Boolean(navigator.locks) };
window.ready = true;
