import Foundation

/// Reads a feed's message array one element at a time, as the parser hands the elements over or
/// from a document, and keeps the messages, their diagnostics and the ids seen.
///
/// Its diagnostics are listed up to the feed's limit on their own; ``FeedDecoder`` puts the
/// feed's other diagnostics first and caps the whole, which lists the same first ones as reading
/// the document in order would.
struct MessageCollector: JSONStreamSink {
    let limits: FeedLimits
    /// The app the feed is read for (``FeedDecoder/bundleID``), or nil to read every message.
    let bundleID: String?
    private(set) var pathPrefix = "$"
    /// Entries of the array, usable or not (those past the limit too).
    private(set) var count = 0
    private var messages: [Message] = []
    private var diagnostics: [FeedDiagnostic] = []
    private var unlisted = FeedDecoder.Unlisted()
    private var firstIndexByID: [Int: Int] = [:]
    /// One buffer for every message's key values, so reading a message allocates nothing for it.
    private var scratch: [JSONValue?] = []
    /// The ranges read so far (``MessageReader/parsedRanges``), lent to each message's reader.
    private var parsedRanges: [String: VersionRange] = [:]

    init(limits: FeedLimits, bundleID: String? = nil) {
        self.limits = limits
        self.bundleID = bundleID
    }

    /// The messages of `elements`, the array of a document.
    init(limits: FeedLimits, bundleID: String? = nil, atRoot: Bool, elements: [JSONValue]) {
        self.init(limits: limits, bundleID: bundleID)
        beginStreamedArray(atRoot: atRoot)
        messages.reserveCapacity(min(elements.count, limits.maximumMessages))
        for element in elements { receive(element) }
    }

    mutating func beginStreamedArray(atRoot: Bool) {
        self = MessageCollector(limits: limits, bundleID: bundleID)
        pathPrefix = atRoot ? "$" : "$.messages"
        scratch = [JSONValue?](repeating: nil, count: MessageReader.Key.allCases.count)
    }

    mutating func receive(_ element: JSONValue) {
        let index = count
        count += 1
        guard index < limits.maximumMessages else { return }
        if let bundleID, case .otherApps(let id) = Self.audience(of: element, for: bundleID) {
            skipped(id: id, at: index)
            return
        }
        var reader = MessageReader(
            index: index, pathPrefix: pathPrefix, maximumStringLength: limits.maximumStringLength)
        reader.listingLimit = max(0, limits.maximumDiagnostics - diagnostics.count)
        swap(&reader.parsedRanges, &parsedRanges)
        let message = reader.read(element, scratch: &scratch)
        swap(&reader.parsedRanges, &parsedRanges)
        if let id = reader.id {
            if let first = firstIndexByID[id] {
                let prefix = pathPrefix
                reader.report(
                    .error, .duplicateID, key: "id", value: String(id),
                    reason: "id \(id) is already used by the message at \(prefix)[\(first)]; "
                        + "ids must be unique, so this message is left out")
            } else {
                firstIndexByID[id] = index
            }
        }
        if reader.hasErrors {
            reader.markLeftOut()
        } else if let message = consume message {
            messages.append(message)
        }
        reader.finish(into: &diagnostics, unlisted: &unlisted)
    }

    /// A message for other apps, not read: its id is still taken, so a later message of this app with
    /// the same id is left out, as when every message is read.
    private mutating func skipped(id: Int?, at index: Int) {
        if let id, firstIndexByID[id] == nil { firstIndexByID[id] = index }
    }

    // MARK: Screening (FeedDecoder.bundleID)

    /// The keys a message is screened by, in this order.
    private static let screening = ["bundleId", "bundleIds", "id"]

    var screeningKeys: [String] { bundleID == nil ? [] : Self.screening }

    func wantsElement(screened key: Int, value: JSONValue) -> Bool {
        guard let bundleID, key < 2 else { return false }
        return Self.namesAppOrIsMalformed(value, list: key == 1, bundleID: bundleID)
    }

    mutating func skipElement(screened values: [JSONValue?]) -> Bool {
        guard let bundleID,
            case .otherApps(let id) = Self.audience(single: values[0], list: values[1], id: values[2], for: bundleID)
        else { return false }
        let index = count
        count += 1
        if index < limits.maximumMessages { skipped(id: id, at: index) }
        return true
    }

    enum Audience: Equatable {
        /// The message names only other apps; its id, when it is a valid one.
        case otherApps(id: Int?)
        /// The message names this app or `*`, or its app keys are not well-formed: it is read whole.
        case read
    }

    /// Whether `element` is certainly for other apps than `bundleID`: an object whose `bundleId` and
    /// `bundleIds` are well-formed (a string, an array of strings; the last of a repeated key, null
    /// as absent, as ``MessageReader`` reads them) and name neither the app nor `*`. Anything else is
    /// read whole, and its problems reported.
    static func audience(of element: JSONValue, for bundleID: String) -> Audience {
        guard case .object(let object) = element else { return .read }
        var single: JSONValue?
        var list: JSONValue?
        var id: JSONValue?
        for member in object.members {
            switch member.key {
            case "bundleId": single = member.value
            case "bundleIds": list = member.value
            case "id": id = member.value
            default: continue
            }
        }
        return audience(single: single, list: list, id: id, for: bundleID)
    }

    static func audience(single: JSONValue?, list: JSONValue?, id: JSONValue?, for bundleID: String) -> Audience {
        var named = false
        if let single {
            if namesAppOrIsMalformed(single, list: false, bundleID: bundleID) { return .read }
            if case .string = single { named = true }
        }
        if let list {
            if namesAppOrIsMalformed(list, list: true, bundleID: bundleID) { return .read }
            if case .array(let names) = list, !names.isEmpty { named = true }
        }
        // Without a bundle id the message is an error of its own: read, so it is reported.
        guard named else { return .read }
        if let number = id?.integerValue, number >= 1 { return .otherApps(id: number) }
        return .otherApps(id: nil)
    }

    /// A `bundleId` (`list`: `bundleIds`) value that names the app or `*`, or is not a string (an
    /// array of strings): what makes a message read whole. Null counts as absent.
    static func namesAppOrIsMalformed(_ value: JSONValue, list: Bool, bundleID: String) -> Bool {
        func names(_ name: String) -> Bool { name == bundleID || name == "*" }
        switch value {
        case .null: return false
        case .string(let name) where !list: return names(name)
        case .array(let elements) where list:
            for element in elements {
                guard case .string(let name) = element, !names(name) else { return true }
            }
            return false
        default: return true
        }
    }

    /// The messages; their diagnostics (after the limit's, when there were too many entries) go
    /// after `feedDiagnostics`.
    func finish(into feedDiagnostics: inout [FeedDiagnostic], unlisted total: inout FeedDecoder.Unlisted)
        -> [Message]
    {
        if count > limits.maximumMessages {
            feedDiagnostics.append(
                FeedDecoder.limitDiagnostic(
                    count: count, limit: limits.maximumMessages, what: "messages", path: pathPrefix,
                    setting: "maximumMessages"))
        }
        feedDiagnostics.append(contentsOf: diagnostics)
        total.count += unlisted.count
        total.errors += unlisted.errors
        return messages
    }
}
