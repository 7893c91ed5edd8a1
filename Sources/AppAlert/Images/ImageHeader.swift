import Foundation

// Reads an image's format and size from its first bytes, before anything decodes it. Our own code
// rather than the platform's: ImageIO (CGImageSourceCopyPropertiesAtIndex) does not exist on Linux,
// where the loader and `appalert check` run, and it is itself a decoder of hostile input; the four
// headers below are each a few fixed fields, read here in one pass with every offset checked.

extension ImageHeader {
    /// The picture formats a message's image may use.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case png, jpeg, gif, webp
    }
}

/// What an image's header says: its format and its size in pixels.
public struct ImageHeader: Sendable, Hashable {
    public var format: ImageHeader.Format
    public var width: Int
    public var height: Int

    public init(format: ImageHeader.Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// The largest image a message may show: a decoder would need `width × height × 4` bytes for it, so
/// a 100-byte file that claims 60,000 × 60,000 pixels (a decompression bomb) is refused before it is
/// decoded.
public struct ImageLimits: Sendable, Hashable {
    /// The most bytes read from the network; reading stops past it. The default is 2 MB.
    public var maximumBytes: Int
    /// The most pixels on either side. The default is 4,096.
    public var maximumSide: Int
    /// The most pixels in all. The default is 16,777,216 (4,096 × 4,096, 64 MB decoded).
    public var maximumPixels: Int

    public init(maximumBytes: Int = 2_000_000, maximumSide: Int = 4_096, maximumPixels: Int = 16_777_216) {
        self.maximumBytes = maximumBytes
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }
}

extension ImageHeader {
    /// Why image bytes were refused.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public struct Kind: RawRepresentable, Sendable, Hashable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            /// Not PNG, JPEG, GIF or WebP (judged by the bytes, never by the Content-Type).
            public static let unknownFormat = Kind(rawValue: "unknownFormat")
            /// The bytes end before the header or the file does.
            public static let truncated = Kind(rawValue: "truncated")
            /// A header field that cannot be true: a wrong chunk, a zero size, an impossible length, a
            /// checksum that fails.
            public static let invalidHeader = Kind(rawValue: "invalidHeader")
            /// Larger than ``ImageLimits`` allows.
            public static let tooLarge = Kind(rawValue: "tooLarge")
            /// The image could not be downloaded.
            public static let unavailable = Kind(rawValue: "unavailable")
        }

        public var kind: Kind
        public var reason: String

        public init(kind: Kind, reason: String) {
            self.kind = kind
            self.reason = reason
        }

        public var description: String { reason }
    }
}

