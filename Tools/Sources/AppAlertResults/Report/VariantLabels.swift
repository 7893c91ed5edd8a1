import AppAlert

/// What people read for a variant: its `"name"` in the feed, else a letter by its index (A for 0, B for
/// 1, … Z, then AA, AB, …). JSON keeps the 0-based index beside it.
///
/// The one place the report reads variant names. Until the feed format carries the name on
/// `Message.Variant` (issue 41, §2), it is read from the feed's JSON document; once it does, `names(in:)`
/// gives way to the engine's own variant label and nothing else here changes.
enum VariantLabels {
    /// The letter of the variant at `index`: A, B, … Z, AA, AB, …
    static func letter(_ index: Int) -> String {
        var number = max(index, 0) + 1
        var letters: [Character] = []
        while number > 0 {
            let remainder = (number - 1) % 26
            letters.insert(Character(UnicodeScalar(UInt8(65 + remainder))), at: 0)
            number = (number - 1) / 26
        }
        return String(letters)
    }

    /// The label of variant `index` of a message whose variants are named `names` (`nil` where one has
    /// no name).
    static func label(_ index: Int, names: [String?]) -> String {
        let name = names.indices.contains(index) ? names[index] : nil
        return name.map { $0.isEmpty ? letter(index) : $0 } ?? letter(index)
    }

    /// Each message's variant names in `document` (a feed: an array of messages or an object with
    /// `"messages"`), by message id: a name is a string of 1 to 64 characters, else `nil`.
    static func names(in document: JSONValue?) -> [Int: [String?]] {
        let messages: [JSONValue]
        switch document {
        case .array(let elements): messages = elements
        case .object(let object):
            guard case .array(let elements) = object["messages"] else { return [:] }
            messages = elements
        default: return [:]
        }
        var byID: [Int: [String?]] = [:]
        for message in messages {
            guard case .object(let object) = message, let id = object["id"]?.integerValue,
                case .array(let variants) = object["variants"]
            else { continue }
            byID[id] = variants.map { variant in
                guard case .object(let fields) = variant, let name = fields["name"]?.stringValue,
                    (1...64).contains(name.count)
                else { return nil }
                return name
            }
        }
        return byID
    }
}
