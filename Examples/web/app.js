// AppAlert's web client in a page: the feed beside this page, the app's id and version, then one call.
// Served from the repository's root (any static server: `python3 -m http.server`), open /Examples/web/.
import { AlertService, defineSlotElement } from "../../Web/src/index.js";

const service = new AlertService(new URL("messages.json", import.meta.url).href, {
  bundleId: "com.example.web",
  appVersion: "1.4.0",
});

// What the service did, for this page to show; an app sends these to its own analytics, if it has any.
const log = document.getElementById("log");
for (const type of ["shown", "opened", "dismissed", "link", "button", "update", "problem"]) {
  service.addEventListener(type, (event) => {
    const item = document.createElement("li");
    item.textContent = `${type} ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}

// <appalert-slot name="home"> shows the message placed "home", in the page's flow.
defineSlotElement(service);

document.getElementById("purchase").addEventListener("click", () => service.handle("purchase"));
// The feed's "updates" policy says 1.5.0 is out: this asks "Update Available" (Update reloads the page).
document.getElementById("update").addEventListener("click", () => service.checkForUpdate({ appName: "Example app" }));
document.getElementById("forget").addEventListener("click", () => {
  localStorage.removeItem("appalert:com.example.web");
  location.reload();
});

await service.showAlertIfNecessary();
window.appalertExample = { service, ready: true };
