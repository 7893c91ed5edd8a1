// Drives headless Chromium over the DevTools protocol for ConsoleBrowserTests.swift: opens the console
// of a running `appalert serve --dev`, acts as an author would (types, clicks, presses Tab) and prints
// what the page then shows, as one JSON object on standard output. The Swift test asserts on it.
//
//   node --experimental-websocket console-browser.mjs CHROMIUM BASE-URL SCENARIO [KEY=VALUE…]
//
// Every wait polls the page for the condition it needs; the only time limit is a guard against a hang.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { editorScenarios } from "./console-editors.mjs";
import { keptScenarios } from "./console-kept.mjs";
import { guardScenarios } from "./console-guard.mjs";
import { diskScenarios } from "./console-disk.mjs";

const [chromium, base, scenario, ...rest] = process.argv.slice(2);
const options = Object.fromEntries(rest.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
const guard = Number(options.guardSeconds || 120) * 1000;

function pause(milliseconds) { return new Promise((resolve) => setTimeout(resolve, milliseconds)); }

async function until(what, check) {
  const deadline = Date.now() + guard;
  for (;;) {
    const value = await check();
    if (value) { return value; }
    if (Date.now() > deadline) { throw new Error("gave up waiting for " + what); }
    await pause(50);
  }
}

class Browser {
  async start() {
    this.profile = fs.mkdtempSync(path.join(os.tmpdir(), "console-browser-"));
    this.process = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
      "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--remote-debugging-port=0",
      "--user-data-dir=" + this.profile, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
    this.process.stderr.on("data", () => {});
    const portFile = path.join(this.profile, "DevToolsActivePort");
    const lines = await until("Chromium's DevToolsActivePort", () =>
      fs.existsSync(portFile) && fs.readFileSync(portFile, "utf8").split("\n").length >= 2
        ? fs.readFileSync(portFile, "utf8").split("\n") : null);
    this.socket = new WebSocket("ws://127.0.0.1:" + lines[0].trim() + lines[1].trim());
    this.serial = 0;
    this.pending = new Map();
    this.socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      // The page's "leave this page?" on a reload with unsaved edits: the draft is kept, so leave.
      if (message.method === "Page.javascriptDialogOpening") {
        this.send("Page.handleJavaScriptDialog", { accept: true }, message.sessionId).catch(() => {});
        return;
      }
      if (message.method && this.onEvent) { this.onEvent(message); }
      const waiter = this.pending.get(message.id);
      if (!waiter) { return; }
      this.pending.delete(message.id);
      if (message.error) { waiter.reject(new Error(JSON.stringify(message.error))); } else { waiter.resolve(message.result); }
    });
    await new Promise((resolve, reject) => {
      this.socket.addEventListener("open", resolve);
      this.socket.addEventListener("error", () => reject(new Error("cannot connect to Chromium")));
    });
  }

  send(method, params = {}, sessionId) {
    const id = ++this.serial;
    this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  async tab(url, width = 1280, height = 900) {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const tab = new Tab(this, sessionId);
    await tab.send("Page.enable");
    await tab.send("Runtime.enable");
    await tab.size(width, height, 1);
    await tab.open(url);
    return tab;
  }

  stop() {
    try { this.socket.close(); } catch (error) { /* already closed */ }
    this.process.kill("SIGKILL");
    try { fs.rmSync(this.profile, { recursive: true, force: true }); } catch (error) { /* Chromium may hold it */ }
  }
}

class Tab {
  constructor(browser, sessionId) { this.browser = browser; this.sessionId = sessionId; }
  send(method, params) { return this.browser.send(method, params, this.sessionId); }

  async evaluate(expression) {
    const answer = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (answer.exceptionDetails) {
      throw new Error("in the page: " + (answer.exceptionDetails.exception?.description || answer.exceptionDetails.text));
    }
    return answer.result.value;
  }

  wait(what, expression) { return until(what, () => this.evaluate(expression)); }

  async open(url) {
    await this.send("Page.navigate", { url });
    await this.wait("the page to load", "document.readyState === 'complete' && location.href !== 'about:blank'");
  }

