import Foundation

extension JSONValue {
    /// Why a document is not JSON, and where: a byte offset and its line and column (both from 1).
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        public var offset: Int
        public var line: Int
        public var column: Int
        public var reason: String

        public var description: String {
            "not JSON: line \(line), column \(column): \(reason)"
        }
    }
}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes.
///
/// It accepts exactly JSON: no comments, no trailing commas, no single quotes, no `NaN`; strings
/// must be valid UTF-8 and may not hold lone surrogates. A leading byte order mark is skipped.
/// Nesting deeper than `maximumDepth` is refused, so hostile input cannot exhaust the stack.
package struct JSONParser: Sendable {
    /// The default limit on nested arrays and objects.
    package static let defaultMaximumDepth = 64

    package var maximumDepth: Int

    package init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    package func parse(_ data: Data) throws(JSONValue.SyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONValue.SyntaxError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONValue.SyntaxError) -> JSONValue in
                try parse(bytes: raw.bindMemory(to: UInt8.self))
            }
        }
        return try result.get()
    }

    package func parse(_ string: String) throws(JSONValue.SyntaxError) -> JSONValue {
        var copy = string
        let result: Result<JSONValue, JSONValue.SyntaxError> = copy.withUTF8 { bytes in
            Result { () throws(JSONValue.SyntaxError) -> JSONValue in try parse(bytes: bytes) }
        }
        return try result.get()
    }

    /// Parses a feed document, handing the elements of its message array to `sink` as each one is
    /// read instead of keeping them: the elements of the root array (format 1), or of each array
    /// that is the value of a root object's `"messages"` member (format 2). Those arrays are empty
    /// in the returned document. The document is checked exactly as ``parse(_:)-(Data)`` checks it;
    /// on a syntax error, what the sink received is to be discarded.
    ///
    /// Why: a feed decoded from a whole tree first builds, and then frees, every message's values
    /// at once; 10,000 messages with the campaign keys (issue 15) took 79–82 ms that way and 71 ms
    /// element by element (FeedBenchmark --campaign, release), and the tree is never in memory whole.
    package func parse<Sink: JSONStreamSink>(_ data: Data, streamingMessagesTo sink: Sink)
        throws(JSONValue.SyntaxError) -> (document: JSONValue, sink: Sink)
    {
        let result: Result<(JSONValue, Sink), JSONValue.SyntaxError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONValue.SyntaxError) -> (JSONValue, Sink) in
                var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, sink: sink)
                let value = try scanner.parseDocument()
                return (value, scanner.sink!)
            }
        }
        return try result.get()
    }

    func parse(bytes: UnsafeBufferPointer<UInt8>) throws(JSONValue.SyntaxError) -> JSONValue {
        var scanner = Scanner<NoSink>(bytes: bytes, maximumDepth: maximumDepth, sink: nil)
        return try scanner.parseDocument()
    }

    /// Parses `data` as ``parse(_:)-(Data)`` does and says where the top-level object's members lie in
    /// it, for tools that change one member of a file written by hand and leave every other byte
    /// alone. `layout` is nil when the document is not an object.
    package func parseLayout(_ data: Data) throws(JSONValue.SyntaxError) -> (
        value: JSONValue, layout: JSONObjectLayout?
    ) {
        let result: Result<(JSONValue, JSONObjectLayout?), JSONValue.SyntaxError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONValue.SyntaxError) -> (JSONValue, JSONObjectLayout?) in
                var scanner = Scanner<LayoutSink>(
                    bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, sink: nil)
                scanner.layout = JSONObjectLayout(open: 0, close: 0, members: [])
                let value = try scanner.parseDocument()
                guard case .object = value else { return (value, nil) }
                return (value, scanner.layout)
            }
        }
        return try result.get()
    }
}

