@_spi(Authoring) import AppAlert
import Foundation

// Edits of one message of a feed file (the console's saves, issue 35) that touch only the bytes that
// change: a feed written by hand keeps its other messages, its key order, indentation, line endings and
// spacing, so its commit shows the lines that changed and no others.

extension JSONTextEdit {
    /// `data` with the message whose `"id"` is `id` replaced by `message`. Members whose values did not
    /// change keep their bytes; a changed value is rewritten in place (an object member by member, so
    /// a changed `"link"` title rewrites the title alone); members `message` lacks are removed with
    /// their separator; a member it adds goes just before the member the message had that it precedes
    /// in `message` (after the last one when none follows it), laid out as its members are. So the
    /// members the message had keep their order, whatever the order in `message`, and a key put in
    /// its place among them is written there.
    /// Refused: text that is not JSON or not a feed (an array of messages, or an object with one
    /// `"messages"` array), an `id` no message or several messages have, a `message` that is not an
    /// object with a whole-number `"id"` (or whose `"id"` another message has), and a changed object
    /// that repeats a key (which of them to change would be a guess).
    public static func replacingMessage(id: Int, with message: JSONValue, in data: Data) throws(EditError) -> Data {
        let feed = try FeedText(data)
        let (normalizedMessage, newID) = try normalized(message, in: feed)
        let index = try feed.index(ofID: id)
        if newID != id, let other = feed.indices(ofID: newID).first {
            throw EditError(
                reason: "the message's new \"id\" \(newID) is already another message's (line \(feed.line(of: other)))")
        }
        let new = keepingNumbersAsWritten(normalizedMessage, old: feed.messages[index])
        guard case .object(let old) = feed.messages[index], case .object(let newObject) = new else {
            throw EditError(reason: "message \(id) is not an object")
        }
        if feed.messages[index] == new { return data }
        var editor = FeedMessageEditor(feed: feed)
        var scanner = JSONTextScanner(bytes: feed.bytes, at: feed.messagesNode.elements[index].range.lowerBound)
        let node = scanner.scan(levels: Int.max)
        try editor.replace(node, old: old, new: newObject, at: feed.elementPlace(index), id: id)
        var messages = feed.messages
        messages[index] = editor.rearranged ? .object(FeedMessageEditor.arranged(newObject, like: old)) : new
        return try editor.result(expecting: feed.document(withMessages: messages))
    }

    /// `data` with `message` appended as the feed's last message, laid out as the message before it
    /// (an empty array gets the message on lines of its own when the file writes its members so).
    /// Refused as ``replacingMessage(id:with:in:)`` refuses, and when another message has the new
    /// message's `"id"`.
    public static func appendingMessage(_ message: JSONValue, in data: Data) throws(EditError) -> Data {
        let feed = try FeedText(data)
        let (new, newID) = try normalized(message, in: feed)
        if let other = feed.indices(ofID: newID).first {
            throw EditError(reason: "\"id\" \(newID) is already another message's (line \(feed.line(of: other)))")
        }
        var editor = FeedMessageEditor(feed: feed)
        editor.append(new)
        return try editor.result(expecting: feed.document(withMessages: feed.messages + [new]))
    }

    /// `data` without the message whose `"id"` is `id`: the message goes with one comma beside it and
    /// the whitespace between them, so no blank line or dangling comma stays. Refused: text that is
    /// not JSON or not a feed, and an `id` no message or several messages have.
    public static func removingMessage(id: Int, in data: Data) throws(EditError) -> Data {
        let feed = try FeedText(data)
        let index = try feed.index(ofID: id)
        var editor = FeedMessageEditor(feed: feed)
        editor.remove(at: index)
        var messages = feed.messages
        messages.remove(at: index)
        return try editor.result(expecting: feed.document(withMessages: messages))
    }

