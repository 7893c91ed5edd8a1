var AppAlertPhones = (function () {
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  // The core's answer (the localization's language, else the texts' first letter), as an app's.
  function direction(m) { return m.direction === "rtl" ? "rtl" : "ltr"; }
  function palette(m, dark) {
    var own = m.colors ? (dark ? m.colors.dark : m.colors.light) : null;
    var system = dark
      ? { background: "#1C1C1E", text: "#F2F2F7", accent: "#0A84FF" }
      : { background: "#FFFFFF", text: "#1C1C1E", accent: "#007AFF" };
    function pick(key) { return own && own[key] ? own[key] : system[key]; }
    return { background: pick("background"), text: pick("text"), accent: pick("accent") };
  }
  function paint(node, colors) {
    node.style.setProperty("--background", colors.background);
    node.style.setProperty("--text", colors.text);
    node.style.setProperty("--accent", colors.accent);
    node.style.setProperty("--on-accent", "#FFFFFF");
  }
  function picture(m, dark) {
    var image = m.image;
    if (!image) { return null; }
    var img = element("img", "picture");
    img.alt = image.alt || "";
    img.src = dark && image.darkUrl ? image.darkUrl : image.url;
    img.addEventListener("error", function () {
      var missing = element("div", "picture missing", image.alt || "(image without alt)");
      missing.setAttribute("role", "img");
      missing.setAttribute("aria-label", "a picture that cannot be loaded: " + (image.alt || "no alt text"));
      if (img.parentNode) { img.parentNode.replaceChild(missing, img); }
    });
    return img;
  }
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
  function buttons(m, container) {
    var list = element("div", "buttons");
    m.buttons.forEach(function (button, index) {
      var node = element("div", "btn" + (index === 0 ? " primary" : ""), button.title);
      node.setAttribute("role", "button");
      node.appendChild(element("span", "does", does(button.action)));
      list.appendChild(node);
    });
    container.appendChild(list);
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
  function drawPhone(m, dark, caption) {
    var phone = element("div", "phone " + (dark ? "dark" : "light") + " layout-" + m.layout);
    phone.setAttribute("dir", direction(m));
    var app = element("div", "app");
    ["", "short", "", "", "short"].forEach(function (c) { app.appendChild(element("div", c)); });
    phone.appendChild(app);
    var colors = palette(m, dark);
    var dim = element("div", "dim");
    var shown;
    if (m.layout === "banner") {
      shown = element("div", "banner surface");
      var image = picture(m, dark);
      if (image) { shown.appendChild(image); }
      var words = element("div");
      texts(m, words);
      words.appendChild(element("div", "seconds", "leaves after " + m.bannerSeconds + " s · tap: " + does(m.action)));
      shown.appendChild(words);
      phone.appendChild(shown);
    } else if (m.layout === "modal") {
      shown = element("div", "card surface");
      var modalImage = picture(m, dark);
      if (modalImage) { shown.appendChild(modalImage); }
      texts(m, shown);
      buttons(m, shown);
      dim.appendChild(shown);
      phone.appendChild(dim);
    } else if (m.layout === "sheet") {
      shown = element("div", "sheet surface");
      var sheetImage = picture(m, dark);
      if (sheetImage) { shown.appendChild(sheetImage); }
      texts(m, shown);
      (m.features || []).forEach(function (f) {
        var row = element("div", "feature");
        var mark = element("div", "mark", f.symbol ? "\u2605" : "\u2022");
        if (f.symbol) { mark.title = f.symbol; }
        row.appendChild(mark);
        var words = element("div");
        words.appendChild(element("div", "title", f.title));
        if (f.text) { words.appendChild(element("div", "text", f.text)); }
        row.appendChild(words);
        shown.appendChild(row);
      });
      buttons(m, shown);
      dim.appendChild(shown);
      phone.appendChild(dim);
    } else if (m.layout === "image") {
      shown = element("div", "imageonly");
      var alone = picture(m, dark);
      if (alone) { shown.appendChild(alone); }
      var close = element("div", "close", "\u2715");
      close.setAttribute("role", "button");
      close.setAttribute("aria-label", "Close");
      shown.appendChild(close);
      shown.title = "tap: " + does(m.action);
      dim.appendChild(shown);
      phone.appendChild(dim);
    } else {
      shown = element("div", "alert" + (m.dismissible ? "" : " wall"));
      var content = element("div", "content");
      texts(m, content);
      shown.appendChild(content);
      // The system alert draws its dismiss button in the cancel role.
      m.buttons.forEach(function (button) {
        shown.appendChild(element("div", "button" + (button.action === "dismiss" ? " cancel" : ""), button.title));
      });
      dim.appendChild(shown);
      phone.appendChild(dim);
    }
    shown.classList.add("message");
    paint(shown, colors);
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