  size(width, height, scale) {
    return this.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: scale, mobile: false });
  }

  // Opens the console on one message and waits until its list, form and first check are there.
  async console(id) {
    await this.open(base + "/console#messages.json/" + id);
    await this.wait("the list", "document.querySelector('#con-messages')?.getAttribute('aria-busy') === 'false'");
    await this.wait("message " + id + " in the form",
      `!document.querySelector('#con-editor').hidden && JSON.parse(document.querySelector('#con-json').value).id === ${id}`);
    await this.checked();
  }

  checked() {
    return this.wait("the draft's check", "document.querySelector('#con-side').getAttribute('aria-busy') === 'false'");
  }

  // Types into a field as the keyboard would: focus, select what is there, insert the text.
  async type(selector, text) {
    await this.evaluate(`(() => { const f = document.querySelector(${JSON.stringify(selector)}); f.focus(); f.select(); })()`);
    await this.send("Input.insertText", { text });
    await this.checked();
  }

  async press(key, code, keyCode, text) {
    await this.send("Input.dispatchKeyEvent", { type: text ? "keyDown" : "rawKeyDown", key, code,
      windowsVirtualKeyCode: keyCode, text });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode });
  }

  // Clicks Save and waits for the answer: the status says "Saved", or it says "Not saved".
  async save() {
    await this.evaluate("document.querySelector('#con-status').textContent = ''; document.querySelector('#con-save').click()");
    await this.wait("the save's answer",
      "/^(Saved|Not saved)/.test(document.querySelector('#con-status').textContent)");
    return this.report();
  }

  // Opens another message in the same page, as a click on its row does.
  async go(id) {
    await this.evaluate(`location.hash = ${JSON.stringify("#messages.json/" + id)}`);
    await this.wait("message " + id + " in the form",
      `!document.querySelector('#con-editor').hidden && JSON.parse(document.querySelector('#con-json').value).id === ${id}`);
    await this.checked();
  }

  // Chooses an option of a select as the keyboard would, and waits for the check.
  async choose(selector, value) {
    await this.evaluate(`(() => { const s = document.querySelector(${JSON.stringify(selector)}); s.value = ${JSON.stringify(value)};
      s.dispatchEvent(new Event("change")); })()`);
    await this.checked();
  }

  async click(selector) {
    await this.evaluate(`document.querySelector(${JSON.stringify(selector)}).click()`);
    await this.checked();
  }

  text(selector) {
    return this.evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      return e && !e.closest('[hidden]') ? e.textContent : null; })()`);
  }

  report() {
    return this.evaluate(`({
      heading: document.querySelector('#con-editor-heading').textContent,
      status: document.querySelector('#con-status').textContent,
      notice: document.querySelector('#con-notice').hidden ? null : document.querySelector('#con-notice-text').textContent,
      reloadButton: !document.querySelector('#con-notice').hidden && !document.querySelector('#con-reload').hidden,
      title: document.querySelector('.con-field[data-path="title"] input').value,
      json: document.querySelector('#con-json').value
    })`);
  }

  // A PNG of the viewport; made smaller by pngquant where it is installed (the docs keep these).
  async screenshot(file) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" });
    fs.writeFileSync(file, Buffer.from(data, "base64"));
    const pngquant = ["/usr/bin/pngquant", "/usr/local/bin/pngquant"].find((candidate) => fs.existsSync(candidate));
    if (pngquant) {
      spawnSync(pngquant, ["--force", "--quality", "70-95", "--speed", "1", "--output", file, file]);
    }
  }
}

// Deletes the open message through its dialog; waits for the list to say `done`, or (null) for the notice
// to say the feed changed.
async function deleteOpen(tab, done) {
  await tab.evaluate("document.querySelector('#con-notice').hidden = true; document.querySelector('#con-delete').click()");
  await tab.evaluate("document.querySelector('#con-delete-confirm').click()");
  if (done) {
    await tab.wait("the deletion", `(document.querySelector('#con-list-status')?.textContent || '') === ${JSON.stringify(done)}`);
    return { listStatus: await tab.text("#con-list-status"), editorHidden: await tab.evaluate("document.querySelector('#con-editor').hidden") };
  }
  await tab.wait("the delete's refusal", "!document.querySelector('#con-notice').hidden");
  return tab.report();
}

const fieldSelector = (fieldPath) => `.con-field[data-path="${fieldPath}"] input, .con-field[data-path="${fieldPath}"] textarea`;
// A field's control by its path: `at("rollout")`, `at("localizations.de.text", "textarea")`.
const at = (fieldPath, tag = "input") => `.con-field[data-path="${fieldPath}"] ${tag}`;
const diagnosticsAt = (fieldPath) => `Array.from(document.querySelectorAll('.con-field[data-path="${fieldPath}"] .con-diag'))
  .map((node) => ({ severity: node.classList.contains('con-error') ? 'error' : 'warning', text: node.textContent }))`;

// Opens message `id`, gives it `title`, breaks the file (options.path) and saves; then mends the file.
// The tab and the refused save's report.
async function savedOnABrokenFile(browser) {
  const tab = await browser.tab(base);
  await tab.console(options.id);
  await tab.type(fieldSelector("title"), options.title);
  const good = fs.readFileSync(options.path, "utf8");
  fs.writeFileSync(options.path, good.replace("\"messages\"", "\"messages\" ,,"));
  const refused = await tab.save();
  fs.writeFileSync(options.path, good);
  return { tab, refused };
}

const scenarios = {
  // Edits a title, breaks the file on disk, saves; then mends the file and saves again.
  async brokenFile(browser) {
    const { tab, refused } = await savedOnABrokenFile(browser);
    const saved = await tab.save();
    return { refused, saved };
  },

  // Adds a picture of this computer through the image field's chooser, then the same name again; reads
  // the field, the list with its thumbnails and what the chooser said.
  async pictures(browser) {
    const tab = await browser.tab(base);
    await tab.console(options.id);
    const chooser = `document.querySelector('.con-field[data-path="image.url"] .con-pictures')`;
    await tab.wait("the picture chooser", `!!${chooser}`);
    await tab.evaluate(`${chooser}.querySelector('button').click()`);
    await tab.wait("the list of pictures", `/picture/.test(${chooser}.querySelector('.con-picture-status').textContent)`);
    const empty = await tab.evaluate(`${chooser}.querySelector('.con-picture-status').textContent`);
    const status = () => tab.evaluate(`${chooser}.querySelector('.con-picture-status').textContent`);
    const add = async (file) => {
      const { result } = await tab.send("Runtime.evaluate", { expression: `${chooser}.querySelector('input[type=file]')` });
      await tab.send("DOM.setFileInputFiles", { files: [file], objectId: result.objectId });
      await tab.wait("the chooser's answer", `/^(Added|Not added)/.test(${chooser}.querySelector('.con-picture-status').textContent)`);
      return status();
    };
    const added = await add(options.file);
    await tab.checked();
    const field = await tab.evaluate(`document.querySelector('.con-field[data-path="image.url"] input').value`);
    const json = JSON.parse(await tab.evaluate("document.querySelector('#con-json').value"));
    await tab.wait("the thumbnail", `Array.from(${chooser}.querySelectorAll('.con-picture img')).some((img) => img.complete && img.naturalWidth > 0)`);
    const listed = await tab.evaluate(`Array.from(${chooser}.querySelectorAll('.con-picture')).map((b) => b.textContent)`);
    const again = await add(options.file);
    const bad = await add(options.badFile);
    return { empty, added, field, image: json.image || null, listed, again, bad };
  },

  // Edits a title, saves, then opens the preview page and waits for the new title there.
  async editTitle(browser) {
    const tab = await browser.tab(base);
    await tab.console(options.id);
    await tab.type(fieldSelector("title"), options.title);
    const diff = await tab.evaluate(`({ heading: document.querySelector('#con-diff-heading').textContent,
      against: document.querySelector('#con-diff-against').textContent,
      summary: document.querySelector('#con-diff-summary').textContent,
      text: document.querySelector('#con-diff').textContent })`);
    // Explain asks only with the app's version, and says the command's errors in the form's words.
    await tab.type("#con-install-version", "");
    const withoutVersion = await tab.text("#con-explain");
    await tab.type("#con-install-version", "one.two");
    const badVersion = await tab.text("#con-explain");
    await tab.type("#con-install-version", "1.0");
    const saved = await tab.save();
    await tab.open(base + "/");
    const wanted = JSON.stringify(options.title);
    // In a phone's name and in the drawing inside it (a shadow root, which the page's innerText leaves out).
    const previewShowsTitle = await tab.wait("the preview page to show the title",
      `[...document.querySelectorAll(".phone")].some((phone) => (phone.getAttribute("aria-label") || "").includes(${wanted})
        && phone.querySelector(".screen")?.shadowRoot?.textContent.includes(${wanted}))`);
    return { ...saved, previewShowsTitle, diff, explain: { withoutVersion, badVersion } };
  },

  // Types a color the format refuses: the check marks the field; Save is refused.
  async invalidColor(browser) {
    const tab = await browser.tab(base);
    await tab.console(options.id);
    await tab.type(fieldSelector(options.field), options.color);
    const select = `document.querySelector('.con-field[data-path="${options.field}"] input')`;
    const atField = await tab.evaluate(diagnosticsAt(options.field));
    const invalid = await tab.evaluate(`${select}.getAttribute('aria-invalid') === 'true'`);
    const describedBy = await tab.evaluate(`(${select}.getAttribute('aria-describedby') || '').split(' ')
      .map((id) => document.getElementById(id)?.textContent || '').join(' | ')`);
    const saved = await tab.save();
    const afterSave = await tab.evaluate(diagnosticsAt(options.field));
    // Mended here, the save is still refused for another message's error: the page names that message.
    await tab.type(fieldSelector(options.field), "#123456");
    const other = await tab.save();
    const othersNamed = await tab.evaluate(`Array.from(document.querySelectorAll('#con-diagnostics-list li'))
      .map((item) => ({ text: item.textContent, link: item.querySelector('a')?.getAttribute('href') || null }))`);
    const markedFields = await tab.evaluate("document.querySelectorAll('#con-form [aria-invalid=true]').length");
    // Its link opens it; the unsaved edit stays a draft of this tab (console-kept.mjs follows it back).
    await tab.evaluate("document.querySelector('#con-diagnostics-list a').click()");
    await tab.wait("the message with the error", "document.querySelector('#con-editor-heading').textContent.startsWith('Message #3')");
    await tab.checked();
    const leaveDialog = await tab.evaluate("document.querySelector('#con-leave-dialog').open");
    const opened = await tab.report();
    const list = await tab.evaluate(`({
      broken: Array.from(document.querySelectorAll('#con-table tr.con-broken')).map((row) => row.textContent),
      newFeed: document.querySelector('#con-new-feed').value,
      newFeedOptions: Array.from(document.querySelectorAll('#con-new-feed option')).map((option) => option.textContent
        + (option.disabled ? ' [disabled]' : '')),
      results: Array.from(document.querySelectorAll('#con-table td.con-results')).map((cell) => cell.textContent),
      resultsNote: document.querySelector('#con-results-error').hidden ? null : document.querySelector('#con-results-error').textContent,
      noteAboveTable: !!(document.querySelector('#con-results-error').compareDocumentPosition(document.querySelector('#con-table'))
        & Node.DOCUMENT_POSITION_FOLLOWING),
      states: Array.from(document.querySelectorAll('#con-table tbody tr')).filter((row) => row.querySelector('a'))
        .map((row) => row.querySelector('a').textContent + " " + row.querySelector('.con-state').textContent)
    })`);
    // Each message's line is the report's summary as the server sends it (ResultsReport.summary); a message
    // the report does not list was never shown. The page's own list, with these figures in place of the
    // unreadable database's.
    const figures = await tab.evaluate(`(() => {
      const data = Console.state.data["messages.json"];
      data.results = { "4": { counts: { shown: 0, dismissed: 0 }, summary: "No showings recorded yet." },
        "5": { counts: { shown: 40, "button.0": 10 }, summary: "Shown 40 times.\\nshown 40 · “Apply” 10: 25.0% (95%: 14.2%–40.2%)" },
        "6": { counts: { shown: 200 }, sampleRatio: { mismatch: true }, summary: "Showings do not match the split 70/30 (p < 0.001): not to be trusted as it stands; compare days of one split with --since.\\nShown 200 times.\\nVariant A (baseline): shown 100" } };
      Console.renderList();
      const cells = {};
      document.querySelectorAll('#con-table tbody tr').forEach((row) => {
        const link = row.querySelector('a');
        if (link) {
          cells[link.textContent] = Array.from(row.querySelector('td.con-results').children)
            .map((line) => line.className.replace('con-results-', '') + ": " + line.textContent).join("\\n");
        }
      });
      return cells;
    })()`);
    // Each app id on a line of its own and unbroken (its text on one line), at every width, with the
    // results beside it; the page never scrolls sideways (a list too wide scrolls in its own box).
    const appLines = `(() => ({ apps: Array.from(document.querySelectorAll('#con-table td.con-apps .con-app')).map((app) => {
        const range = document.createRange();
        range.selectNodeContents(app);
        return app.textContent + " " + new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
      }), overflow: document.documentElement.scrollWidth - innerWidth }))()`;
    figures.widths = {};
    for (const width of [1920, 1500, 800]) {
      await tab.size(width, 900, 1);
      await tab.wait("a window " + width + " wide", `innerWidth === ${width}`);
      figures.widths[width] = await tab.evaluate(appLines);
    }
    await tab.size(1280, 900, 1);
    return { atField, invalid, describedBy, afterSave, ...saved, other: { ...other, othersNamed, markedFields },
      leaveDialog, opened, list, figures };
  },

  // Two tabs on the same message, both edited; the first saves, then the second.
  async twoTabs(browser) {
    const first = await browser.tab(base);
    await first.console(options.id);
    const second = await browser.tab(base);
    await second.console(options.id);
    await first.type(fieldSelector("title"), options.firstTitle);
    await second.type(fieldSelector("title"), options.secondTitle);
    const firstSave = await first.save();
    const secondSave = await second.save();
    // Reload asks first (the second tab's edit is not saved): kept when the author keeps editing.
    await second.evaluate("document.querySelector('#con-reload').click()");
    const reloadAsks = await second.wait("the unsaved-edits dialog", `document.querySelector('#con-leave-dialog').open
      ? document.querySelector('#con-leave-text').textContent : null`);
    await second.evaluate("document.querySelector('#con-leave-cancel').click()");
    const keptOnCancel = await second.report();
    await second.evaluate("document.querySelector('#con-reload').click()");
    await second.wait("the unsaved-edits dialog", "document.querySelector('#con-leave-dialog').open");
    await second.evaluate("document.querySelector('#con-leave-confirm').click()");
    const wanted = JSON.stringify(options.firstTitle);
    await second.wait("the reloaded message", `document.querySelector('.con-field[data-path="title"] input').value === ${wanted}`);
    const afterReload = await second.report();
    // Then each tab on a message of its own: both saves go through, the second on top of the first.
    await first.go(options.otherId);
    await first.type(fieldSelector("title"), options.otherTitle);
    await second.type(fieldSelector("title"), options.thirdTitle);
    const otherSave = await first.save();
    // The first tab edits message 2 again (so it keeps its version of the feed) while the second saves.
    await first.type(fieldSelector("title"), options.otherTitle + " (not saved)");
    const rebasedSave = await second.save();
    // Deleting message 2 in the first tab: the feed changed, message 2 did not, so it is deleted all the same.
    await second.type(fieldSelector("title"), options.thirdTitle + " (not saved)");
    const deleted = await deleteOpen(first, "Deleted message #" + options.otherId + ".");
    // The first tab changes message 1 on disk; the second tab's delete of it then asks to reload.
    await first.go(options.id);
    await first.type(fieldSelector("title"), options.changedTitle);
    const changedSave = await first.save();
    await second.wait("the change seen in the second tab", "!document.querySelector('#con-notice').hidden");
    await second.evaluate("document.querySelector('#con-status').textContent = 'Saved to messages.json.'");
    const refusedDelete = await deleteOpen(second, null);
    return { firstSave, secondSave, reloadAsks, keptOnCancel, afterReload, otherSave, rebasedSave, deleted, changedSave, refusedDelete };
  },

  // Tab from the top of the page to Save; every field has a label; the focus ring shows.
  async keyboard(browser) {
    const tab = await browser.tab(base);
    await tab.console(options.id);
    await tab.evaluate("document.querySelector('.con-skip').focus()");
    const visited = [];
    let reachedSave = false;
    for (let presses = 0; presses < 400 && !reachedSave; presses += 1) {
      await tab.press("Tab", "Tab", 9);
      const focused = await tab.evaluate(`(() => { const e = document.activeElement;
        return { id: e.id, tag: e.tagName, outline: getComputedStyle(e).outlineStyle,
          outlineWidth: getComputedStyle(e).outlineWidth }; })()`);
      visited.push(focused);
      reachedSave = focused.id === "con-save";
    }
    const unlabelled = await tab.evaluate(`Array.from(document.querySelectorAll('input, select, textarea'))
      .filter((e) => e.type !== 'hidden' && e.labels.length === 0 && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
      .map((e) => e.id || e.outerHTML.slice(0, 80))`);
    const fields = await tab.evaluate("document.querySelectorAll('input, select, textarea').length");
    // The delete dialog takes the focus and Escape leaves it.
    await tab.evaluate("document.querySelector('#con-delete').focus()");
    await tab.press("Enter", "Enter", 13, "\r");
    const dialogFocus = await tab.wait("the dialog", `document.querySelector('#con-delete-dialog').open
      && document.activeElement.closest('dialog') ? document.activeElement.id : null`);
    await tab.press("Escape", "Escape", 27);
    const dialogClosed = await tab.wait("the dialog to close", "!document.querySelector('#con-delete-dialog').open");
    const save = visited[visited.length - 1];
    // Close gives the focus back to the message's row; the skip link goes with the editor.
    await tab.evaluate("document.querySelector('#con-close').click()");
    const closed = await tab.evaluate(`({ focus: document.activeElement.getAttribute('href'),
      skipHidden: document.querySelector('#con-skip').hidden })`);
    // Deleted, its id is not offered again: New message takes the next one above it.
    await tab.go(options.id);
    await tab.evaluate("document.querySelector('#con-delete').click()");
    await tab.evaluate("document.querySelector('#con-delete-confirm').click()");
    await tab.wait("the deletion", `(document.querySelector('#con-list-status')?.textContent || '') === 'Deleted message #${options.id}.'`);
    await tab.evaluate("document.querySelector('#con-new').click()");
    await tab.wait("the new message", "!document.querySelector('#con-editor').hidden");
    await tab.checked();
    const created = await tab.report();
    const newId = JSON.parse(created.json).id;
    // The template's own words are refused at their fields.
    await tab.evaluate("document.querySelector('#con-save').click()");
    const templateSave = await tab.evaluate(`({ status: document.querySelector('#con-status').textContent,
      title: ${diagnosticsAt("title")}, text: ${diagnosticsAt("text")} })`);
    // Closing with unsaved edits asks in the page's dialog; Escape keeps editing.
    await tab.evaluate("document.querySelector('#con-close').click()");
    const leaveFocus = await tab.wait("the unsaved-edits dialog", `document.querySelector('#con-leave-dialog').open
      ? document.activeElement.id : null`);
    await tab.press("Escape", "Escape", 27);
    const stillEditing = await tab.wait("the dialog to close", `!document.querySelector('#con-leave-dialog').open
      && !document.querySelector('#con-editor').hidden`);
    // The message's texts take their direction from what is typed: Arabic reads right to left.
    // Placeholders are hints, never what looks like a value already set.
    const placeholders = await tab.evaluate(`Object.fromEntries(Array.from(document.querySelectorAll('#con-form .con-field[data-path] [placeholder]'))
      .map((control) => [control.closest('[data-path]').dataset.path, control.placeholder]))`);
    const autoDirection = await tab.evaluate(`Array.from(document.querySelectorAll('#con-form [dir=auto]'))
      .map((control) => control.closest('[data-path]').dataset.path)`);
    await tab.type(fieldSelector("title"), options.rightToLeft);
    const rightToLeft = await tab.evaluate(`(() => { const title = document.querySelector('.con-field[data-path="title"] input');
      return { rtl: title.matches(':dir(rtl)'), idLtr: document.querySelector('.con-field[data-path="id"] input').matches(':dir(ltr)') }; })()`);
    // Another tab adds a message with the same id first: the save is refused with the next free id offered.
    await tab.type(fieldSelector("text"), options.rightToLeft);
    const taken = await tab.evaluate(`(() => { const data = Console.state.data["messages.json"];
      return Console.api("POST", Console.feedURL("messages.json") + "/messages",
        { id: ${newId}, bundleId: "*", title: "Added in another tab", text: "x" }, { "If-Match": data.etag })
        .then((answer) => answer.status); })()`);
    await tab.wait("the page to see the other tab's change",
      "document.querySelector('#con-status').textContent.startsWith('The feed changed elsewhere')");
    const clash = await tab.save();
    clash.atId = await tab.evaluate(diagnosticsAt("id"));
    clash.button = await tab.text('.con-field[data-path="id"] .con-use-id');
    await tab.evaluate("document.querySelector('.con-field[data-path=\"id\"] .con-use-id').click()");
    await tab.checked();
    clash.idAfter = JSON.parse(await tab.evaluate("document.querySelector('#con-json').value")).id;
    // Keys filled in after the template's are written where the documented order puts them, not last.
    await tab.evaluate(`(() => { const select = document.querySelector('.con-field[data-path="layout"] select');
      select.value = "alert"; select.dispatchEvent(new Event("change")); })()`);
    await tab.checked();
    await tab.type(fieldSelector("priority"), "5");
    await tab.type(fieldSelector("placement"), "launch");
    const clashSave = await tab.save();
    clashSave.dirtyAfter = await tab.evaluate("Console.isDirty()");
    return { reachedSave, presses: visited.length, saveOutline: save.outline, saveOutlineWidth: save.outlineWidth,
      fields, unlabelled, dialogFocus, dialogClosed, closed, newId, newHeading: created.heading, templateSave,
      leaveFocus, stillEditing, placeholders, autoDirection, rightToLeft, taken, clash, clashSave };
  },

  // The JSON box and the form follow each other; invalid JSON says where and leaves the form alone; a key
  // the form does not know gets a row of its own and survives edits made in the form.
  async jsonAndForm(browser) {
    const tab = await browser.tab(base);
    await tab.console(options.id);
    const titleField = 'document.querySelector(\'.con-field[data-path="title"] input\').value';
    const before = await tab.evaluate(titleField);
    await tab.type("#con-json", '{"id": ' + options.id + ', "title": "Broken",\n  "text": }');
    const invalid = await tab.evaluate(`({ error: document.querySelector('#con-json-error').hidden ? null
      : document.querySelector('#con-json-error').textContent, title: ${titleField} })`);
    const draft = JSON.parse(options.draft);
    await tab.type("#con-json", JSON.stringify(draft, null, 2));
    const valid = await tab.evaluate(`({ error: document.querySelector('#con-json-error').hidden ? null : 'shown',
      title: ${titleField},
      unknownRows: Array.from(document.querySelectorAll('#con-unknown .con-field')).map((row) => row.dataset.path) })`);
    await tab.type(fieldSelector("title"), options.title);
    const after = JSON.parse(await tab.evaluate("document.querySelector('#con-json').value"));
    const diagnostics = await tab.evaluate(`Array.from(document.querySelectorAll('#con-form .con-diag'))
      .map((node) => ({ path: node.closest('[data-path]').dataset.path, text: node.textContent }))`);
    // An id another message has: the error is at the Id, the heading stays on the message opened, and
    // the panels of the previous draft do not stay.
    await tab.type(fieldSelector("id"), options.takenId);
    const taken = await tab.evaluate(`({ atId: ${diagnosticsAt("id")},
      heading: document.querySelector('#con-editor-heading').textContent,
      diffSummary: document.querySelector('#con-diff-summary').textContent,
      diff: document.querySelector('#con-diff').textContent,
      explain: document.querySelector('#con-explain').textContent })`);
    // No whole-number id: the save is refused with the error at the Id, and says so.
    await tab.type(fieldSelector("id"), "abc");
    const noId = await tab.save();
    noId.atId = await tab.evaluate(diagnosticsAt("id"));
    await tab.type(fieldSelector("id"), options.id);
    // A day as people type it is written as RFC 3339.
    await tab.type(fieldSelector("startDate"), options.day);
    const dateNow = `({ json: JSON.parse(document.querySelector('#con-json').value).startDate,
      note: document.querySelector('.con-field[data-path="startDate"] .con-local-note')?.textContent || null,
      errors: Array.from(document.querySelectorAll('.con-field[data-path="startDate"] .con-diag.con-error'))
        .map((node) => node.textContent) })`;
    const date = await tab.evaluate(dateNow);
    // Without seconds and with an offset, a one-digit hour, a day the calendar lacks, text that is no date.
    date.typed = {};
    for (const typed of JSON.parse(options.dates)) {
      await tab.type(fieldSelector("startDate"), typed);
      date.typed[typed] = await tab.evaluate(dateNow);
    }
    await tab.type(fieldSelector("startDate"), options.day);
    // A dismiss title, then a first button: the title moves into a second button.
    await tab.type(fieldSelector("confirmLabel"), options.dismissTitle);
    await tab.type('.con-button[data-path="buttons[0]"] .con-field[data-path="buttons[0].title"] input', options.buttonTitle);
    const buttons = await tab.evaluate(`(() => { const draft = JSON.parse(document.querySelector('#con-json').value);
      return { buttons: draft.buttons, confirmLabel: draft.confirmLabel === undefined ? null : draft.confirmLabel,
        status: document.querySelector('#con-status').textContent,
        errors: Array.from(document.querySelectorAll('#con-form .con-diag.con-error')).map((node) => node.textContent) }; })()`);
    return { before, invalid, valid, after, diagnostics, taken, noId, date, buttons };
  },

  // Light, dark and 200 % zoom, written to OUT/console-{light,dark,zoom}.png.
  async screenshots(browser) {
    const tab = await browser.tab(base, 1280, 1000);
    await tab.console(options.id);
    const out = options.out;
    const top = "document.querySelector('#con-editor').scrollIntoView(); window.scrollBy(0, -8)";
    // Served without a results database: where the results would be, the command that shows them. In
    // the pictures, the feed's name stands for the temporary folder's path (new at every run).
    const resultsHow = await tab.text("#con-results-how");
    const resultsCommand = await tab.text("#con-results-command");
    // At widths where the command wraps, wherever it does: each option ("--dev") stays on one line. Answers
    // each option with the most lines it took.
    const commandOptions = {};
    for (let width = 360; width <= 800; width += 8) {
      await tab.size(width, 900, 1);
      await tab.wait("a window " + width + " wide", `innerWidth === ${width}`);
      const lines = await tab.evaluate(`Array.from(document.querySelectorAll('#con-results-command .con-option, #con-results-command'))
        .filter((node) => node.id !== 'con-results-command' || !node.querySelector('.con-option')).map((option) => {
          const range = document.createRange();
          range.selectNodeContents(option);
          return [option.textContent, new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size];
        })`);
      for (const [option, count] of lines) { commandOptions[option] = Math.max(commandOptions[option] ?? 0, count); }
    }
    await tab.size(1280, 900, 1);
    await tab.wait("the wide window", "innerWidth === 1280");
    await tab.evaluate("document.querySelector('#con-results-command').textContent = "
      + "'appalert serve --dev messages.json --results results.sqlite'");
    // The editor took the focus on opening; without it the pictures show the page at rest.
    const sticky = await tab.evaluate("getComputedStyle(document.querySelector('#con-side')).position");
    await tab.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)");
    await tab.screenshot(path.join(out, "console-light.png"));
    await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: "dark" }] });
    await tab.wait("dark colors", "getComputedStyle(document.body).backgroundColor !== 'rgb(242, 242, 245)'");
    const darkBackground = await tab.evaluate("getComputedStyle(document.body).backgroundColor");
    await tab.evaluate(top);
    await tab.screenshot(path.join(out, "console-dark.png"));
    await tab.send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: "light" }] });
    // 200 %: the same window at twice the scale, so the page lays out in half the width.
    await tab.size(640, 500, 2);
    await tab.wait("the narrow layout", "innerWidth === 640");
    await tab.evaluate(top);
    const zoom = await tab.evaluate(`(() => {
      const form = document.querySelector('#con-form').getBoundingClientRect();
      const side = document.querySelector('#con-side').getBoundingClientRect();
      const wrap = document.querySelector('#con-messages .con-table-wrap');
      return { overflow: document.documentElement.scrollWidth - innerWidth, stacked: side.top >= form.bottom,
        formWidth: Math.round(form.width), tableOverflow: wrap.scrollWidth - wrap.clientWidth,
        sticky: getComputedStyle(document.querySelector('#con-side')).position };
    })()`);
    await tab.screenshot(path.join(out, "console-zoom.png"));
    return { darkBackground, zoom, sticky, resultsHow, resultsCommand, commandOptions };
  }
};

Object.assign(scenarios, editorScenarios({ base, options, at }), keptScenarios({ base, options, at, savedOnABrokenFile }),
  guardScenarios({ base, options, at }), diskScenarios({ base, options, fieldSelector, until }));

// Opens a message and reports the validator's warnings the form shows: at the German text, in the
// message's list; then types a long text and reports the warning at the text.
scenarios.advice = async function (browser) {
  const tab = await browser.tab(base);
  await tab.console(options.id);
  const german = await tab.evaluate(diagnosticsAt("localizations.de.text"));
  const listed = await tab.evaluate("Array.from(document.querySelectorAll('#con-diagnostics-list li')).map((li) => li.textContent)");
  await tab.type(fieldSelector("text"), options.text);
  await tab.wait("the warning at the text", `${diagnosticsAt("text")}.length > 0`);
  return { german, listed, text: await tab.evaluate(diagnosticsAt("text")) };
};

const browser = new Browser();
let code = 0;
try {
  await browser.start();
  if (!scenarios[scenario]) { throw new Error("no scenario " + scenario); }
  process.stdout.write(JSON.stringify(await scenarios[scenario](browser)) + "\n");
} catch (error) {
  process.stdout.write(JSON.stringify({ error: String(error && error.stack || error) }) + "\n");
  code = 1;
} finally {
  browser.stop();
}
process.exit(code);
