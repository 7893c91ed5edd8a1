extension JSONValue {
    /// The value as JSON text. Object members keep their order, so the same value always gives the
    /// same bytes. With `pretty`, members and elements go on lines of their own, indented by two spaces.
    /// With `scriptSafe`, `<`, `>`, `&` and `'` are escaped too, so the text can stand inside an HTML
    /// `<script>` and JavaScript source.
    package func jsonText(pretty: Bool = false, scriptSafe: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0, scriptSafe: scriptSafe)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int, scriptSafe: Bool) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                output += String(Int64(value))
            } else {
                output += "\(value)"
            }
        case .string(let value): JSONValue.writeString(value, to: &output, scriptSafe: scriptSafe)
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                if pretty { JSONValue.newline(&output, indent + 1) }
                element.write(to: &output, pretty: pretty, indent: indent + 1, scriptSafe: scriptSafe)
            }
            if pretty { JSONValue.newline(&output, indent) }
            output += "]"
        case .object(let object):
            if object.members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { output += "," }
                if pretty { JSONValue.newline(&output, indent + 1) }
                JSONValue.writeString(member.key, to: &output, scriptSafe: scriptSafe)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, indent: indent + 1, scriptSafe: scriptSafe)
            }
            if pretty { JSONValue.newline(&output, indent) }
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int) {
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Writes `string` as a JSON string literal. Besides what JSON requires, U+2028 and U+2029 are
    /// escaped so the text is also safe inside JavaScript source.
    static func writeString(_ string: String, to output: inout String, scriptSafe: Bool = false) {
        output += "\""
        for scalar in string.unicodeScalars {
            if scriptSafe, scalar == "<" || scalar == ">" || scalar == "&" || scalar == "'" {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                continue
            }
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
