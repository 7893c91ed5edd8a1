"use strict";
// Saving, duplicating, deleting, and changes made elsewhere; then the page's wiring.
(function () {
  var C = window.Console;
  var state = C.state, byId = C.byId, make = C.make, api = C.api, reason = C.reason, feedURL = C.feedURL;
  var setStatus = C.setStatus, showNotice = C.showNotice, hideNotice = C.hideNotice;
  var sameJSON = ConsoleLogic.sameJSON, templateWords = ConsoleLogic.templateWords, valueAt = ConsoleLogic.valueAt;

  var staleText = "This feed changed since you opened it (on disk or in another tab). "
    + "Reload to see the current version.";

  function onDisk(editor) {
    return C.messagesOf(state.data[editor.feed]).find(function (message) {
      return message && message.id === editor.originalId;
    });
  }

  function refuseTemplateWords(editor) {
    var template = editor.template;
    if (!template) { return false; }
    var left = templateWords(template).filter(function (word) {
      var value = valueAt(template, word[0]);
      return typeof value === "string" && valueAt(editor.draft, word[0]) === value;
    });
    if (!left.length) { return false; }
    C.showDiagnostics(editor.diagnostics || [], editor.messageIndex === null);
    var names = [];
    var noted = {};
    left.forEach(function (word) {
      if (names.indexOf(word[1]) < 0) { names.push(word[1]); }
      if (noted[word[2]]) { return; }
      noted[word[2]] = true;
      Console.form.showDiagnostic(word[0], { severity: "error", message: word[2] });
    });
    var list = names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names[0];
    setStatus("Not saved: " + list + (names.length > 1 ? " are" : " is") + " still the template's. "
      + "Write the message's own.");
    focusFirstError();
    return true;
  }

  // A field the form could not write (a share of 0, a day that is no date) keeps the draft as it was:
  // saving then would store the old value while the page shows the new one. Not saved, and why.
  function refuseFieldErrors() {
    var box = document.querySelector("#con-form .con-local-error");
    if (!box) { return false; }
    var words = (box.firstChild && box.firstChild.textContent || "").trim();
    setStatus("Not saved: " + (words || "a field has an error.") + " Fix the field marked first; the file keeps "
      + "what it had.");
    focusFirstError();
    return true;
  }

  function save() {
    var editor = state.editor;
    if (!editor) { return; }
    if (editor.jsonError) {
      setStatus("Not saved: the JSON has an error. Fix it, or edit the form.");
      byId("con-json").focus();
      return;
    }
    C.settleJSON();
    if (refuseTemplateWords(editor) || refuseFieldErrors()) { return; }
    guardVariants(editor).then(function (go) {
      if (!go || state.editor !== editor) { return; }
      var button = byId("con-save");
      button.setAttribute("aria-busy", "true");
      send(editor, false).catch(function (error) {
        setStatus("Not saved: the server did not answer (" + error.message + ").");
      }).then(function () { button.setAttribute("aria-busy", "false"); });
    });
  }

  // A test with results edited in the JSON box, guarded as the form guards it: a saved variant moved or
  // removed is refused in the form's words; a changed split asks the form's question (once per editor).
  function guardVariants(editor) {
    var refusal = C.variantsRefusal(editor);
    if (refusal) {
      showNotice(refusal, false);
      editor.refusal = "variants";
      setStatus("Not saved: a variant of this test is moved or removed.");
      byId("con-json").focus();
      return Promise.resolve(false);
    }
    var change = C.keptVariants(editor) === null ? null : ConsoleGuard.splitChange(editor.base, editor.draft);
    if (!change || C.splitAgreed(editor)) { return Promise.resolve(true); }
    return C.ask(ConsoleGuard.splitQuestion(change, editor.originalId)).then(function (yes) {
      if (yes) { C.splitAgreed(editor, true); } else { setStatus("Not saved: the split is as you edited it. Change it back, or save again to be asked again."); }
      return yes;
    });
  }

  // Sends the draft; a 412 (the file changed elsewhere) is tried once more on top of the new version
  // when the message itself did not change there.
  // A save in flight, and each one begun or ended, marked on the editor: a look at the disk that began
  // before a save's answer must not judge the saved draft by the file it read before the save.
  function send(editor, again) {
    editor.saving += 1;
    editor.saveMark += 1;
    var ended = function () { editor.saving -= 1; editor.saveMark += 1; };
    return sendOnce(editor, again).then(function (value) { ended(); return value; },
      function (error) { ended(); throw error; });
  }

  function sendOnce(editor, again) {
    setStatus("Saving…");
    var isNew = editor.originalId === null;
    var path = feedURL(editor.feed) + "/messages" + (isNew ? "" : "/" + encodeURIComponent(editor.originalId));
    // A new message's keys in the documented order, whatever order the fields were filled in; a duplicate's
    // in its original's, at every level.
    var sent = isNew && editor.like ? ConsoleLogic.arrangedLike(JSON.parse(JSON.stringify(editor.draft)), editor.like)
      : isNew ? ConsoleLogic.inKeyOrder(editor.draft) : JSON.parse(JSON.stringify(editor.draft));
    // A test with results whose split this save changes: said, with the date, once saved.
    var splitChanged = !isNew && C.keptVariants(editor) !== null && ConsoleGuard.splitChange(editor.base, sent) !== null;
    return api(isNew ? "POST" : "PUT", path, sent, editor.etag ? { "If-Match": editor.etag } : {}).then(function (answer) {
      if (state.editor !== editor) { return; }
      if (answer.status === 200 || answer.status === 201) {
        var feed = state.feeds.filter(function (one) { return one.name === editor.feed; })[0];
        var split = splitChanged ? ConsoleGuard.splitChangeWords(new Date(),
          feed && typeof feed.reportCommand === "string" ? feed.reportCommand : null) : null;
        if (split) { state.splitChanges[editor.feed + "\n" + sent.id] = split.line; }
        editor.etag = (answer.data && answer.data.etag) || answer.etag || editor.etag;
        if (isNew) {
          editor.draft = JSON.parse(JSON.stringify(sent));
          C.writeJSON();
        }
        C.forget(editor.feed, editor.originalId);
        C.hideRestored();
        editor.originalId = sent.id;
        editor.savedText = JSON.stringify(sent);
        editor.base = sent;
        editor.template = null;
        editor.refusal = null;
        hideNotice();
        setStatus((again ? "Saved. The feed changed elsewhere; your message had not, so it was saved on top of the "
          + "new version." : "Saved to " + editor.feed + ". Open pages of the preview reload by themselves.")
          + (split ? " " + split.status : ""));
        history.replaceState(null, "", "#" + encodeURIComponent(editor.feed) + "/" + sent.id);
        C.renderEditorHead();
        return C.loadFeed(editor.feed).then(C.renderList);
      }
      if (answer.status === 412 && !again) { return onTopOfNewVersion(editor); }
      if (answer.status === 412) {
        showNotice(staleText, true);
        setStatus("Not saved.");
      } else if (answer.status === 422) {
        // Without a whole-number id the draft has no place in the feed: an error at the root is its Id's.
        var counts = C.showDiagnostics(answer.data && answer.data.diagnostics || [], !Number.isInteger(sent.id));
        editor.refusal = "errors";
        setStatus(refusalText(counts));
        focusFirstError();
      } else if (answer.status === 409 && /in use/.test(reason(answer)) && isNew && Number.isInteger(sent.id)) {
        return proposeFreeId(editor, sent.id, reason(answer));
      } else if (answer.status === 409 && /is not JSON/.test(reason(answer))) {
        return C.loadFeed(editor.feed).then(function (data) { refuseBrokenFile(editor, data); });
      } else if (answer.status === 409 && /in use/.test(reason(answer))) {
        C.showDiagnostics([{ severity: "error", path: "$", message: reason(answer) }], true);
        editor.refusal = "errors";
        setStatus("Not saved: " + reason(answer) + ".");
        focusFirstError();
      } else {
        showNotice("Not saved: " + reason(answer), false);
        setStatus("Not saved.");
      }
    });
  }

  function onTopOfNewVersion(editor) {
    return C.loadFeed(editor.feed).then(function (data) {
      if (state.editor !== editor) { return; }
      C.renderList();
      // The file changed into one that is not JSON: say where, and keep the edit for when it is mended.
      if (data && data.feed === null) {
        refuseBrokenFile(editor, data);
        return;
      }
      if (editor.originalId !== null) {
        var current = onDisk(editor);
        if (!current || !sameJSON(current, editor.base)) {
          showNotice(staleText, true);
          setStatus("Not saved.");
          return;
        }
      }
      editor.etag = data.etag;
      return send(editor, true);
    });
  }

  // A save refused because the file on disk is not JSON: where it goes wrong (line and column), and that
  // the edit stays in this page until the file is mended and the draft saved again.
  function refuseBrokenFile(editor, data) {
    var first = data && data.diagnostics && data.diagnostics[0];
    var why = first && first.message ? first.message : "it is not JSON";
    showNotice("Not saved: " + editor.feed + " on disk is broken (" + why + "). Your edit is kept in this page: "
      + "mend the file in an editor, then save again.", false);
    editor.refusal = "broken";
    setStatus("Not saved: " + editor.feed + " on disk is broken.");
  }

  // A new message whose id another message took meanwhile (a second New message, another tab): the
  // next free id, as New message and Duplicate choose it, offered at the Id with a button that sets it.
  function proposeFreeId(editor, taken, why) {
    return C.loadFeed(editor.feed).catch(function () { return null; }).then(function () {
      if (state.editor !== editor) { return; }
      C.renderList();
      var free = C.nextFreeId(editor.feed);
      C.showDiagnostics([{ severity: "error", path: "$", message: "id " + taken + " is in use: use " + free + "?" }], true);
      var note = document.querySelector("#con-form .con-field[data-path=\"id\"] .con-diag.con-error");
      var input = document.querySelector("#con-form .con-field[data-path=\"id\"] input");
      if (note && input) {
        var use = make("button", { type: "button", "class": "con-use-id", text: "Use id " + free });
        use.addEventListener("click", function () {
          if (state.editor !== editor) { return; }
          /** @type {HTMLInputElement} */ (input).value = String(free);
          input.dispatchEvent(new Event("input", { bubbles: true }));
          setStatus("The id is now " + free + ". Save to add the message.");
          byId("con-save").focus();
        });
        note.appendChild(document.createTextNode(" "));
        note.appendChild(use);
      }
      setStatus("Not saved: " + why + ".");
      focusFirstError();
    });
  }

  // What a 422 says, by where its errors went: never "at their fields" when none is.
  function refusalText(counts) {
    var listed = counts.others + counts.listed;
    if (counts.atFields && !listed) { return "Not saved: the feed would have errors. They are marked at their fields."; }
    if (counts.atFields) { return "Not saved: the feed would have errors, at their fields and listed above the form."; }
    if (counts.others && !counts.listed) {
      return "Not saved: another message of the feed has an error (named above the form). Fix it first.";
    }
    return "Not saved: the feed would have errors, listed above the form.";
  }

  function focusFirstError() {
    var field = document.querySelector("#con-form [aria-invalid=true]");
    if (field) { /** @type {HTMLElement} */ (field).focus(); } else if (!byId("con-diagnostics").hidden) { byId("con-diagnostics").focus(); }
  }

  // Reload after a refusal or a change elsewhere: the message as it is on disk now. Unsaved edits to it
  // are dropped only when the author says so in the page's dialog.
  function reload() {
    var editor = state.editor;
    var go = !editor || editor.originalId === null || !C.isDirty() ? Promise.resolve(true)
      : C.askToLeave("Reload " + C.headingText(editor).replace(/^M/, "m") + " as it is on disk now? Your edits "
        + "to it are not saved.", "Reload without saving");
    return go.then(function (leave) {
      if (!leave) { return undefined; }
      if (editor) { C.forget(editor.feed, editor.originalId); }
      return reloaded(editor);
    });
  }

  function reloaded(editor) {
    return C.loadAll().then(function () {
      if (!editor || state.editor !== editor) { return; }
      var data = state.data[editor.feed];
      if (editor.originalId === null) {
        editor.etag = data ? data.etag : editor.etag;
        hideNotice();
        setStatus("Reloaded the feed; your new message is still a draft.");
        return;
      }
      if (onDisk(editor)) {
        C.openMessage(editor.feed, editor.originalId);
        setStatus("Reloaded: this is the message as it is on disk now.");
      } else {
        C.dropEditor(true);
        setStatus("");
      }
    });
  }

  function duplicate() {
    var editor = state.editor;
    if (!editor) { return; }
    // The original as the file writes it (a save keeps the file's order, not the page's): the copy's order.
    var like = editor.originalId === null ? null : onDisk(editor) || null;
    var copy = like ? ConsoleLogic.arrangedLike(JSON.parse(JSON.stringify(editor.draft)), like) : JSON.parse(JSON.stringify(editor.draft));
    copy.id = C.nextFreeId(editor.feed);
    var data = state.data[editor.feed];
    var competes = editor.originalId === null ? null
      : ConsoleLogic.competesText(editor.draft, editor.originalId, data ? data.results : null);
    C.startEditor(editor.feed, null, copy, data ? data.etag : editor.etag, null, null,
      like ? JSON.parse(JSON.stringify(like)) : null);
    // The notice stays while the copy has the original's targeting (C.formEdited asks again).
    if (competes) { showNotice(competes, false); state.editor.competes = JSON.parse(JSON.stringify(editor.draft)); }
    setStatus("A copy with id " + copy.id + ": it is in the feed once you save it.");
  }

  function askDelete() {
    var editor = state.editor;
    if (!editor || editor.originalId === null) { return; }
    var data = state.data[editor.feed];
    byId("con-delete-text").textContent = ConsoleGuard.deleteText(editor.originalId, editor.draft.title, editor.feed,
      ConsoleGuard.recorded(data ? data.results : null, editor.originalId));
    byId("con-delete-dialog").showModal();
    byId("con-delete-cancel").focus();
  }

  function confirmDelete() {
    var editor = state.editor;
    byId("con-delete-dialog").close();
    if (!editor) { return; }
    setStatus("Deleting…");
    sendDelete(editor, false).catch(function (error) {
      if (state.editor === editor) { setStatus("Not deleted: the server did not answer (" + error.message + ")."); }
    });
  }

  // As a save: a 412 (the file changed elsewhere) is tried once more on top of the new version when this
  // message did not change there; only a change to the message itself asks to reload.
  function sendDelete(editor, again) {
    var path = feedURL(editor.feed) + "/messages/" + encodeURIComponent(editor.originalId);
    return api("DELETE", path, undefined, { "If-Match": editor.etag }).then(function (answer) {
      if (state.editor !== editor) { return; }
      if (answer.status === 200) {
        var id = editor.originalId;
        C.forget(editor.feed, id);
        state.editor = null;
        C.showEditor(false);
        history.replaceState(null, "", location.pathname);
        return C.loadAll().then(function () {
          byId("con-load-error").hidden = true;
          byId("con-filter").focus();
          announce("Deleted message #" + id + ".");
        });
      }
      if (answer.status === 412 && !again) {
        return C.loadFeed(editor.feed).then(function (data) {
          if (state.editor !== editor) { return; }
          C.renderList();
          var current = onDisk(editor);
          if (!current || !sameJSON(current, editor.base)) { showNotice(staleText, true); return; }
          editor.etag = data.etag;
          return sendDelete(editor, true);
        });
      }
      if (answer.status === 412) { showNotice(staleText, true); } else { showNotice("Not deleted: " + reason(answer), false); }
    });
  }

  function announce(text) {
    var status = byId("con-list-status");
    if (!status) {
      status = make("p", { id: "con-list-status", role: "status", "class": "con-hint" });
      byId("con-messages").insertBefore(status, byId("con-messages").querySelector(".con-table-wrap"));
    }
    status.textContent = text;
  }

  function createMessage() {
    var name = byId("con-new-feed").value;
    if (!name) {
      byId("con-load-error").textContent = "No feed can take a new message: no feed file is JSON. Mend one in an editor first.";
      byId("con-load-error").hidden = false;
      return;
    }
    var go = !C.isDirty() ? Promise.resolve(true)
      : C.askToLeave("Start a new message? Your edits to " + C.headingText(state.editor).replace(/^M/, "m")
        + " are not saved.", "Start without saving");
    go.then(function (leave) {
      if (!leave) { return; }
      if (state.editor) { C.forget(state.editor.feed, state.editor.originalId); }
      var layout = byId("con-new-layout").value;
      var data = state.data[name];
      var app = "com.example.app";
      C.messagesOf(data).some(function (message) {
        if (message && typeof message.bundleId === "string" && message.bundleId !== "*") { app = message.bundleId; return true; }
        return false;
      });
      var draft = Console.form.template(layout, C.nextFreeId(name), app);
      C.startEditor(name, null, draft, data ? data.etag : null, JSON.parse(JSON.stringify(draft)));
      history.replaceState(null, "", location.pathname);
    });
  }

  // ---- Changes elsewhere ----

  function poll() {
    fetch("/__preview/version", { cache: "no-store" }).then(function (response) { return response.text(); })
      .then(function (version) {
        if (state.version === null) { state.version = version; return; }
        // A file that refused a save because it was broken is read again until it is mended: mended
        // back to what the server serves, it makes no new version.
        if (version === state.version && !state.lookAgain) {
          return state.editor && state.editor.refusal === "broken" ? changedOnDisk() : undefined;
        }
        state.version = version;
        state.lookAgain = false;
        return changedOnDisk();
      }).catch(function () {}).then(function () { setTimeout(poll, 1000); });
  }

  function changedOnDisk() {
    var editor = state.editor;
    var dirty = C.isDirty();
    // While a save is on its way the next look (a second later) judges; a save that began or ended
    // while the feeds were read makes what was read stale: looked at again then too.
    if (editor && editor.saving) {
      state.lookAgain = true;
      return Promise.resolve();
    }
    var mark = editor ? editor.saveMark : 0;
    return C.loadAll().then(function () {
      if (editor && state.editor === editor && (editor.saving || editor.saveMark !== mark)) {
        state.lookAgain = true;
        return;
      }
      if (!editor || state.editor !== editor) { return; }
      var data = state.data[editor.feed];
      // The file that refused the save reads again: the refusal no longer holds.
      if (editor.refusal === "broken") {
        if (!data || data.feed === null) { return; }
        editor.refusal = null;
        hideNotice();
        setStatus(editor.feed + " reads again: save to write your edit.");
        return;
      }
      if (!data || data.etag === editor.etag) { return; }
      var current = editor.originalId === null ? null : onDisk(editor);
      if (dirty && (editor.originalId === null || (current && sameJSON(current, editor.base)))) {
        setStatus("The feed changed elsewhere, but not this message: your edits here can still be saved.");
      } else if (dirty) {
        setStatus("");
        showNotice("The feed changed on disk (or in another tab) while you were editing. Saving will be refused; "
          + "reload to see the current version (your edits here will be dropped: copy the JSON first if you need it).",
          true);
      } else if (editor.originalId !== null) {
        reload();
      }
    });
  }

  // ---- Wiring ----

  document.addEventListener("DOMContentLoaded", function () {
    byId("con-filter").addEventListener("input", C.renderList);
    byId("con-state-filter").addEventListener("change", C.renderList);
    byId("con-new").addEventListener("click", createMessage);
    byId("con-save").addEventListener("click", save);
    byId("con-duplicate").addEventListener("click", duplicate);
    byId("con-delete").addEventListener("click", askDelete);
    byId("con-close").addEventListener("click", C.closeEditor);
    byId("con-reload").addEventListener("click", reload);
    byId("con-delete-cancel").addEventListener("click", function () { byId("con-delete-dialog").close(); });
    byId("con-delete-confirm").addEventListener("click", confirmDelete);
    byId("con-json").addEventListener("input", function () { C.jsonEdited(); });
    byId("con-json").addEventListener("change", function () { C.settleJSON(); });
    byId("con-install").addEventListener("input", function () { C.scheduleCheck(); });
    byId("con-install").addEventListener("submit", function (event) { event.preventDefault(); });
    byId("con-form").addEventListener("submit", function (event) { event.preventDefault(); });
    document.addEventListener("keydown", function (event) {
      if ((event.ctrlKey || event.metaKey) && event.key === "s" && state.editor) { event.preventDefault(); save(); }
    });
    window.addEventListener("hashchange", C.openFromHash);
    window.addEventListener("beforeunload", function (event) {
      if (C.isDirty()) { event.preventDefault(); event.returnValue = ""; }
    });
    C.loadAll().then(C.openFromHash);
    poll();
  });
})();
