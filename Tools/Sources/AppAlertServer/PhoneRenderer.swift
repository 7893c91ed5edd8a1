// How the preview draws a resolved message as a phone shows it: each layout (alert, banner, modal,
// sheet, image) in a phone-sized frame, in light or dark appearance, right to left for Arabic, Hebrew,
// Persian and Urdu, images from their URLs with the alt text where one cannot be loaded; an inbox item
// as its row in the inbox (InboxList: an unread mark, the title, the text) and the card it opens. One renderer
// for the gallery and the simulator; it reads the message object `appalert evaluate --json` prints and
// builds the page with DOM text nodes only: nothing from the feed is parsed as HTML.
enum PhoneRenderer {
    static let style = """
        .phones { display: flex; gap: 12px; }
        .phone { position: relative; width: 236px; height: 430px; border: 7px solid #1c1c1e; border-radius: 30px; overflow: hidden; background: #f2f2f7; color: #1c1c1e; flex: none; }
        .phone.dark { background: #000; color: #f2f2f7; border-color: #48484a; }
        .phone .appearance { position: absolute; bottom: 5px; left: 50%; transform: translateX(-50%); padding: 1px 8px; border-radius: 8px; font-size: 10px; white-space: nowrap; background: #ffffff; color: #3a3a3c; }
        .phone.dark .appearance { background: #2c2c2e; color: #f2f2f7; }
        .phone .app { padding: 44px 16px 0; }
        .phone .app div { height: 10px; border-radius: 5px; background: rgba(142,142,147,.28); margin: 0 0 12px; }
        .phone .app div.short { width: 60%; }
        .phone .dim { position: absolute; inset: 0; background: rgba(0,0,0,.38); display: flex; align-items: center; justify-content: center; }
        .phone.dark .dim { background: rgba(0,0,0,.6); }
        .phone .alert { width: 210px; }
        .phone.dark .alert { background: rgba(44,44,46,.97); color: #f2f2f7; }
        .phone.dark .alert .button { border-top-color: rgba(84,84,88,.65); color: #0a84ff; }
        .phone .surface { background: var(--background); color: var(--text); }
        .phone .banner { position: absolute; top: 10px; left: 8px; right: 8px; border-radius: 16px; padding: 10px 12px; display: flex; gap: 10px; align-items: center; box-shadow: 0 6px 20px rgba(0,0,0,.22); }
        .phone .banner .picture { width: 38px; height: 38px; flex: none; border-radius: 8px; object-fit: cover; }
        .phone .banner .title { font-weight: 600; font-size: 13px; }
        .phone .banner .text { font-size: 12px; line-height: 1.3; }
        .phone .banner .seconds { font-size: 10px; opacity: .6; margin-top: 2px; }
        .phone .card { width: 196px; max-height: 380px; overflow: auto; border-radius: 16px; padding: 14px; text-align: center; box-shadow: 0 8px 30px rgba(0,0,0,.25); }
        .phone .card .picture, .phone .sheet .picture { width: 100%; max-height: 110px; object-fit: cover; border-radius: 10px; margin-bottom: 10px; }
        .phone .title { font-weight: 600; font-size: 15px; margin-bottom: 4px; }
        .phone .text { font-size: 12.5px; line-height: 1.35; white-space: pre-wrap; }
        .phone .buttons { display: flex; flex-direction: column; gap: 6px; margin-top: 12px; }
        .phone .btn { border-radius: 10px; padding: 7px 8px; font-size: 13px; font-weight: 600; color: var(--accent); }
        .phone .btn.primary { background: var(--accent); color: var(--on-accent); }
        .phone .btn .does { display: block; font-weight: 400; font-size: 10px; opacity: .75; }
        .phone .sheet { position: absolute; left: 0; right: 0; bottom: 0; top: 34px; border-radius: 14px 14px 0 0; padding: 16px 14px; overflow: auto; box-shadow: 0 -4px 20px rgba(0,0,0,.2); }
        .phone .sheet .title { font-size: 18px; text-align: center; }
        .phone .sheet > .text { text-align: center; margin-bottom: 10px; }
        .phone .feature { display: flex; gap: 10px; align-items: flex-start; margin: 10px 0; text-align: start; }
        .phone .feature .mark { width: 26px; height: 26px; flex: none; border-radius: 7px; background: var(--accent); color: var(--on-accent); font-size: 13px; display: flex; align-items: center; justify-content: center; }
        .phone .sheet .feature .title { font-size: 13px; margin: 0; text-align: start; }
        .phone .feature .text { font-size: 12px; }
        .phone .imageonly { position: relative; width: 200px; }
        .phone .imageonly .picture { width: 100%; border-radius: 12px; display: block; }
        .phone .close { position: absolute; top: 6px; right: 6px; width: 24px; height: 24px; border-radius: 12px; background: rgba(0,0,0,.55); color: #fff; font-size: 14px; line-height: 24px; text-align: center; }
        .phone[dir="rtl"] .close { right: auto; left: 6px; }
        .phone .missing { display: flex; align-items: center; justify-content: center; min-height: 60px; padding: 8px; border: 1px dashed currentColor; border-radius: 10px; font-size: 11px; opacity: .8; }
        .phone .banner .missing { width: 38px; height: 38px; min-height: 0; padding: 0; font-size: 8px; overflow: hidden; flex: none; }
        .phone .inbox { position: absolute; inset: 0; padding-top: 30px; }
        .phone .inbox .nav { font-size: 24px; font-weight: 700; padding: 6px 14px 10px; }
        .phone .inbox .row { display: flex; gap: 8px; align-items: flex-start; padding: 10px 14px; background: #ffffff; border-top: 1px solid rgba(60,60,67,.18); border-bottom: 1px solid rgba(60,60,67,.18); text-align: start; }
        .phone.dark .inbox .row { background: #1c1c1e; border-color: rgba(84,84,88,.6); }
        .phone .inbox .unread { width: 8px; height: 8px; border-radius: 4px; background: #007aff; margin-top: 6px; flex: none; }
        .phone.dark .inbox .unread { background: #0a84ff; }
        .phone .inbox .row .title { font-size: 15px; margin: 0 0 3px; }
        .phone .inbox .row .text { font-size: 13px; }
        .placement { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #6e6e73; margin: 18px 0 8px; }
        """

    /// `drawPhone(message, dark)` returns the phone for a message object; `fillPhones()` draws every
    /// `.phones[data-entry]` of the gallery from `galleryEntries`, light and dark side by side (an
    /// inbox item: its row in light and dark, and the card it opens).
    static let script = #"""
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
        """#
}
