@_spi(Authoring) import AppAlert
import Foundation

/// Changes to JSON text that touch only the bytes that change: a file written by hand keeps its
/// layout, key order, indentation, line endings and spacing, so its commit shows the one line that
/// changed. Used by `sign --bump-sequence`; meant for any tool that edits a feed the author also edits
/// by hand.
public enum JSONTextEdit {
    /// Why an edit cannot be made.
    public struct EditError: Error, Sendable, Hashable, CustomStringConvertible {
        public var reason: String

        public init(reason: String) {
            self.reason = reason
        }

        public var description: String { reason }
    }

    /// `data` with the top-level object's member `key` set to `value`. When the member exists, only
    /// its value's bytes are replaced (by `value`'s compact JSON); when it does not, it is inserted as
    /// the object's first member, on a line of its own when the object's members are on lines of their
    /// own, with the file's own indentation, line ending and spacing around `:`. Refused: text that is
    /// not JSON, a top-level value that is not an object, and a key the object repeats (which of them
    /// to change would be a guess).
    public static func settingTopLevelMember(_ key: String, to value: JSONValue, in data: Data) throws(EditError)
        -> Data
    {
        let parsed: (value: JSONValue, layout: JSONObjectLayout?)
        do {
            parsed = try AppAlert.JSONParser().parseLayout(data)
        } catch {
            throw EditError(reason: error.description)
        }
        guard let layout = parsed.layout else {
            throw EditError(reason: "the top-level value is \(parsed.value.typeDescription), not an object")
        }
        let bytes = [UInt8](data)
        let matches = layout.members.filter { $0.key == key }
        let replacement = Array(value.serialized().utf8)
        if matches.count > 1 {
            var found: [Int] = []
            for line in lines(of: matches.prefix(5).map(\.keyRange.lowerBound), in: bytes) where found.last != line {
                found.append(line)
            }
            let places =
                (found.count == 1 ? "line " : "lines ") + found.map(String.init).joined(separator: ", ")
                + (matches.count > 5 ? ", …" : "")
            throw EditError(
                reason: "\"\(key)\" appears \(matches.count) times in the top-level object (\(places)); keep one")
        }
        if let member = matches.first {
            return Data(bytes[..<member.valueRange.lowerBound] + replacement + bytes[member.valueRange.upperBound...])
        }
        let keyText = Array(JSONValue.string(key).serialized().utf8)
        let afterBrace = layout.open + 1
        guard let first = layout.members.first else {
            // `{}`: the member alone between the braces.
            return Data(bytes[..<afterBrace] + keyText + Array(": ".utf8) + replacement + bytes[afterBrace...])
        }
        // What the file writes before its first key (a line break and indentation, or nothing), and
        // between a key and its value.
        let lead = bytes[afterBrace..<first.keyRange.lowerBound]
        let colon = bytes[first.keyRange.upperBound..<first.valueRange.lowerBound]
        let onItsOwnLine = lead.contains(UInt8(ascii: "\n")) || lead.contains(UInt8(ascii: "\r"))
        var separator = Array(",".utf8)
        if onItsOwnLine {
            separator += lead
        } else {
            // One line: the spacing after the file's first comma between members, else one space.
            var gap = Array(" ".utf8)
            if layout.members.count > 1 {
                let between = bytes[first.valueRange.upperBound..<layout.members[1].keyRange.lowerBound]
                if let comma = between.firstIndex(of: UInt8(ascii: ",")) {
                    gap = Array(between[(comma + 1)...])
                }
            }
            separator += gap
        }
        return Data(
            bytes[..<afterBrace] + lead + keyText + colon + replacement + separator
                + bytes[first.keyRange.lowerBound...])
    }

    /// The lines (from 1, as the parser counts them) of the bytes at `offsets`, in one pass over the text.
    static func lines(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var line = 1
        var position = 0
        for offset in offsets.sorted() {
            while position < min(offset, bytes.count) {
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                position += 1
            }
            result.append(line)
        }
        return result
    }
}
