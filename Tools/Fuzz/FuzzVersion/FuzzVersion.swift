@_spi(Authoring) import AppAlert
import Foundation
import FuzzSupport

/// One input: the first line as a version, the rest as a range; checks the laws that must hold for
/// whatever parses. Must never crash.
func fuzzVersion(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let versionText = String(parts.first ?? "")
    let rangeText = parts.count > 1 ? String(parts[1]) : versionText
    let version = Version(versionText)
    let range = VersionRange(rangeText)
    if let version {
        precondition(version.compare(version) == 0, "compare is not reflexive for \(versionText)")
        // What is printed reads back as the same version.
        if let again = Version(version.description) {
            precondition(again == version, "\(versionText) prints as \(version), which reads back differently")
        }
        if let other = Version(rangeText) {
            precondition(version.compare(other) == -other.compare(version), "compare is not antisymmetric")
        }
        if let range { _ = range.contains(version) }
    }
    if let range {
        _ = range.description
        for probe in ["0.0.0", "1.0.0", "1.2.3-beta.1", "99999.0"] {
            if let candidate = Version(probe) { _ = range.contains(candidate) }
        }
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        fuzzVersion(Data(bytes: bytes, count: count))
        return 0
    }

    /// SwiftPM links an executable's entry point as `FuzzVersion_main`; under the fuzzer that entry hands
    /// over to libFuzzer's driver, which reads the usual libFuzzer options.
    @_cdecl("FuzzVersion_main")
    public func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        FuzzerDriver.run(argc, argv)
    }
#else
    /// Without the fuzzer: runs every file named on the command line (a corpus, a crasher) once.
    @main
    enum FuzzVersionReplay {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                fuzzVersion(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
    }
#endif
