extension ConsoleAssets {
    /// `/console/console.css`: light and dark (`prefers-color-scheme`), a visible focus ring, no fixed
    /// widths, and the form beside the JSON only where there is room (stacked below 60rem, so at 200 %).
    static let style = #"""
        /* The console's own style; the phone drawings of the preview come from /console/preview.css. */
        :root {
          color-scheme: light dark;
          --con-bg: #f2f2f5; --con-panel: #ffffff; --con-fg: #1c1c1e; --con-muted: #545660; --con-border: #b9bac2;
          --con-accent: #0a58ca; --con-on-accent: #ffffff; --con-focus: #0b57d0; --con-error: #b3261e;
          --con-error-bg: #fdecea; --con-warning: #6b4f00; --con-warning-bg: #fff6d6; --con-ok: #17692e;
          --con-current: #e3ecfb; --con-field: #ffffff;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --con-bg: #121214; --con-panel: #1e1e22; --con-fg: #f2f2f7; --con-muted: #b4b6bf; --con-border: #5a5b63;
            --con-accent: #8ab4ff; --con-on-accent: #0b1020; --con-focus: #9ec1ff; --con-error: #ff9b8f;
            --con-error-bg: #3a1714; --con-warning: #f3cf6b; --con-warning-bg: #352a08; --con-ok: #7fdc97;
            --con-current: #1f2d45; --con-field: #141417;
          }
        }
        body.con {
          margin: 0; padding: 0 1rem 2rem; background: var(--con-bg); color: var(--con-fg);
          font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        .con a { color: var(--con-accent); }
        .con h1 { font-size: 1.4rem; margin: 0; }
        .con h2 { font-size: 1.15rem; margin: 0; }
        .con h3 { font-size: 1rem; margin: 0 0 0.4rem; }
        .con :focus-visible { outline: 3px solid var(--con-focus); outline-offset: 2px; }
        .con-skip { position: absolute; left: -100vw; }
        .con-skip:focus { left: 1rem; top: 0.5rem; background: var(--con-panel); padding: 0.3rem 0.6rem; z-index: 2; }
        .con-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .con-header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.4rem 1.2rem; padding: 0.9rem 0; }
        .con-header p { margin: 0; }
        .con main { display: flex; flex-direction: column; gap: 1rem; max-width: 110rem; }
        #con-messages, #con-editor { background: var(--con-panel); border: 1px solid var(--con-border); border-radius: 10px;
          padding: 0.9rem 1rem; min-width: 0; }
        #con-editor:focus { outline: none; }
        #con-editor:focus-visible { outline: 3px solid var(--con-focus); }
        .con-toolbar { display: flex; flex-wrap: wrap; align-items: end; gap: 0.6rem 1rem; margin: 0.7rem 0; }
        .con-inline { display: flex; flex-direction: column; gap: 0.15rem; }
        .con-inline label, .con-field label { font-size: 0.85rem; color: var(--con-muted); font-weight: 600; }
        .con-new { margin-left: auto; }
        .con input, .con select, .con textarea {
          font: inherit; color: var(--con-fg); background: var(--con-field); border: 1px solid var(--con-border);
          border-radius: 6px; padding: 0.3rem 0.45rem; min-width: 0; max-width: 100%; box-sizing: border-box;
        }
        .con textarea { width: 100%; resize: vertical; }
        .con input[disabled] { opacity: 0.6; }
        .con button {
          font: inherit; color: var(--con-fg); background: var(--con-panel); border: 1px solid var(--con-border);
          border-radius: 6px; padding: 0.35rem 0.85rem; cursor: pointer;
        }
        .con button:hover { border-color: var(--con-accent); }
        .con button[disabled] { opacity: 0.55; cursor: not-allowed; }
        .con button.con-primary { background: var(--con-accent); color: var(--con-on-accent); border-color: var(--con-accent);
          font-weight: 600; }
        .con button.con-danger { background: var(--con-error); color: var(--con-panel); border-color: var(--con-error); font-weight: 600; }
        .con-table-wrap { overflow-x: auto; max-width: 100%; }
        #con-table, .con-small-table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
        #con-table th, #con-table td, .con-small-table th, .con-small-table td {
          text-align: left; padding: 0.35rem 0.55rem; border-bottom: 1px solid var(--con-border); vertical-align: top;
        }
        #con-table th, .con-small-table th { font-size: 0.82rem; color: var(--con-muted); }
        #con-table tr.con-current td, .con-small-table tr.con-current td { background: var(--con-current); }
        .con-small-table caption { text-align: left; font-size: 0.85rem; color: var(--con-muted); padding: 0.3rem 0; }
        .con-state { display: inline-block; padding: 0 0.45rem; border-radius: 999px; font-size: 0.82rem; font-weight: 600;
          border: 1px solid currentColor; white-space: nowrap; }
        .con-state-live { color: var(--con-ok); }
        .con-state-scheduled { color: var(--con-accent); }
        .con-state-ended { color: var(--con-muted); }
        .con-state-errors { color: var(--con-error); }
        .con-results { font-size: 0.85rem; color: var(--con-muted); }
        /* The list fits a narrow window (200 % zoom) rather than scroll sideways: bundle ids break anywhere. */
        #con-table td.con-apps { overflow-wrap: anywhere; }
        #con-table td.con-id { white-space: nowrap; }
        @media (max-width: 40rem) { #con-table th, #con-table td { padding: 0.3rem 0.3rem; } }
        .con-diff-summary { font-weight: 600; margin: 0.3rem 0; }
        .con-diagnostics:focus { outline: none; }
        .con-diagnostics:focus-visible { outline: 3px solid var(--con-focus); }
        .con-editor-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.6rem; }
        .con-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
        #con-status { min-height: 1.4em; margin: 0.4rem 0; color: var(--con-muted); }
        .con-notice { border: 2px solid var(--con-error); background: var(--con-error-bg); border-radius: 8px; padding: 0.6rem 0.9rem;
          margin: 0.5rem 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem 1rem; }
        .con-notice p { margin: 0; flex: 1 1 20rem; }
        .con-diagnostics { border: 1px solid var(--con-error); border-radius: 8px; padding: 0.5rem 0.9rem; margin: 0.5rem 0; }
        .con-diagnostics ul { margin: 0; padding-left: 1.2rem; }
        .con-columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; align-items: start; }
        @media (max-width: 60rem) { .con-columns { grid-template-columns: minmax(0, 1fr); } }
        /* Beside the form (wide screens only), the preview and the findings stay in view while the form scrolls. */
        @media (min-width: 60.01rem) {
          .con-side { position: sticky; top: 0.5rem; max-height: calc(100vh - 1rem); overflow-y: auto; }
        }
        .con-form { display: flex; flex-direction: column; gap: 0.8rem; min-width: 0; }
        .con-section { border: 1px solid var(--con-border); border-radius: 8px; padding: 0.5rem 0.8rem 0.8rem; margin: 0; min-width: 0;
          display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); gap: 0.6rem 0.9rem; }
        .con-section > legend { font-weight: 700; padding: 0 0.3rem; }
        .con-section > .con-hint, .con-field.con-kind-area, .con-field.con-kind-json, .con-button { grid-column: 1 / -1; }
        .con-field { display: flex; flex-direction: column; gap: 0.2rem; min-width: 0; position: relative; }
        .con-field input, .con-field select { width: 100%; }
        .con-kind-color input { padding-left: 2rem; }
        .con-swatch { position: absolute; left: 0.45rem; top: 1.75rem; width: 1.1rem; height: 1.1rem; border-radius: 4px;
          border: 1px solid var(--con-border); pointer-events: none; }
        .con-swatch-empty { background: repeating-linear-gradient(45deg, transparent 0 3px, var(--con-border) 3px 4px); }
        .con-button { border: 1px dashed var(--con-border); border-radius: 8px; margin: 0; padding: 0.4rem 0.7rem 0.7rem;
          display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); gap: 0.5rem 0.8rem; }
        .con-button legend { font-size: 0.9rem; font-weight: 600; }
        .con-hint { font-size: 0.84rem; color: var(--con-muted); margin: 0; }
        .con-diag { font-size: 0.86rem; margin: 0.15rem 0 0; padding: 0.2rem 0.45rem; border-radius: 5px; }
        .con-error { color: var(--con-error); background: var(--con-error-bg); border-left: 3px solid var(--con-error); }
        .con-warning { color: var(--con-warning); background: var(--con-warning-bg); border-left: 3px solid var(--con-warning); }
        .con-error-text { color: var(--con-error); }
        .con-warning-text { color: var(--con-warning); }
        .con [aria-invalid="true"] { border-color: var(--con-error); border-width: 2px; }
        .con-side { display: flex; flex-direction: column; gap: 0.8rem; min-width: 0; }
        .con-panel { border: 1px solid var(--con-border); border-radius: 8px; padding: 0.6rem 0.8rem; min-width: 0; }
        #con-json { font: 0.85rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; min-height: 16rem; }
        .con-diff { font: 0.85rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap;
          overflow-wrap: anywhere; margin: 0; max-height: 20rem; overflow: auto; }
        .con-preview { overflow-x: auto; min-height: 4rem; }
        .con-install { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 10rem), 1fr)); gap: 0.5rem 0.8rem; }
        .con-explain-line { font-weight: 600; }
        .con dialog { background: var(--con-panel); color: var(--con-fg); border: 1px solid var(--con-border); border-radius: 10px;
          max-width: min(34rem, 92vw); padding: 1rem 1.2rem; }
        .con dialog::backdrop { background: rgba(0, 0, 0, 0.45); }
        .con dialog p { margin: 0.7rem 0 1rem; }
        [hidden] { display: none !important; }
        """#
}
