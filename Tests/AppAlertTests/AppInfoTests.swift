import AppAlert
import Foundation
import TestSupport
import Testing

struct AppInfoTests {
    /// A bundle made inside the test's temporary directory, which goes when the test ends.
    func makeBundle(_ info: [String: String], in folder: borrowing TemporaryDirectory) throws -> Bundle {
        let directory = folder.url.appendingPathComponent("\(UUID().uuidString).app")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Contents"), withIntermediateDirectories: true)
        let data = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
        try data.write(to: directory.appendingPathComponent("Contents/Info.plist"))
        return try #require(Bundle(url: directory))
    }

    @Test
    func readsTheAppFromItsInfoPlist() throws {
        let folder = try TemporaryDirectory()
        let bundle = try makeBundle(
            [
                "CFBundleIdentifier": "com.example.Bundled", "CFBundleShortVersionString": "2.3",
                "CFBundleVersion": "45",
            ],
            in: folder)
        let info = try #require(AppInfo.fromBundle(bundle))
        #expect(info.bundleID == "com.example.Bundled")
        #expect(info.appVersion == "2.3")
        #expect(info.build == "45")
        #expect(info.platform == Platform.current)
        #expect(info.osVersion != nil)
    }

    @Test
    func aBundleWithoutIdentifierOrVersionIsNotAnApp() throws {
        let folder = try TemporaryDirectory()
        #expect(AppInfo.fromBundle(try makeBundle(["CFBundleShortVersionString": "1.0"], in: folder)) == nil)
        #expect(AppInfo.fromBundle(try makeBundle(["CFBundleIdentifier": "com.example.NoVersion"], in: folder)) == nil)
    }

    @Test
    func theContextCarriesEverythingTheEngineNeeds() {
        let info = AppInfo(
            bundleID: "a.b", appVersion: "1.2", build: "9", platform: .macOS, osVersion: Version("14.4"),
            preferredLanguages: [LanguageTag("de-CH")])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let context = info.context(installID: "install", now: now)
        #expect(context.bundleID == "a.b")
        #expect(context.appVersion == Version("1.2"))
        #expect(context.build == "9")
        #expect(context.platform == .macOS)
        #expect(context.osVersion == Version("14.4"))
        #expect(context.preferredLanguages == [LanguageTag("de-CH")])
        #expect(context.installID == "install")
        #expect(context.now == now)
        // A marketing version that is not a version is unknown to the engine, not a crash.
        #expect(AppInfo(bundleID: "a", appVersion: "1.0 (beta)").context(installID: nil, now: now).appVersion == nil)
    }
}
