/// The page code of the preview and the console: the HTML, CSS and JavaScript files of `Pages/`, embedded
/// in the binary by the `EmbedPageCode` plugin (as `PackageResources.<file_name>`), so the binary stays one
/// file and serves them with nothing read from disk.
enum PageCode {
    /// A file's text as the page uses it: without the file's own final line break.
    static func text(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
