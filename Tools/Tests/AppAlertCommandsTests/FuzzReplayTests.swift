import Foundation
import TestSupport
import Testing

/// The repository's Fuzz/ folder.
let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

/// Every seed and every input the fuzzer ever found crashing, run again through the fuzz targets
/// built without the fuzzer: a fixed crash stays fixed.
struct FuzzReplayTests {
    static func inputs(_ name: String) -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for folder in ["corpus/\(name)", "crashers"] {
            let directory = fuzzDirectory.appendingPathComponent(folder)
            for file in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] where !file.hasPrefix(".") {
                if folder == "crashers" && !file.hasPrefix(name + "-") { continue }
                files.append(directory.appendingPathComponent(file).path)
            }
        }
        return files.sorted()
    }

    @Test(arguments: [("FuzzFeed", "feed"), ("FuzzVersion", "version"), ("FuzzImage", "image")])
    func everyKeptInputRunsCleanly(target: String, name: String) throws {
        let inputs = Self.inputs(name)
        #expect(inputs.count >= 5, "the seed corpus of \(name) is missing")
        let result = try AppAlertProcess.run(inputs, executable: AppAlertProcess.binary(target))
        #expect(result.status == 0, "\(target): \(result.standardError)")
    }

    /// `FuzzImage --image` reads plain image files (no download-shape prefix) with the loader's
    /// default limits; `-v` reads fuzz inputs, whose first 3 bytes shape the download.
    @Test
    func plainImageFilesAreReadAsImagesAndFuzzInputsAsInputs() throws {
        let directory = try TemporaryDirectory()
        let png = try Data(contentsOf: imagesDirectory.appendingPathComponent("valid.png"))
        let jpeg = try Data(contentsOf: imagesDirectory.appendingPathComponent("valid.jpg"))
        let files = [
            ("ok.png", png), ("trailer.jpg", jpeg + Data(count: 16)), ("cut.png", png.prefix(png.count - 12)),
        ]
        for (name, bytes) in files { try bytes.write(to: directory.url.appendingPathComponent(name)) }
        let paths = files.map { directory.url.appendingPathComponent($0.0).path }
        let binary = AppAlertProcess.binary("FuzzImage")

        let images = try AppAlertProcess.run(["--image"] + paths, executable: binary)
        #expect(images.status == 0, "\(images.standardError)")
        #expect(
            images.standardOutput.split(separator: "\n") == [
                "ok.png: png 40x30", "trailer.jpg: jpeg 40x30",
                "cut.png: truncated: the PNG ends before its IEND chunk: it was cut short",
            ])

        // The same PNG behind a download shape (limit 65,536, length exact, no splits) as a fuzz input.
        try (Data([0xFF, 0xFF, 0x01]) + png).write(to: directory.url.appendingPathComponent("input"))
        let input = try AppAlertProcess.run(
            ["-v", directory.url.appendingPathComponent("input").path], executable: binary)
        #expect(input.status == 0, "\(input.standardError)")
        #expect(input.standardOutput == "input: png 40x30\n")

        let unknown = try AppAlertProcess.run(["--images", paths[0]], executable: binary)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown option --images"))
    }
}

/// The root package's test images.
let imagesDirectory = fuzzDirectory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/AppAlertTests/Fixtures/images")
