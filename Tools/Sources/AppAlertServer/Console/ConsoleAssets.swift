/// The console's page, style and script (`serve --dev`, `/console`): plain HTML, CSS and JavaScript
/// served by the binary, with no build step and nothing fetched from the network. The page follows the
/// server's Content-Security-Policy: no inline script or style, no `on…=` attributes (the script wires
/// its handlers and sets styles through the DOM).
enum ConsoleAssets {
    /// `/console`: the list of messages, the editor (form, JSON, preview, diff, explain), the delete dialog.
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>AppAlert console</title>
        <link rel="stylesheet" href="/console/preview.css">
        <link rel="stylesheet" href="/console/console.css">
        <script src="/console/phones.js" defer></script>
        <script src="/console/console.js" defer></script>
        </head><body class="con">
        <a class="con-skip" id="con-skip" href="#con-editor" hidden>Skip to the editor</a>
        <header class="con-header">
          <h1>AppAlert console</h1>
          <nav aria-label="Pages"><a href="/">Preview page</a></nav>
          <p id="con-editing-off" class="con-warning-text" hidden></p>
        </header>
        <main>
          <section id="con-messages" aria-labelledby="con-messages-heading" aria-busy="true">
            <h2 id="con-messages-heading">Messages</h2>
            <div class="con-toolbar">
              <div class="con-inline"><label for="con-filter">Filter</label>
                <input id="con-filter" type="search" placeholder="id, title, app, layout…" autocomplete="off"></div>
              <div class="con-inline"><label for="con-state-filter">State</label>
                <select id="con-state-filter">
                  <option value="">Any</option><option value="live">Live now</option>
                  <option value="scheduled">Scheduled</option><option value="ended">Ended</option>
                  <option value="errors">Has errors</option>
                </select></div>
              <div class="con-inline con-new"><label for="con-new-layout">New message with layout</label>
                <select id="con-new-layout">
                  <option value="alert">Alert</option><option value="banner">Banner</option>
                  <option value="modal">Modal</option><option value="sheet">Sheet</option>
                  <option value="image">Image</option>
                </select></div>
              <div class="con-inline" id="con-new-feed-field"><label for="con-new-feed">in feed</label>
                <select id="con-new-feed"></select></div>
              <button type="button" id="con-new">New message</button>
            </div>
            <p id="con-load-error" class="con-error-text" role="alert" hidden></p>
            <p id="con-results-error" class="con-warning-text" hidden></p>
            <div class="con-table-wrap">
              <table id="con-table">
                <caption class="con-hidden">Every message of every feed; choose an id to open it.</caption>
                <thead><tr></tr></thead>
                <tbody></tbody>
              </table>
            </div>
            <p id="con-list-empty" hidden>No message matches the filter.</p>
          </section>

