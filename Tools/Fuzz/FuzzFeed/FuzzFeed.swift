@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import FuzzSupport

/// One input: decode it as a feed (both shapes, every message key), as a signature file and as a
/// public key; then run the decoded feed through selection. Must never crash, hang or leak.
func fuzzFeed(_ data: Data) {
    if let result = try? FeedDecoder().decode(data) {
        // What the decoder accepted must be usable: decide for an app the feed names.
        let feed = result.feed
        for message in feed.messages.prefix(8) {
            let context = EvaluationContext(
                bundleID: message.bundleIDs.first ?? "app", appVersion: Version(1, 0, 0),
                preferredLanguages: [LanguageTag("en")], installID: "fuzz", now: Date(timeIntervalSince1970: 0))
            _ = MessageSelector.decide(feed, context: context, history: ViewHistory(), explain: true)
        }
        for diagnostic in result.diagnostics { _ = diagnostic.description }
    }
    _ = try? FeedSignature(data)
    _ = try? FeedPublicKey(String(decoding: data, as: UTF8.self))
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        fuzzFeed(Data(bytes: bytes, count: count))
        return 0
    }

    /// SwiftPM links an executable's entry point as `FuzzFeed_main`; under the fuzzer that entry hands
    /// over to libFuzzer's driver, which reads the usual libFuzzer options.
    @_cdecl("FuzzFeed_main")
    public func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        FuzzerDriver.run(argc, argv)
    }
#else
    /// Without the fuzzer: runs every file named on the command line (a corpus, a crasher) once.
    @main
    enum FuzzFeedReplay {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                fuzzFeed(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
    }
#endif
