"use strict";
// The console's conversation with the server about the open draft: the live check (preview,
// diagnostics at their fields, diff, explain).
(function () {
  var C = window.Console;
  var state = C.state, byId = C.byId, make = C.make, api = C.api, reason = C.reason, feedURL = C.feedURL;
  var splitPath = ConsoleLogic.splitPath, sentence = ConsoleLogic.sentence;

  // ---- Checking a draft ----

  // What `evaluate` cannot do without, by the install form's field names.
  var required = [["bundleId", "the app (bundle id)"], ["appVersion", "the app's version"]];

  // The install form's fields that take a date as people type it (as the message's Start does), and
  // those that take several values, separated by commas.
  var dateFields = ["now", "installedAt", "updatedAt"];
  var listFields = ["attribute", "seen"];

  // The install as `evaluate` takes it: dates written as RFC 3339 (one that is not a date goes as typed,
  // for evaluate to refuse in words), lists as arrays.
  function installQuery() {
    /** @type {Record<string, any>} */
    var install = {};
    Array.prototype.forEach.call(byId("con-install").elements, function (field) {
      var text = field.name ? field.value.trim() : "";
      if (!text) { return; }
      if (dateFields.indexOf(field.name) >= 0) {
        install[field.name] = ConsoleLogic.readDate(text).value;
      } else if (listFields.indexOf(field.name) >= 0) {
        install[field.name] = text.split(",").map(function (item) { return item.trim(); }).filter(Boolean);
      } else {
        install[field.name] = text;
      }
    });
    return install;
  }

  // The install form's dates that are no date, read as the message's Start reads them and said in its words
  // ("Date and time: write the date as 2026-12-01, …"), each also at its field; evaluate gets none of them.
  /** @returns {string[]} */
  function dateErrors() {
    var form = /** @type {HTMLFormElement} */ (byId("con-install"));
    var errors = [];
    dateFields.forEach(function (name) {
      var field = /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
      var text = field.value.trim();
      var reading = text ? ConsoleLogic.readDate(text) : null;
      var label = form.querySelector("label[for='" + field.id + "']");
      var error = reading && reading.error ? ConsoleLogic.fieldError(label ? label.textContent : name, reading.error) : null;
      var box = field.parentNode.querySelector(".con-local-error");
      var described = (field.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
        return id && (!box || id !== box.id);
      });
      if (error) {
        if (!box) {
          box = make("p", { "class": "con-diag con-error con-local-error", id: field.id + "-error" });
          field.parentNode.insertBefore(box, field.nextSibling);
        }
        box.textContent = error;
        field.setAttribute("aria-invalid", "true");
        described.unshift(box.id);
        errors.push(error);
      } else {
        if (box) { box.remove(); }
        field.removeAttribute("aria-invalid");
      }
      if (described.length) { field.setAttribute("aria-describedby", described.join(" ")); }
      else { field.removeAttribute("aria-describedby"); }
    });
    return errors;
  }

  // The moment the install form names (RFC 3339), null for now; with the field's error when it is no date.
  function moment() {
    var text = /** @type {HTMLInputElement} */ (byId("con-install-now")).value.trim();
    if (!text) { return { value: null, error: null }; }
    var reading = ConsoleLogic.readDate(text);
    return reading.error ? { value: null, error: reading.error } : { value: reading.value, error: null };
  }

  function missingOf(install) {
    return required.filter(function (pair) { return !install[pair[0]]; }).map(function (pair) { return pair[1]; });
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
    var install = installQuery();
    var missing = missingOf(install);
    var when = moment();
    var wrongDates = dateErrors();
    var body = { message: editor.draft, replacing: editor.originalId,
      install: missing.length || wrongDates.length ? null : install, moment: when.value };
    api("POST", feedURL(editor.feed) + "/check", body).then(function (answer) {
      if (serial !== state.checkSerial || state.editor !== editor) { return; }
      var data = answer.data || {};
      if (answer.status !== 200 || !answer.data) {
        // A draft the server cannot place in the feed (an id in use, no whole-number id) is the
        // draft's error, at its Id; any other refusal is said where the preview goes.
        var aboutId = answer.status === 422 || (answer.status === 409 && /in use/.test(reason(answer)));
        editor.messageIndex = null;
        var diagnostics = Array.isArray(data.diagnostics) && data.diagnostics.length ? data.diagnostics
          : [{ severity: "error", path: aboutId ? "$" : "", message: reason(answer) }];
        if (aboutId) { showDiagnostics(diagnostics, true); } else { showDiagnostics([], false); }
        renderPreview({ unavailable: aboutId ? "the draft cannot take its place in the feed: see the error at its Id"
          : reason(answer) });
        renderDiff(null);
        renderAudience(null);
        renderExplain(null, missing, wrongDates);
        return;
      }
      editor.messageIndex = typeof data.messageIndex === "number" ? data.messageIndex : null;
      showDiagnostics(data.diagnostics || [], editor.messageIndex === null);
      // A save refused for errors: once the check finds none, the refusal no longer holds.
      if (editor.refusal === "errors" && !(data.diagnostics || []).some(function (diagnostic) {
        return diagnostic && diagnostic.severity === "error"; })) {
        editor.refusal = null;
        C.setStatus("The errors are mended: save to write your edit.");
      }
      renderPreview(data.preview);
      renderDiff(data.diff);
      renderAudience(data.audience, when);
      renderExplain(data.explain, missing, wrongDates);
      var json = data.diff && data.diff.json;
      if (json && typeof json === "object") {
        C.noteIds(editor.feed, [].concat(Array.isArray(json.removed) ? json.removed : [],
          (Array.isArray(json.changed) ? json.changed : []).map(function (change) { return change && change.id; })));
      }
    }).catch(function (error) {
      if (serial === state.checkSerial && state.editor === editor) {
        renderPreview({ unavailable: "the server did not answer the check (" + error.message + ")" });
        renderDiff(null);
        renderAudience(null);
        renderExplain(null, missing, wrongDates);
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

  // `appalert audience` for the draft at the install form's moment: per app it names, how many kinds of
  // install see it first, then their rows. Without an answer for this draft, nothing of the previous one
  // stays.
  function renderAudience(audience, when) {
    var box = byId("con-audience");
    box.replaceChildren();
    var at = audience && typeof audience.at === "string" ? audience.at : null;
    byId("con-audience-at").textContent = when && when.error
      ? "Now, since the date and time above is not one: " + when.error.charAt(0).toLowerCase() + when.error.slice(1)
      : at ? (when && when.value ? "At " + ExplainWords.dateWords(at) + ", the date and time above."
        : "Now (" + ExplainWords.dateWords(at) + ").") : "";
    if (!audience || !Array.isArray(audience.apps)) {
      box.appendChild(make("p", { "class": "con-hint",
        text: "Out of date: shown again once the draft is a message apps can read." }));
      return;
    }
    // "1 of 3 kinds of install sees", "2 of 3 … see", "all 3 … see", "the one kind … sees".
    function seeingWords(seeing, kinds) {
      if (seeing === kinds) {
        return kinds === 1 ? "the one kind of install sees" : "all " + kinds + " kinds of install see";
      }
      return seeing + " of " + kinds + " kinds of install " + (seeing === 1 ? "sees" : "see");
    }
    audience.apps.forEach(function (app) {
      var name = app.app === "*" ? "Every app" : app.app;
      box.appendChild(make("p", { "class": "con-diff-summary", text: app.seeing === 0
        ? name + ": no kind of install sees it first (another message wins, or none matches)."
        : name + ": " + seeingWords(app.seeing, app.kinds) + " it first." }));
      if (app.table) { box.appendChild(make("pre", { "class": "con-diff", text: app.table })); }
    });
    if (audience.more > 0) {
      box.appendChild(make("p", { "class": "con-hint", text: "And " + audience.more + " more apps (not shown)." }));
    }
  }

  // Against what (the check's `against`), one plain line, then `appalert diff`'s text. Without an
  // answer for this draft, nothing of the previous one stays.
  function renderDiff(diff) {
    var box = byId("con-diff");
    var summary = byId("con-diff-summary");
    var against = diff && typeof diff.against === "string" && diff.against ? diff.against : null;
    byId("con-diff-against").textContent = "Compared with " + (against === "git HEAD"
      ? "the feed as committed in git (HEAD)" : against || "the feed as committed in git (or as it was when the "
      + "server started)") + ".";
    if (!diff) {
      summary.textContent = "Out of date: the changes show again once the draft has no error at its Id.";
      box.textContent = "";
      return;
    }
    var text = (diff.text || "").trim();
    summary.textContent = diffSummary(diff, text);
    box.textContent = text || "No change.";
  }

  function diffSummary(diff, text) {
    var json = diff.json && typeof diff.json === "object" ? diff.json : {};
    if (typeof json.error === "string") { return "No comparison: " + json.error; }
    if (!text || diff.changesWhatInstallsSee === false) {
      return (json.added || []).length + (json.removed || []).length + (json.changed || []).length === 0
        ? "No change." : "No install would see anything different.";
    }
    var apps = [];
    (json.audience || []).forEach(function (change) {
      var app = change && change.bundleId === "*" ? "every app" : change && change.bundleId;
      if (app && apps.indexOf(app) < 0) { apps.push(app); }
    });
    return apps.length ? "Installs of " + apps.join(", ") + " see something else." : "Some installs see something else.";
  }

  // `evaluate`'s words for a person: option names become the install form's labels.
  var optionLabels = { "--bundle-id": "App", "--app-version": "App version", "--os-version": "OS version",
    "--platform": "Platform", "--locale": "Language", "--install-id": "Install id", "--build": "Build",
    "--now": "Date and time", "--launch-count": "Launches so far", "--installed-at": "Installed on",
    "--updated-at": "Last updated on", "--previous-version": "Updated from version", "--event": "Event",
    "--attribute": "Attributes", "--seen": "Messages already shown" };

  function plainError(text) {
    var plain = String(text).replace(/Missing expected argument '(--[a-z-]+)[^']*'/g, function (all, option) {
      return "Give the " + (optionLabels[option] || option.slice(2).replace(/-/g, " ")).toLowerCase() + ".";
    }).replace(/(--[a-z][a-z-]*)(?: <[^>]*>)?/g, function (all, option) {
      return optionLabels[option] || option.slice(2).replace(/-/g, " ");
    }).replace(/^Error: /, "");
    return plain.charAt(0).toUpperCase() + plain.slice(1);
  }

  function renderExplain(explain, missing, wrongDates) {
    var box = byId("con-explain");
    box.replaceChildren();
    var editor = state.editor;
    if (wrongDates && wrongDates.length) {
      box.appendChild(make("p", { "class": "con-error-text", text: wrongDates.join(" ") }));
      return;
    }
    if (missing && missing.length) {
      box.appendChild(make("p", { "class": "con-hint", text: "Give " + missing.join(" and ")
        + " to see what that install would see." }));
      return;
    }
    if (!explain) {
      box.appendChild(make("p", { "class": "con-hint",
        text: "Out of date: who sees the draft shows again once it has no error at its Id." }));
      return;
    }
    if (explain.error) {
      box.appendChild(make("p", { "class": "con-error-text", text: plainError(explain.error) }));
      return;
    }
    var id = editor.draft.id;
    var mine = (explain.evaluations || []).find(function (row) { return row.id === id; });
    var install = installQuery();
    var line;
    if (explain.selected === id) {
      // In which language, when a translation applies ("in German"); the message's own texts otherwise.
      var shown = explain.message && typeof explain.message.localization === "string" ? explain.message.localization : null;
      var share = explain.variant !== null && explain.variant !== undefined
        ? ExplainWords.variantShareWords(editor.draft.variants, explain.variant) : null;
      line = "This install sees this message" + (share ? ", variant " + share : "")
        + (shown ? ", in " + ConsoleValues.languageName(shown) : "") + ".";
    } else if (mine && mine.eligible) {
      line = "This message suits this install, but " + (explain.selected === null || explain.selected === undefined
        ? "it is not the one shown." : "message #" + explain.selected + " is shown instead (a higher priority, or the "
        + "same priority and a higher id).");
    } else if (mine && ExplainWords.dependsOnInstall(mine)) {
      // Every rule before the rollout let this install in; only its id decides, and none was given.
      line = ExplainWords.dependsWords(mine, "this message", Array.isArray(editor.draft.variants));
    } else if (mine) {
      var words = ExplainWords.rowWords(mine, explain.selected, install);
      line = "This install does not see this message (" + words.part + "): " + ExplainWords.continuing(words.words).replace(/\.$/, "")
        + (words.detail ? " (" + words.detail + ")" : "") + ".";
    } else {
      line = "This install sees " + (explain.selected === null || explain.selected === undefined ? "no message"
        : "message #" + explain.selected) + "; this draft is not among the messages the app would use (see its errors).";
    }
    box.appendChild(make("p", { "class": "con-explain-line", text: line }));
    var rows = (explain.evaluations || []).map(function (row) {
      var said = ExplainWords.rowWords(row, explain.selected, install);
      return make("tr", { "class": row.id === id ? "con-current" : null }, [
        make("td", { text: "#" + row.id }),
        make("td", { text: ExplainWords.answerWords(row, explain.selected) }),
        make("td", { text: said.part }),
        make("td", {}, [said.words].concat(said.detail ? [" ", make("span", { "class": "con-json-path",
          text: "(" + said.detail + ")" })] : []))]);
    });
    if (rows.length) {
      var table = make("table", { "class": "con-small-table" }, [
        make("caption", { text: "Every message of the feed, for this install" }),
        make("thead", {}, [make("tr", {}, ["Id", "Answer", "Decided by", "Why"].map(function (title) {
          return make("th", { scope: "col", text: title }); }))]),
        make("tbody", {}, rows)]);
      box.appendChild(make("details", {}, [make("summary", { text: "Every message for this install" }),
        make("div", { "class": "con-table-wrap" }, [table])]));
    }
  }

  // ---- Diagnostics ----

  function aboutDraft(diagnostic, split) {
    var editor = state.editor;
    if (typeof diagnostic.messageIndex === "number" && editor.messageIndex !== null) {
      return diagnostic.messageIndex === editor.messageIndex;
    }
    if (split && editor.messageIndex !== null) { return split.index === editor.messageIndex; }
    return diagnostic.messageId !== undefined && diagnostic.messageId === editor.draft.id;
  }

  // The list's line of another message a diagnostic names (by id, else by place in the file).
  function messageNamed(diagnostic, split) {
    var data = state.data[state.editor.feed] || {};
    var lines = data.messages || [];
    var id = typeof diagnostic.messageId === "number" ? diagnostic.messageId : null;
    var index = typeof diagnostic.messageIndex === "number" ? diagnostic.messageIndex : split ? split.index : null;
    var line = (id !== null && lines.find(function (candidate) { return candidate.id === id; }))
      || (index !== null && lines.find(function (candidate) { return candidate.index === index; })) || null;
    return { id: id !== null ? id : line && Number.isInteger(line.id) ? line.id : null,
      title: line && typeof line.title === "string" ? line.title : null, index: index };
  }

  // "Message #3 “Sync paused on Sunday”", with a link that opens it.
  function otherMessageItem(diagnostic, split) {
    var named = messageNamed(diagnostic, split);
    var feed = state.editor.feed;
    var who = named.id !== null ? "Message #" + named.id + (named.title !== null ? " “" + named.title + "”" : "")
      : "The message at place " + ((named.index === null ? 0 : named.index) + 1) + " of the file (it has no id)";
    var error = diagnostic.severity === "error";
    var where = split && split.segments.length ? " at " + Console.form.pathText(split.segments) : "";
    var children = [make("strong", { text: who }), " has " + (error ? "an error" : "a warning") + where + ": "
      + sentence(diagnostic.message) + (error ? " Fix it first: the feed is saved only without errors. " : " ")];
    if (named.id !== null) {
      children.push(make("a", { href: C.routeLink(feed, named.id), text: "Open #" + named.id }));
    }
    return make("li", { "class": error ? "con-error-text" : "con-warning-text", "data-message": named.id }, children);
  }

  // Shows each diagnostic at its field; lists those the form cannot place, naming messages by id and
  // title. With `unplaced` (the check could not place the draft in the feed), errors at the feed's
  // root or at an id are the draft's Id's. Answers what went where: { atFields, others, listed } errors.
  function showDiagnostics(diagnostics, unplaced) {
    var editor = state.editor;
    editor.diagnostics = diagnostics;
    Console.form.clearDiagnostics();
    var counts = { atFields: 0, others: 0, listed: 0 };
    var items = [];
    diagnostics.forEach(function (diagnostic) {
      var error = diagnostic.severity === "error";
      var split = splitPath(diagnostic.path);
      var atId = unplaced && error && (diagnostic.path === "$" || (split && split.segments.length === 1
        && split.segments[0] === "id" && (diagnostic.messageId == null || diagnostic.messageId === editor.draft.id)));
      if (atId || aboutDraft(diagnostic, split)) {
        var segments = atId ? ["id"] : split ? split.segments : [];
        if (segments.length && Console.form.showDiagnostic(segments, diagnostic)) {
          if (error) { counts.atFields += 1; }
          return;
        }
        if (error) { counts.listed += 1; }
        var where = segments.length ? " at " + Console.form.pathText(segments) : "";
        items.push(make("li", { "class": error ? "con-error-text" : "con-warning-text" }, [
          make("strong", { text: error ? "This message has an error" : "Warning" }), where + ": " + sentence(diagnostic.message)]));
      } else if (!error) {
        return;
      } else if (split || typeof diagnostic.messageIndex === "number" || typeof diagnostic.messageId === "number") {
        counts.others += 1;
        items.push(otherMessageItem(diagnostic, split));
      } else {
        counts.listed += 1;
        items.push(make("li", { "class": "con-error-text" }, [make("strong", { text: "The feed has an error" }),
          ": " + sentence(diagnostic.message)]));
      }
    });
    var list = byId("con-diagnostics-list");
    list.replaceChildren.apply(list, items);
    byId("con-diagnostics").hidden = items.length === 0;
    return counts;
  }

  // ---- The preview beside the field ----

  // Where the columns stack (console.css: below 60rem, so at 200 % zoom) the preview would be far below
  // the form: it moves to just under the field being edited (the outermost field around the focus), and
  // back to its column when there is room again.
  var stacked = window.matchMedia("(max-width: 60rem)");

  function previewPanel() { return byId("con-preview").closest(".con-panel"); }

  function placePreview(field) {
    var panel = previewPanel();
    if (!stacked.matches || !field) {
      if (panel.parentNode !== byId("con-side")) { byId("con-side").insertBefore(panel, byId("con-diff").closest(".con-panel")); }
      return;
    }
    if (panel.previousElementSibling !== field) { field.after(panel); }
  }

  // The outermost field of the form around `node`, or null.
  function outerField(node) {
    var found = null;
    for (var at = node; at && at !== byId("con-form"); at = at.parentElement) {
      if (at.classList && at.classList.contains("con-field")) { found = at; }
    }
    return at ? found : null;
  }

  document.addEventListener("DOMContentLoaded", function () {
    byId("con-form").addEventListener("focusin", function (event) {
      var field = outerField(event.target);
      if (field) { placePreview(field); }
    });
    stacked.addEventListener("change", function () {
      placePreview(stacked.matches ? outerField(document.activeElement) : null);
    });
  });

  C.showDiagnostics = showDiagnostics;
  C.placePreview = placePreview;
  C.runCheckNow = runCheck;
  C.fillInstall = fillInstall;
  C.scheduleCheck = scheduleCheck;
})();
