"use strict";
// The AppAlert console: lists the messages of every served feed, edits one in a form and as JSON,
// checks each draft with the server (preview, diagnostics, diff, explain) and saves it.
(function () {
  var L = ConsoleLogic;
  var resultsText = L.resultsText, jsonWhere = L.jsonWhere;
  var state = {
    feeds: [], data: {}, editing: true, editingOff: null, results: false,
    editor: null, version: null, lookAgain: false, checkTimer: null, checkSerial: 0,
    // Per feed, the highest id this page has seen in any version it loaded (deleted messages
    // included): installs remember messages by id, so a new message never takes an old one's.
    highWater: {},
    // Per feed and message id, that the author agreed to change the split of a test with results: asked
    // once per message while the page is open (a second editor of it, or reopening it, does not ask again).
    splitAgreed: {},
    // Per feed and message id, the line saying from when a split saved in this page holds (the results
    // database does not record it).
    splitChanges: {}
  };

  function byId(id) { return document.getElementById(id); }

  // Builds an element: attributes by name ("text" sets the text), then children.
  function make(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === undefined || value === null || value === false) { return; }
      if (name === "text") { node.textContent = value; } else { node.setAttribute(name, value === true ? "" : value); }
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) {
        node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
      }
    });
    return node;
  }

  function feedURL(name) { return "/api/feeds/" + name.split("/").map(encodeURIComponent).join("/"); }

  // One API call: the status, the JSON body (or null) and the ETag header.
  function api(method, path, body, headers) {
    /** @type {RequestInit & { headers: Record<string, string> }} */
    var init = { method: method, headers: Object.assign({}, headers || {}), cache: "no-store" };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
    return fetch(path, init).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (error) { data = null; }
        return { status: response.status, data: data, etag: response.headers.get("ETag") };
      });
    });
  }

  function reason(answer) {
    if (answer.data && typeof answer.data.error === "string") { return answer.data.error; }
    return "The server answered " + answer.status + ".";
  }

  // ---- The list ----

  function loadAll() {
    byId("con-messages").setAttribute("aria-busy", "true");
    return api("GET", "/api/feeds").then(function (answer) {
      if (answer.status !== 200 || !answer.data) { throw new Error(reason(answer)); }
      state.feeds = answer.data.feeds || [];
      state.editing = answer.data.editing !== false;
      state.editingOff = answer.data.editingOff || null;
      state.results = !!answer.data.results;
      // Without results: where they would be, the command that shows them.
      var command = !state.results && typeof answer.data.resultsCommand === "string" ? answer.data.resultsCommand : null;
      // Its options ("--dev", "--results") each kept on one line; a long path may still wrap.
      byId("con-results-command").replaceChildren.apply(byId("con-results-command"), (command || "").split(" ")
        .map(function (word, index) {
          var node = /^--?[A-Za-z]/.test(word) ? make("span", { "class": "con-option", text: word }) : document.createTextNode(word);
          return index ? [document.createTextNode(" "), node] : [node];
        }).reduce(function (all, some) { return all.concat(some); }, []));
      byId("con-results-how").hidden = command === null;
      return Promise.all(state.feeds.map(function (feed) { return loadFeed(feed.name); }));
    }).then(function () {
      byId("con-load-error").hidden = true;
      renderHeader();
      renderList();
    }).catch(function (error) {
      var box = byId("con-load-error");
      box.textContent = "Could not read the feeds: " + error.message;
      box.hidden = false;
    }).then(function () {
      byId("con-messages").setAttribute("aria-busy", "false");
    });
  }

  function loadFeed(name) {
    return api("GET", feedURL(name)).then(function (answer) {
      if (answer.status !== 200 || !answer.data) { throw new Error(name + ": " + reason(answer)); }
      var data = answer.data;
      data.etag = answer.etag || data.etag;
      state.data[name] = data;
      noteIds(name, messagesOf(data).map(function (message) { return message && message.id; })
        .concat((data.messages || []).map(function (line) { return line.id; }), [serverHighest(data)]));
      return data;
    });
  }

  // The highest id the server says the feed ever used (its history), when it says.
  function serverHighest(data) {
    return ["highestIdEverUsed", "highestIdUsed", "highestId"].map(function (key) { return data[key]; })
      .find(function (value) { return typeof value === "number"; });
  }

  function noteIds(name, ids) {
    var mark = state.highWater[name] || 0;
    ids.forEach(function (id) { if (Number.isInteger(id) && id > mark) { mark = id; } });
    state.highWater[name] = mark;
  }

  function renderHeader() {
    var off = byId("con-editing-off");
    off.hidden = state.editing;
    off.textContent = state.editing ? "" : "Editing is off: " + (state.editingOff || "the server refuses changes.");
    var select = /** @type {HTMLSelectElement} */ (byId("con-new-feed"));
    var chosen = select.value;
    select.replaceChildren();
    // A feed whose file is not JSON cannot take a new message until it is mended.
    var usable = state.feeds.filter(function (feed) { return !state.data[feed.name] || state.data[feed.name].feed !== null; });
    state.feeds.forEach(function (feed) {
      var broken = usable.indexOf(feed) < 0;
      select.appendChild(make("option", { value: feed.name, text: feed.name + (broken ? " (not JSON)" : ""),
        disabled: broken }));
    });
    var keep = usable.some(function (feed) { return feed.name === chosen; });
    select.value = keep ? chosen : usable.length ? usable[0].name : "";
    byId("con-new-feed-field").hidden = state.feeds.length < 2;
  }

  var stateNames = { live: "Live now", scheduled: "Scheduled", ended: "Ended", errors: "Has errors" };

  // A bundle id that may break after each dot (a narrow window): "com.<wbr>example.<wbr>app".
  // The apps a message names, one per line: an id breaks (after a dot) only where it cannot fit whole.
  // Each app id whole, on a line of its own (console.css): a list wraps between ids, never inside one.
  function appsCell(apps) {
    return apps.map(function (app) { return make("span", { "class": "con-app", text: String(app) }); });
  }

  // The results as short lines: the headline, then each variant's heading, then its figures.
  function resultsCell(results, id) {
    return ConsoleLogic.resultsLines(results, id).map(function (line) {
      return make("span", { "class": "con-results-" + line.kind, text: line.text });
    });
  }

  function renderList() {
    var several = state.feeds.length > 1;
    var columns = (several ? ["Feed"] : []).concat(["Id", "Title", "Layout", "Apps", "Placement", "State"]);
    if (state.results) { columns.push("Results"); }
    var table = /** @type {HTMLTableElement} */ (byId("con-table"));
    var head = table.tHead.rows[0];
    head.replaceChildren.apply(head, columns.map(function (title) { return make("th", { scope: "col", text: title }); }));
    var filter = /** @type {HTMLInputElement} */ (byId("con-filter")).value.trim().toLowerCase();
    var wanted = /** @type {HTMLSelectElement} */ (byId("con-state-filter")).value;
    var body = table.tBodies[0];
    body.replaceChildren();
    var shown = 0;
    state.feeds.forEach(function (feed) {
      var data = state.data[feed.name];
      if (!data) { return; }
      if (data.feed === null) {
        // The file is not JSON: a row that says so, instead of a feed that disappears.
        var why = (data.diagnostics || []).find(function (diagnostic) { return diagnostic.severity === "error"; });
        shown += 1;
        body.appendChild(make("tr", { "class": "con-broken" }, [make("td", { colspan: String(columns.length),
          "class": "con-error-text", text: feed.name + " is not JSON: " + (why ? why.message.replace(/^not JSON: /, "") : "it cannot be read")
            + ". Mend it in an editor; the console shows it again once it reads." })]));
        return;
      }
      // The messages as written (their buttons' titles), by id: looked up once per row.
      var fullById = {};
      messagesOf(data).forEach(function (full) { if (full && Number.isInteger(full.id)) { fullById[String(full.id)] = full; } });
      (data.messages || []).forEach(function (message) {
        var words = [feed.name, String(message.id), message.title || "", message.layout, (message.apps || []).join(" "),
          message.placement, message.state, stateNames[message.state] || ""].join(" ").toLowerCase();
        if (filter && words.indexOf(filter) < 0) { return; }
        if (wanted && message.state !== wanted) { return; }
        shown += 1;
        var open = Number.isInteger(message.id) ? make("a", { href: routeLink(feed.name, message.id),
          "aria-label": "Open message " + message.id + (several ? " of " + feed.name : ""), text: "#" + message.id })
          : make("span", { text: "(no id)" });
        var cells = (several ? [make("td", { text: feed.name })] : []).concat([
          make("td", { "class": "con-id" }, [open]),
          make("td", { text: message.title === null || message.title === undefined ? "(no title)" : message.title }),
          make("td", { text: message.layout || "alert" }),
          make("td", { "class": "con-apps" }, appsCell(message.apps || [])),
          make("td", { text: message.placement || "launch" }),
          make("td", {}, [make("span", { "class": "con-state con-state-" + message.state,
            text: (stateNames[message.state] || message.state) + (message.variants && message.variants.length
              ? " · " + message.variants.length + " variants" : "") })])
        ]);
        if (state.results) {
          var changed = state.splitChanges[feed.name + "\n" + message.id];
          cells.push(make("td", { "class": "con-results" }, resultsCell(data.results, message.id)
            .concat(changed ? [make("span", { "class": "con-results-figure con-split-changed", text: changed })] : [])));
        }
        var row = make("tr", {}, cells);
        if (state.editor && state.editor.feed === feed.name && state.editor.originalId === message.id) {
          row.className = "con-current";
          row.setAttribute("aria-current", "true");
        }
        body.appendChild(row);
      });
    });
    byId("con-list-empty").hidden = shown > 0;
    var unread = state.feeds.map(function (feed) { return state.data[feed.name]; })
      .filter(function (data) { return data && data.results && typeof data.results.error === "string"; });
    var note = byId("con-results-error");
    note.hidden = unread.length === 0;
    note.textContent = unread.length ? "The results database cannot be read: " + unread[0].results.error : "";
  }

  function setStatus(text) { byId("con-status").textContent = text; }

  // A notice says what happened: a status line from before (or "Saving…") would contradict it. A caller
  // that has a status to go with the notice sets it after.
  function showNotice(text, withReload) {
    setStatus("");
    byId("con-notice-text").textContent = text;
    byId("con-reload").hidden = !withReload;
    byId("con-notice").hidden = false;
  }

  function hideNotice() { byId("con-notice").hidden = true; }

  // ---- The editor ----

  // Above every id seen in this session (deleted ones too) and in the diff's baseline.
  function nextFreeId(feedName) {
    var data = state.data[feedName];
    noteIds(feedName, ((data && data.messages) || []).map(function (line) { return line.id; }));
    return (state.highWater[feedName] || 0) + 1;
  }

  function messagesOf(data) {
    if (!data || !data.feed) { return []; }
    return Array.isArray(data.feed) ? data.feed : (data.feed.messages || []);
  }

  function isDirty() {
    var editor = state.editor;
    return !!editor && (editor.originalId === null || JSON.stringify(editor.draft) !== editor.savedText
      || editor.jsonError !== null);
  }

  function openFromHash() {
    var hash = decodeURIComponent(location.hash.slice(1));
    var slash = hash.lastIndexOf("/");
    if (slash < 0) {
      // A page opened without a message: the new message kept in this tab, if any.
      var feed = state.editor ? null : Console.keptNew();
      if (feed !== null) { Console.restore(feed, null); }
      return;
    }
    var name = hash.slice(0, slash);
    var id = Number(hash.slice(slash + 1));
    if (!state.data[name] || !Number.isInteger(id)) { return; }
    var editor = state.editor;
    if (editor && editor.feed === name && editor.originalId === id) { return; }
    if (!isDirty()) { openMessage(name, id); return; }
    // The edit stays a draft of this tab (another message's error can be mended meanwhile); only a page
    // that cannot keep it asks.
    if (Console.keep(editor)) {
      var left = headingText(editor).replace(/^M/, "m").replace(/^new message \(.*?\)/, "new message");
      openMessage(name, id);
      setStatus("Your edit of " + left + " is kept as a draft in this tab: open it again to go on with it.");
      return;
    }
    askToLeave("Open message #" + id + "? Your edits to " + headingText(editor).replace(/^M/, "m")
      + " are not saved.", "Open it without saving").then(function (leave) {
      if (leave) { openMessage(name, id); } else { history.replaceState(null, "", editorHash(editor)); }
    });
  }

  // A link to message `id` of `feed`: the page's own path and its route, not "#route" alone, which
  // reads as a skip link to an element of that id.
  function routeLink(feed, id) {
    return location.pathname + location.search + "#" + encodeURIComponent(feed) + "/" + id;
  }

  function editorHash(editor) {
    return editor.originalId === null ? location.pathname : "#" + encodeURIComponent(editor.feed) + "/" + editor.originalId;
  }

  // Unsaved edits: the page's own dialog (focus on "Keep editing", Escape keeps editing); true to leave.
  function askToLeave(text, leaveLabel) {
    return askIn("con-leave", null, text, leaveLabel, null);
  }

  // A question in the page's own dialog: [title, text, confirm, keep]. Focus on the keeping answer; Escape
  // keeps. True when confirmed; the focus then goes back where it was either way.
  function ask(question) {
    return askIn("con-ask", question[0], question[1], question[2], question[3]);
  }

  function askIn(prefix, title, text, confirmLabel, cancelLabel) {
    var dialog = /** @type {HTMLDialogElement} */ (byId(prefix + "-dialog"));
    if (dialog.open) { return Promise.resolve(false); }
    var back = /** @type {HTMLElement | null} */ (document.activeElement);
    var confirm = byId(prefix + "-confirm"), cancel = byId(prefix + "-cancel");
    if (title !== null) { byId(prefix + "-title").textContent = title; }
    if (cancelLabel !== null) { cancel.textContent = cancelLabel; }
    byId(prefix + "-text").textContent = text;
    confirm.textContent = confirmLabel;
    return new Promise(function (resolve) {
      function done(yes) {
        confirm.removeEventListener("click", confirming);
        cancel.removeEventListener("click", keeping);
        dialog.removeEventListener("close", keeping);
        if (dialog.open) { dialog.close(); }
        if ((!yes || prefix === "con-ask") && back && back.focus && document.contains(back)) { back.focus(); }
        resolve(yes);
      }
      function confirming() { done(true); }
      function keeping() { done(false); }
      confirm.addEventListener("click", confirming);
      cancel.addEventListener("click", keeping);
      dialog.addEventListener("close", keeping);
      dialog.showModal();
      cancel.focus();
    });
  }

  function showEditor(shown) {
    byId("con-editor").hidden = !shown;
    byId("con-skip").hidden = !shown;
  }

  function openMessage(name, id) {
    var data = state.data[name];
    var message = messagesOf(data).find(function (candidate) { return candidate && candidate.id === id; });
    if (!message) {
      setStatus("Message " + id + " is not in " + name + ".");
      return;
    }
    if (Console.restore(name, id)) { return; }
    startEditor(name, id, JSON.parse(JSON.stringify(message)), data.etag);
  }

  // `base` is the message as it was on disk when the editor opened it (null for a new one): a save
  // refused because the file changed elsewhere goes through when this message did not change. A draft
  // kept in this tab comes with the `base` it was opened from. A duplicate comes with its original as the
  // file writes it (`like`), whose key order it is saved in.
  function startEditor(name, originalId, draft, etag, template, base, like) {
    var onDisk = base || JSON.parse(JSON.stringify(draft));
    state.editor = {
      feed: name, originalId: originalId, draft: draft, etag: etag, base: onDisk,
      savedText: JSON.stringify(onDisk), jsonError: null, messageIndex: null, diagnostics: [],
      template: template || null, refusal: null, like: like || null, saving: 0, saveMark: 0
    };
    var section = byId("con-editor");
    showEditor(true);
    hideNotice();
    Console.hideRestored();
    setStatus(originalId === null ? "A new message: it is in the feed once you save it." : "");
    // The preview back in its column first: building the form empties it.
    Console.placePreview(null);
    Console.form.build(byId("con-form"), draft);
    writeJSON();
    Console.fillInstall(draft);
    renderEditorHead();
    renderList();
    Console.scheduleCheck(0);
    if (originalId === null) { Console.keep(state.editor); }
    section.focus();
  }

  // The message opened, not the Id field as it is being typed: "Message #4", "Message #4 → id 2",
  // "New message (id 7)".
  function headingText(editor) {
    var id = editor.draft.id;
    var idText = Number.isInteger(id) ? "id " + id : "no id yet";
    var text = editor.originalId === null ? "New message (" + idText + ")"
      : "Message #" + editor.originalId + (id === editor.originalId ? "" : " → " + idText);
    return text + (state.feeds.length > 1 ? " in " + editor.feed : "");
  }

  function renderEditorHead() {
    var editor = state.editor;
    var feed = state.feeds.find(function (candidate) { return candidate.name === editor.feed; }) || {};
    var data = state.data[editor.feed] || {};
    byId("con-editor-heading").textContent = headingText(editor);
    var why = !state.editing ? (state.editingOff || "Editing is off.")
      : (data.canSave === false || feed.canSave === false) ? (data.cannotSave || feed.cannotSave || "This feed cannot be saved.")
      : null;
    var save = /** @type {HTMLButtonElement} */ (byId("con-save"));
    save.disabled = !!why;
    save.title = why || "";
    /** @type {HTMLButtonElement} */ (byId("con-delete")).disabled = !!why || editor.originalId === null;
    if (why) { showNotice(why, false); }
  }

  function closeEditor() {
    if (!isDirty()) { dropEditor(true); return; }
    askToLeave("Close " + headingText(state.editor).replace(/^M/, "m") + "? Your edits are not saved.",
      "Close without saving").then(function (leave) { if (leave) { dropEditor(true); } });
  }

  // Closes the editor; with `focus`, the focus goes back to the message's row (or the filter).
  function dropEditor(focus) {
    var editor = state.editor;
    if (editor) { Console.forget(editor.feed, editor.originalId); }
    state.editor = null;
    showEditor(false);
    if (location.hash) { history.replaceState(null, "", location.pathname); }
    renderList();
    if (!focus) { return; }
    var href = editor && editor.originalId !== null ? routeLink(editor.feed, editor.originalId) : null;
    var link = Array.prototype.find.call(byId("con-table").querySelectorAll("a"), function (anchor) {
      return anchor.getAttribute("href") === href;
    });
    (link || byId("con-filter")).focus();
  }

  function writeJSON() {
    var box = /** @type {HTMLTextAreaElement} */ (byId("con-json"));
    box.value = JSON.stringify(state.editor.draft, null, 2);
    state.editor.jsonError = null;
    showJSONError(null);
  }

  function showJSONError(text) {
    var box = byId("con-json-error");
    box.hidden = !text;
    box.textContent = text || "";
    byId("con-json").setAttribute("aria-invalid", text ? "true" : "false");
  }

  function jsonErrorText(text) {
    return "The JSON is not valid at " + jsonWhere(text) + ". The form keeps the last valid version.";
  }

  function jsonEdited() {
    var editor = state.editor;
    var text = /** @type {HTMLTextAreaElement} */ (byId("con-json")).value;
    var value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      editor.jsonError = jsonErrorText(text);
      showJSONError(editor.jsonError);
      Console.keep(editor);
      return;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      editor.jsonError = "A message is a JSON object: { \"id\": …, \"title\": …, … }. The form keeps the last valid version.";
      showJSONError(editor.jsonError);
      return;
    }
    editor.jsonError = null;
    showJSONError(null);
    // What the draft was before this run of JSON edits: settleJSON compares the buttons' actions with it.
    if (!editor.jsonFrom) { editor.jsonFrom = editor.draft; }
    editor.draft = value;
    competingCleared();
    if (editor.refusal === "variants" && !variantsRefusal(editor)) {
      editor.refusal = null;
      hideNotice();
    }
    Console.form.fill(value);
    renderEditorHead();
    Console.keep(editor);
    Console.scheduleCheck();
  }

  // Edits in the JSON box, once it is left (or before a save or an edit in the form): a message's button
  // given a new action there reaches the copies that did what it did, as from the form.
  function settleJSON() {
    var editor = state.editor;
    if (!editor || !editor.jsonFrom || editor.jsonError) { return; }
    var from = editor.jsonFrom;
    editor.jsonFrom = null;
    var followed = ConsoleGuard.followActions(from, editor.draft);
    if (!followed.length) { return; }
    Console.form.fill(editor.draft);
    writeJSON();
    Console.keep(editor);
    Console.scheduleCheck();
    setStatus(followed.map(function (one) {
      return "The " + one.label + " does the same in " + one.changed.join(", ") + ": their copies of it did what it did before.";
    }).join(" "));
  }

  // The number of variants message `editor` has on disk when it has recorded results (they are stored by
  // each variant's place in the list), else null: those are not moved or removed.
  function keptVariants(editor) {
    var data = editor ? state.data[editor.feed] : null;
    if (!editor || editor.originalId === null || !ConsoleGuard.recorded(data ? data.results : null, editor.originalId)) {
      return null;
    }
    return Array.isArray(editor.base.variants) ? editor.base.variants.length : 0;
  }

  // Whether the author agreed, in this page, to change the split of the editor's message; `agree` records it.
  function splitAgreed(editor, agree) {
    var key = editor.feed + "\n" + editor.originalId;
    if (agree) { state.splitAgreed[key] = true; }
    return state.splitAgreed[key] === true;
  }

  // Why the draft may not be saved: it moves or removes a variant its results are stored by (an edit in
  // the JSON box; the form refuses those at the variant).
  function variantsRefusal(editor) {
    return ConsoleGuard.savedVariantsRefusal(keptVariants(editor), editor.base, editor.draft);
  }

  // The form changed the draft (Console.form calls this).
  // A copy's notice that it competes with its original goes once the copy's targeting differs.
  function competingCleared() {
    var editor = state.editor;
    if (editor && editor.competes && !ConsoleGuard.sameTargeting(editor.draft, editor.competes)) {
      editor.competes = null;
      hideNotice();
    }
  }

  function formEdited() {
    settleJSON();
    competingCleared();
    Console.form.refresh(state.editor.draft);
    writeJSON();
    renderEditorHead();
    Console.keep(state.editor);
    Console.scheduleCheck();
  }

  window.Console = window.Console || {};
  Object.assign(Console, {
    state: state, byId: byId, make: make, api: api, reason: reason, feedURL: feedURL, loadAll: loadAll,
    loadFeed: loadFeed, renderList: renderList, renderEditorHead: renderEditorHead, messagesOf: messagesOf,
    nextFreeId: nextFreeId, isDirty: isDirty, openMessage: openMessage, openFromHash: openFromHash,
    routeLink: routeLink, startEditor: startEditor, closeEditor: closeEditor, dropEditor: dropEditor,
    askToLeave: askToLeave, ask: ask, headingText: headingText, noteIds: noteIds, showEditor: showEditor, jsonEdited: jsonEdited, formEdited: formEdited,
    settleJSON: settleJSON, keptVariants: keptVariants, splitAgreed: splitAgreed, variantsRefusal: variantsRefusal,
    setStatus: setStatus, jsonWhere: jsonWhere, writeJSON: writeJSON, showNotice: showNotice, hideNotice: hideNotice,
    draft: function () { return state.editor.draft; }
  });
})();
