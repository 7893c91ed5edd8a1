/// A strict JSON reader (RFC 8259) for batches: exactly JSON, valid UTF-8, no lone surrogates, and
/// bounded so that a hostile body costs what a benign one of its size costs: at most
/// ``maximumDepth`` levels, ``maximumMembers`` members an object (a batch's objects have at most 6),
/// a key at most once an object, and at most ``maximumElements`` elements an array (the first one
/// more is the error "more than 200 counters").
struct BatchJSON {
    indirect enum Value {
        case null
        case bool(Bool)
        /// A number as written (RFC 8259 syntax), and its value when it is an integer literal (no
        /// fraction, no exponent) that fits 64 bits: `1e3`, `7.0` and `0.99999999999999999` are not,
        /// so nothing is rounded into a count or an id.
        case number(literal: String, integer: Int64?)
        case string(String)
        case array([Value])
        case object([(key: String, value: Value)])

        var typeDescription: String {
            switch self {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    struct SyntaxError: Error {
        var reason: String
        var offset: Int
    }

    static let maximumDepth = 6
    static let maximumMembers = 16
    static let maximumElements = 200

    /// The body as a value; the error says at which byte and why.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> Value {
        // UTF-8 checked once, up front: strings below are then decoded without checks. (One pass
        // of the standard library's decoder: `String(validating:as:)` needs macOS 15, and the
        // tools build on macOS 14.)
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: break loop
            case .error: throw SyntaxError(reason: "not valid UTF-8", offset: offset)
            }
        }
        var reader = BatchJSON(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("text after the JSON value") }
        return value
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(reason: reason, offset: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> Value {
        guard index < bytes.count else { throw error("the body ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character where a value was expected")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: Value) throws(SyntaxError) -> Value {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of the body") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("unexpected character where a value was expected")
        }
        index += count
        return value
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> Value {
        if depth > Self.maximumDepth { throw error("nested deeper than a batch is") }
        index += 1
        var members: [(key: String, value: Value)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let keyOffset = index
            let key = try parseString()
            // At most 16 members: a linear search is bounded.
            if members.contains(where: { $0.key == key }) {
                throw SyntaxError(
                    reason: "the key \(BatchCheck.quote(key)) appears twice in one object", offset: keyOffset)
            }
            if members.count == Self.maximumMembers {
                throw SyntaxError(reason: "more members in one object than a batch has", offset: keyOffset)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("the body ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> Value {
        if depth > Self.maximumDepth { throw error("nested deeper than a batch is") }
        index += 1
        var elements: [Value] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if elements.count == Self.maximumElements { throw TooMany.error(at: index) }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the body ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    /// The array that has one element more than any array of a batch.
    enum TooMany {
        static let reason = "more than 200 elements in an array"
        static func error(at offset: Int) -> SyntaxError { SyntaxError(reason: reason, offset: offset) }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        let start = index
        // The common case: no escapes, decoded straight from the bytes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character inside a string") }
            index += 1
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                .unicodeScalars)
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(
                    contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                        .unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            scalars.append(
                contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                    .unicodeScalars)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let high = try hex4()
                if (0xD800...0xDBFF).contains(high) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("a lone surrogate in a \\u escape") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                    scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!)
                } else if (0xDC00...0xDFFF).contains(high) {
                    throw error("a lone surrogate in a \\u escape")
                } else {
                    scalars.append(Unicode.Scalar(high)!)
                }
            default:
                index -= 1
                throw error("an invalid escape in a string")
            }
            run = index
        }
        throw error("the body ends inside a string")
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape cut short") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs 4 hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> Value {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("a number needs a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            digits()
        }
        var plain = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            plain = false
            index += 1
            guard digits() > 0 else { throw error("a number needs a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            plain = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("a number needs a digit in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return .number(literal: text, integer: plain ? Int64(text) : nil)
    }

    @discardableResult
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
}
