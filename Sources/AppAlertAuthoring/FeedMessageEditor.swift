@_spi(Authoring) import AppAlert
import Foundation

/// The byte changes that make one edit of a feed's messages, gathered in the order of the text and
/// then applied in one pass; the result is read back and must be the document with that edit made.
struct FeedMessageEditor {
    typealias EditError = JSONTextEdit.EditError

    let feed: FeedText
    /// Disjoint ranges of the original bytes and their replacements, in ascending order.
    private(set) var edits: [(range: Range<Int>, text: [UInt8])] = []
    /// The objects being merged, outermost first, with their spacing once it was needed; and the
    /// spacing around the message. Computed only for values written on one line, each object's at
    /// most once: a change deep inside nested objects costs no spacing at the levels it passes.
    private var frames: [(node: JSONTextNode, style: OneLineStyle?)] = []
    private var baseStyle = OneLineStyle()
    /// Whether some object merged had keys other than the new one's, in another order: then the
    /// message written is `arranged`, else it is the new message as it is.
    private(set) var rearranged = false

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

    /// The edits that turn message `id`, the object `old` written at `node`, into `new`.
    mutating func replace(_ node: JSONTextNode, old: JSONObject, new: JSONObject, at place: TextPlace, id: Int)
        throws(EditError)
    {
        baseStyle = place.style
        var path: [String] = []
        try merge(node, old: old, new: new, at: place, in: "message \(id)", path: &path)
    }

    /// The spacing of the innermost `count` objects being merged (the message's surroundings' for 0).
    private mutating func style(through count: Int) -> OneLineStyle {
        var known = count
        while known > 0, frames[known - 1].style == nil { known -= 1 }
        var style = known > 0 ? frames[known - 1].style! : baseStyle
        while known < count {
            style = feed.style(of: frames[known].node, inherited: style)
            frames[known].style = style
            known += 1
        }
        return style
    }