/// Where a document's top-level object lies in its bytes: byte offsets from the start of the data
/// (a byte order mark included).
package struct JSONObjectLayout: Sendable, Hashable {
    /// A member: its key (with the quotes) and its value, as byte ranges.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var keyRange: Range<Int>
        package var valueRange: Range<Int>
    }

    /// The offsets of the opening `{` and the closing `}`.
    package var open: Int
    package var close: Int
    /// The members in the order written, repeated keys included.
    package var members: [Member]
}

/// Receives the elements of a streamed array (``JSONParser/parse(_:streamingMessagesTo:)``).
///
/// A sink may screen elements: for an element that is an object, the parser first reads only the
/// values of the members named in ``screeningKeys`` (skipping the others' values without building
/// them, though checking them as strictly), and the sink may then skip the element: it is never
/// built. Why: a feed shared by ten apps is nine tenths other apps' messages, and building them was
/// most of an app's launch from the cache (LaunchBenchmark, perf).
package protocol JSONStreamSink {
    /// A streamed array begins: the root array when `atRoot`, else a root object's `"messages"`.
    mutating func beginStreamedArray(atRoot: Bool)
    /// The array's next element.
    mutating func receive(_ element: JSONValue)
    /// The member keys an element object is screened by; empty (the default): every element is
    /// built and received.
    var screeningKeys: [String] { get }
    /// Whether this screened member (`key` is its position in ``screeningKeys``) makes the element
    /// wanted whole, so screening stops at once.
    func wantsElement(screened key: Int, value: JSONValue) -> Bool
    /// The element's screened values (the last of each key; nil where absent) after none of them
    /// wanted it: true when the sink skips it (and notes what it needs of it), false to have it
    /// built and received.
    mutating func skipElement(screened values: [JSONValue?]) -> Bool
    /// Whether the scanner notes where the top-level object's members lie (``JSONParser/parseLayout(_:)``);
    /// false (the default) for every other use. A type's constant, so the parse of a feed, specialized
    /// for its sink, has no trace of it: checked per member, it cost the 3.27 MB benchmark feed's
    /// parse 0.3-0.4 ms of 9 (FeedBenchmark --breakdown).
    static var recordsLayout: Bool { get }
}

extension JSONStreamSink {
    package var screeningKeys: [String] { [] }
    package func wantsElement(screened key: Int, value: JSONValue) -> Bool { true }
    package mutating func skipElement(screened values: [JSONValue?]) -> Bool { false }
    package static var recordsLayout: Bool { false }
}

private struct NoSink: JSONStreamSink {
    func beginStreamedArray(atRoot: Bool) {}
    func receive(_ element: JSONValue) {}
}

/// No sink either, for ``JSONParser/parseLayout(_:)``.
private struct LayoutSink: JSONStreamSink {
    static let recordsLayout = true
    func beginStreamedArray(atRoot: Bool) {}
    func receive(_ element: JSONValue) {}
}

private struct Scanner<Sink: JSONStreamSink> {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    /// Where streamed elements go; nil: nothing is streamed.
    var sink: Sink?