extension ImageHeader {
    /// The header of `bytes`, a whole file, checked against `limits`: the format from the signature,
    /// the size from the header, the file's end marker present (a cut download is refused), and the
    /// size within the limits.
    public init(inspecting bytes: Data, limits: ImageLimits = ImageLimits()) throws(ImageHeader.Refusal) {
        guard bytes.count <= limits.maximumBytes else {
            throw ImageHeader.Refusal(
                kind: .tooLarge, reason: "the image is \(bytes.count) bytes; the limit is \(limits.maximumBytes)")
        }
        let read = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<ImageHeader, ImageHeader.Refusal> in
            var reader = ByteReader(bytes: raw)
            do throws(ImageHeader.Refusal) {
                return .success(try Self.read(&reader))
            } catch {
                return .failure(error)
            }
        }
        let header = try read.get()
        guard header.width > 0, header.height > 0 else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the \(header.format.rawValue) header says \(header.width) × \(header.height) pixels")
        }
        guard header.width <= limits.maximumSide, header.height <= limits.maximumSide else {
            throw ImageHeader.Refusal(
                kind: .tooLarge,
                reason: "the image is \(header.width) × \(header.height) pixels; the limit is \(limits.maximumSide) "
                    + "a side")
        }
        guard header.width * header.height <= limits.maximumPixels else {
            throw ImageHeader.Refusal(
                kind: .tooLarge,
                reason: "the image is \(header.width) × \(header.height) = \(header.width * header.height) pixels; "
                    + "the limit is \(limits.maximumPixels)")
        }
        self = header
    }

    private static func read(_ reader: inout ByteReader) throws(ImageHeader.Refusal) -> ImageHeader {
        if reader.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(&reader) }
        if reader.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(&reader) }
        if reader.starts(with: Array("GIF87a".utf8)) || reader.starts(with: Array("GIF89a".utf8)) {
            return try gif(&reader)
        }
        if reader.starts(with: Array("RIFF".utf8)), reader.matches(Array("WEBP".utf8), at: 8) {
            return try webp(&reader)
        }
        throw ImageHeader.Refusal(
            kind: reader.count < 12 ? .truncated : .unknownFormat,
            reason: reader.count < 12
                ? "\(reader.count) bytes are too few to be an image"
                : "not a PNG, JPEG, GIF or WebP image (it starts with \(reader.hexPrefix(8)))")
    }

    /// The signature, then the IHDR chunk (13 bytes: width, height, depth, color type, compression,
    /// filter, interlace) and its CRC-32; then the chunks up to IEND. A header whose checksum fails was
    /// changed or damaged: none of its fields is believed.
    private static func png(_ reader: inout ByteReader) throws(ImageHeader.Refusal) -> ImageHeader {
        try reader.need(33, "the PNG header")
        guard reader.uint32BE(at: 8) == 13, reader.matches(Array("IHDR".utf8), at: 12) else {
            throw ImageHeader.Refusal(kind: .invalidHeader, reason: "the PNG's first chunk is not a 13-byte IHDR")
        }
        let stored = reader.uint32BE(at: 29)
        let computed = CRC32.checksum(reader.slice(12..<29))  // the chunk's type and data
        guard stored == computed else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the PNG's IHDR chunk fails its checksum: it says \(hex(stored)), its bytes give "
                    + "\(hex(computed)); the header was changed or damaged")
        }
        let width = Int(reader.uint32BE(at: 16))
        let height = Int(reader.uint32BE(at: 20))
        let depth = reader[24]
        let colorType = reader[25]
        let allowed: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard allowed[colorType]?.contains(depth) == true else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the PNG header's bit depth \(depth) and color type \(colorType) do not go together")
        }
        guard reader[26] == 0, reader[27] == 0, reader[28] <= 1 else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the PNG header's compression \(reader[26]), filter \(reader[27]) and interlace "
                    + "\(reader[28]) methods are not 0, 0 and 0 or 1, the only ones PNG defines")
        }
        try endOfPNG(reader)
        return ImageHeader(format: .png, width: width, height: height)
    }

    /// Segments after the SOI marker, each skipped by its length, up to a start-of-frame (SOFn) with
    /// the height and width; then on to the EOI marker.
    private static func jpeg(_ reader: inout ByteReader) throws(ImageHeader.Refusal) -> ImageHeader {
        var offset = 2
        while true {
            try reader.need(offset + 4, "the JPEG's segments")
            guard reader[offset] == 0xFF else {
                throw ImageHeader.Refusal(kind: .invalidHeader, reason: "the JPEG has no marker at byte \(offset)")
            }
            let marker = reader[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // no length
                offset += 2
                continue
            }
            let length = Int(reader.uint16BE(at: offset + 2))
            guard length >= 2 else {
                throw ImageHeader.Refusal(
                    kind: .invalidHeader, reason: "a JPEG segment at byte \(offset) says it is \(length) bytes long")
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                // Baseline, extended and progressive Huffman-coded JPEGs are what the platforms decode;
                // UIImage and NSImage draw nothing for the other kinds, so they are refused here.
                if let kind = unsupportedJPEGKinds[marker] {
                    throw ImageHeader.Refusal(
                        kind: .invalidHeader,
                        reason: "the JPEG is \(kind) (frame marker 0xFF\(String(marker, radix: 16, uppercase: true))), "
                            + "which the platforms' image decoders do not draw; save it as a baseline or "
                            + "progressive JPEG")
                }
                guard length >= 8 else {
                    throw ImageHeader.Refusal(
                        kind: .invalidHeader, reason: "the JPEG's frame header is \(length) bytes long")
                }
                try reader.need(offset + 9, "the JPEG's frame header")
                let height = Int(reader.uint16BE(at: offset + 5))
                let width = Int(reader.uint16BE(at: offset + 7))
                try endOfJPEG(reader, after: offset + 2 + length)
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            if marker == 0xDA || marker == 0xD9 {
                throw ImageHeader.Refusal(
                    kind: .invalidHeader, reason: "the JPEG's image data starts before its frame header")
            }
            offset += 2 + length
        }
    }

    /// The JPEG frame kinds refused, by their start-of-frame marker.
    private static let unsupportedJPEGKinds: [UInt8: String] = [
        0xC3: "lossless", 0xC5: "hierarchical (differential sequential)",
        0xC6: "hierarchical (differential progressive)",
        0xC7: "hierarchical and lossless", 0xC9: "arithmetic-coded", 0xCA: "arithmetic-coded and progressive",
        0xCB: "arithmetic-coded and lossless", 0xCD: "arithmetic-coded and hierarchical",
        0xCE: "arithmetic-coded, hierarchical and progressive", 0xCF: "arithmetic-coded, hierarchical and lossless",
    ]

    /// The logical screen's width and height (little-endian) after the signature; the file ends with
    /// the trailer byte.
    private static func gif(_ reader: inout ByteReader) throws(ImageHeader.Refusal) -> ImageHeader {
        try reader.need(13, "the GIF header")
        let width = Int(reader.uint16LE(at: 6))
        let height = Int(reader.uint16LE(at: 8))
        guard reader.ends(with: [0x3B]) else {
            throw ImageHeader.Refusal(
                kind: .truncated, reason: "the GIF does not end with its trailer: it was cut short")
        }
        return ImageHeader(format: .gif, width: width, height: height)
    }

    /// The RIFF container's size must fit in the bytes (bytes after it are a trailer, which decoders
    /// ignore) and hold the WEBP tag and the first chunk; the first chunk's length must fit in the
    /// container and hold the frame header read from it. The first chunk is VP8 (lossy), VP8L
    /// (lossless) or VP8X (extended, with the canvas size).
    private static func webp(_ reader: inout ByteReader) throws(ImageHeader.Refusal) -> ImageHeader {
        try reader.need(30, "the WebP header")
        let riffSize = Int(reader.uint32LE(at: 4))
        guard riffSize + 8 <= reader.count else {
            throw ImageHeader.Refusal(
                kind: .truncated, reason: "the WebP says it is \(riffSize + 8) bytes, but \(reader.count) arrived")
        }
        let chunk = reader.fourCC(at: 12)
        let chunkSize = Int(reader.uint32LE(at: 16))
        // The frame header fields read below: 10 bytes of a VP8 or VP8X chunk, 5 of a VP8L chunk.
        let headerSize = chunk == "VP8L" ? 5 : 10
        guard riffSize >= 12 + headerSize else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the WebP's RIFF size is \(riffSize) bytes, too small to hold its WEBP tag and a first "
                    + "chunk (at least \(12 + headerSize))")
        }
        guard chunkSize <= riffSize - 12 else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the WebP's first chunk (\(chunk)) says it is \(chunkSize) bytes, more than the "
                    + "\(riffSize - 12) its RIFF container has room for")
        }
        guard chunkSize >= headerSize else {
            throw ImageHeader.Refusal(
                kind: .invalidHeader,
                reason: "the WebP's first chunk (\(chunk)) says it is \(chunkSize) bytes, too few for its "
                    + "\(headerSize)-byte frame header")
        }
        switch chunk {
        case "VP8 ":
            guard reader.matches([0x9D, 0x01, 0x2A], at: 23) else {
                throw ImageHeader.Refusal(kind: .invalidHeader, reason: "the WebP's VP8 frame has no start code")
            }
            return ImageHeader(
                format: .webp, width: Int(reader.uint16LE(at: 26) & 0x3FFF),
                height: Int(reader.uint16LE(at: 28) & 0x3FFF))
        case "VP8L":
            guard reader[20] == 0x2F else {
                throw ImageHeader.Refusal(kind: .invalidHeader, reason: "the WebP's VP8L data has no signature byte")
            }
            let bits = reader.uint32LE(at: 21)
            return ImageHeader(
                format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let width = Int(reader[24]) | Int(reader[25]) << 8 | Int(reader[26]) << 16
            let height = Int(reader[27]) | Int(reader[28]) << 8 | Int(reader[29]) << 16
            return ImageHeader(format: .webp, width: width + 1, height: height + 1)
        default:
            throw ImageHeader.Refusal(
                kind: .invalidHeader, reason: "the WebP's first chunk is \"\(chunk)\", not VP8, VP8L or VP8X")
        }
    }
}

