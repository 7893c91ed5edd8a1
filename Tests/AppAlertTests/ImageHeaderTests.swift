import Foundation
import Testing

@testable import AppAlert

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

    static func put32LE(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
        put16LE(value & 0xFFFF, at: offset, in: &bytes)
        put16LE(value >> 16, at: offset + 2, in: &bytes)
    }

    /// What a phone's Motion Photo puts after the JPEG's EOI: an MP4 file (here its `ftyp` box and the
    /// start of an `mdat` whose bytes hold 0xFF 0xD8 and 0xFF 0xD9 as video data may).
    static let motionPhotoTrailer: [UInt8] =
        [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("isommp42".utf8) + [0, 0, 0x01, 0]
        + Array("mdat".utf8) + [0xFF, 0xD8, 0xFF, 0xC0, 0xFF, 0xFF, 0x12, 0x34, 0xFF, 0xD9, 0x00]

    /// Writes the CRC-32 of the PNG's IHDR chunk (type and data, bytes 12 to 28) after it, as an encoder
    /// would: a crafted header that is meant to pass the checksum.
    static func sealIHDR(_ bytes: inout [UInt8]) {
        put32BE(Int(CRC32.checksum(bytes[12..<29])), at: 29, in: &bytes)
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
                sealIHDR(&$0)
            }, expected: "png 4096x4096"),
        Case(description: "PNG cut short", file: "valid.png", craft: { $0.removeLast(20) }, expected: "truncated"),
        Case(
            description: "PNG of 20 bytes", file: "valid.png", craft: { $0.removeLast($0.count - 20) },
            expected: "truncated"),
        Case(
            description: "PNG 0 pixels wide", file: "valid.png",
            craft: {
                put32BE(0, at: 16, in: &$0)
                sealIHDR(&$0)
            }, expected: "invalidHeader"),
        Case(
            description: "PNG claiming 5000 × 30", file: "valid.png",
            craft: {
                put32BE(5000, at: 16, in: &$0)
                sealIHDR(&$0)
            }, expected: "tooLarge"),
        Case(
            description: "PNG claiming 4096 × 4097", file: "valid.png",
            craft: {
                put32BE(4096, at: 16, in: &$0)
                put32BE(4097, at: 20, in: &$0)
                sealIHDR(&$0)
            }, expected: "tooLarge"),
        Case(
            description: "PNG whose first chunk is not IHDR", file: "valid.png",
            craft: { $0.replaceSubrange(12..<16, with: Array("IDAT".utf8)) }, expected: "invalidHeader"),
        Case(
            description: "PNG with bit depth 3", file: "valid.png",
            craft: {
                $0[24] = 3
                sealIHDR(&$0)
            }, expected: "invalidHeader"),
        Case(
            description: "PNG whose IHDR checksum fails", file: "valid.png", craft: { $0[32] ^= 0x01 },
            expected: "invalidHeader"),
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
            description: "PNG with 16 zero bytes after IEND", file: "valid.png",
            craft: { $0 += [UInt8](repeating: 0, count: 16) }, expected: "png 40x30"),
        Case(
            description: "PNG with a chunk after IEND", file: "palette.png",
            craft: { $0 += [0, 0, 0, 4] + Array("tEXtabcd".utf8) + [1, 2, 3, 4] }, expected: "png 40x30"),
        Case(
            description: "PNG whose last chunk runs past the end", file: "valid.png",
            craft: {
                $0.removeLast(12)
                $0 += [0, 0, 0, 9] + Array("tEXtab".utf8)
            }, expected: "truncated"),
        Case(
            description: "baseline JPEG with 16 zero bytes after EOI", file: "valid.jpg",
            craft: { $0 += [UInt8](repeating: 0, count: 16) }, expected: "jpeg 40x30"),
        Case(
            description: "progressive JPEG with a Motion Photo's video after EOI", file: "progressive.jpg",
            craft: { $0 += motionPhotoTrailer }, expected: "jpeg 40x30"),
        Case(
            description: "JPEG cut short with bytes after the cut", file: "valid.jpg",
            craft: {
                $0.removeLast($0.count / 2)
                $0 += [UInt8](repeating: 0, count: 16)
            }, expected: "truncated"),
        Case(
            description: "WebP with bytes after its RIFF container", file: "lossy.webp",
            craft: { $0 += [UInt8](repeating: 0, count: 16) }, expected: "webp 40x30"),
        Case(
            description: "WebP whose RIFF size is 4", file: "lossy.webp", craft: { put32LE(4, at: 4, in: &$0) },
            expected: "invalidHeader"),
        Case(
            description: "WebP whose VP8 chunk is 0xFFFFFFF0 bytes", file: "lossy.webp",
            craft: { put32LE(0xFFFF_FFF0, at: 16, in: &$0) }, expected: "invalidHeader"),
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
        #expect(throws: ImageHeader.Refusal.self) {
            try ImageHeader(inspecting: png, limits: ImageLimits(maximumSide: 39))
        }
        #expect(throws: ImageHeader.Refusal.self) {
            try ImageHeader(inspecting: png, limits: ImageLimits(maximumPixels: 1_199))
        }
        #expect(throws: ImageHeader.Refusal.self) {
            try ImageHeader(inspecting: png, limits: ImageLimits(maximumBytes: 100))
        }
        #expect(
            try ImageHeader(inspecting: png, limits: ImageLimits(maximumSide: 40, maximumPixels: 1_200)).width == 40)
    }

    @Test
    func aPNGWhoseHeaderChecksumFailsIsRefusedWithBothChecksums() throws {
        let png = Array(try Fixtures.data("images/valid.png"))
        #expect(try ImageHeader(inspecting: Data(png)).width == 40)
        var flipped = png
        flipped[32] ^= 0x01
        let stored = flipped[29..<33].reduce(0) { $0 << 8 | UInt32($1) }
        let error = try #require(throws: ImageHeader.Refusal.self) { try ImageHeader(inspecting: Data(flipped)) }
        #expect(error.kind == .invalidHeader)
        #expect(
            error.reason
                == "the PNG's IHDR chunk fails its checksum: it says \(String(format: "0x%08X", stored)), its bytes "
                + "give \(String(format: "0x%08X", stored ^ 0x01)); the header was changed or damaged")
    }

    @Test(arguments: [("", 0x0000_0000), ("a", 0xE8B7_BE43), ("123456789", 0xCBF4_3926)] as [(String, UInt32)])
    func theChecksumIsPNGsCRC32(text: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == expected)
    }

    /// A broken PNG header in the manner of PngSuite's x-files (its `xs1n0g01`, `xhdn0g08`, `xc1n0g08`,
    /// …), made here from a good file: what it is refused as, and words its reason must have.
    struct BrokenPNG: Sendable, CustomStringConvertible {
        var description: String
        var craft: @Sendable (inout [UInt8]) -> Void
        var kind: ImageHeader.Refusal.Kind
        var reason: String
    }

    /// `craft`, then the header's checksum made right again.
    static func sealed(_ craft: @escaping @Sendable (inout [UInt8]) -> Void) -> @Sendable (inout [UInt8]) -> Void {
        { bytes in
            craft(&bytes)
            sealIHDR(&bytes)
        }
    }

    static let brokenPNGs: [BrokenPNG] = [
        BrokenPNG(
            description: "signature byte 1 without its high bit", craft: { $0[0] = 0x09 }, kind: .unknownFormat,
            reason: "not a PNG"),
        BrokenPNG(
            description: "signature byte 2 a Q", craft: { $0[1] = UInt8(ascii: "Q") }, kind: .unknownFormat,
            reason: "it starts with 89 51 4E 47"),
        BrokenPNG(
            description: "signature byte 4 lower-case", craft: { $0[3] = UInt8(ascii: "g") }, kind: .unknownFormat,
            reason: "not a PNG"),
        BrokenPNG(
            description: "signature byte 7 a space", craft: { $0[6] = 0x20 }, kind: .unknownFormat, reason: "not a PNG"),
        BrokenPNG(
            description: "signature's line feed made CR LF", craft: { $0.insert(0x0D, at: 5) }, kind: .unknownFormat,
            reason: "not a PNG"),
        BrokenPNG(
            description: "signature's CR LF made LF", craft: { $0.remove(at: 4) }, kind: .unknownFormat,
            reason: "not a PNG"),
        BrokenPNG(
            description: "IHDR missing", craft: { $0.removeSubrange(8..<33) }, kind: .invalidHeader,
            reason: "not a 13-byte IHDR"),
        BrokenPNG(
            description: "IHDR after another chunk", craft: { $0.replaceSubrange(12..<16, with: Array("tEXt".utf8)) },
            kind: .invalidHeader, reason: "not a 13-byte IHDR"),
        BrokenPNG(
            description: "IHDR 12 bytes long", craft: { $0[11] = 12 }, kind: .invalidHeader,
            reason: "not a 13-byte IHDR"),
        BrokenPNG(
            description: "IHDR 14 bytes long", craft: { $0[11] = 14 }, kind: .invalidHeader,
            reason: "not a 13-byte IHDR"),
        BrokenPNG(
            description: "IHDR checksum wrong", craft: { $0[29] ^= 0x80 }, kind: .invalidHeader,
            reason: "fails its checksum"),
        BrokenPNG(
            description: "IHDR checksum zero", craft: { $0.replaceSubrange(29..<33, with: [0, 0, 0, 0]) },
            kind: .invalidHeader, reason: "it says 0x00000000"),
        BrokenPNG(
            description: "width changed, checksum left", craft: { $0[19] = 41 }, kind: .invalidHeader,
            reason: "fails its checksum"),
        BrokenPNG(
            description: "height of 60000 behind the old checksum", craft: { put32BE(60000, at: 20, in: &$0) },
            kind: .invalidHeader, reason: "fails its checksum"),
        BrokenPNG(
            description: "0 pixels wide", craft: sealed { put32BE(0, at: 16, in: &$0) }, kind: .invalidHeader,
            reason: "says 0 × 30 pixels"),
        BrokenPNG(
            description: "0 pixels high", craft: sealed { put32BE(0, at: 20, in: &$0) }, kind: .invalidHeader,
            reason: "says 40 × 0 pixels"),
        BrokenPNG(
            description: "2^31 pixels wide", craft: sealed { put32BE(1 << 31, at: 16, in: &$0) }, kind: .tooLarge,
            reason: "the limit is 4096 a side"),
        BrokenPNG(
            description: "color type 1", craft: sealed { $0[25] = 1 }, kind: .invalidHeader,
            reason: "bit depth 8 and color type 1"),
        BrokenPNG(
            description: "color type 9", craft: sealed { $0[25] = 9 }, kind: .invalidHeader, reason: "color type 9"),
        BrokenPNG(
            description: "bit depth 0", craft: sealed { $0[24] = 0 }, kind: .invalidHeader, reason: "bit depth 0"),
        BrokenPNG(
            description: "bit depth 3", craft: sealed { $0[24] = 3 }, kind: .invalidHeader, reason: "bit depth 3"),
        BrokenPNG(
            description: "bit depth 99", craft: sealed { $0[24] = 99 }, kind: .invalidHeader, reason: "bit depth 99"),
        BrokenPNG(
            description: "compression method 1", craft: sealed { $0[26] = 1 }, kind: .invalidHeader,
            reason: "compression 1"),
        BrokenPNG(
            description: "filter method 1", craft: sealed { $0[27] = 1 }, kind: .invalidHeader, reason: "filter 1"),
        BrokenPNG(
            description: "interlace method 2", craft: sealed { $0[28] = 2 }, kind: .invalidHeader, reason: "interlace 2"
        ),
        BrokenPNG(
            description: "cut within the IHDR", craft: { $0.removeSubrange(30...) }, kind: .truncated,
            reason: "ends within the PNG header"),
        BrokenPNG(description: "IEND missing", craft: { $0.removeLast(12) }, kind: .truncated, reason: "IEND"),
    ]

    /// Lossless, hierarchical and arithmetic-coded JPEGs pass a header check but the platforms do not
    /// draw them: an image message would be an empty card. Refused, saying which kind it is.
    @Test(
        arguments: [
            (0xC3, "lossless"), (0xC5, "hierarchical"), (0xC6, "hierarchical"), (0xC7, "hierarchical and lossless"),
            (0xC9, "arithmetic-coded"), (0xCA, "arithmetic-coded and progressive"),
            (0xCB, "arithmetic-coded and lossless"), (0xCD, "arithmetic-coded and hierarchical"),
            (0xCE, "arithmetic-coded, hierarchical"), (0xCF, "arithmetic-coded, hierarchical and lossless"),
        ] as [(UInt8, String)])
    func aJPEGOfAKindThePlatformsDoNotDrawIsRefusedSayingWhichKind(marker: UInt8, kind: String) throws {
        var bytes = Array(try Fixtures.data("images/valid.jpg"))
        bytes[Self.frameOffset(bytes) + 1] = marker
        #expect {
            try ImageHeader(inspecting: Data(bytes))
        } throws: { error in
            guard let error = error as? ImageHeader.Refusal else { return false }
            return error.kind == .invalidHeader && error.reason.contains("the JPEG is \(kind)")
                && error.reason.contains(String(format: "0xFF%02X", marker))
        }
    }

    @Test(arguments: [0xC0, 0xC1, 0xC2] as [UInt8])
    func baselineExtendedAndProgressiveJPEGsAreRead(marker: UInt8) throws {
        var bytes = Array(try Fixtures.data("images/valid.jpg"))
        bytes[Self.frameOffset(bytes) + 1] = marker
        let header = try ImageHeader(inspecting: Data(bytes))
        #expect(header == ImageHeader(format: .jpeg, width: 40, height: 30))
    }

    @Test(arguments: brokenPNGs)
    func aBrokenPNGHeaderIsRefusedSayingWhy(_ broken: BrokenPNG) throws {
        var bytes = Array(try Fixtures.data("images/valid.png"))
        broken.craft(&bytes)
        let error = try #require(throws: ImageHeader.Refusal.self) { try ImageHeader(inspecting: Data(bytes)) }
        #expect(error.kind == broken.kind, "\(broken): \(error.reason)")
        #expect(error.reason.contains(broken.reason), "\(broken): \(error.reason)")
    }

    /// A file with bytes after its end, or a container that lies about its sizes: what it reads as, or
    /// what it is refused as and words its reason must have.
    struct EndCase: Sendable, CustomStringConvertible {
        var description: String
        var file: String
        var craft: @Sendable (inout [UInt8]) -> Void
        /// `format widthxheight`, or the error kind and words of its reason.
        var expected: String
        var reason: String = ""
    }

    static let endCases: [EndCase] = [
        EndCase(
            description: "PNG + 16 zero bytes", file: "valid.png", craft: { $0 += [UInt8](repeating: 0, count: 16) },
            expected: "png 40x30"),
        EndCase(
            description: "PNG + 4 KB of 0xFF", file: "valid.png",
            craft: { $0 += [UInt8](repeating: 0xFF, count: 4096) },
            expected: "png 40x30"),
        EndCase(
            description: "PNG + a second PNG", file: "valid.png", craft: { $0 += $0 }, expected: "png 40x30"),
        EndCase(
            description: "PNG without IEND", file: "valid.png", craft: { $0.removeLast(12) }, expected: "truncated",
            reason: "the PNG ends before its IEND chunk: it was cut short"),
        EndCase(
            description: "PNG cut within IEND", file: "valid.png", craft: { $0.removeLast(2) }, expected: "truncated",
            reason: "ends within its IEND chunk"),
        EndCase(
            description: "PNG whose IDAT says it is 2^31 bytes, then IEND", file: "valid.png",
            craft: { put32BE(1 << 31, at: 33, in: &$0) }, expected: "truncated",
            reason: "ends within its IDAT chunk at byte 33, which says it holds 2147483648 bytes: it was cut short"),
        EndCase(
            description: "PNG whose IHDR checksum fails, + 16 zero bytes", file: "valid.png",
            craft: {
                $0[32] ^= 0x01
                $0 += [UInt8](repeating: 0, count: 16)
            }, expected: "invalidHeader", reason: "fails its checksum"),
        EndCase(
            description: "JPEG + 16 zero bytes", file: "valid.jpg", craft: { $0 += [UInt8](repeating: 0, count: 16) },
            expected: "jpeg 40x30"),
        EndCase(
            description: "JPEG + a Motion Photo's video", file: "valid.jpg", craft: { $0 += motionPhotoTrailer },
            expected: "jpeg 40x30"),
        EndCase(
            description: "JPEG + a second JPEG", file: "progressive.jpg", craft: { $0 += $0 }, expected: "jpeg 40x30"),
        EndCase(
            description: "JPEG without EOI", file: "valid.jpg", craft: { $0.removeLast(2) }, expected: "truncated",
            reason: "the JPEG ends before its EOI marker: it was cut short"),
        EndCase(
            description: "JPEG cut in its scan, + 16 zero bytes", file: "valid.jpg",
            craft: {
                $0.removeLast(40)
                $0 += [UInt8](repeating: 0, count: 16)
            }, expected: "truncated", reason: "the JPEG ends before its EOI marker"),
        EndCase(
            description: "JPEG whose table after the frame says it is 0xFFFF bytes", file: "valid.jpg",
            craft: { bytes in
                let next =
                    frameOffset(bytes) + 2
                    + (Int(bytes[frameOffset(bytes) + 2]) << 8 | Int(bytes[frameOffset(bytes) + 3]))
                put16BE(0xFFFF, at: next + 2, in: &bytes)
            }, expected: "truncated", reason: "which says it is 65535 bytes long: it was cut short"),
        EndCase(
            description: "JPEG whose table after the frame says it is 1 byte", file: "valid.jpg",
            craft: { bytes in
                let next =
                    frameOffset(bytes) + 2
                    + (Int(bytes[frameOffset(bytes) + 2]) << 8 | Int(bytes[frameOffset(bytes) + 3]))
                put16BE(1, at: next + 2, in: &bytes)
            }, expected: "invalidHeader", reason: "says it is 1 bytes long"),
        EndCase(
            description: "WebP + 16 zero bytes", file: "lossless.webp",
            craft: { $0 += [UInt8](repeating: 0, count: 16) },
            expected: "webp 40x30"),
        EndCase(
            description: "WebP whose RIFF size is 4", file: "lossy.webp", craft: { put32LE(4, at: 4, in: &$0) },
            expected: "invalidHeader", reason: "the WebP's RIFF size is 4 bytes, too small to hold its WEBP tag"),
        EndCase(
            description: "WebP whose RIFF size is 0", file: "alpha.webp", craft: { put32LE(0, at: 4, in: &$0) },
            expected: "invalidHeader", reason: "RIFF size is 0 bytes"),
        EndCase(
            description: "WebP whose RIFF size is 0x7FFFFFF0", file: "lossy.webp",
            craft: { put32LE(0x7FFF_FFF0, at: 4, in: &$0) }, expected: "truncated",
            reason: "the WebP says it is 2147483640 bytes"),
        EndCase(
            description: "WebP whose VP8 chunk is 0xFFFFFFF0 bytes", file: "lossy.webp",
            craft: { put32LE(0xFFFF_FFF0, at: 16, in: &$0) }, expected: "invalidHeader",
            reason: "first chunk (VP8 ) says it is 4294967280 bytes, more than the"),
        EndCase(
            description: "WebP whose VP8L chunk is one byte more than its container", file: "lossless.webp",
            craft: { put32LE(Int($0[4]) - 12 + 1, at: 16, in: &$0) }, expected: "invalidHeader",
            reason: "its RIFF container has room for"),
        EndCase(
            description: "WebP whose VP8 chunk is 0 bytes", file: "lossy.webp", craft: { put32LE(0, at: 16, in: &$0) },
            expected: "invalidHeader", reason: "says it is 0 bytes, too few for its 10-byte frame header"),
    ]

    @Test(arguments: endCases)
    func bytesAfterTheEndAreATrailerAndAContainerThatLiesIsRefusedSayingWhy(_ testCase: EndCase) throws {
        var bytes = Array(try Fixtures.data("images/\(testCase.file)"))
        testCase.craft(&bytes)
        do {
            let header = try ImageHeader(inspecting: Data(bytes))
            #expect("\(header.format.rawValue) \(header.width)x\(header.height)" == testCase.expected, "\(testCase)")
        } catch {
            #expect(error.kind.rawValue == testCase.expected, "\(testCase): \(error.reason)")
            #expect(!testCase.reason.isEmpty && error.reason.contains(testCase.reason), "\(testCase): \(error.reason)")
        }
    }
}
