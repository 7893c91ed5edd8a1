import AppAlertAuthoring
import Foundation

/// The web client (`Web/`) as one minified ES module: `appalert serve` answers it at `/appalert-web.js`
/// and `appalert publish` writes it beside the feed, so a page loads it from the feed's own host. The
/// bytes are `WebClient/appalert-web.js`, Web/bundle's build committed here and embedded by SwiftPM
/// (the `EmbedPageCode` plugin): the binary stays one file and needs no esbuild. Web/bundle and
/// `Web/test/bundle.test.js` fail when that copy is not the build of `Web/src` (`Web/bundle --refresh`
/// makes it again).
package enum WebClient {
    /// Its path in the site, beside the feed.
    package static let path = "appalert-web.js"
    package static let contentType = "text/javascript; charset=utf-8"
    package static let bundle = Data(PackageResources.appalert_web_js)
    /// The bundle as a file of the site: its bytes and strong `ETag`, as a feed's.
    package static let file = FeedSite.File(path: path, data: bundle)

    /// The site's files with the web client's added, unless a file of the site is already at its path.
    /// It is not signed, even in a signed site: a page runs it as a script and checks no signature of it
    /// (docs/trust.md is about feeds).
    package static func adding(to site: FeedSite) -> FeedSite {
        guard site.file(at: path) == nil else { return site }
        return FeedSite(files: site.files + [file], warnings: site.warnings)
    }
}
