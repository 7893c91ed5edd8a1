import Foundation

// The EmbedPageCode plugin's tool: `PageCodeEmbedder OUTPUT FILE…` writes OUTPUT, a Swift file whose
// `PackageResources.<file_name>` (dots and dashes as underscores) is each FILE's bytes. A file that is
// UTF-8 text without carriage returns or other control characters than tab and line feed becomes a raw
// multi-line string literal (compiled in a fraction of the time an array literal of its bytes takes);
// any other file, an array literal of its bytes, as SwiftPM's `.embedInCode` writes it.

/// A Swift identifier for a file name, as `.embedInCode` makes it: `console-logic.js` → `console_logic_js`.
func identifier(_ fileName: String) -> String {
    String(fileName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
}

/// The declaration of `name` with `bytes` as its value.
func declaration(_ name: String, _ bytes: [UInt8]) -> String {
    // Valid UTF-8 when decoding repaired nothing: `String(validating:as:)` needs macOS 15, and this tool is
    // built for the Mac it runs on at the package's macOS 14.
    let text = String(decoding: bytes, as: UTF8.self)
    if text.utf8.elementsEqual(bytes),
        !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F })
    {
        // A raw string whose delimiter has one `#` more than the longest run of `#` in the text: neither its
        // end (`"""` and the `#`s) nor an escape (`\` and the `#`s) can occur in it.
        var longest = 0
        var run = 0
        for byte in bytes {
            run = byte == UInt8(ascii: "#") ? run + 1 : 0
            longest = max(longest, run)
        }
        let hashes = String(repeating: "#", count: longest + 1)
        // The line break before the closing delimiter is not part of the string: the text stays whole.
        return "    static let \(name): [UInt8] = Array(\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes).utf8)\n"
    }
    return "    static let \(name): [UInt8] = [\(bytes.map(String.init).joined(separator: ","))]\n"
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: PageCodeEmbedder OUTPUT FILE…\n".utf8))
    exit(64)
}
var source = "// Written by the EmbedPageCode plugin (Tools/Plugins) from the target's page code: not edited.\n"
source += "enum PackageResources {\n"
var names: [String: String] = [:]
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let name = identifier(url.lastPathComponent)
    if let other = names[name] {
        let problem = "error: \(path) and \(other) would both be PackageResources.\(name)\n"
        FileHandle.standardError.write(Data(problem.utf8))
        exit(1)
    }
    names[name] = path
    do {
        source += declaration(name, Array(try Data(contentsOf: url)))
    } catch {
        FileHandle.standardError.write(Data("error: \(path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
source += "}\n"
do {
    // Written only when it changed, so that an unchanged page code compiles nothing again.
    let data = Data(source.utf8)
    let target = URL(fileURLWithPath: output)
    if (try? Data(contentsOf: target)) != data { try data.write(to: target, options: .atomic) }
} catch {
    FileHandle.standardError.write(Data("error: \(output): \(error.localizedDescription)\n".utf8))
    exit(1)
}
