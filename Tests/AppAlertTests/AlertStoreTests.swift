import AppAlert
import AppAlertTesting
import Foundation
import Testing

/// Makes each kind of store that exists on this platform, in a fresh place.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case file
    case userDefaults
    case memory

    var testDescription: String { rawValue }

    func make() -> any AlertStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appalert-store-\(UUID().uuidString)")
        switch self {
        case .file:
            return FileAlertStore(directory: directory)
        case .userDefaults:
            let suite = "appalert-tests-\(UUID().uuidString)"
            return UserDefaultsAlertStore(defaults: UserDefaults(suiteName: suite)!, cacheDirectory: directory)
        case .memory:
            return InMemoryAlertStore()
        }
    }
}

struct AlertStoreContractTests {
    @Test(arguments: StoreKind.allCases)
    func aFreshStoreHasOneStableInstallID(kind: StoreKind) async throws {
        let store = kind.make()
        let first = try await store.state()
        #expect(!first.installID.isEmpty)
        #expect(first.history.records.isEmpty)
        #expect(try await store.state().installID == first.installID)
    }

    @Test(arguments: StoreKind.allCases)
    func updatesAreKeptAndReturnTheirResult(kind: StoreKind) async throws {
        let store = kind.make()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let count = try await store.updateState { state -> Int in
            state.history.recordShowing(of: 7, at: date)
            state.history.recordShowing(of: 7, at: date)
            return state.history.views(of: 7)
        }
        #expect(count == 2)
        let state = try await store.state()
        #expect(state.history.records[7] == ViewHistory.Record(count: 2, lastShown: date))
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentUpdatesNeverLoseOneAnother(kind: StoreKind) async throws {
        let store = kind.make()
        await withTaskGroup(of: Void.self) { group in
            for id in 1...40 {
                group.addTask {
                    try? await store.updateState { $0.history.recordShowing(of: id % 4, at: Date()) }
                }
            }
        }
        let history = try await store.state().history
        #expect((0..<4).map { history.views(of: $0) } == [10, 10, 10, 10])
    }

    @Test(arguments: StoreKind.allCases)
    func theCachedFeedRoundTripsByteForByte(kind: StoreKind) async throws {
        let store = kind.make()
        #expect(try await store.cachedFeed() == nil)
        let body = Data("[{\"id\": 1}]\n\u{0}binary\n".utf8)
        let feed = CachedFeed(
            url: "https://example.com/feed.json", body: body, etag: "W/\"x\"",
            lastModified: "Sun, 22 Nov 2026 04:00:00 GMT",
            fetchedAt: Date(timeIntervalSince1970: 1_800_000_000.5))
        try await store.saveCachedFeed(feed)
        #expect(try await store.cachedFeed() == feed)
    }

    @Test(arguments: StoreKind.allCases)
    func resetForgetsEverything(kind: StoreKind) async throws {
        let store = kind.make()
        let before = try await store.state().installID
        try await store.updateState { $0.history.recordShowing(of: 1, at: Date()) }
        try await store.saveCachedFeed(CachedFeed(url: "u", body: Data("[]".utf8), fetchedAt: Date()))
        try await store.reset()
        let after = try await store.state()
        #expect(after.installID != before)
        #expect(after.history.records.isEmpty)
        #expect(try await store.cachedFeed() == nil)
    }
}

struct FileAlertStoreTests {
    func makeDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("appalert-store-\(UUID().uuidString)")
    }

    @Test
    func stateSurvivesANewStoreOnTheSameDirectory() async throws {
        let directory = makeDirectory()
        let first = FileAlertStore(directory: directory)
        try await first.updateState { $0.history.recordShowing(of: 3, at: Date(timeIntervalSince1970: 5)) }
        let id = try await first.state().installID
        let second = FileAlertStore(directory: directory)
        #expect(try await second.state().installID == id)
        #expect(try await second.state().history.views(of: 3) == 1)
    }

    @Test(arguments: ["", "{", "not json", "{\"installID\": 5}", "\u{0}\u{1}"])
    func aCorruptedStateFileIsReportedAndReplaced(contents: String) async throws {
        let directory = makeDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: directory.appendingPathComponent("state.json"))
        let problems = ProblemRecorder()
        let store = FileAlertStore(directory: directory) { problems.add($0.description) }
        let state = try await store.state()
        #expect(!state.installID.isEmpty)
        #expect(problems.all.count == 1)
        #expect(problems.all.first?.contains("state.json.corrupt") == true)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.json.corrupt").path))
        // The replacement is a good file: no second report.
        _ = try await FileAlertStore(directory: directory) { problems.add($0.description) }.state()
        #expect(problems.all.count == 1)
    }

    @Test
    func aCorruptedCacheIsIgnoredAndReported() async throws {
        let directory = makeDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\"url\":\"u\",\"length\":99,\"fetchedAt\":0}\n[]".utf8).write(
            to: directory.appendingPathComponent("feed-cache"))
        let problems = ProblemRecorder()
        let store = FileAlertStore(directory: directory) { problems.add($0.description) }
        #expect(try await store.cachedFeed() == nil)
        #expect(problems.all.first?.contains("body is 2 bytes, header says 99") == true)
    }

    @Test
    func aDirectoryThatCannotBeMadeIsAnErrorNotACrash() async throws {
        let file = makeDirectory()
        try Data("x".utf8).write(to: file)
        let store = FileAlertStore(directory: file)
        await #expect(throws: AlertStoreError.self) { try await store.state() }
    }

    @Test
    func writesLeaveNoTemporaryFilesBehind() async throws {
        let directory = makeDirectory()
        let store = FileAlertStore(directory: directory)
        for id in 1...20 { try await store.updateState { $0.history.recordShowing(of: id, at: Date()) } }
        try await store.saveCachedFeed(CachedFeed(url: "u", body: sampleFeed, fetchedAt: Date()))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["feed-cache", "state.json", "state.lock"])
    }

    @Test
    func theDefaultDirectoryFollowsXDGAndIsPerApp() {
        let directory = FileAlertStore.defaultDirectory(bundleID: "com.example.App")
        #expect(directory.lastPathComponent == "com.example.App")
        #if os(Linux)
            #expect(directory.deletingLastPathComponent().lastPathComponent == "appalert")
        #endif
        #expect(FileAlertStore.defaultDirectory(bundleID: "../evil/x").lastPathComponent == ".._evil_x")
    }
}

struct UserDefaultsAlertStoreTests {
    @Test(arguments: [(5, 5), (0, nil)] as [(Int, Int?)])
    func theTutorialsLastMessageIdCarriesOver(stored: Int, expected: Int?) async throws {
        let defaults = UserDefaults(suiteName: "appalert-tests-\(UUID().uuidString)")!
        if stored > 0 { defaults.set(stored, forKey: "lastMessageId") }
        let store = UserDefaultsAlertStore(
            defaults: defaults,
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString))
        let history = try await store.state().history
        #expect(history.legacyLastMessageID == expected)
        if let expected {
            #expect(history.views(of: expected) == 1)
            #expect(history.views(of: expected + 1) == 0)
        }
    }
}

final class ProblemRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String] = []
    func add(_ problem: String) { lock.withLock { problems.append(problem) } }
    var all: [String] { lock.withLock { problems } }
}