    /// The sink's ``JSONStreamSink/screeningKeys``, read once, and their values in the element being
    /// screened (one buffer for every element).
    let screeningKeys: [String]
    var screened: [JSONValue?]
    /// Where the top-level object's members are, when asked for (``JSONParser/parseLayout(_:)``).
    var layout: JSONObjectLayout?

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, sink: Sink?) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.sink = sink
        self.screeningKeys = sink?.screeningKeys ?? []
        self.screened = [JSONValue?](repeating: nil, count: screeningKeys.count)
    }

    mutating func parseDocument() throws(JSONValue.SyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
        skipWhitespace()
        let value: JSONValue
        if sink != nil, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            value = try parseArray(depth: 1, streamed: true)
        } else {
            value = try parseValue(depth: 0)
        }
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeCurrent()) after the document")
        }
        return value
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONValue.SyntaxError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        for position in lineStart..<offset where bytes[position] & 0xC0 != 0x80 {
            column += 1
        }
        return JSONValue.SyntaxError(offset: offset, line: line, column: column, reason: reason)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw trailingComma(closing: UInt8(ascii: "]"))
                ?? error("unexpected \(describeCurrent()), expected a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONValue.SyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw error("invalid literal", at: start) }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            throw error("invalid literal, expected '\(literal)'", at: start)
        }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
        let start = index
        index += 1  // {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            if Sink.recordsLayout, depth == 1 { layout = JSONObjectLayout(open: start, close: index, members: []) }
            index += 1
            return .object(JSONObject())
        }
        var members: [JSONObject.Member] = []
        let recordsLayout = Sink.recordsLayout && depth == 1
        if recordsLayout { layout?.open = start }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw trailingComma(closing: UInt8(ascii: "}"))
                    ?? error("unexpected \(describeCurrent()), expected a key in quotes")
            }
            let keyStart = index
            let key = try parseString()
            let keyEnd = index
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after key \"\(Excerpt.of(key))\"")
            }
            index += 1
            skipWhitespace()
            let valueStart = index
            let value: JSONValue
            if depth == 1, sink != nil, index < bytes.count, bytes[index] == UInt8(ascii: "["), key == "messages" {
                value = try parseArray(depth: depth + 1, streamed: true)
            } else {
                value = try parseValue(depth: depth)
            }
            members.append(JSONObject.Member(key: key, value: value))
            if recordsLayout {
                layout?.members.append(
                    JSONObjectLayout.Member(key: key, keyRange: keyStart..<keyEnd, valueRange: valueStart..<index))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                if recordsLayout { layout?.close = index }
                index += 1
                return .object(JSONObject(members))
            default:
                throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    /// The error for a trailing comma, when `closing` at `index` follows a comma (JSON has none,
    /// though JavaScript and many editors allow it): named at the comma's line and column. Looked for
    /// only once parsing has failed there, so well-formed input pays nothing for it.
    func trailingComma(closing: UInt8) -> JSONValue.SyntaxError? {
        guard index < bytes.count, bytes[index] == closing else { return nil }
        var position = index - 1
        while position >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position -= 1 }
        guard position >= 0, bytes[position] == UInt8(ascii: ",") else { return nil }
        return error(
            "trailing comma before '\(Character(Unicode.Scalar(closing)))': JSON allows none; remove it", at: position)
    }

    /// An array; `streamed`: its elements go to the sink, and the array returned is empty.
    mutating func parseArray(depth: Int, streamed: Bool = false) throws(JSONValue.SyntaxError) -> JSONValue {
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
        if streamed { sink?.beginStreamedArray(atRoot: depth == 1) }
        index += 1  // [
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            if streamed, !screeningKeys.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "{"),
                screenedOut(depth: depth + 1)
            {
                // Skipped by the sink: nothing to build.
            } else {
                let element = try parseValue(depth: depth)
                if streamed {
                    sink?.receive(element)
                } else {
                    elements.append(element)
                }
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                if streamed { return .array([]) }
                return .array(elements)
            default:
                throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    /// Screens the object at `index` for the sink: true when it skipped the object (`index` is past
    /// it), false when it is to be parsed whole (`index` is back at its start). Any syntax error also
    /// gives false, so the whole parse reports it exactly as it would without screening.
    mutating func screenedOut(depth: Int) -> Bool {
        let start = index
        guard depth <= maximumDepth else { return false }
        for slot in screened.indices { screened[slot] = nil }
        do throws(JSONValue.SyntaxError) {
            index += 1  // {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                members: while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break members }
                    let key = try parseString()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { break members }
                    index += 1
                    skipWhitespace()
                    if let slot = screeningKeys.firstIndex(of: key) {
                        let value = try parseValue(depth: depth)
                        if sink!.wantsElement(screened: slot, value: value) { break members }
                        screened[slot] = value
                    } else {
                        try skipValue(depth: depth)
                    }
                    skipWhitespace()
                    guard index < bytes.count else { break members }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        if sink!.skipElement(screened: screened) { return true }
                        break members
                    } else {
                        break members
                    }
                }
                index = start
                return false
            }
        } catch {
            index = start
            return false
        }
        if sink!.skipElement(screened: screened) { return true }
        index = start
        return false
    }

    /// Checks the value at `index` as ``parseValue(depth:)`` does, without building it.
    mutating func skipValue(depth: Int) throws(JSONValue.SyntaxError) {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if depth + 1 > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a key in quotes")
                }
                try skipString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return
                }
                guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or '}'") }
                index += 1
            }
        case UInt8(ascii: "["):
            if depth + 1 > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input") }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return
                }
                guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or ']'") }
                index += 1
            }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            _ = try parseValue(depth: depth)  // a number or a literal: nothing to allocate
        }
    }

    /// Checks the string at `index` as ``parseString()`` does; builds nothing unless it has escapes.
    mutating func skipString() throws(JSONValue.SyntaxError) {
        let start = index
        index += 1
        var highBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if highBits & 0x80 != 0 {
                    let slice = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index])
                    let failed = transcode(
                        slice.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
                    if failed { throw error("invalid UTF-8 in a string", at: start) }
                }
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                index = start
                _ = try parseString()
                return
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            highBits |= byte
            index += 1
        }
        throw error("unterminated string", at: start)
    }

    /// The string these bytes spell, or nil when they are not well-formed UTF-8. Not
    /// `String(validating:as:)`: it needs iOS 18 / macOS 15 and the package supports iOS 17 /
    /// macOS 14 (scripts/availability-audit). `transcode` with `stoppingOnError` checks with the
    /// standard library's strict UTF-8 parser (overlong forms, surrogates and bytes past U+10FFFF are
    /// errors) and has existed since Swift 4; only strings with non-ASCII bytes pay the second pass.
    static func validatedUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let failed = transcode(
            bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
        return failed ? nil : String(decoding: bytes, as: UTF8.self)
    }

    mutating func parseString() throws(JSONValue.SyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        let contentStart = index
        // Fast path: no escapes.
        var highBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                // ASCII is valid UTF-8 as it is; anything else is checked.
                if highBits & 0x80 == 0 { return String(decoding: slice, as: UTF8.self) }
                guard let string = Self.validatedUTF8(slice) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return string
            }
            highBits |= byte
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string", at: start) }
        // Slow path: unescape into a buffer.
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = Self.validatedUTF8(buffer) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated string", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    buffer.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
                }
            default:
                if byte < 0x20 { throw error("unescaped control character in a string") }
                buffer.append(byte)
                index += 1
            }
        }
        throw error("unterminated string", at: start)
    }

    /// Reads the four hex digits after `\u` (and a second escape for a surrogate pair).
    mutating func parseUnicodeEscape() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
        let escapeStart = index - 2
        let first = try readHex4()
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("lone surrogate \\u\(String(first, radix: 16, uppercase: true))", at: escapeStart) }
            index += 2
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("lone surrogate \\u\(String(first, radix: 16, uppercase: true))", at: escapeStart)
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value)!
        }
        if (0xDC00...0xDFFF).contains(first) {
            throw error("lone surrogate \\u\(String(first, radix: 16, uppercase: true))", at: escapeStart)
        }
        return Unicode.Scalar(first)!
    }

    mutating func readHex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONValue.SyntaxError) -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number", at: start) }
        var isInteger = true
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("invalid number: leading zero", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                overflow = overflow || o1 || o2
                magnitude = plus
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number: a digit must follow '.'", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number: a digit must follow the exponent", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isInteger && !overflow {
            if negative {
                if magnitude <= UInt64(Int64.max) + 1 {
                    return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
                }
            } else if magnitude <= UInt64(Int64.max) {
                return .integer(Int64(magnitude))
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(Excerpt.of(text)) is out of range", at: start)
        }
        return .number(value)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
