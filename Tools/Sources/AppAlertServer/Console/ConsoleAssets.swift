/// The console's page, style and script (`serve --dev`, `/console`): plain HTML, CSS and JavaScript (the
/// files of `Pages/console/`) served by the binary, with no build step and nothing fetched from the
/// network. The page follows the server's Content-Security-Policy: no inline script or style, no `on…=`
/// attributes (the script wires its handlers and sets styles through the DOM).
enum ConsoleAssets {
    /// `/console` (`console.html`): the list of messages, the editor (form, JSON, preview, diff, explain),
    /// the delete dialog.
    static let html = PageCode.text(PackageResources.console_html)

    /// `/console/console.js`: the logic that needs no page, the form, then the list and the editor, then
    /// the draft's check, then saving and the page's wiring, then the kept drafts and the picture chooser:
    /// - `explain-words.js` (of `Pages/preview/`, shared with the preview page's simulator): `evaluate
    ///   --explain`'s answer in a person's words, from each rule's name and facts; no DOM, on `ExplainWords`.
    /// - `console-logic.js`: paths, a field's text ⇄ JSON, dates, where invalid JSON goes wrong, templates,
    ///   the results' words; no DOM (`node --test` loads it alone), all on `ConsoleLogic`.
    /// - `console-values.js`: the editors' mappings (variant names and shares, percentages and languages as
    ///   typed, each structured key as rows and back, translations' fallbacks); no DOM, on `ConsoleValues`.
    /// - `console-guard.js`: what keeps a test's results and the buttons' copies true (a test with results
    ///   refuses moving or removing its variants; a button's action reaches its copies); no DOM, on
    ///   `ConsoleGuard`.
    /// The others share `window.Console`:
    /// - `console-form.js`: hand-made fields for the common keys, typed or JSON rows for every other key of
    ///   the feed format, rows for keys it does not know; diagnostics shown at the field their path names.
    /// - `console-rows.js`: attributes, rollout schedule, features, data, conversion, trigger and tap action as
    ///   rows and fields.
    /// - `console-variants.js`: the A/B test's variants (name, share, the keys a variant replaces) and the
    ///   translation tables of the message and of each variant.
    /// - `console-editor.js`: the list of messages and the editor: opening a message, the JSON box kept in
    ///   step with the form, and where invalid JSON goes wrong (line and column).
    /// - `console-drafts.js`: the open draft's check: preview, diagnostics at their fields (others' named by
    ///   id and title), diff and explain, each cleared when the server has no answer for this draft.
    /// - `console-saving.js`: saving the open draft with If-Match (once more on top of a newer file when
    ///   only other messages changed), refusing a template's own words, duplicating, deleting after the
    ///   dialog, noticing a change made elsewhere; then the page's wiring.
    /// - `console-kept.js`: drafts kept in the tab (`sessionStorage`) per feed and message until saved or
    ///   discarded, so a reload of the page or opening another message keeps the edit; "Discard draft".
    /// - `console-pictures.js`: the picture chooser under each image field: the feed's `images/` with
    ///   thumbnails, and a picture of this computer added there (`/api/feeds/NAME/images`).
    static let script = [
        PackageResources.explain_words_js,
        PackageResources.console_logic_js, PackageResources.console_values_js, PackageResources.console_guard_js,
        PackageResources.console_form_js, PackageResources.console_rows_js, PackageResources.console_variants_js,
        PackageResources.console_editor_js,
        PackageResources.console_drafts_js, PackageResources.console_saving_js, PackageResources.console_kept_js,
        PackageResources.console_pictures_js,
    ].map(PageCode.text).joined(separator: "\n")

    /// `/console/console.css` (`console.css`): light and dark (`prefers-color-scheme`), a visible focus
    /// ring, no fixed widths, and the form beside the JSON only where there is room (stacked below 60rem,
    /// so at 200 %).
    static let style = PageCode.text(PackageResources.console_css)
}