          <section id="con-editor" aria-labelledby="con-editor-heading" tabindex="-1" hidden>
            <div class="con-editor-head">
              <h2 id="con-editor-heading">Message</h2>
              <div class="con-actions">
                <button type="button" id="con-save" class="con-primary">Save</button>
                <button type="button" id="con-duplicate">Duplicate</button>
                <button type="button" id="con-delete">Delete…</button>
                <button type="button" id="con-close">Close</button>
              </div>
            </div>
            <p id="con-status" role="status"></p>
            <div id="con-notice" class="con-notice" role="alert" hidden>
              <p id="con-notice-text"></p>
              <button type="button" id="con-reload" hidden>Reload</button>
            </div>
            <div id="con-diagnostics" class="con-diagnostics" tabindex="-1" hidden>
              <h3>Problems the form cannot point at</h3>
              <ul id="con-diagnostics-list"></ul>
            </div>
            <div class="con-columns">
              <form id="con-form" class="con-form" novalidate aria-label="The message's fields"></form>
              <div id="con-side" class="con-side" aria-busy="false">
                <section class="con-panel" aria-labelledby="con-json-label">
                  <h3 id="con-json-label"><label for="con-json">JSON</label></h3>
                  <p class="con-hint" id="con-json-hint">The same message as JSON. Edit either side: the other follows.</p>
                  <textarea id="con-json" spellcheck="false" autocomplete="off" rows="18"
                    aria-describedby="con-json-hint con-json-error"></textarea>
                  <p id="con-json-error" class="con-diag con-error" hidden></p>
                </section>
                <section class="con-panel" aria-labelledby="con-preview-heading">
                  <h3 id="con-preview-heading">Preview</h3>
                  <div id="con-preview" class="con-preview"></div>
                </section>
                <section class="con-panel" aria-labelledby="con-diff-heading">
                  <h3 id="con-diff-heading">Changes not yet committed (this draft included)</h3>
                  <p class="con-hint" id="con-diff-against">Compared with the feed as committed in git (or as it was when the server started).</p>
                  <p id="con-diff-summary" class="con-diff-summary"></p>
                  <pre id="con-diff" class="con-diff" tabindex="0" aria-labelledby="con-diff-heading"></pre>
                </section>
                <section class="con-panel" aria-labelledby="con-audience-heading">
                  <h3 id="con-audience-heading">Which installs see it first</h3>
                  <p class="con-hint">Each kind of install the feed's conditions tell apart (app version, OS, platform,
                    language), as a fresh install, as <code>appalert audience</code> lists them.</p>
                  <div id="con-audience" class="con-audience"></div>
                </section>
                <section class="con-panel" aria-labelledby="con-explain-heading">
                  <h3 id="con-explain-heading">Who would see it</h3>
                  <p class="con-hint">Describe an install (its app and version at least): the answer says whether it gets this
                    draft, and if not, why.</p>
                  <form id="con-install" class="con-install" novalidate aria-label="An install">
                    <div class="con-field"><label for="con-install-app">App (bundle id)</label>
                      <input id="con-install-app" name="bundleId" list="con-apps" autocomplete="off"></div>
                    <div class="con-field"><label for="con-install-version">App version</label>
                      <input id="con-install-version" name="appVersion" value="1.0" autocomplete="off"></div>
                    <div class="con-field"><label for="con-install-platform">Platform</label>
                      <select id="con-install-platform" name="platform">
                        <option value="ios">iOS</option><option value="ipados">iPadOS</option>
                        <option value="macos">macOS</option><option value="tvos">tvOS</option>
                        <option value="watchos">watchOS</option><option value="visionos">visionOS</option>
                        <option value="linux">Linux</option><option value="windows">Windows</option>
                      </select></div>
                    <div class="con-field"><label for="con-install-os">OS version</label>
                      <input id="con-install-os" name="osVersion" autocomplete="off"></div>
                    <div class="con-field"><label for="con-install-locale">Language</label>
                      <input id="con-install-locale" name="locale" value="en" autocomplete="off"></div>
                    <div class="con-field"><label for="con-install-id">Install id (optional)</label>
                      <input id="con-install-id" name="installId" autocomplete="off" aria-describedby="con-install-id-hint">
                      <p class="con-hint" id="con-install-id-hint">For rollouts: which share of installs this one falls in.</p></div>
                    <datalist id="con-apps"></datalist>
                  </form>
                  <div id="con-explain" class="con-explain"></div>
                </section>
              </div>
            </div>
          </section>
        </main>
        <dialog id="con-delete-dialog" aria-labelledby="con-delete-title" aria-describedby="con-delete-text">
          <h2 id="con-delete-title">Delete this message?</h2>
          <p id="con-delete-text"></p>
          <div class="con-actions">
            <button type="button" id="con-delete-cancel">Keep it</button>
            <button type="button" id="con-delete-confirm" class="con-danger">Delete</button>
          </div>
        </dialog>
        <dialog id="con-leave-dialog" aria-labelledby="con-leave-title" aria-describedby="con-leave-text">
          <h2 id="con-leave-title">Your edits are not saved</h2>
          <p id="con-leave-text"></p>
          <div class="con-actions">
            <button type="button" id="con-leave-cancel">Keep editing</button>
            <button type="button" id="con-leave-confirm" class="con-danger">Leave without saving</button>
          </div>
        </dialog>
        </body></html>
        """#

    /// `/console/console.js`: the form, then the list and the editor, then the draft's check, then saving
    /// and the page's wiring. Four closures that share `window.Console`.
    static let script = [formScript, editorScript, draftScript, savingScript].joined(separator: "\n")
}