    /// `new` with each number that equals the number the old message has at the same place (same keys,
    /// same array positions) as the old one writes it: a browser's `JSON.stringify` writes `50.0` as
    /// `50`, and a save of a title must not rewrite the file's `"rollout": 50.0`. One walk over `new`.
    static func keepingNumbersAsWritten(_ new: JSONValue, old: JSONValue) -> JSONValue {
        switch (new, old) {
        case (.integer(let whole), .number(let written)), (.number(let written), .integer(let whole)):
            // Exactly the same number (no rounding: 2^53 + 1 is not 2^53).
            return Int64(exactly: written) == whole ? old : new
        case (.array(var elements), .array(let before)):
            for position in elements.indices where position < before.count {
                elements[position] = keepingNumbersAsWritten(elements[position], old: before[position])
            }
            return .array(elements)
        case (.object(let object), .object(let before)):
            // The old members by key (the last of a repeated key, as a lookup reads it).
            var previous: [String: JSONValue] = [:]
            for member in before.members { previous[member.key] = member.value }
            return .object(
                JSONObject(
                    object.members.map { member in
                        guard let was = previous[member.key] else { return member }
                        return JSONObject.Member(
                            key: member.key, value: keepingNumbersAsWritten(member.value, old: was))
                    }))
        default:
            return new
        }
    }

    /// The message as the file will read it back, and its id. `feed` says how deep the message may
    /// nest: the parser reads 64 levels in all, the messages array and the root among them.
    static func normalized(_ message: JSONValue, in feed: FeedText) throws(EditError) -> (JSONValue, Int) {
        guard case .object = message else {
            throw EditError(reason: "the message is \(message.typeDescription), not an object")
        }
        let levels = AppAlert.JSONParser.defaultMaximumDepth - (feed.messagesMember == nil ? 1 : 2)
        let value = try readBack(message, levels: levels)
        guard case .object(let object) = value, case .integer(let id)? = object["id"], let id = Int(exactly: id) else {
            throw EditError(reason: "the message has no \"id\" that is a whole number")
        }
        return (value, id)
    }

    /// `value` as its JSON text (`serialized()`) reads back: a whole `Double` below 10^15 is written,
    /// and so read, as an integer. Refused: a number JSON cannot write (infinite, not a number), and
    /// arrays and objects more than `levels` deep.
    static func readBack(_ value: JSONValue, levels: Int) throws(EditError) -> JSONValue {
        switch value {
        case .number(let number):
            guard number.isFinite else {
                throw EditError(
                    reason: "the message cannot be written as JSON: \(number) is not a number JSON can write")
            }
            return number == number.rounded() && abs(number) < 1e15 ? .integer(Int64(number)) : value
        case .array(var elements):
            guard levels > 0 else { throw tooDeep }
            for position in elements.indices {
                elements[position] = try readBack(elements[position], levels: levels - 1)
            }
            return .array(elements)
        case .object(var object):
            guard levels > 0 else { throw tooDeep }
            for position in object.members.indices {
                object.members[position].value = try readBack(object.members[position].value, levels: levels - 1)
            }
            return .object(object)
        default:
            return value
        }
    }

    static let tooDeep = EditError(
        reason: "the message nests arrays and objects deeper than the feed's JSON may (64 levels in all)")
}

/// A feed file read for an edit: its bytes, its parsed document, and where its messages lie.
struct FeedText {
    let bytes: [UInt8]
    let document: JSONValue
    /// The messages as parsed, and where each lies (ranges only).
    let messages: [JSONValue]
    let messagesNode: JSONTextNode
    /// The root's members (format 2) and which of them is `"messages"`; nil for a bare array.
    let rootNode: JSONTextNode
    let messagesMember: Int?
    let writer: JSONTextWriter

