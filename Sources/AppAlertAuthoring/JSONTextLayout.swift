@_spi(Authoring) import AppAlert
import Foundation

/// Where a JSON value lies in text the parser has accepted, and where its members or elements lie when
/// they were scanned that deep. Byte offsets from the start of the data (a byte order mark included).
struct JSONTextNode {
    enum Kind { case scalar, object, array }

    /// An object's member: its key (with the quotes) and its value.
    struct Member {
        var keyRange: Range<Int>
        var value: JSONTextNode
    }

    var kind: Kind
    var range: Range<Int>
    /// An object's members in the order written, repeated keys included; empty when not scanned.
    var members: [Member] = []
    /// An array's elements; empty when not scanned.
    var elements: [JSONTextNode] = []
}

/// Finds value boundaries in text the parser has already accepted (so it checks nothing): strings
/// with their escapes, nesting, numbers and literals. One pass over the bytes it is asked to scan.
struct JSONTextScanner {
    let bytes: [UInt8]
    var index: Int

    init(bytes: [UInt8], at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// Past the string whose opening quote is at `index`.
    mutating func skipString() {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
    }

    /// Past the array or object whose opening bracket is at `index`, without noting anything in it.
    mutating func skipContainer() {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                skipString()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            default: break
            }
            index += 1
        }
    }

    /// The value at `index` (after any whitespace), with its members and elements noted `levels`
    /// deep: 0 notes the value's range only, 1 its members' or elements' ranges, and so on.
    mutating func scan(levels: Int) -> JSONTextNode {
        skipSpace()
        let start = index
        guard index < bytes.count else { return JSONTextNode(kind: .scalar, range: start..<start) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard levels > 0 else {
                skipContainer()
                return JSONTextNode(kind: .object, range: start..<index)
            }
            var members: [JSONTextNode.Member] = []
            index += 1
            skipSpace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                let keyStart = index
                skipString()
                let keyRange = keyStart..<index
                skipSpace()
                index += 1  // :
                let value = scan(levels: levels - 1)
                members.append(JSONTextNode.Member(keyRange: keyRange, value: value))
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                }
            }
            index += 1
            return JSONTextNode(kind: .object, range: start..<min(index, bytes.count), members: members)
        case UInt8(ascii: "["):
            guard levels > 0 else {
                skipContainer()
                return JSONTextNode(kind: .array, range: start..<index)
            }
            var elements: [JSONTextNode] = []
            index += 1
            skipSpace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                elements.append(scan(levels: levels - 1))
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                }
            }
            index += 1
            return JSONTextNode(kind: .array, range: start..<min(index, bytes.count), elements: elements)
        case UInt8(ascii: "\""):
            skipString()
        default:
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
                    || byte == UInt8(ascii: "}")
                {
                    break
                }
                index += 1
            }
        }
        return JSONTextNode(kind: .scalar, range: start..<index)
    }
}

/// How a file writes values on one line: what follows a comma, what stands between a key and its
/// value, and what pads the inside of braces and brackets (`{ "a": 1 }`, `["x", "y"]`).
struct OneLineStyle {
    var gap: [UInt8] = Array(" ".utf8)
    var colon: [UInt8] = Array(": ".utf8)
    var objectPad: [UInt8] = Array(" ".utf8)
    var arrayPad: [UInt8] = []
}

/// Where a value is written: the indentation of the line it starts on, one level of indentation in
/// that part of the file, whether its container puts members on lines of their own, and the spacing
/// for values on one line.
struct TextPlace {
    var indent: [UInt8]
    var unit: [UInt8]
    var onLines: Bool
    var style: OneLineStyle
}

/// Values written as the file around them writes them.
struct JSONTextWriter {
    /// The file's line ending: `\r\n` when its first line ends so, else `\n`.
    var newline: [UInt8]

    static func isEmptyOrScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): elements.isEmpty
        case .object(let object): object.members.isEmpty
        default: true
        }
    }

    /// `value` on one line with `style`'s spacing.
    func oneLine(_ value: JSONValue, _ style: OneLineStyle) -> [UInt8] {
        var output: [UInt8] = []
        writeOneLine(value, style, to: &output)
        return output
    }

    private func writeOneLine(_ value: JSONValue, _ style: OneLineStyle, to output: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output += Array("[".utf8) + style.arrayPad
            for (position, element) in elements.enumerated() {
                if position > 0 { output += Array(",".utf8) + style.gap }
                writeOneLine(element, style, to: &output)
            }
            output += style.arrayPad + Array("]".utf8)
        case .object(let object) where !object.members.isEmpty:
            output += Array("{".utf8) + style.objectPad
            for (position, member) in object.members.enumerated() {
                if position > 0 { output += Array(",".utf8) + style.gap }
                output += Array(JSONValue.string(member.key).serialized().utf8) + style.colon
                writeOneLine(member.value, style, to: &output)
            }
            output += style.objectPad + Array("}".utf8)
        default:
            output += Array(value.serialized().utf8)
        }
    }

    /// `value` with its members and elements on lines of their own, indented one `unit` more than
    /// `indent`, the line the value starts on; its closing bracket on a line indented by `indent`.
    func onLines(_ value: JSONValue, indent: [UInt8], unit: [UInt8], colon: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        writeOnLines(value, indent: indent, unit: unit, colon: colon, to: &output)
        return output
    }

    private func writeOnLines(
        _ value: JSONValue, indent: [UInt8], unit: [UInt8], colon: [UInt8], to output: inout [UInt8]
    ) {
        let inner = indent + unit
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output += Array("[".utf8)
            for (position, element) in elements.enumerated() {
                output += (position > 0 ? Array(",".utf8) : []) + newline + inner
                writeOnLines(element, indent: inner, unit: unit, colon: colon, to: &output)
            }
            output += newline + indent + Array("]".utf8)
        case .object(let object) where !object.members.isEmpty:
            output += Array("{".utf8)
            for (position, member) in object.members.enumerated() {
                output += (position > 0 ? Array(",".utf8) : []) + newline + inner
                output += Array(JSONValue.string(member.key).serialized().utf8) + colon
                writeOnLines(member.value, indent: inner, unit: unit, colon: colon, to: &output)
            }
            output += newline + indent + Array("}".utf8)
        default:
            output += Array(value.serialized().utf8)
        }
    }

    /// `value` written where nothing was: on lines when its place puts values on lines, else on one line.
    func new(_ value: JSONValue, at place: TextPlace) -> [UInt8] {
        if Self.isEmptyOrScalar(value) { return Array(value.serialized().utf8) }
        if place.onLines { return onLines(value, indent: place.indent, unit: place.unit, colon: place.style.colon) }
        return oneLine(value, place.style)
    }
}