    /// The edits that turn the object `old`, written at `node`, into `new`: unchanged members keep
    /// their bytes, changed objects are merged member by member, other changed values are rewritten,
    /// members `new` lacks are removed with their separator, and members it adds go just before the
    /// member that stays they precede in `new` (so a key put in its place among the others is written
    /// there), the others after the last member that stays. `message` and `path` name the object in
    /// reasons (`path` is as it was when this returns).
    ///
    /// Values are compared once: an object is merged without first being compared whole (merging
    /// equal objects makes no edit), so a change deep in nested objects costs the size of the message,
    /// not its size times its depth. `place.style` is not read: spacing comes from `frames`.
    mutating func merge(
        _ node: JSONTextNode, old: JSONObject, new: JSONObject, at place: TextPlace, in message: String,
        path: inout [String]
    ) throws(EditError) {
        guard node.kind == .object, node.members.count == old.members.count else {
            throw EditError(reason: "\(Self.describe(message, path)) could not be located in the text")
        }
        frames.append((node, nil))
        defer { frames.removeLast() }
        if Self.sameKeys(old, new) {
            // The usual save: the same keys in the same order, some values changed. Members pair up by
            // position, with no lookup (so a repeated key is no guess either).
            for position in old.members.indices {
                try mergeMember(
                    position, old.members[position].key, of: node, old: old.members[position].value,
                    new: new.members[position].value, at: place, in: message, path: &path)
            }
            return
        }
        rearranged = true
        if let repeated = Self.repeatedKey(in: old) {
            if old == new { return }
            throw duplicateError(repeated, in: old, node, message: message, path: path)
        }
        var newValues: [String: JSONValue] = [:]
        for member in new.members {
            guard newValues.updateValue(member.value, forKey: member.key) != nil else { continue }
            throw EditError(
                reason: "the new \(Self.describe(message, path)) repeats the key \(Self.quoted(member.key)); keep one")
        }
        guard let lastKept = old.members.lastIndex(where: { newValues[$0.key] != nil }) else {
            // No member stays: the object is written anew where it was.
            var outer = place
            outer.style = style(through: frames.count - 1)
            edits.append((node.range, replacement(for: node, with: .object(new), at: outer)))
            return
        }
        let (addedBefore, added) = Self.added(to: old, in: new)
        let style = style(through: frames.count)
        var keptBefore = false
        var previousTookTheSeparatorAfter = false
        for (position, member) in old.members.enumerated() {
            guard let newValue = newValues[member.key] else {
                // Removed with one separator: the one after it (up to the next member's key) when it
                // opens a line the next member shares, or when no member before it stays; otherwise
                // the one before it (from the end of the member before), so a member sharing the
                // previous one's line leaves that line as it was and the next untouched, and a run of
                // them goes whole. A run of removed members after the last one kept goes with the tail
                // below.
                if position < lastKept {
                    let written = node.members[position]
                    let newline = UInt8(ascii: "\n")
                    let next = node.members[position + 1].keyRange.lowerBound
                    let opensSharedLine =
                        position > 0
                        && feed.bytes[node.members[position - 1].value.range.upperBound..<written.keyRange.lowerBound]
                            .contains(newline)
                        && !feed.bytes[written.value.range.upperBound..<next].contains(newline)
                    previousTookTheSeparatorAfter = !keptBefore || opensSharedLine || previousTookTheSeparatorAfter
                    if !previousTookTheSeparatorAfter {
                        let previous = node.members[position - 1]
                        edits.append((previous.value.range.upperBound..<written.value.range.upperBound, []))
                    } else {
                        edits.append((written.keyRange.lowerBound..<node.members[position + 1].keyRange.lowerBound, []))
                    }
                }
                continue
            }
            keptBefore = true
            previousTookTheSeparatorAfter = false
            if let inserted = addedBefore[member.key] {
                // Before this member's key, each followed by a comma and the whitespace this key has.
                let written = node.members[position]
                var addedPlace = memberPlace(written, in: place)
                addedPlace.style = style
                let separator =
                    FeedText.lineBreak(in: feed.lead(before: written.keyRange.lowerBound))?.breakAndIndent
                    ?? style.gap
                var text: [UInt8] = []
                for member in inserted {
                    text += Array(JSONValue.string(member.key).serialized().utf8) + style.colon
                    text += writer.new(member.value, at: addedPlace) + Array(",".utf8) + separator
                }
                edits.append((written.keyRange.lowerBound..<written.keyRange.lowerBound, text))
            }
            try mergeMember(
                position, member.key, of: node, old: member.value, new: newValue, at: place, in: message, path: &path)
        }
        // After the last member kept: the members removed there go, the members added come.
        let last = node.members[lastKept]
        let tail = last.value.range.upperBound..<node.members[node.members.count - 1].value.range.upperBound
        guard !added.isEmpty || !tail.isEmpty else { return }
        var addedPlace = memberPlace(last, in: place)
        addedPlace.style = style
        let separator = FeedText.lineBreak(in: feed.lead(before: last.keyRange.lowerBound))?.breakAndIndent ?? style.gap
        var text: [UInt8] = []
        for member in added {
            text += Array(",".utf8) + separator + Array(JSONValue.string(member.key).serialized().utf8) + style.colon
            text += writer.new(member.value, at: addedPlace)
        }
        edits.append((tail, text))
    }

    /// The edits for member `position` (named `key`) of the object at `node`, from `old` to `new`.
    private mutating func mergeMember(
        _ position: Int, _ key: String, of node: JSONTextNode, old: JSONValue, new: JSONValue, at place: TextPlace,
        in message: String, path: inout [String]
    ) throws(EditError) {
        let written = node.members[position]
        if case .object(let oldChild) = old, case .object(let newChild) = new, !oldChild.members.isEmpty,
            !newChild.members.isEmpty
        {
            path.append(key)
            try merge(
                written.value, old: oldChild, new: newChild, at: memberPlace(written, in: place), in: message,
                path: &path)
            path.removeLast()
        } else if new != old {
            if JSONTextWriter.isEmptyOrScalar(new) {
                edits.append((written.value.range, Array(new.serialized().utf8)))
                return
            }
            var valuePlace = memberPlace(written, in: place)
            valuePlace.style = style(through: frames.count)
            edits.append((written.value.range, replacement(for: written.value, with: new, at: valuePlace)))
        }
    }

