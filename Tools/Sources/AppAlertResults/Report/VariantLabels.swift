@_spi(Authoring) import AppAlert

/// What people read for a variant: its `"name"` in the feed, else a letter by its index (A for 0, B for
/// 1, … Z, then AA, AB, …), as the engine labels it (`Message.variantLabel(_:)`, shared with `evaluate`,
/// `validate` and the console). JSON keeps the 0-based index beside it.
enum VariantLabels {
    /// The letter of the variant at `index`: A, B, … Z, AA, AB, …
    static func letter(_ index: Int) -> String { Message.variantLetter(index) }

    /// The label of variant `index` of a message whose variants are named `names` (`nil` where one has
    /// no name): what `Message.variantLabel(_:)` says for the message itself.
    static func label(_ index: Int, names: [String?]) -> String {
        (names.indices.contains(index) ? names[index] : nil) ?? letter(index)
    }
}
