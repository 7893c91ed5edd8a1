var AppAlertPhones = (function () {
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  // What is inside each phone is the web client's drawing of the message (Web/src/draw.js), which
  // `appalert serve` answers at /appalert-web-draw.js from the copy embedded in the binary: imported once,
  // when the first phone is drawn.
  var drawing = null;
  function depict(screen, m, dark) {
    drawing = drawing || import("/appalert-web-draw.js");
    drawing.then(function (module) {
      module.depictMessage(screen, m, { dark: dark });
    }, function (error) {
      screen.textContent = "The message cannot be drawn: the drawing code did not load (" + error.message + ").";
      screen.classList.add("unavailable");
    });
  }
  // The core's answer (the localization's language, else the texts' first letter), as an app's.
  function direction(m) { return m.direction === "rtl" ? "rtl" : "ltr"; }
  function does(action) {
    if (action === "dismiss") { return "closes"; }
    if (action && action.url) { return "opens " + action.url; }
    if (action && action.event) { return "event " + action.event; }
    return "";
  }
  // A phone is one picture of the app (role="img"), its colors the platform's or the feed's: what it
  // shows is said in its name, the way a screenshot's alt text would say it.
  function describe(phone, m, what) {
    var words = [what + ": " + (m.title || "(no title)")];
    if (m.text) { words.push(m.text); }
    (m.features || []).forEach(function (f) { words.push("feature: " + f.title + (f.text ? ", " + f.text : "")); });
    if (m.image) { words.push("picture: " + (m.image.alt || "no alt text")); }
    var titles = (m.buttons || []).map(function (button) {
      var action = does(button.action);
      return button.title + (action ? " (" + action + ")" : "");
    });
    if (titles.length) { words.push("buttons: " + titles.join(", ")); }
    if (m.action) { words.push("tap: " + does(m.action)); }
    if (m.dismissible === false) { words.push("a wall: it cannot be closed"); }
    phone.setAttribute("role", "img");
    phone.setAttribute("aria-label", words.map(function (w) { return /[.!?…]$/.test(w) ? w : w + "."; }).join(" "));
  }
  function texts(m, container) {
    container.appendChild(element("div", "title", m.title));
    container.appendChild(element("div", "text", m.text));
  }
  // An inbox item as the inbox lists it: the inbox's title, then the item's row, unread.
  function drawInbox(m, dark) {
    var phone = element("div", "phone " + (dark ? "dark" : "light") + " inbox-row");
    phone.setAttribute("dir", direction(m));
    var screen = element("div", "inbox");
    screen.appendChild(element("div", "nav", m.inbox.title));
    var row = element("div", "row message");
    var mark = element("div", "unread");
    mark.setAttribute("aria-label", "unread");
    row.appendChild(mark);
    var words = element("div");
    texts(m, words);
    row.appendChild(words);
    screen.appendChild(row);
    phone.appendChild(screen);
    phone.appendChild(element("div", "appearance", dark ? "dark" : "light"));
    describe(phone, { title: m.title, text: m.text }, m.inbox.title + ", an unread row (" + (dark ? "dark" : "light") + ")");
    return phone;
  }
  // A phone with the message drawn inside it as an app shows it; under it, what the drawing does not
  // show: how long a banner stays, what a tap on it or on a picture does, that a wall cannot be closed.
  function drawPhone(m, dark, caption) {
    var phone = element("div", "phone " + (dark ? "dark" : "light") + " layout-" + m.layout);
    phone.setAttribute("dir", direction(m));
    // Drawn in the feed's own colors (the author's choice, which `validate` checks), not the web client's.
    if (m.colors) { phone.setAttribute("data-colors", "feed"); }
    var app = element("div", "app");
    ["", "short", "", "", "short"].forEach(function (c) { app.appendChild(element("div", c)); });
    phone.appendChild(app);
    var screen = element("div", "screen");
    phone.appendChild(screen);
    depict(screen, m, dark);
    var notes = [];
    if (m.layout === "banner") { notes.push("leaves after " + m.bannerSeconds + " s"); }
    if (m.layout === "banner" || m.layout === "image") { notes.push("tap: " + does(m.action || "dismiss")); }
    if (m.dismissible === false) { notes.push("a wall"); }
    if (notes.length) { phone.appendChild(element("div", "note", notes.join(" · "))); }
    phone.appendChild(element("div", "appearance", caption || (dark ? "dark" : "light")));
    var layouts = { banner: "A banner", modal: "A card", sheet: "A sheet", image: "A picture message" };
    describe(phone, m, (layouts[m.layout] || "An alert") + " (" + (caption || (dark ? "dark" : "light")) + ")");
    return phone;
  }
  function fillPhones() {
    var entries = window.galleryEntries || [];
    // ?message=ID shows that message's cards alone (for screenshots).
    var only = new URLSearchParams(location.search).get("message");
    if (only) {
      Array.prototype.forEach.call(document.querySelectorAll(".simulator, .placement, .apps, h2.feed"), function (node) {
        node.style.display = "none";
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll(".phones[data-entry]"), function (holder) {
      var entry = entries[Number(holder.getAttribute("data-entry"))];
      if (!entry) { return; }
      if (only && String(entry.id) !== only) { holder.parentNode.style.display = "none"; return; }
      if (entry.inbox) {
        // The row in light and dark, then the card a tap on it opens.
        holder.appendChild(drawInbox(entry, false));
        holder.appendChild(drawInbox(entry, true));
        holder.appendChild(drawPhone(entry.inbox.card, false, "opened"));
        return;
      }
      holder.appendChild(drawPhone(entry, false));
      holder.appendChild(drawPhone(entry, true));
    });
  }
  return { drawPhone: drawPhone, fillPhones: fillPhones };
})();
