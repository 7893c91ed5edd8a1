import Foundation

/// Reads a feed's message array one element at a time, as the parser hands the elements over or
/// from a document, and keeps the messages, their diagnostics and the ids seen.
///
/// Its diagnostics are listed up to the feed's limit on their own; ``FeedDecoder`` puts the
/// feed's other diagnostics first and caps the whole, which lists the same first ones as reading
/// the document in order would.
struct MessageCollector: JSONStreamSink {
    let limits: FeedLimits
    private(set) var pathPrefix = "$"
    /// Entries of the array, usable or not (those past the limit too).
    private(set) var count = 0
    private var messages: [Message] = []
    private var diagnostics: [FeedDiagnostic] = []
    private var unlisted = FeedDecoder.Unlisted()
    private var firstIndexByID: [Int: Int] = [:]
    /// One buffer for every message's key values, so reading a message allocates nothing for it.
    private var scratch: [JSONValue?] = []

    init(limits: FeedLimits) {
        self.limits = limits
    }

    /// The messages of `elements`, the array of a document.
    init(limits: FeedLimits, atRoot: Bool, elements: [JSONValue]) {
        self.init(limits: limits)
        beginStreamedArray(atRoot: atRoot)
        messages.reserveCapacity(min(elements.count, limits.maximumMessages))
        for element in elements { receive(element) }
    }

    mutating func beginStreamedArray(atRoot: Bool) {
        self = MessageCollector(limits: limits)
        pathPrefix = atRoot ? "$" : "$.messages"
        scratch = [JSONValue?](repeating: nil, count: MessageReader.Key.allCases.count)
    }

    mutating func receive(_ element: JSONValue) {
        let index = count
        count += 1
        guard index < limits.maximumMessages else { return }
        var reader = MessageReader(
            index: index, pathPrefix: pathPrefix, maximumStringLength: limits.maximumStringLength)
        reader.listingLimit = max(0, limits.maximumDiagnostics - diagnostics.count)
        let message = reader.read(element, scratch: &scratch)
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
