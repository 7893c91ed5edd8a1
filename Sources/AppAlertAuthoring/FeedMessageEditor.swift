import AppAlert
import Foundation

/// The byte changes that make one edit of a feed's messages, gathered in the order of the text and
/// then applied in one pass; the result is read back and must be the document with that edit made.
struct FeedMessageEditor {
    typealias EditError = JSONTextEdit.EditError

    let feed: FeedText
    /// Disjoint ranges of the original bytes and their replacements, in ascending order.
    private(set) var edits: [(range: Range<Int>, text: [UInt8])] = []

    init(feed: FeedText) {
        self.feed = feed
    }

    var writer: JSONTextWriter { feed.writer }

    /// A key as the text writes it, quoted, cut to 100 characters for a reason shown to the author.
    static func quoted(_ key: String) -> String {
        JSONValue.string(key.count > 100 ? String(key.prefix(100)) + "…" : key).serialized()
    }

    static func describe(_ message: String, _ path: [String]) -> String {
        path.isEmpty ? message : message + " at " + path.map(quoted).joined(separator: ".")
    }

    // MARK: Replacing

    /// The edits that turn the object `old`, written at `node`, into `new`: unchanged members keep
    /// their bytes, changed objects are merged member by member, other changed values are rewritten,
    /// members `new` lacks are removed with their separator, and members it adds follow the last
    /// member that stays. `message` and `path` name the object in reasons.
    mutating func merge(
        _ node: JSONTextNode, old: JSONObject, new: JSONObject, at place: TextPlace, in message: String,
        path: [String]
    ) throws(EditError) {
        guard node.kind == .object, node.members.count == old.members.count else {
            throw EditError(reason: "\(Self.describe(message, path)) could not be located in the text")
        }
        try checkKeysAreUnique(old, node, in: message, path: path)
        var newValues: [String: JSONValue] = [:]
        for member in new.members {
            guard newValues.updateValue(member.value, forKey: member.key) != nil else { continue }
            throw EditError(
                reason: "the new \(Self.describe(message, path)) repeats the key \(Self.quoted(member.key)); keep one")
        }
        let oldKeys = Set(old.members.map(\.key))
        guard let lastKept = old.members.lastIndex(where: { newValues[$0.key] != nil }) else {
            // No member stays: the object is written anew where it was.
            edits.append((node.range, replacement(for: node, with: .object(new), at: place)))
            return
        }
        let style = feed.style(of: node, inherited: place.style)
        for (position, member) in old.members.enumerated() {
            let written = node.members[position]
            guard let newValue = newValues[member.key] else {
                // Removed up to the next member's key; a run of removed members after the last one
                // kept goes with the tail below.
                if position < lastKept {
                    edits.append((written.keyRange.lowerBound..<node.members[position + 1].keyRange.lowerBound, []))
                }
                continue
            }
            if newValue == member.value { continue }
            let valuePlace = memberPlace(written, in: place, style: style)
            if case .object(let oldChild) = member.value, case .object(let newChild) = newValue,
                !oldChild.members.isEmpty, !newChild.members.isEmpty
            {
                try merge(
                    written.value, old: oldChild, new: newChild, at: valuePlace, in: message, path: path + [member.key])
            } else {
                edits.append((written.value.range, replacement(for: written.value, with: newValue, at: valuePlace)))
            }
        }
        // After the last member kept: the members removed there go, the members added come.
        let last = node.members[lastKept]
        let tail = last.value.range.upperBound..<node.members[node.members.count - 1].value.range.upperBound
        let added = new.members.filter { !oldKeys.contains($0.key) }
        guard !added.isEmpty || !tail.isEmpty else { return }
        let addedPlace = memberPlace(last, in: place, style: style)
        let separator = FeedText.lineBreak(in: feed.lead(before: last.keyRange.lowerBound))?.breakAndIndent ?? style.gap
        var text: [UInt8] = []
        for member in added {
            text += Array(",".utf8) + separator + Array(JSONValue.string(member.key).serialized().utf8) + style.colon
            text += writer.new(member.value, at: addedPlace)
        }
        edits.append((tail, text))
    }

    /// `new` with its members in the order `merge` writes them: those `old` has in `old`'s order
    /// (objects merged in turn), then the others in `new`'s order; `new` itself when no key stays.
    static func arranged(_ new: JSONObject, like old: JSONObject) -> JSONObject {
        var newValues: [String: JSONValue] = [:]
        for member in new.members { newValues[member.key] = member.value }
        guard old.members.contains(where: { newValues[$0.key] != nil }) else { return new }
        var members: [JSONObject.Member] = []
        for member in old.members {
            guard var value = newValues[member.key] else { continue }
            if value != member.value, case .object(let oldChild) = member.value, case .object(let newChild) = value,
                !oldChild.members.isEmpty, !newChild.members.isEmpty
            {
                value = .object(arranged(newChild, like: oldChild))
            }
            members.append(JSONObject.Member(key: member.key, value: value))
        }
        let oldKeys = Set(old.members.map(\.key))
        return JSONObject(members + new.members.filter { !oldKeys.contains($0.key) })
    }

    /// Where the value of `member` of an object written at `place` is written.
    func memberPlace(_ member: JSONTextNode.Member, in place: TextPlace, style: OneLineStyle) -> TextPlace {
        var result = place
        result.style = style
        if let found = FeedText.lineBreak(in: feed.lead(before: member.keyRange.lowerBound)) {
            result.unit = FeedText.unit(inner: found.indent, outer: place.indent, fallback: place.unit)
            result.indent = found.indent
            result.onLines = true
        } else {
            result.onLines = false
        }
        return result
    }

