import Foundation
import TestSupport
import Testing

/// The EmbedPageCode plugin's tool: what it writes, compiled by `swiftc` and run, gives back every file
/// byte for byte — the real page code, and files made to break a string literal (its delimiter, its
/// escape, carriage returns, control characters, bytes that are not UTF-8).
struct PageCodeEmbedderTests {
    static let serverSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/AppAlertServer")

    /// Files that would end or escape a raw string literal, or that no string literal can hold.
    static let hostile: [(String, [UInt8])] = [
        ("delimiter.js", Array("let a = \"\"\"#;\nlet b = \"\"\"##\n\"\"\"\n".utf8)),
        ("escape.js", Array("x = \"\\#(1)\"; y = \"\\##n\"\n\\\n".utf8)),
        ("hashes.css", Array("a { color: #fff } /* ##### */\n#".utf8)),
        ("no-final-break.js", Array("last line".utf8)),
        ("two-final-breaks.js", Array("text\n\n".utf8)),
        ("empty.html", []),
        ("carriage.html", Array("one\r\ntwo\r".utf8)),
        ("control.js", Array("a\u{0}b\u{7}c\u{7F}".utf8)),
        ("not-utf8.js", [0x61, 0xFF, 0xFE, 0x0A]),
        ("indented.css", Array("    \"\"\"\n  end\n".utf8)),
    ]

    @Test
    func theGeneratedSourceGivesBackEveryFileByteForByte() async throws {
        let directory = try TemporaryDirectory()
        let inputs = directory.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        var files: [URL] = []
        for (name, bytes) in Self.hostile {
            let file = inputs.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            files.append(file)
        }
        for folder in ["Pages/console", "Pages/preview", "WebClient"] {
            let url = Self.serverSources.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { [".js", ".css", ".html"].contains("." + $0.pathExtension) }
        }
        #expect(files.count > Self.hostile.count + 15, "the page code was not found in \(Self.serverSources.path)")

        let generated = directory.url.appendingPathComponent("PackageResources.swift")
        let embedder = AppAlertProcess.binary("PageCodeEmbedder")
        let arguments = [generated.path] + files.map(\.path)
        let embedded = try await offThePool { try ProcessResult.run(embedder, arguments) }
        #expect(embedded.status == 0, "\(embedded.standardError)")

        // A program that writes each resource back to a file named after it.
        let names = files.map { String($0.lastPathComponent.map { $0.isLetter || $0.isNumber ? $0 : "_" }) }
        let output = directory.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let main = directory.url.appendingPathComponent("main.swift")
        let writes = names.map { name in
            "try! Data(PackageResources.\(name)).write(to: URL(fileURLWithPath: \"\(output.path)/\(name)\"))"
        }
        try ("import Foundation\n" + writes.joined(separator: "\n") + "\n").write(
            to: main, atomically: true, encoding: .utf8)
        let program = directory.url.appendingPathComponent("roundtrip")
        let compiled = try await offThePool {
            try ProcessResult.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swiftc", "-Onone", "-o", program.path, generated.path, main.path])
        }
        #expect(compiled.status == 0, "\(compiled.standardError)")
        #expect(!compiled.standardError.contains("warning"), "\(compiled.standardError)")
        let ran = try await offThePool { try ProcessResult.run(program, []) }
        #expect(ran.status == 0, "\(ran.standardError)")

        for (file, name) in zip(files, names) {
            let back = try Data(contentsOf: output.appendingPathComponent(name))
            #expect(back == (try Data(contentsOf: file)), "\(file.lastPathComponent) did not come back whole")
        }
    }

    /// Two files that would have one name are refused, naming both.
    @Test
    func twoFilesWithOneNameAreRefused() async throws {
        let directory = try TemporaryDirectory()
        let first = directory.url.appendingPathComponent("a-b.js")
        let second = directory.url.appendingPathComponent("a_b.js")
        try Data("1".utf8).write(to: first)
        try Data("2".utf8).write(to: second)
        let embedder = AppAlertProcess.binary("PageCodeEmbedder")
        let generated = directory.url.appendingPathComponent("out.swift")
        let result = try await offThePool {
            try ProcessResult.run(embedder, [generated.path, first.path, second.path])
        }
        #expect(result.status == 1)
        #expect(result.standardError.contains("a-b.js") && result.standardError.contains("a_b.js"))
        #expect(!FileManager.default.fileExists(atPath: generated.path))
    }
}
