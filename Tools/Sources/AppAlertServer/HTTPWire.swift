import Foundation

/// The bytes of an HTTP/1.1 request head, read without NIO's parser: the strict subset the fast paths
/// answer themselves (``FeedWireHandler`` for `appalert serve`, the collector's `POST /v1/counts`).
/// Anything outside it goes on to NIO's parser and Hummingbird, which also answer every error.
package enum HTTPWire {
    /// A head longer than this goes to NIO's parser.
    package static let maximumHeaderBlock = 8192

    /// Where the head ends (the index of its `\r\n\r\n`), -1 for a line ending the fast path does
    /// not take, nil when the end has not arrived. Scanning resumes a few bytes before `start`, the
    /// part already known to hold no end.
    package static func headerBlockEnd(_ bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        let limit = min(bytes.count, maximumHeaderBlock + 4)
        // Three bytes back catch an end split across reads (`\r\n\r` then `\n`); never start
        // between the two bytes of a `\r\n`.
        var index = max(0, start - 3)
        if index > 0, bytes[index - 1] == 0x0D { index -= 1 }
        while index < limit {
            let byte = bytes[index]
            if byte == 0x0A { return -1 }  // an LF not after a CR (those are skipped below)
            if byte == 0x0D {
                guard index + 1 < bytes.count else { return nil }
                guard bytes[index + 1] == 0x0A else { return -1 }
                if index + 3 < bytes.count, bytes[index + 2] == 0x0D, bytes[index + 3] == 0x0A { return index }
                if index + 2 < bytes.count, bytes[index + 2] == 0x0A { return -1 }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// The lines of the header block, each without its `\r\n`; a bare `\n` or `\r` makes a line that
    /// fails the checks.
    package struct Lines {
        let bytes: UnsafeRawBufferPointer
        let end: Int
        var position = 0

        package init(bytes: UnsafeRawBufferPointer, end: Int) {
            self.bytes = bytes
            self.end = end
        }

        package mutating func next() -> Slice<UnsafeRawBufferPointer>? {
            guard position < end else { return nil }
            var index = position
            while index < end && !(bytes[index] == 0x0D && bytes[index + 1] == 0x0A) { index += 1 }
            let line = bytes[position..<index]
            position = index + 2
            return line
        }
    }

    /// A header line the fast paths take: `name: value`, a token name (which also refuses obs-fold),
    /// a value of visible characters, spaces and tabs. Name and value (trimmed), or nil.
    package static func header(_ line: Slice<UnsafeRawBufferPointer>) -> (
        name: Slice<UnsafeRawBufferPointer>, value: Slice<UnsafeRawBufferPointer>
    )? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(isTokenByte) else { return nil }
        let value = trimmed(line[(colon + 1)...])
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else { return nil }
        return (name, value)
    }

    /// Whether `bytes` are `text`'s UTF-8: one `memcmp` over the string's own storage (through
    /// `String.UTF8View`, a byte at a time, the comparisons were 1.3% of the server's samples).
    package static func bytes(_ bytes: Slice<UnsafeRawBufferPointer>, equal text: String) -> Bool {
        var text = text
        return text.withUTF8 { Self.bytes(bytes, equal: UnsafeRawBufferPointer($0)) }
    }

    package static func bytes(_ bytes: Slice<UnsafeRawBufferPointer>, equal text: StaticString) -> Bool {
        text.withUTF8Buffer { Self.bytes(bytes, equal: UnsafeRawBufferPointer($0)) }
    }

    package static func bytes(_ bytes: Slice<UnsafeRawBufferPointer>, equal other: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == other.count else { return false }
        guard let start = bytes.base.baseAddress, let otherStart = other.baseAddress else { return bytes.isEmpty }
        return memcmp(start + bytes.startIndex, otherStart, other.count) == 0
    }

    /// Whether a header `name` is `lowercase` (written in lower case), in any case: byte by byte, with
    /// no lowercased copy made.
    package static func name(_ name: Slice<UnsafeRawBufferPointer>, is lowercase: StaticString) -> Bool {
        guard name.count == lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { expected in
            zip(name, expected).allSatisfy { byte, wanted in
                (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == wanted
            }
        }
    }

    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    package static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return bytes
    }
}
