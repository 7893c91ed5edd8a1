import AppAlertAuthoring
import Foundation

/// The web client (`Web/`) as minified ES modules: `appalert serve` answers them at `/appalert-web.js`,
/// `/appalert-web-update.js`, `/appalert-web-results.js`, `/appalert-web-draw.js`, `/appalert-web-words.js`,
/// `/appalert-web-trust.js`, `/appalert-web-inbox.js` and `/appalert-web-json.js`, and `appalert publish`
/// writes them beside the feed, so a page loads them from the feed's own host. A page loads
/// `appalert-web.js`, which imports the other seven (the update prompt; the counting and the counts'
/// sender; the drawing of messages; the words of a feed's diagnostics; the checking of signed feeds; the
/// inbox; a decision's JSON) from beside it only when it needs them. The bytes
/// are `WebClient/*.js`, Web/bundle's build committed here and embedded by SwiftPM (the `EmbedPageCode`
/// plugin): the binary stays one file and needs no esbuild. Web/bundle and `Web/test/bundle.test.js` fail
/// when a copy is not the build of `Web/src` (`Web/bundle --refresh` makes them again).
package enum WebClient {
    /// Its path in the site, beside the feed.
    package static let path = "appalert-web.js"
    package static let contentType = "text/javascript; charset=utf-8"
    package static let bundle = Data(PackageResources.appalert_web_js)
    /// The bundle as a file of the site: its bytes and strong `ETag`, as a feed's.
    package static let file = FeedSite.File(path: path, data: bundle)
    /// Every file of the client, the page's first: the others are imported by it when needed.
    package static let files = [
        file, FeedSite.File(path: "appalert-web-update.js", data: Data(PackageResources.appalert_web_update_js)),
        FeedSite.File(path: "appalert-web-results.js", data: Data(PackageResources.appalert_web_results_js)),
        FeedSite.File(path: "appalert-web-draw.js", data: Data(PackageResources.appalert_web_draw_js)),
        FeedSite.File(path: "appalert-web-words.js", data: Data(PackageResources.appalert_web_words_js)),
        FeedSite.File(path: "appalert-web-trust.js", data: Data(PackageResources.appalert_web_trust_js)),
        FeedSite.File(path: "appalert-web-inbox.js", data: Data(PackageResources.appalert_web_inbox_js)),
        FeedSite.File(path: "appalert-web-json.js", data: Data(PackageResources.appalert_web_json_js)),
    ]

    /// The site's files with the web client's added, each unless a file of the site is already at its path.
    /// It is not signed, even in a signed site: a page runs it as a script and checks no signature of it
    /// (docs/trust.md is about feeds).
    package static func adding(to site: FeedSite) -> FeedSite {
        let missing = files.filter { site.file(at: $0.path) == nil }
        guard !missing.isEmpty else { return site }
        return FeedSite(files: site.files + missing, warnings: site.warnings)
    }
}