    init(_ data: Data) throws(JSONTextEdit.EditError) {
        do {
            document = try AppAlert.JSONParser().parse(data)
        } catch {
            throw JSONTextEdit.EditError(reason: error.description)
        }
        bytes = [UInt8](data)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var scanner = JSONTextScanner(bytes: bytes, at: start)
        let notAFeed = "not a feed: the top-level value is \(document.typeDescription), not an array of messages or "
        switch document {
        case .array(let elements):
            rootNode = scanner.scan(levels: 1)
            messages = elements
            messagesNode = rootNode
            messagesMember = nil
        case .object(let object):
            let root = scanner.scan(levels: 2)
            rootNode = root
            let named = object.members.indices.filter { object.members[$0].key == "messages" }
            guard let member = named.first else {
                throw JSONTextEdit.EditError(
                    reason: notAFeed + "an object with a \"messages\" array: it has no \"messages\"")
            }
            guard rootNode.members.count == object.members.count else {
                throw JSONTextEdit.EditError(reason: "the feed's top-level members could not be located in its text")
            }
            guard named.count == 1 else {
                let text = bytes
                let lines = JSONTextEdit.lines(of: named.map { root.members[$0].keyRange.lowerBound }, in: text)
                throw JSONTextEdit.EditError(
                    reason: "\"messages\" appears \(named.count) times in the top-level object (lines "
                        + lines.map(String.init).joined(separator: ", ") + "); keep one")
            }
            guard case .array(let elements) = object.members[member].value else {
                throw JSONTextEdit.EditError(
                    reason: "not a feed: \"messages\" is \(object.members[member].value.typeDescription), not an array")
            }
            messages = elements
            messagesNode = rootNode.members[member].value
            messagesMember = member
        default:
            throw JSONTextEdit.EditError(reason: notAFeed + "an object with a \"messages\" array")
        }
        guard messagesNode.elements.count == messages.count else {
            throw JSONTextEdit.EditError(reason: "the feed's messages could not be located in its text")
        }
        var newline = Array("\n".utf8)
        if let first = bytes.firstIndex(of: UInt8(ascii: "\n")), first > 0, bytes[first - 1] == UInt8(ascii: "\r") {
            newline = Array("\r\n".utf8)
        }
        writer = JSONTextWriter(newline: newline)
    }

    /// The document with these messages in place of its own.
    func document(withMessages new: [JSONValue]) -> JSONValue {
        guard case .object(var object) = document, let member = messagesMember else { return .array(new) }
        object.members[member].value = .array(new)
        return .object(object)
    }

    static func id(of message: JSONValue) -> Int? {
        guard case .object(let object) = message else { return nil }
        return object["id"]?.integerValue
    }

    func indices(ofID id: Int) -> [Int] {
        messages.indices.filter { Self.id(of: messages[$0]) == id }
    }

    /// The line (from 1) where message `index` begins.
    func line(of index: Int) -> Int {
        JSONTextEdit.lines(of: [messagesNode.elements[index].range.lowerBound], in: bytes)[0]
    }

    /// The one message whose id is `id`.
    func index(ofID id: Int) throws(JSONTextEdit.EditError) -> Int {
        let found = indices(ofID: id)
        guard let first = found.first else { throw JSONTextEdit.EditError(reason: "no message has \"id\" \(id)") }
        guard found.count == 1 else {
            let lines = JSONTextEdit.lines(
                of: found.prefix(5).map { messagesNode.elements[$0].range.lowerBound }, in: bytes)
            throw JSONTextEdit.EditError(
                reason: "\"id\" \(id) is on \(found.count) messages (lines "
                    + lines.map(String.init).joined(separator: ", ") + (found.count > 5 ? ", …" : "")
                    + "); which one to change would be a guess: give each its own id")
        }
        return first
    }

    // MARK: Layout

    /// The whitespace before `offset`.
    func lead(before offset: Int) -> ArraySlice<UInt8> {
        var start = offset
        while start > 0, JSONTextScanner.isSpace(bytes[start - 1]) { start -= 1 }
        return bytes[start..<offset]
    }

    /// The line break at the end of `lead` and the indentation after it (`\r\n  `), and that
    /// indentation alone; nil when `lead` has no line break.
    static func lineBreak(in lead: ArraySlice<UInt8>) -> (breakAndIndent: [UInt8], indent: [UInt8])? {
        guard let newline = lead.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
        var from = newline
        if from > lead.startIndex, lead[from - 1] == UInt8(ascii: "\r") { from -= 1 }
        return (Array(lead[from...]), Array(lead[(newline + 1)...]))
    }

