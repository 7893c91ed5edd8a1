import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import AppAlertServer

/// The web client's bundle at `/appalert-web.js`, answered as the feed is: its bytes, a JavaScript type,
/// a strong ETag, 304 on revalidation, gzip when accepted.
struct WebClientServeTests {
    /// The committed build of Web/, which the binary embeds.
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/AppAlertServer/WebClient/appalert-web.js")

    @Test(arguments: ServerSetup.allCases)
    func servesTheEmbeddedBundleAsJavaScriptWithValidators(setup: ServerSetup) async throws {
        let file = try makeFeedFile()
        let expected = try Data(contentsOf: Self.committed)
        try await makeServer(file).application().test(setup.testing) { client in
            let first = try await client.execute(uri: "/appalert-web.js", method: .get)
            #expect(first.status == .ok)
            #expect(Data(buffer: first.body) == expected)
            #expect(first.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(first.headers[.contentLength] == String(expected.count))
            #expect(first.headers[.accessControlAllowOrigin] == "*")
            // A page on another origin sees the file's size in its Resource Timing entries.
            #expect(first.headers[HTTPField.Name("Timing-Allow-Origin")!] == "*")
            #expect(first.headers[.cacheControl] == "public, max-age=60")
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.count == 34)
            try await client.execute(uri: "/appalert-web.js", method: .get, headers: [.ifNoneMatch: etag]) {
                #expect($0.status == .notModified)
                #expect($0.body.readableBytes == 0)
            }
            try await client.execute(uri: "/appalert-web.js", method: .get, headers: [.acceptEncoding: "gzip"]) {
                #expect($0.status == .ok)
                #expect($0.headers[.contentEncoding] == "gzip")
                #expect($0.body.readableBytes < expected.count / 2)
            }
            try await client.execute(uri: "/appalert-web.js", method: .head) {
                #expect($0.status == .ok)
                #expect($0.headers[.eTag] == etag)
            }
        }
    }

    /// The files the page's module imports when needed, beside it: the update prompt, the counting,
    /// the drawing, the diagnostics' words, the checking of signed feeds, the inbox and a decision's JSON.
    @Test(arguments: [
        "appalert-web-update.js", "appalert-web-results.js", "appalert-web-draw.js", "appalert-web-words.js",
        "appalert-web-trust.js", "appalert-web-inbox.js", "appalert-web-json.js",
    ])
    func servesTheFilesTheBundleImportsBesideIt(name: String) async throws {
        let file = try makeFeedFile()
        let expected = try Data(contentsOf: Self.committed.deletingLastPathComponent().appendingPathComponent(name))
        let page = try Data(contentsOf: Self.committed)
        #expect(String(decoding: page, as: UTF8.self).contains("import(\"./\(name)\")"))
        try await makeServer(file).application().test(.router) { client in
            let answer = try await client.execute(uri: "/" + name, method: .get)
            #expect(answer.status == .ok)
            #expect(Data(buffer: answer.body) == expected)
            #expect(answer.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(answer.headers[.accessControlAllowOrigin] == "*")
        }
    }

    @Test
    func theBundleKeepsItsValidatorsAcrossAReload() throws {
        let file = try makeFeedFile()
        let server = try makeServer(file)
        let before = try #require(server.content.snapshot.entries["/appalert-web.js"])
        try Data(#"[{"id": 9, "bundleId": "com.example.N", "title": "New", "text": "n"}]"#.utf8).write(
            to: file, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        let after = try #require(server.content.snapshot.entries["/appalert-web.js"])
        #expect(after === before)
    }
}
