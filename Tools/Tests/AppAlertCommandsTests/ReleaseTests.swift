import AppAlertCommands
import Foundation
import TestSupport
import Testing

/// scripts/install.sh, run by the system's `sh` (dash here, as on Debian and Ubuntu) against a release
/// folder on a local server and on disk: it installs what a good archive holds, and installs nothing
/// when the archive and its checksum disagree or either cannot be had.
struct InstallScriptTests {
    static let script = ReleaseArchives.repository.appendingPathComponent("scripts/install.sh").path
    static let name = ReleaseArchives.name(version: AppAlertCommand.version)

    static func install(_ archive: String, prefix: URL) throws -> ProcessResult {
        try ProcessResult.run(
            URL(fileURLWithPath: "/bin/sh"), [script, archive, prefix.path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": prefix.deletingLastPathComponent().path])
    }

    /// A small executable that answers `--version` as appalert does: what install.sh does with an
    /// archive does not depend on the binary, and packing this one is quicker than the debug build (90 MB).
    static func standIn(in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent("appalert-stand-in")
        try Data("#!/bin/sh\necho \(AppAlertCommand.version)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file
    }

    /// Every file under `folder`, relative to it.
    static func files(under folder: URL) -> [String] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    @Test(arguments: [true, false])
    func aGoodArchiveIsInstalledUnderThePrefix(fromServer: Bool) throws {
        let directory = try TemporaryDirectory()
        let release = directory.url.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        let archive = try ReleaseArchives.make(
            version: AppAlertCommand.version, binary: try Self.standIn(in: directory.url), in: release)
        let (server, _) = try ReleaseArchives.serve(release)
        defer { server.stop() }
        let prefix = directory.url.appendingPathComponent("prefix")
        let source = fromServer ? server.url("/download/\(Self.name).tar.gz") : archive.path
        let result = try Self.install(source, prefix: prefix)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.files(under: prefix) == ["bin/appalert", "share/man/man1/appalert.1"])
        let mode =
            try FileManager.default.attributesOfItem(
                atPath: prefix.appendingPathComponent("bin/appalert").path)[.posixPermissions] as? Int
        #expect(mode == 0o755)
        let version = try ProcessResult.run(prefix.appendingPathComponent("bin/appalert"), ["--version"])
        #expect(version.standardOutput == AppAlertCommand.version + "\n")
        // Installing again replaces each file in place.
        #expect(try Self.install(source, prefix: prefix).status == 0)
        #expect(Self.files(under: prefix) == ["bin/appalert", "share/man/man1/appalert.1"])
    }

    enum Tampering: String, CaseIterable, Sendable {
        case archiveChanged, checksumMissing, checksumGarbage, notAReleaseName, archiveMissing
    }

    @Test(arguments: Tampering.allCases)
    func aTamperedOrIncompleteReleaseInstallsNothing(_ tampering: Tampering) throws {
        let directory = try TemporaryDirectory()
        let release = directory.url.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try ReleaseArchives.make(
            version: AppAlertCommand.version, binary: try Self.standIn(in: directory.url), in: release)
        let (server, files) = try ReleaseArchives.serve(release)
        defer { server.stop() }
        let path = "/download/\(Self.name).tar.gz"
        var source = server.url(path)
        let expected: String
        switch tampering {
        case .archiveChanged:
            // One byte of the served archive changed; the checksum beside it is the release's.
            var bytes = try #require(files[path])
            bytes[bytes.count / 2] ^= 0x01
            files[path] = bytes
            expected = "as \(Self.name).tar.gz.sha256 says; nothing installed"
        case .checksumMissing:
            files[path + ".sha256"] = nil
            expected = ".sha256: could not be read; nothing installed"
        case .checksumGarbage:
            files[path + ".sha256"] = Data("<html>not found</html>\n".utf8)
            expected = "not a SHA-256 checksum; nothing installed"
        case .notAReleaseName:
            files["/download/tool.tgz"] = files[path]
            source = server.url("/download/tool.tgz")
            expected = "not an appalert release archive"
        case .archiveMissing:
            files[path] = nil
            expected = "could not be read"
        }
        let prefix = directory.url.appendingPathComponent("prefix")
        let result = try Self.install(source, prefix: prefix)
        #expect(result.status != 0)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: prefix.path), "\(Self.files(under: prefix))")
    }
}

/// The archive scripts/release writes (dist/, which CI makes before the tests) runs where there is no
/// Swift toolchain: unpacked into an empty folder and run with an empty environment (`env -i`), it
/// validates, evaluates, serves, signs and verifies, and links no Swift or Foundation library.
@Suite(.serialized)
struct ReleaseArchiveTests {
    static let archive = ReleaseArchives.repository.appendingPathComponent(
        "dist/\(ReleaseArchives.name(version: AppAlertCommand.version)).tar.gz")
    /// CI runs scripts/release before the tests, so there the archive must be present; elsewhere the
    /// test runs once `scripts/release` has.
    static let enabled =
        FileManager.default.fileExists(atPath: archive.path)
        || ProcessInfo.processInfo.environment["CI"] != nil

    static func unpacked(into directory: borrowing TemporaryDirectory) throws -> URL {
        #expect(
            FileManager.default.fileExists(atPath: archive.path),
            "no \(archive.path): run scripts/release first (.ci/run does)")
        let checksum = try String(contentsOf: archive.appendingPathExtension("sha256"), encoding: .utf8)
        #expect(checksum == "\(try ReleaseArchives.sha256(of: archive))  \(archive.lastPathComponent)\n")
        let tar = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["tar", "-xzf", archive.path, "-C", directory.url.path])
        #expect(tar.status == 0, "\(tar.standardError)")
        return directory.url.appendingPathComponent(ReleaseArchives.name(version: AppAlertCommand.version))
    }