    /// `inner` less `outer`, when `inner` is `outer` and more; else `fallback`.
    static func unit(inner: [UInt8], outer: [UInt8], fallback: [UInt8]) -> [UInt8] {
        inner.count > outer.count && inner.starts(with: outer) ? Array(inner[outer.count...]) : fallback
    }

    func containsLineBreak(_ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            if bytes[position] == UInt8(ascii: "\n") { return true }
            position += 1
        }
        return false
    }

    /// The bytes in `range` when it is whitespace on one line (spacing to copy), else nil. Spacing
    /// that equals `current` is `current` itself: nothing is copied.
    func spacing(_ range: Range<Int>, current: [UInt8]) -> [UInt8]? {
        guard range.lowerBound <= range.upperBound, !containsLineBreak(range) else { return nil }
        if range.count == current.count, bytes[range].elementsEqual(current) { return current }
        return Array(bytes[range])
    }

    /// After the comma between `end` and `start`, when there is one.
    func gap(after end: Int, before start: Int) -> Range<Int>? {
        var position = end
        while position < start {
            if bytes[position] == UInt8(ascii: ",") { return (position + 1)..<start }
            position += 1
        }
        return nil
    }

    /// `inherited`, with what `node` (scanned one level deep at least) shows of its own spacing.
    func style(of node: JSONTextNode, inherited: OneLineStyle) -> OneLineStyle {
        var style = inherited
        let open = node.range.lowerBound + 1
        switch node.kind {
        case .object:
            guard let first = node.members.first else { break }
            if let pad = spacing(open..<first.keyRange.lowerBound, current: style.objectPad) { style.objectPad = pad }
            if let colon = spacing(first.keyRange.upperBound..<first.value.range.lowerBound, current: style.colon) {
                style.colon = colon
            }
            if node.members.count > 1,
                let range = gap(after: first.value.range.upperBound, before: node.members[1].keyRange.lowerBound),
                let gap = spacing(range, current: style.gap)
            {
                style.gap = gap
            }
        case .array:
            guard let first = node.elements.first else { break }
            if let pad = spacing(open..<first.range.lowerBound, current: style.arrayPad) { style.arrayPad = pad }
            if node.elements.count > 1,
                let range = gap(after: first.range.upperBound, before: node.elements[1].range.lowerBound),
                let gap = spacing(range, current: style.gap)
            {
                style.gap = gap
            }
        case .scalar:
            break
        }
        return style
    }

    /// Where the messages array is written: the line its `[` is on, and whether the root writes its
    /// members on lines of their own.
    var arrayPlace: TextPlace {
        var place = TextPlace(indent: [], unit: Array("  ".utf8), onLines: false, style: OneLineStyle())
        place.style = style(of: rootNode, inherited: place.style)
        if let member = messagesMember {
            if let found = Self.lineBreak(in: lead(before: rootNode.members[member].keyRange.lowerBound)) {
                place.indent = found.indent
                place.unit = Self.unit(inner: found.indent, outer: [], fallback: place.unit)
                place.onLines = true
            }
        } else {
            // A bare array: its elements on lines of their own unless the file shows otherwise.
            place.onLines = true
            if let first = rootNode.elements.first, let found = Self.lineBreak(in: lead(before: first.range.lowerBound))
            {
                place.unit = Self.unit(inner: found.indent, outer: [], fallback: place.unit)
            }
        }
        place.style = style(of: messagesNode, inherited: place.style)
        return place
    }

    /// Where message `index` is written.
    func elementPlace(_ index: Int) -> TextPlace {
        var place = arrayPlace
        if let found = Self.lineBreak(in: lead(before: messagesNode.elements[index].range.lowerBound)) {
            place.unit = Self.unit(inner: found.indent, outer: place.indent, fallback: place.unit)
            place.indent = found.indent
            place.onLines = true
        } else {
            place.onLines = false
        }
        return place
    }
}
