import AppAlert
import Foundation
import Testing

/// The image header reader on real files (made by scripts/make-image-fixtures.py with Pillow) and on
/// files crafted from them: cut short, lying about their size, zero-sized, over the limits, and other
/// formats.
struct ImageHeaderTests {
    /// A file of the table: where its bytes come from and how they are changed.
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var file: String?
        var craft: @Sendable (inout [UInt8]) -> Void = { _ in }
        /// `format widthxheight` or the error kind.
        var expected: String
    }

    static func put16BE(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
        bytes[offset] = UInt8(value >> 8 & 0xFF)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }

    static func put32BE(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
        put16BE(value >> 16, at: offset, in: &bytes)
        put16BE(value & 0xFFFF, at: offset + 2, in: &bytes)
    }

    static func put16LE(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
        bytes[offset] = UInt8(value & 0xFF)
        bytes[offset + 1] = UInt8(value >> 8 & 0xFF)
    }

    /// The offset of the JPEG's start-of-frame marker.
    static func frameOffset(_ bytes: [UInt8]) -> Int {
        var offset = 2
        while !(0xC0...0xC2).contains(bytes[offset + 1]) {
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return offset
    }

    static let cases: [Case] = [
        Case(description: "PNG", file: "valid.png", expected: "png 40x30"),
        Case(description: "PNG with a palette", file: "palette.png", expected: "png 40x30"),
        Case(description: "baseline JPEG", file: "valid.jpg", expected: "jpeg 40x30"),
        Case(description: "progressive JPEG", file: "progressive.jpg", expected: "jpeg 40x30"),
        Case(description: "GIF", file: "valid.gif", expected: "gif 40x30"),
        Case(description: "lossy WebP (VP8)", file: "lossy.webp", expected: "webp 40x30"),
        Case(description: "lossless WebP (VP8L)", file: "lossless.webp", expected: "webp 40x30"),
        Case(description: "extended WebP (VP8X)", file: "alpha.webp", expected: "webp 40x30"),
        Case(
            description: "PNG at exactly 4096 × 4096", file: "valid.png",
            craft: {
                put32BE(4096, at: 16, in: &$0)
                put32BE(4096, at: 20, in: &$0)
            }, expected: "png 4096x4096"),
        Case(description: "PNG cut short", file: "valid.png", craft: { $0.removeLast(20) }, expected: "truncated"),
        Case(
            description: "PNG of 20 bytes", file: "valid.png", craft: { $0.removeLast($0.count - 20) },
            expected: "truncated"),
        Case(
            description: "PNG 0 pixels wide", file: "valid.png", craft: { put32BE(0, at: 16, in: &$0) },
            expected: "invalidHeader"),
        Case(
            description: "PNG claiming 5000 × 10", file: "valid.png", craft: { put32BE(5000, at: 16, in: &$0) },
            expected: "tooLarge"),
        Case(
            description: "PNG claiming 4096 × 4097", file: "valid.png",
            craft: {
                put32BE(4096, at: 16, in: &$0)
                put32BE(4097, at: 20, in: &$0)
            }, expected: "tooLarge"),
        Case(
            description: "PNG whose first chunk is not IHDR", file: "valid.png",
            craft: { $0.replaceSubrange(12..<16, with: Array("IDAT".utf8)) }, expected: "invalidHeader"),
        Case(
            description: "PNG with bit depth 3", file: "valid.png", craft: { $0[24] = 3 }, expected: "invalidHeader"),
        Case(
            description: "JPEG cut short", file: "valid.jpg", craft: { $0.removeLast($0.count / 2) },
            expected: "truncated"),
        Case(
            description: "JPEG 0 pixels high", file: "valid.jpg",
            craft: { put16BE(0, at: frameOffset($0) + 5, in: &$0) }, expected: "invalidHeader"),
        Case(
            description: "JPEG claiming 60000 × 60000 (a bomb)", file: "valid.jpg",
            craft: {
                put16BE(60000, at: frameOffset($0) + 5, in: &$0)
                put16BE(60000, at: frameOffset($0) + 7, in: &$0)
            }, expected: "tooLarge"),
        Case(
            description: "JPEG segment of length 0", file: "valid.jpg", craft: { put16BE(0, at: 4, in: &$0) },
            expected: "invalidHeader"),
        Case(
            description: "GIF without its trailer", file: "valid.gif", craft: { $0.removeLast() }, expected: "truncated"
        ),
        Case(
            description: "GIF claiming 65535 × 65535", file: "valid.gif",
            craft: {
                put16LE(65535, at: 6, in: &$0)
                put16LE(65535, at: 8, in: &$0)
            }, expected: "tooLarge"),
        Case(
            description: "GIF 0 pixels wide", file: "valid.gif", craft: { put16LE(0, at: 6, in: &$0) },
            expected: "invalidHeader"),
        Case(
            description: "WebP whose RIFF size is larger than the file", file: "lossy.webp",
            craft: { $0.removeLast(100) }, expected: "truncated"),
        Case(
            description: "lossy WebP claiming 16383 × 16383", file: "lossy.webp",
            craft: {
                put16LE(16383, at: 26, in: &$0)
                put16LE(16383, at: 28, in: &$0)
            }, expected: "tooLarge"),
        Case(
            description: "extended WebP with a 16,777,216-pixel-wide canvas", file: "alpha.webp",
            craft: { $0.replaceSubrange(24..<27, with: [0xFF, 0xFF, 0xFF]) }, expected: "tooLarge"),
        Case(
            description: "WebP with an unknown first chunk", file: "lossy.webp",
            craft: { $0.replaceSubrange(12..<16, with: Array("VP9 ".utf8)) }, expected: "invalidHeader"),
        Case(
            description: "lossy WebP without its start code", file: "lossy.webp", craft: { $0[23] = 0 },
            expected: "invalidHeader"),
        Case(
            description: "BMP", craft: { $0 = Array("BM".utf8) + [UInt8](repeating: 0, count: 60) },
            expected: "unknownFormat"),
        Case(
            description: "SVG",
            craft: { $0 = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="9e9" height="9e9"></svg>"#.utf8) },
            expected: "unknownFormat"),
        Case(
            description: "an HTML error page served as image/png",
            craft: { $0 = Array("<!DOCTYPE html><html><body>Not found</body></html>".utf8) }, expected: "unknownFormat"),
        Case(description: "no bytes", expected: "truncated"),
        Case(
            description: "3 MB, over the byte limit", file: "valid.png",
            craft: { $0.append(contentsOf: [UInt8](repeating: 0, count: 3_000_000)) }, expected: "tooLarge"),
    ]

    @Test(arguments: cases)
    func theHeaderIsReadFromTheBytesBeforeAnythingDecodesThem(_ testCase: Case) throws {
        var bytes = try testCase.file.map { Array(try Fixtures.data("images/\($0)")) } ?? []
        testCase.craft(&bytes)
        let outcome: String
        do {
            let header = try ImageHeader(inspecting: Data(bytes))
            outcome = "\(header.format.rawValue) \(header.width)x\(header.height)"
        } catch {
            outcome = error.kind.rawValue
            #expect(!error.reason.isEmpty)
        }
        #expect(outcome == testCase.expected, "\(testCase.description)")
    }

    @Test
    func theTableHasAtLeastTwentyFilesAndEveryOutcome() {
        #expect(Self.cases.count >= 20)
        let outcomes = Set(Self.cases.map { $0.expected.split(separator: " ")[0] })
        #expect(
            outcomes.isSuperset(of: [
                "png", "jpeg", "gif", "webp", "truncated", "invalidHeader", "tooLarge", "unknownFormat",
            ]))
    }

    @Test
    func limitsAreTheCallersToSet() throws {
        let png = try Fixtures.data("images/valid.png")
        #expect(throws: ImageError.self) { try ImageHeader(inspecting: png, limits: ImageLimits(maximumSide: 39)) }
        #expect(throws: ImageError.self) { try ImageHeader(inspecting: png, limits: ImageLimits(maximumPixels: 1_199)) }
        #expect(throws: ImageError.self) { try ImageHeader(inspecting: png, limits: ImageLimits(maximumBytes: 100)) }
        #expect(
            try ImageHeader(inspecting: png, limits: ImageLimits(maximumSide: 40, maximumPixels: 1_200)).width == 40)
    }
}