    /// `value` written in place of the value at `node`: on lines when the old value was, on one line
    /// with the old value's spacing when it was a non-empty array or object on one line, else as the
    /// place writes new values.
    func replacement(for node: JSONTextNode, with value: JSONValue, at place: TextPlace) -> [UInt8] {
        if JSONTextWriter.isEmptyOrScalar(value) { return Array(value.serialized().utf8) }
        if feed.containsLineBreak(node.range) {
            return writer.onLines(value, indent: place.indent, unit: place.unit, colon: place.style.colon)
        }
        if !node.members.isEmpty || !node.elements.isEmpty {
            return writer.oneLine(value, feed.style(of: node, inherited: place.style))
        }
        return writer.new(value, at: place)
    }

    /// Refuses an object that repeats a key: which of its values to change would be a guess.
    func checkKeysAreUnique(_ object: JSONObject, _ node: JSONTextNode, in message: String, path: [String])
        throws(EditError)
    {
        var counts: [String: Int] = [:]
        for member in object.members { counts[member.key, default: 0] += 1 }
        guard let repeated = object.members.first(where: { counts[$0.key]! > 1 })?.key else { return }
        let offsets = object.members.indices.filter { object.members[$0].key == repeated }.prefix(5)
            .map { node.members[$0].keyRange.lowerBound }
        let lines = JSONTextEdit.lines(of: offsets, in: feed.bytes)
        throw EditError(
            reason: "\(Self.quoted(repeated)) appears \(counts[repeated]!) times in \(Self.describe(message, path)) "
                + "(lines \(lines.map(String.init).joined(separator: ", "))\(counts[repeated]! > 5 ? ", …" : "")); "
                + "keep one")
    }

    // MARK: Appending and removing

    /// The edit that writes `message` after the messages array's last element, laid out as that
    /// element is; into an empty array, on lines of its own when the file writes its members so.
    mutating func append(_ message: JSONValue) {
        let array = feed.messagesNode
        let arrayPlace = feed.arrayPlace
        guard let last = array.elements.last else {
            let inside: [UInt8]
            if arrayPlace.onLines {
                let indent = arrayPlace.indent + arrayPlace.unit
                inside =
                    writer.newline + indent
                    + writer.onLines(message, indent: indent, unit: arrayPlace.unit, colon: arrayPlace.style.colon)
                    + writer.newline + arrayPlace.indent
            } else {
                inside =
                    arrayPlace.style.arrayPad + writer.oneLine(message, arrayPlace.style) + arrayPlace.style.arrayPad
            }
            edits.append(((array.range.lowerBound + 1)..<(array.range.upperBound - 1), inside))
            return
        }
        var scanner = JSONTextScanner(bytes: feed.bytes, at: last.range.lowerBound)
        let lastNode = scanner.scan(levels: 1)
        let place = feed.elementPlace(array.elements.count - 1)
        let style = feed.style(of: lastNode, inherited: place.style)
        let separator =
            FeedText.lineBreak(in: feed.lead(before: last.range.lowerBound))?.breakAndIndent ?? place.style.gap
        let text: [UInt8]
        if feed.containsLineBreak(last.range) {
            var unit = place.unit
            if let first = lastNode.members.first,
                let found = FeedText.lineBreak(in: feed.lead(before: first.keyRange.lowerBound))
            {
                unit = FeedText.unit(inner: found.indent, outer: place.indent, fallback: unit)
            }
            text = writer.onLines(message, indent: place.indent, unit: unit, colon: style.colon)
        } else {
            text = writer.oneLine(message, style)
        }
        edits.append((last.range.upperBound..<last.range.upperBound, Array(",".utf8) + separator + text))
    }

    /// The edit that removes message `index` with one comma beside it and the whitespace between them.
    mutating func remove(at index: Int) {
        let array = feed.messagesNode
        let elements = array.elements
        if elements.count == 1 {
            edits.append(((array.range.lowerBound + 1)..<(array.range.upperBound - 1), []))
        } else if index < elements.count - 1 {
            edits.append((elements[index].range.lowerBound..<elements[index + 1].range.lowerBound, []))
        } else {
            edits.append((elements[index - 1].range.upperBound..<elements[index].range.upperBound, []))
        }
    }

    // MARK: Result

    /// The bytes with the edits made, when they read back as `expected`.
    func result(expecting expected: JSONValue) throws(EditError) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(feed.bytes.count + edits.reduce(0) { $0 + $1.text.count })
        var position = 0
        for edit in edits {
            guard edit.range.lowerBound >= position, edit.range.upperBound <= feed.bytes.count else {
                throw EditError(reason: "the edit's changes overlap (a bug in JSONTextEdit); nothing was changed")
            }
            output += feed.bytes[position..<edit.range.lowerBound]
            output += edit.text
            position = edit.range.upperBound
        }
        output += feed.bytes[position...]
        let data = Data(output)
        let reread: JSONValue
        do {
            reread = try AppAlert.JSONParser().parse(data)
        } catch {
            throw EditError(
                reason: "the edited text would not be JSON (\(error.description)), a bug in JSONTextEdit; "
                    + "nothing was changed")
        }
        guard reread == expected else {
            throw EditError(
                reason: "the edited text would not read back as the edited feed (a bug in JSONTextEdit); "
                    + "nothing was changed")
        }
        return data
    }
}