extension ImageHeader {
    /// Walks the chunks after IHDR by their lengths up to IEND: one step per chunk, each at least 12
    /// bytes, so never more steps than bytes. Bytes after IEND are a trailer the platforms' decoders
    /// ignore, and so does this; a chunk running past the last byte means the file was cut short.
    fileprivate static func endOfPNG(_ reader: ByteReader) throws(ImageHeader.Refusal) {
        let iend: UInt32 = 0x4945_4E44
        var offset = 33
        while offset + 8 <= reader.count {
            let length = Int(reader.uint32BE(at: offset))
            guard offset + 12 + length <= reader.count else {
                throw ImageHeader.Refusal(
                    kind: .truncated,
                    reason: "the PNG ends within its \(reader.fourCC(at: offset + 4)) chunk at byte \(offset), "
                        + "which says it holds \(length) bytes: it was cut short")
            }
            if reader.uint32BE(at: offset + 4) == iend { return }
            offset += 12 + length
        }
        throw ImageHeader.Refusal(kind: .truncated, reason: "the PNG ends before its IEND chunk: it was cut short")
    }

    /// From the end of the frame header on to the EOI marker, in one pass: a marker segment is skipped
    /// by its length, entropy-coded data read byte by byte to its next 0xFF (within it, an 0xFF is
    /// followed by 0x00 or a restart marker, so 0xFF 0xD9 is the end). Bytes after EOI are a trailer (a Motion
    /// Photo's video, a second picture, padding) that the platforms' decoders ignore, and so does this.
    fileprivate static func endOfJPEG(_ reader: ByteReader, after start: Int) throws(ImageHeader.Refusal) {
        var offset = start
        walk: while offset + 1 < reader.count {
            guard reader[offset] == 0xFF else {
                offset += 1
                continue
            }
            let marker = offset
            switch reader[marker + 1] {
            case 0xD9:
                return
            case 0xFF:  // fill byte
                offset += 1
            case 0x00, 0x01, 0xD0...0xD8:  // a stuffed 0xFF in entropy-coded data, or a marker without length
                offset += 2
            default:
                guard marker + 4 <= reader.count else { break walk }  // cut within the segment's length
                let length = Int(reader.uint16BE(at: marker + 2))
                guard length >= 2 else {
                    throw ImageHeader.Refusal(
                        kind: .invalidHeader,
                        reason: "a JPEG segment at byte \(marker) says it is \(length) bytes long")
                }
                guard marker + 2 + length <= reader.count else {
                    throw ImageHeader.Refusal(
                        kind: .truncated,
                        reason: "the JPEG ends within its segment at byte \(marker), which says it is \(length) "
                            + "bytes long: it was cut short")
                }
                offset += 2 + length
            }
        }
        throw ImageHeader.Refusal(kind: .truncated, reason: "the JPEG ends before its EOI marker: it was cut short")
    }
}

