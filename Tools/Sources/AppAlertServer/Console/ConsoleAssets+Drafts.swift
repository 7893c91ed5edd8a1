extension ConsoleAssets {
    /// The open draft and the server: the live check (preview, diagnostics, diff, explain), saving with
    /// If-Match, duplicating, deleting after the dialog, and noticing a change made elsewhere.
    static let draftScript = #"""
        "use strict";
        // The console's conversation with the server about the open draft: the live check (preview,
        // diagnostics at their fields, diff, explain), saving, duplicating, deleting, and noticing changes
        // made elsewhere. Then the page's wiring.
        (function () {
          var C = window.Console;
          var state = C.state, byId = C.byId, make = C.make, api = C.api, reason = C.reason, feedURL = C.feedURL;
          var setStatus = C.setStatus, showNotice = C.showNotice, hideNotice = C.hideNotice;

          // ---- Checking a draft ----

          function installQuery() {
            var install = {};
            Array.prototype.forEach.call(byId("con-install").elements, function (field) {
              if (field.name && field.value.trim()) { install[field.name] = field.value.trim(); }
            });
            return install.bundleId ? install : null;
          }

          function fillInstall(draft) {
            var apps = [].concat(typeof draft.bundleId === "string" ? [draft.bundleId] : [],
              Array.isArray(draft.bundleIds) ? draft.bundleIds.filter(function (app) { return typeof app === "string"; }) : []);
            var list = byId("con-apps");
            list.replaceChildren.apply(list, apps.map(function (app) { return make("option", { value: app }); }));
            var field = byId("con-install-app");
            var first = apps.find(function (app) { return app !== "*"; }) || "com.example.app";
            if (!field.value || apps.indexOf(field.value) < 0) { field.value = first; }
          }

          function scheduleCheck(delay) {
            var editor = state.editor;
            if (!editor) { return; }
            byId("con-side").setAttribute("aria-busy", "true");
            clearTimeout(state.checkTimer);
            state.checkTimer = setTimeout(runCheck, delay === undefined ? 300 : delay);
          }

          function runCheck() {
            var editor = state.editor;
            if (!editor) { return; }
            var serial = ++state.checkSerial;
            var body = { message: editor.draft, replacing: editor.originalId, install: installQuery() };
            api("POST", feedURL(editor.feed) + "/check", body).then(function (answer) {
              if (serial !== state.checkSerial || state.editor !== editor) { return; }
              if (answer.status !== 200 || !answer.data) {
                byId("con-preview").replaceChildren(make("p", { "class": "con-error-text", text: reason(answer) }));
                return;
              }
              var data = answer.data;
              editor.messageIndex = typeof data.messageIndex === "number" ? data.messageIndex : null;
              showDiagnostics(data.diagnostics || []);
              renderPreview(data.preview);
              renderDiff(data.diff);
              renderExplain(data.explain);
            }).catch(function (error) {
              if (serial === state.checkSerial) {
                byId("con-preview").replaceChildren(make("p", { "class": "con-error-text",
                  text: "The server did not answer the check: " + error.message }));
              }
            }).then(function () {
              if (serial === state.checkSerial) { byId("con-side").setAttribute("aria-busy", "false"); }
            });
          }

          // The draft drawn as the preview page draws it: the cards' HTML, then the phones drawn into them by
          // the preview's own script (/console/phones.js) from the entries; or why apps would leave it out.
          function renderPreview(preview) {
            var box = byId("con-preview");
            if (!preview || preview.unavailable) {
              box.replaceChildren(make("p", { "class": "con-warning-text",
                text: preview && preview.unavailable ? "Not drawn: " + preview.unavailable + "." : "Not drawn." }));
              return;
            }
            box.innerHTML = preview.html || "";
            window.galleryEntries = preview.entries || [];
            if (window.AppAlertPhones) { window.AppAlertPhones.fillPhones(); }
          }

          function renderDiff(diff) {
            var box = byId("con-diff");
            if (!diff) { box.textContent = "(no comparison)"; return; }
            var text = (diff.text || "").trim() || "No change.";
            if (diff.changesWhatInstallsSee === false) { text += "\n\nNo install would see anything different."; }
            box.textContent = text;
          }

          function renderExplain(explain) {
            var box = byId("con-explain");
            box.replaceChildren();
            var editor = state.editor;
            if (!explain) {
              box.appendChild(make("p", { "class": "con-hint", text: "Name an app above to see what that install gets." }));
              return;
            }
            if (explain.error) {
              box.appendChild(make("p", { "class": "con-error-text", text: explain.error }));
              return;
            }
            var id = editor.draft.id;
            var mine = (explain.evaluations || []).find(function (row) { return row.id === id; });
            var line;
            if (explain.selected === id) {
              line = "This install sees this message" + (explain.variant !== null && explain.variant !== undefined
                ? ", variant " + explain.variant : "") + ".";
            } else if (mine && mine.eligible) {
              line = "This message suits this install, but " + (explain.selected === null || explain.selected === undefined
                ? "it is not the one shown" : "message " + explain.selected + " is shown instead") + ": " + mine.reason + ".";
            } else if (mine) {
              line = "This install does not see this message: " + (mine.rule ? "rule " + mine.rule + ", " : "") + mine.reason + ".";
            } else {
              line = "This install sees " + (explain.selected === null || explain.selected === undefined ? "no message"
                : "message " + explain.selected) + "; this draft is not among the messages the app would use (see its errors).";
            }
            box.appendChild(make("p", { "class": "con-explain-line", text: line }));
            var rows = (explain.evaluations || []).map(function (row) {
              return make("tr", { "class": row.id === id ? "con-current" : null }, [
                make("td", { text: "#" + row.id }), make("td", { text: row.eligible ? "eligible" : "excluded" }),
                make("td", { text: row.rule || "" }), make("td", { text: row.reason || "" })]);
            });
            if (rows.length) {
              var table = make("table", { "class": "con-small-table" }, [
                make("caption", { text: "Every message of the feed, for this install" }),
                make("thead", {}, [make("tr", {}, ["Id", "Answer", "Rule", "Why"].map(function (title) {
                  return make("th", { scope: "col", text: title }); }))]),
                make("tbody", {}, rows)]);
              box.appendChild(make("details", {}, [make("summary", { text: "Every message for this install" }),
                make("div", { "class": "con-table-wrap" }, [table])]));
            }
          }

          // ---- Diagnostics ----

          var pathPattern = /^\$(?:\.messages)?\[(\d+)\](.*)$/;

          // "$.messages[2].colors.dark.accent" → { index: 2, rest: "colors.dark.accent" } (rest in the form's notation).
          function splitPath(path) {
            var match = pathPattern.exec(path || "");
            if (!match) { return null; }
            var segments = [];
            var rest = match[2];
            var token = /\.([A-Za-z0-9_$-]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
            var found;
            while ((found = token.exec(rest)) !== null) {
              if (found[1] !== undefined) { segments.push(found[1]); }
              else if (found[2] !== undefined) { segments.push(Number(found[2])); }
              else { segments.push(JSON.parse("\"" + found[3] + "\"")); }
            }
            return { index: Number(match[1]), segments: segments };
          }

          function aboutDraft(diagnostic, split) {
            var editor = state.editor;
            if (typeof diagnostic.messageIndex === "number" && editor.messageIndex !== null) {
              return diagnostic.messageIndex === editor.messageIndex;
            }
            if (split && editor.messageIndex !== null) { return split.index === editor.messageIndex; }
            return diagnostic.messageId !== undefined && diagnostic.messageId === editor.draft.id;
          }

          function showDiagnostics(diagnostics) {
            var editor = state.editor;
            editor.diagnostics = diagnostics;
            Console.form.clearDiagnostics();
            var loose = [];
            diagnostics.forEach(function (diagnostic) {
              var split = splitPath(diagnostic.path);
              if (aboutDraft(diagnostic, split)) {
                if (!Console.form.showDiagnostic(split ? split.segments : [], diagnostic)) { loose.push(diagnostic); }
              } else if (diagnostic.severity === "error") {
                loose.push(diagnostic);
              }
            });
            var list = byId("con-diagnostics-list");
            list.replaceChildren.apply(list, loose.map(function (diagnostic) {
              return make("li", { "class": diagnostic.severity === "error" ? "con-error-text" : "con-warning-text" }, [
                make("strong", { text: diagnostic.severity === "error" ? "Error" : "Warning" }),
                " at " + (diagnostic.path || "the feed") + ": " + diagnostic.message]);
            }));
            byId("con-diagnostics").hidden = loose.length === 0;
          }

          // ---- Saving, duplicating, deleting ----

          var staleText = "This feed changed since you opened it (on disk or in another tab). "
            + "Reload to see the current version.";

          function save() {
            var editor = state.editor;
            if (!editor) { return; }
            if (editor.jsonError) {
              setStatus("Not saved: the JSON has an error. Fix it, or edit the form.");
              byId("con-json").focus();
              return;
            }
            var button = byId("con-save");
            button.setAttribute("aria-busy", "true");
            setStatus("Saving…");
            var isNew = editor.originalId === null;
            var path = feedURL(editor.feed) + "/messages" + (isNew ? "" : "/" + encodeURIComponent(editor.originalId));
            var sent = JSON.parse(JSON.stringify(editor.draft));
            api(isNew ? "POST" : "PUT", path, sent, editor.etag ? { "If-Match": editor.etag } : {}).then(function (answer) {
              if (state.editor !== editor) { return; }
              if (answer.status === 200 || answer.status === 201) {
                editor.etag = (answer.data && answer.data.etag) || answer.etag || editor.etag;
                editor.originalId = sent.id;
                editor.savedText = JSON.stringify(sent);
                hideNotice();
                setStatus("Saved to " + editor.feed + ". Open pages of the preview reload by themselves.");
                history.replaceState(null, "", "#" + encodeURIComponent(editor.feed) + "/" + sent.id);
                C.renderEditorHead();
                return C.loadFeed(editor.feed).then(C.renderList);
              }
              if (answer.status === 412) {
                setStatus("Not saved.");
                showNotice(staleText, true);
              } else if (answer.status === 422) {
                setStatus("Not saved: the feed would have errors. They are marked at their fields.");
                if (answer.data && answer.data.diagnostics) { showDiagnostics(answer.data.diagnostics); }
                focusFirstError();
              } else {
                setStatus("Not saved.");
                showNotice("Not saved: " + reason(answer), false);
              }
            }).catch(function (error) {
              setStatus("Not saved: the server did not answer (" + error.message + ").");
            }).then(function () { button.setAttribute("aria-busy", "false"); });
          }

          function focusFirstError() {
            var field = document.querySelector("#con-form [aria-invalid=true]");
            if (field) { field.focus(); } else if (!byId("con-diagnostics").hidden) { byId("con-diagnostics").focus(); }
          }

          // Reload after a refusal or a change elsewhere: the message as it is on disk now (edits are dropped).
          function reload() {
            var editor = state.editor;
            return C.loadAll().then(function () {
              if (!editor || state.editor !== editor) { return; }
              var data = state.data[editor.feed];
              if (editor.originalId === null) {
                editor.etag = data ? data.etag : editor.etag;
                hideNotice();
                setStatus("Reloaded the feed; your new message is still a draft.");
                return;
              }
              var still = C.messagesOf(data).some(function (message) { return message && message.id === editor.originalId; });
              if (still) {
                C.openMessage(editor.feed, editor.originalId);
                setStatus("Reloaded: this is the message as it is on disk now.");
              } else {
                state.editor = null;
                byId("con-editor").hidden = true;
                setStatus("");
                C.renderList();
              }
            });
          }

          function duplicate() {
            var editor = state.editor;
            if (!editor) { return; }
            var copy = JSON.parse(JSON.stringify(editor.draft));
            copy.id = C.nextFreeId(editor.feed);
            C.startEditor(editor.feed, null, copy, state.data[editor.feed] ? state.data[editor.feed].etag : editor.etag);
            setStatus("A copy with id " + copy.id + ": it is in the feed once you save it.");
          }

          function askDelete() {
            var editor = state.editor;
            if (!editor || editor.originalId === null) { return; }
            byId("con-delete-text").textContent = "Message #" + editor.originalId + " (" + (editor.draft.title || "no title")
              + ") leaves " + editor.feed + " when you confirm. Installs that have not seen it never will; "
              + "its id should not be used again.";
            byId("con-delete-dialog").showModal();
            byId("con-delete-cancel").focus();
          }

          function confirmDelete() {
            var editor = state.editor;
            byId("con-delete-dialog").close();
            if (!editor) { return; }
            var path = feedURL(editor.feed) + "/messages/" + encodeURIComponent(editor.originalId);
            api("DELETE", path, undefined, { "If-Match": editor.etag }).then(function (answer) {
              if (answer.status === 200) {
                var id = editor.originalId;
                state.editor = null;
                byId("con-editor").hidden = true;
                history.replaceState(null, "", location.pathname);
                return C.loadAll().then(function () {
                  var note = byId("con-load-error");
                  note.hidden = true;
                  byId("con-filter").focus();
                  announce("Deleted message #" + id + ".");
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
            var name = byId("con-new-feed").value || (state.feeds[0] && state.feeds[0].name);
            if (!name) { return; }
            if (C.isDirty() && !window.confirm("Start a new message? Your edits to this one are not saved.")) { return; }
            var layout = byId("con-new-layout").value;
            var data = state.data[name];
            var app = "com.example.app";
            C.messagesOf(data).some(function (message) {
              if (message && typeof message.bundleId === "string" && message.bundleId !== "*") { app = message.bundleId; return true; }
              return false;
            });
            var draft = Console.form.template(layout, C.nextFreeId(name), app);
            C.startEditor(name, null, draft, data ? data.etag : null);
            history.replaceState(null, "", location.pathname);
          }

          // ---- Changes elsewhere ----

          function poll() {
            fetch("/__preview/version", { cache: "no-store" }).then(function (response) { return response.text(); })
              .then(function (version) {
                if (state.version === null) { state.version = version; return; }
                if (version === state.version) { return; }
                state.version = version;
                return changedOnDisk();
              }).catch(function () {}).then(function () { setTimeout(poll, 1000); });
          }

          function changedOnDisk() {
            var editor = state.editor;
            var dirty = C.isDirty();
            return C.loadAll().then(function () {
              if (!editor || state.editor !== editor) { return; }
              var data = state.data[editor.feed];
              if (!data || data.etag === editor.etag) { return; }
              if (dirty) {
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
            byId("con-install").addEventListener("input", function () { scheduleCheck(); });
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

          C.fillInstall = fillInstall;
          C.scheduleCheck = scheduleCheck;
        })();
        """#
}
