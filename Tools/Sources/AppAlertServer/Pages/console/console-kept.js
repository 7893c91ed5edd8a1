"use strict";
// Drafts kept in this tab (sessionStorage), per feed and message, until they are saved or discarded: a
// reload of the page, or opening another message (a link to another message's error), never loses an
// edit. A draft opened again says so and offers to discard it.
(function () {
  var C = window.Console;
  var state = C.state, byId = C.byId;
  var L = ConsoleLogic;

  /** @returns {Storage | null} */
  function storage() {
    try { return window.sessionStorage; } catch (error) { return null; }
  }

  // Keeps the open draft when it differs from the message on disk (a new message always), forgets it
  // when it does not. True when the draft is kept (or there is nothing to keep).
  function keep(editor) {
    var store = storage();
    if (!store || !editor) { return false; }
    var key = L.draftKey(editor.feed, editor.originalId);
    try {
      if (editor !== state.editor || !C.isDirty()) {
        store.removeItem(key);
        return true;
      }
      store.setItem(key, JSON.stringify({ draft: editor.draft, base: editor.originalId === null ? null : editor.base,
        etag: editor.etag || null, template: editor.template, like: editor.like || null,
        json: editor.jsonError ? /** @type {HTMLTextAreaElement} */ (byId("con-json")).value : null }));
      return true;
    } catch (error) {
      // A full storage: the page still holds the edit, and leaving it asks first.
      return false;
    }
  }

  function forget(feed, id) {
    var store = storage();
    if (!store) { return; }
    try { store.removeItem(L.draftKey(feed, id)); } catch (error) { /* nothing kept */ }
  }

  function kept(feed, id) {
    var store = storage();
    if (!store) { return null; }
    try { return L.readKept(store.getItem(L.draftKey(feed, id))); } catch (error) { return null; }
  }

  // The feed whose new message has a kept draft, when a feed the page lists has one.
  function keptNew() {
    var store = storage();
    if (!store) { return null; }
    for (var i = 0; i < store.length; i += 1) {
      var named = L.draftOf(store.key(i) || "");
      if (named && named.id === null && state.data[named.feed] && state.data[named.feed].feed !== null
        && kept(named.feed, null)) {
        return named.feed;
      }
    }
    return null;
  }

  // Opens message `id` of `feed` from its kept draft; false when it has none.
  function restore(feed, id) {
    var draft = kept(feed, id);
    if (!draft || (id !== null && !draft.base)) { return false; }
    C.startEditor(feed, id, draft.draft, draft.etag, draft.template, draft.base, draft.like);
    if (draft.json !== null) {
      /** @type {HTMLTextAreaElement} */ (byId("con-json")).value = draft.json;
      C.jsonEdited();
    }
    showRestored(state.editor);
    return true;
  }

  function showRestored(editor) {
    var what = editor.originalId === null ? "new message" : "edit of message #" + editor.originalId;
    byId("con-restored-text").textContent = "This is your unsaved " + what + ", kept in this tab. Save it, or "
      + "discard the draft" + (editor.originalId === null ? "." : " to see the message as it is on disk.");
    byId("con-restored").hidden = false;
  }

  function hideRestored() { byId("con-restored").hidden = true; }

  function discard() {
    var editor = state.editor;
    if (!editor) { return; }
    forget(editor.feed, editor.originalId);
    hideRestored();
    if (editor.originalId === null) {
      C.dropEditor(true);
      return;
    }
    C.openMessage(editor.feed, editor.originalId);
    C.setStatus("Draft discarded: this is the message as it is on disk.");
    byId("con-editor").focus();
  }

  document.addEventListener("DOMContentLoaded", function () {
    byId("con-discard").addEventListener("click", discard);
  });

  Object.assign(C, { keep: keep, forget: forget, restore: restore, keptNew: keptNew, hideRestored: hideRestored });
})();