/// `0x` and eight hex digits.
private func hex(_ value: UInt32) -> String { String(format: "0x%08X", value) }

/// Bounds-checked reads of big- and little-endian fields.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    var count: Int { bytes.count }

    subscript(offset: Int) -> UInt8 { bytes[offset] }

    func need(_ count: Int, _ what: String) throws(ImageHeader.Refusal) {
        guard bytes.count >= count else {
            throw ImageHeader.Refusal(kind: .truncated, reason: "the image ends within \(what) (\(bytes.count) bytes)")
        }
    }

    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    func ends(with suffix: [UInt8]) -> Bool { matches(suffix, at: bytes.count - suffix.count) }

    func uint16BE(at offset: Int) -> UInt16 { UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]) }
    func uint16LE(at offset: Int) -> UInt16 { UInt16(bytes[offset + 1]) << 8 | UInt16(bytes[offset]) }

    func uint32BE(at offset: Int) -> UInt32 {
        UInt32(uint16BE(at: offset)) << 16 | UInt32(uint16BE(at: offset + 2))
    }

    func uint32LE(at offset: Int) -> UInt32 {
        UInt32(uint16LE(at: offset + 2)) << 16 | UInt32(uint16LE(at: offset))
    }

    /// The bytes in `range`, which the caller has checked are there.
    func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }

    func fourCC(at offset: Int) -> String {
        String(decoding: (0..<4).map { bytes[offset + $0] }.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
    }

    func hexPrefix(_ count: Int) -> String {
        (0..<min(count, bytes.count)).map { String(format: "%02X", bytes[$0]) }.joined(separator: " ")
    }
}
