// CRC-32 as PNG specifies it (ISO 3309 / ITU-T V.42, the one zlib computes): polynomial 0xEDB88320
// reflected, starting from all ones, the result inverted. Our own, in a few lines: Foundation has no
// public CRC on any platform, swift-crypto offers only cryptographic hashes, and zlib's `crc32` is not
// a module Swift can import on Linux and Apple platforms alike. A table of 256 entries, made on first
// use, reads a byte a step.

/// The CRC-32 of PNG chunks.
enum CRC32 {
    /// The checksum of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    /// The remainder of each byte value, eight bits of polynomial division at a time.
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
        }
        return crc
    }
}
