import Foundation
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
}