    static func sameKeys(_ old: JSONObject, _ new: JSONObject) -> Bool {
        guard old.members.count == new.members.count else { return false }
        for position in old.members.indices where old.members[position].key != new.members[position].key {
            return false
        }
        return true
    }

    /// The members `new` adds to `old`: by the key of the member that stays they precede in `new`, and
    /// those after every member that stays, in `new`'s order. When `new` has the members that stay in
    /// another order than `old`, where it puts the others says nothing: all of them go after.
    static func added(to old: JSONObject, in new: JSONObject) -> (
        before: [String: [JSONObject.Member]], after: [JSONObject.Member]
    ) {
        let oldKeys = Set(old.members.map(\.key))
        let newKeys = Set(new.members.map(\.key))
        let stayingInNew = new.members.lazy.map(\.key).filter { oldKeys.contains($0) }
        let stayingInOld = old.members.lazy.map(\.key).filter { newKeys.contains($0) }
        guard stayingInNew.elementsEqual(stayingInOld) else {
            return ([:], new.members.filter { !oldKeys.contains($0.key) })
        }
        var before: [String: [JSONObject.Member]] = [:]
        var pending: [JSONObject.Member] = []
        for member in new.members {
            if !oldKeys.contains(member.key) {
                pending.append(member)
            } else if !pending.isEmpty {
                before[member.key, default: []] += pending
                pending = []
            }
        }
        return (before, pending)
    }

    /// `new` with its members in the order `merge` writes them: those `old` has in `old`'s order
    /// (objects merged in turn), each added member just before the one that stays it precedes in
    /// `new`, the others last in `new`'s order; `new` itself when no key stays.
    static func arranged(_ new: JSONObject, like old: JSONObject) -> JSONObject {
        if sameKeys(old, new) {
            var result = new
            for position in old.members.indices {
                if case .object(let oldChild) = old.members[position].value,
                    case .object(let newChild) = new.members[position].value, !oldChild.members.isEmpty,
                    !newChild.members.isEmpty
                {
                    result.members[position].value = .object(arranged(newChild, like: oldChild))
                }
            }
            return result
        }
        var newValues: [String: JSONValue] = [:]
        for member in new.members { newValues[member.key] = member.value }
        guard repeatedKey(in: old) == nil, old.members.contains(where: { newValues[$0.key] != nil }) else {
            return new
        }
        let (addedBefore, added) = Self.added(to: old, in: new)
        var members: [JSONObject.Member] = []
        for member in old.members {
            guard var value = newValues[member.key] else { continue }
            members += addedBefore[member.key] ?? []
            if case .object(let oldChild) = member.value, case .object(let newChild) = value,
                !oldChild.members.isEmpty, !newChild.members.isEmpty
            {
                value = .object(arranged(newChild, like: oldChild))
            }
            members.append(JSONObject.Member(key: member.key, value: value))
        }
        return JSONObject(members + added)
    }

    /// Where the value of `member` of an object written at `place` is written (its spacing aside).
    func memberPlace(_ member: JSONTextNode.Member, in place: TextPlace) -> TextPlace {
        var result = place
        // Most members are on the line of the one before or follow a line break: look back only over
        // the whitespace before the key.
        let lead = feed.lead(before: member.keyRange.lowerBound)
        if !lead.isEmpty, lead.contains(UInt8(ascii: "\n")), let found = FeedText.lineBreak(in: lead) {
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

    /// The first key `object` repeats, if any.
    static func repeatedKey(in object: JSONObject) -> String? {
        var seen: Set<String> = []
        for member in object.members where !seen.insert(member.key).inserted { return member.key }
        return nil
    }

    /// Why an object that repeats a key is not changed: which of its values to change would be a guess.
    func duplicateError(
        _ repeated: String, in object: JSONObject, _ node: JSONTextNode, message: String, path: [String]
    )
        -> EditError
    {
        var counts: [String: Int] = [:]
        for member in object.members { counts[member.key, default: 0] += 1 }
        let offsets = object.members.indices.filter { object.members[$0].key == repeated }.prefix(5)
            .map { node.members[$0].keyRange.lowerBound }
        let lines = JSONTextEdit.lines(of: offsets, in: feed.bytes)
        return EditError(
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
