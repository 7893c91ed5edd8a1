// The picture chooser beside each image field of the form (an image's "url" or "darkUrl"): the
// pictures of the feed's images/ folder, each with its thumbnail, to choose one; or a file of this
// computer added to images/, checked by the server as serve and publish check it (format, size,
// dimensions) and never written over a picture that is there.
(function () {
  "use strict";
  var C = window.Console;
  var serial = 0;

  // A file's name as a URL allows it: letters, digits, ".", "-" and "_" (what the server accepts).
  function plainName(name) {
    return name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "") || "picture";
  }

  function sizeText(bytes) {
    return bytes < 1000 ? bytes + " bytes" : bytes < 1000000 ? Math.round(bytes / 1000) + " KB"
      : (bytes / 1000000).toFixed(1) + " MB";
  }

  function picturesURL(feed) { return C.feedURL(feed) + "/images"; }

  // Sets the field to `url` as if the author had typed it (the form reads the input event).
  function choose(control, url) {
    control.value = url;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.focus();
  }

  function attach(wrapper) {
    var control = /** @type {HTMLInputElement | null} */ (wrapper.querySelector("input"));
    if (!control || wrapper.querySelector(".con-pictures")) { return; }
    serial += 1;
    var panelId = "con-pictures-" + serial;
    var toggle = C.make("button", { type: "button", "aria-expanded": "false",
      "aria-controls": panelId, text: "Choose a picture…" });
    var list = C.make("ul", { "class": "con-picture-list", "aria-label": "Pictures in images/" });
    var status = C.make("p", { "class": "con-hint con-picture-status", "aria-live": "polite" });
    var fileId = panelId + "-file";
    var file = /** @type {HTMLInputElement} */ (C.make("input", { id: fileId, type: "file",
      accept: ".png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp" }));
    var panel = C.make("div", { id: panelId, "class": "con-pictures-panel", hidden: true }, [
      list, status,
      C.make("label", { "for": fileId, text: "Add a picture to images/ (PNG, JPEG, GIF or WebP)" }), file]);
    wrapper.appendChild(C.make("div", { "class": "con-pictures" }, [toggle, panel]));

    function say(text, isError) {
      status.textContent = text;
      status.className = isError ? "con-picture-status con-picture-error" : "con-hint con-picture-status";
    }

    function load(selectPath) {
      var feed = C.state.editor && C.state.editor.feed;
      if (!feed) { return Promise.resolve(); }
      say("Reading images/…", false);
      return C.api("GET", picturesURL(feed)).then(function (answer) {
        if (answer.status !== 200 || !answer.data) { say(C.reason(answer), true); return; }
        list.textContent = "";
        answer.data.images.forEach(function (picture) {
          var label = picture.path + (picture.width ? ", " + picture.width + " × " + picture.height + " pixels" : "")
            + ", " + sizeText(picture.bytes);
          var button = C.make("button", { type: "button", "class": "con-picture",
            "aria-pressed": control.value === picture.url ? "true" : "false" }, [
            C.make("img", { src: "/" + picture.path, alt: "", loading: "lazy" }), C.make("span", { text: label })]);
          button.addEventListener("click", function () {
            choose(control, picture.url);
            close();
          });
          list.appendChild(C.make("li", {}, [button]));
          if (picture.path === selectPath) { choose(control, picture.url); }
        });
        var left = answer.data.leftOut.map(function (item) { return item.path + ": " + item.reason; });
        var count = answer.data.images.length;
        say((count === 0 ? "No pictures in images/ yet." : count + (count === 1 ? " picture." : " pictures."))
          + (left.length ? " Left out (apps would not get them): " + left.join("; ") : ""), false);
      });
    }

    function close() {
      panel.hidden = true;
      toggle.setAttribute("aria-expanded", "false");
    }

    toggle.addEventListener("click", function () {
      if (!panel.hidden) { close(); return; }
      panel.hidden = false;
      toggle.setAttribute("aria-expanded", "true");
      load(null);
    });

    file.addEventListener("change", function () {
      var chosen = file.files && file.files[0];
      var feed = C.state.editor && C.state.editor.feed;
      if (!chosen || !feed) { return; }
      var name = plainName(chosen.name);
      say("Adding images/" + name + "…", false);
      fetch(picturesURL(feed) + "/" + encodeURIComponent(name), {
        method: "POST", body: chosen, cache: "no-store",
        headers: { "Content-Type": chosen.type || "application/octet-stream" }
      }).then(function (response) {
        return response.text().then(function (text) {
          var data = null;
          try { data = JSON.parse(text); } catch (error) { data = null; }
          return { status: response.status, data: data, etag: null };
        });
      }).then(function (answer) {
        file.value = "";
        if (answer.status !== 201 || !answer.data) { say("Not added: " + C.reason(answer), true); return; }
        return load(answer.data.path).then(function () {
          say("Added " + answer.data.path + (name !== chosen.name ? " (renamed from " + chosen.name + ")" : "")
            + " and chosen.", false);
        });
      }).catch(function (error) { say("Not added: " + error, true); });
    });
  }

  function attachAll(root) {
    root.querySelectorAll(".con-field[data-path$=\"image.url\"], .con-field[data-path$=\"image.darkUrl\"]")
      .forEach(function (node) { attach(/** @type {HTMLElement} */ (node)); });
  }

  function start() {
    var form = document.getElementById("con-form");
    if (!form) { return; }
    attachAll(form);
    new MutationObserver(function () { attachAll(form); }).observe(form, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
  C.pictures = { plainName: plainName };
})();