    @Test(.enabled(if: enabled, "no release archive in dist/: run scripts/release"))
    func theArchiveHoldsTheBinaryCompletionsManualLicenseAndReadme() throws {
        let directory = try TemporaryDirectory()
        let top = try Self.unpacked(into: directory)
        #expect(
            InstallScriptTests.files(under: top) == [
                "LICENSE", "README.md", "bin/appalert", "share/bash-completion/completions/appalert",
                "share/fish/vendor_completions.d/appalert.fish", "share/man/man1/appalert.1",
                "share/zsh/site-functions/_appalert",
            ])
        let manual = try String(contentsOf: top.appendingPathComponent("share/man/man1/appalert.1"), encoding: .utf8)
        #expect(manual.contains(".Dt APPALERT 1"), "\(manual.prefix(300))")
        #expect(manual.contains("\n.Os appalert \(AppAlertCommand.version)\n"), "\(manual.prefix(300))")
        #expect(manual.contains("update-check") && manual.contains("validate"))
        let bash = try String(
            contentsOf: top.appendingPathComponent("share/bash-completion/completions/appalert"), encoding: .utf8)
        #expect(bash.contains("complete") && bash.contains("appalert"))
        let license = try String(contentsOf: top.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        let readme = try String(contentsOf: top.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("libcurl") && readme.contains("appalert \(AppAlertCommand.version)"))
    }

    @Test(.enabled(if: enabled, "no release archive in dist/: run scripts/release"))
    func theBinaryRunsWithAnEmptyEnvironmentAndNoSwiftLibraries() throws {
        let directory = try TemporaryDirectory()
        let binary = try Self.unpacked(into: directory).appendingPathComponent("bin/appalert")
        let work = directory.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let feed = work.appendingPathComponent("messages.json")
        try FileManager.default.copyItem(
            at: ReleaseArchives.repository.appendingPathComponent("Examples/messages.json"), to: feed)
        // env -i: nothing inherited, so neither the toolchain's PATH nor its LD_LIBRARY_PATH.
        let run = { (arguments: [String]) throws -> ProcessResult in
            try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["-i", binary.path] + arguments)
        }
        #expect(try run(["--version"]).standardOutput == AppAlertCommand.version + "\n")
        let validated = try run(["validate", feed.path])
        #expect(validated.status == 0, "\(validated.standardError)")
        let evaluated = try run([
            "evaluate", feed.path, "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.0", "--json",
        ])
        #expect(evaluated.status == 0, "\(evaluated.standardError)")
        #expect(evaluated.standardOutput.contains("\"selected\""))

        let keys = work.appendingPathComponent("keys")
        #expect(try run(["keygen", "--out", keys.path]).status == 0)
        let signed = try run(["sign", feed.path, "--key", keys.appendingPathComponent("appalert.key").path])
        #expect(signed.status == 0, "\(signed.standardError)")
        let publicKey = keys.appendingPathComponent("appalert.pub").path
        #expect(try run(["verify", feed.path, "--public-key", publicKey]).status == 0)
        try Data(" ".utf8).write(to: feed, options: .atomic)
        #expect(try run(["verify", feed.path, "--public-key", publicKey]).status == 1)

        let server = try ServeProcess(
            [ReleaseArchives.repository.appendingPathComponent("Examples/messages.json").path], executable: binary,
            environment: [:])
        defer { server.stop() }
        let (status, headers, body) = try server.get("/messages.json")
        #expect(status == 200)
        #expect(headers["etag"] != nil)
        #expect(!body.isEmpty)

        let ldd = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["ldd", binary.path])
        #expect(ldd.status == 0, "\(ldd.standardError)")
        let swiftLibraries = ldd.standardOutput.split(separator: "\n").filter {
            $0.contains("libswift") || $0.contains("Foundation") || $0.contains("libdispatch")
                || $0.contains("libBlocksRuntime") || $0.contains("/opt/swift")
        }
        #expect(swiftLibraries.isEmpty, "\(ldd.standardOutput)")
    }
}
