import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// Reading an image's header and walking it to its end marker costs, per byte, what it costs for a
/// photo of the same size: a file shaped to make the walk take as many steps as it can (tiny chunks,
/// tiny segments, a marker every other byte) stays within a small factor, so the reader is one pass
/// and no loop over the bytes runs inside another.
struct ImageHeaderCostTests {
    static let size = 1_000_000

    /// valid.jpg up to the end of its scan header (SOS), then `body`, then EOI.
    static func jpeg(_ body: [UInt8]) throws -> [UInt8] {
        let bytes = Array(try Fixtures.data("images/valid.jpg"))
        var offset = 2
        while bytes[offset + 1] != 0xDA {
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        let scan = offset + 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        return Array(bytes[..<scan]) + body + [0xFF, 0xD9]
    }

    /// A photo's entropy-coded data: bytes that look random, each 0xFF followed by a stuffed 0x00.
    static func photoScan(_ count: Int) -> [UInt8] {
        var scan: [UInt8] = []
        scan.reserveCapacity(count)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        while scan.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 56)
            scan.append(byte)
            if byte == 0xFF { scan.append(0x00) }
        }
        return scan
    }

    /// valid.png's signature and IHDR, then `count` bytes of empty tEXt chunks, then its IDAT and IEND.
    static func pngOfTinyChunks(_ count: Int) throws -> [UInt8] {
        let bytes = Array(try Fixtures.data("images/valid.png"))
        let empty: [UInt8] = [0, 0, 0, 0] + Array("tEXt".utf8) + [0, 0, 0, 0]
        return Array(bytes[..<33]) + Array([[UInt8]](repeating: empty, count: count / 12).joined())
            + Array(bytes[33...])
    }

    static let shapes = [
        "a PNG of 12-byte chunks", "a JPEG scan of stuffed 0xFF bytes", "a JPEG of 4-byte segments after its frame",
        "a JPEG scan of restart markers", "a JPEG of fill bytes", "a PNG with a 1 MB trailer",
        "a JPEG with a 1 MB trailer of 0xFF 0xD8",
    ]

    static func hostile(_ shape: String) throws -> [UInt8] {
        switch shape {
        case "a PNG of 12-byte chunks": return try pngOfTinyChunks(size)
        case "a JPEG scan of stuffed 0xFF bytes":
            return try jpeg(Array([[UInt8]](repeating: [0xFF, 0x00], count: size / 2).joined()))
        case "a JPEG of 4-byte segments after its frame":
            return try jpeg(Array([[UInt8]](repeating: [0xFF, 0xFE, 0x00, 0x02], count: size / 4).joined()))
        case "a JPEG scan of restart markers":
            return try jpeg(Array([[UInt8]](repeating: [0xFF, 0xD0], count: size / 2).joined()))
        case "a JPEG of fill bytes": return try jpeg([UInt8](repeating: 0xFF, count: size))
        case "a PNG with a 1 MB trailer":
            return Array(try Fixtures.data("images/valid.png")) + [UInt8](repeating: 0, count: size)
        default:
            return Array(try Fixtures.data("images/valid.jpg"))
                + Array([[UInt8]](repeating: [0xFF, 0xD8], count: size / 2).joined())
        }
    }

    @Test(arguments: shapes)
    func aFileShapedForTheMostStepsCostsWhatAPhotoOfTheSameSizeCosts(_ shape: String) throws {
        let hostile = Data(try Self.hostile(shape))
        let benign = Data(try Self.jpeg(Self.photoScan(hostile.count - 700)))
        // Both must be read to their end, not refused early.
        _ = try ImageHeader(inspecting: hostile)
        _ = try ImageHeader(inspecting: benign)
        let ratio = CostRatio.perUnit(
            hostile: (hostile.count, { _ = try? ImageHeader(inspecting: hostile) }),
            benign: (benign.count, { _ = try? ImageHeader(inspecting: benign) }))
        #expect(ratio < 8, "\(shape): \(ratio) times a photo's cost per byte")
    }
}
