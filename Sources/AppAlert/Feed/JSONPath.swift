import Foundation

/// Builds JSON paths in the form `$.messages[0].localizations["pt-BR"]`.
package enum JSONPath {
    package static func appending(_ fullKey: String, to path: String) -> String {
        let key = Excerpt.of(fullKey)
        let isIdentifier =
            !key.isEmpty && key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        if isIdentifier { return path + "." + key }
        var quoted = ""
        JSONValue.writeString(key, to: &quoted)
        return path + "[" + quoted + "]"
    }
}

/// Suggests the known key an unknown one was probably meant to be.
enum KeySuggestion {
    /// The known key at most a quarter of its length (1 or 2) edits away; `loosely`, at most 2 edits
    /// for any of 5 letters or more: for a value among a few long ones (a layout: `"banar"` is `"banner"`).
    static func closest(to key: String, among known: [String], loosely: Bool = false) -> String? {
        // A suggestion is at most two edits away: a key much longer than every known one has none,
        // and the distance is never computed over a hostile feed's 2 MB key.
        let longest = known.map(\.count).max() ?? 0
        guard key.utf8.count <= 4 * (longest + 2) else { return nil }
        let lowered = key.lowercased()
        if let match = known.first(where: { $0.lowercased() == lowered }) { return match }
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lowered, candidate.lowercased())
            let allowed = loosely && candidate.count >= 5 ? 2 : max(1, min(2, candidate.count / 4))
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters ("titel" is one step from "title").
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

extension JSONValue {
    /// Compact JSON, shortened to 80 characters, for diagnostics.
    var compactDescription: String {
        let text = jsonText()
        guard text.count > 80 else { return text }
        return String(text.prefix(77)) + "..."
    }
}
