import AppAlert
import Foundation
import Testing

struct JSONParserTests {
    static let valid: [(String, JSONValue)] = [
        ("null", .null),
        ("true", .bool(true)),
        (" false ", .bool(false)),
        ("0", .integer(0)),
        ("-12", .integer(-12)),
        ("9223372036854775807", .integer(Int64.max)),
        ("-9223372036854775808", .integer(Int64.min)),
        ("9223372036854775808", .number(9_223_372_036_854_775_808)),
        ("1.5", .number(1.5)),
        ("1e2", .number(100)),
        ("-0.25E-1", .number(-0.025)),
        ("\"\"", .string("")),
        ("\"a\\\"b\\\\c\\/d\\n\\t\"", .string("a\"b\\c/d\n\t")),
        ("\"\\u00e9\\u20AC\"", .string("é€")),
        ("\"\\ud83d\\ude00\"", .string("😀")),
        ("\"née 😀\"", .string("née 😀")),
        ("[]", .array([])),
        ("[1, [2, []], {}]", .array([.integer(1), .array([.integer(2), .array([])]), .object(JSONObject())])),
        ("{\"b\": 1, \"a\": [true]}", .object(JSONObject(["b": .integer(1), "a": .array([.bool(true)])]))),
        ("\u{FEFF}[1]", .array([.integer(1)])),
    ]

    @Test(arguments: valid)
    func parsesValidJSON(text: String, expected: JSONValue) throws {
        #expect(try JSONParser().parse(text) == expected)
    }

    static let invalid: [(String, Int, Int, String)] = [
        ("", 1, 1, "expected a value"),
        ("[1,]", 1, 3, "trailing comma before ']'"),
        ("{\"a\":1,}", 1, 7, "trailing comma before '}'"),
        ("[1, ,2]", 1, 5, "expected a value"),
        ("{\"a\":1, 2}", 1, 9, "expected a key"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{'a': 1}", 1, 2, "expected a key in quotes"),
        ("[\n  1,\n  tru\n]", 3, 3, "invalid literal"),
        ("01", 1, 1, "leading zero"),
        ("1.", 1, 1, "a digit must follow '.'"),
        ("NaN", 1, 1, "expected a value"),
        ("\"abc", 1, 1, "unterminated string"),
        ("\"a\u{01}b\"", 1, 3, "unescaped control character"),
        ("\"\\x\"", 1, 2, "invalid escape"),
        ("\"\\ud83d\"", 1, 2, "lone surrogate"),
        ("[1] [2]", 1, 5, "after the document"),
        ("// comment\n[]", 1, 1, "expected a value"),
        ("1e999", 1, 1, "out of range"),
    ]

    @Test(arguments: invalid)
    func reportsWhereAndWhyADocumentIsNotJSON(text: String, line: Int, column: Int, reason: String) {
        do {
            let value = try JSONParser().parse(text)
            Issue.record("accepted as \(value)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    /// Ill-formed UTF-8 inside a string, on the fast path (no escapes) and after an escape.
    static let illFormedUTF8: [(String, [UInt8])] = [
        ("truncated two-byte sequence", [0xC3, 0x28]),
        ("lone continuation byte", [0x80]),
        ("overlong slash", [0xC0, 0xAF]),
        ("overlong three-byte NUL", [0xE0, 0x80, 0x80]),
        ("UTF-16 surrogate", [0xED, 0xA0, 0x80]),
        ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ("invalid lead byte", [0xFF]),
        ("sequence cut by the closing quote", [0xE2, 0x82]),
    ]

    @Test(arguments: illFormedUTF8)
    func rejectsIllFormedUTF8InStrings(shape: String, bytes: [UInt8]) {
        let quote = UInt8(ascii: "\""), escape: [UInt8] = Array("\\n".utf8)
        for document in [[quote] + bytes + [quote], [quote] + escape + bytes + [quote]] {
            #expect(throws: JSONValue.SyntaxError.self, "\(shape)") { try JSONParser().parse(Data(document)) }
        }
    }

    @Test
    func keepsWellFormedReplacementCharactersAndAstralScalars() throws {
        // U+FFFD written literally is well-formed and stays; so do 4-byte scalars, with or without escapes.
        #expect(try JSONParser().parse("\"a\u{FFFD}b😀\"") == .string("a\u{FFFD}b😀"))
        #expect(try JSONParser().parse("\"\\n\u{FFFD}😀\"") == .string("\n\u{FFFD}😀"))
    }

    @Test
    func refusesNestingDeeperThanTheLimit() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONParser().parse(deep) }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try JSONParser().parse(allowed)
        // A deeply nested hostile document fails cleanly instead of exhausting the stack.
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONParser().parse(hostile) }
    }

    @Test
    func lastValueWinsForARepeatedKey() throws {
        guard case .object(let object) = try JSONParser().parse("{\"a\":1,\"a\":2}") else {
            Issue.record("not an object")
            return
        }
        #expect(object["a"] == .integer(2))
        #expect(object.keys == ["a", "a"])
    }

    @Test(arguments: [
        "{\"b\":1,\"a\":[true,null,\"x\\\"y\"],\"c\":{\"d\":-2.5}}",
        "[\"line\\nbreak\",\"\\u2028\",\"é\"]",
        "{}",
    ])
    func serializationRoundTripsAndKeepsKeyOrder(text: String) throws {
        let value = try JSONParser().parse(text)
        #expect(value.jsonText() == text)
        #expect(try JSONParser().parse(value.jsonText(pretty: true)) == value)
    }
}

/// ``JSONParser/parseLayout(_:)``: where the top-level object's members lie in the bytes, for an edit
/// that changes one member's bytes and no other (`sign --bump-sequence`).
struct JSONLayoutTests {
    static func text(_ data: [UInt8], _ range: Range<Int>) -> String { String(decoding: data[range], as: UTF8.self) }

    @Test
    func theTopLevelMembersAreFoundWithTheirKeysAndValuesAndNothingDeeperIs() throws {
        let source = "\u{FEFF}{\n  \"a\" : [1, {\"b\": 2}],\r\n\t\"s\":\"x\\\"y\", \"a\": null }"
        let bytes = Array(source.utf8)
        let (value, layout) = try JSONParser().parseLayout(Data(bytes))
        #expect(value == (try JSONParser().parse(Data(bytes))))
        let found = try #require(layout)
        #expect(bytes[found.open] == UInt8(ascii: "{") && found.open == 3)
        #expect(bytes[found.close] == UInt8(ascii: "}") && found.close == bytes.count - 1)
        #expect(found.members.map(\.key) == ["a", "s", "a"])
        #expect(found.members.map { Self.text(bytes, $0.keyRange) } == ["\"a\"", "\"s\"", "\"a\""])
        #expect(
            found.members.map { Self.text(bytes, $0.valueRange) } == ["[1, {\"b\": 2}]", "\"x\\\"y\"", "null"])
    }

    @Test(arguments: ["[1, 2]", "\"text\"", "3", "{}", " { } "])
    func aDocumentThatIsNotAnObjectHasNoLayoutAndAnEmptyOneHasNoMembers(source: String) throws {
        let (_, layout) = try JSONParser().parseLayout(Data(source.utf8))
        if source.contains("{") {
            let found = try #require(layout)
            #expect(found.members.isEmpty)
            #expect(Array(source.utf8)[found.open] == UInt8(ascii: "{"))
            #expect(Array(source.utf8)[found.close] == UInt8(ascii: "}"))
        } else {
            #expect(layout == nil)
        }
    }

    @Test
    func aSyntaxErrorIsTheOneParseReports() {
        let source = Data("{\"a\": 1,}".utf8)
        var expected: JSONValue.SyntaxError?
        do { _ = try JSONParser().parse(source) } catch { expected = error }
        var reported: JSONValue.SyntaxError?
        do { _ = try JSONParser().parseLayout(source) } catch { reported = error }
        #expect(expected != nil)
        #expect(reported == expected)
    }
}

struct RFC3339Tests {
    static let valid: [(String, Double)] = [
        ("1970-01-01T00:00:00Z", 0),
        ("2026-03-01T09:00:00Z", 1_772_355_600),
        ("2026-03-01T10:00:00+01:00", 1_772_355_600),
        ("2026-03-01T04:00:00-05:00", 1_772_355_600),
        ("2026-03-01t09:00:00z", 1_772_355_600),
        ("2026-03-01 09:00:00Z", 1_772_355_600),
        ("2026-03-01T09:00:00.250Z", 1_772_355_600.25),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("2016-12-31T23:59:60Z", 1_483_228_799),
        ("1969-12-31T23:59:59Z", -1),
    ]

    @Test(arguments: valid)
    func readsTimestampsWithOffsets(text: String, seconds: Double) throws {
        #expect(try RFC3339.parse(text).timeIntervalSince1970 == seconds)
    }

    static let invalid: [(String, String)] = [
        ("2026-03-01T09:00:00", "offset"),
        ("2026-03-01", "'T'"),
        ("2026-13-01T00:00:00Z", "month 13"),
        ("2025-02-29T00:00:00Z", "day 29"),
        ("2026-03-01T24:00:00Z", "hour 24"),
        ("2026-3-1T09:00:00Z", "digits"),
        ("2026-03-01T09:00:00+0100", "':' in the offset"),
        ("2026-03-01T09:00:00Z junk", "after the offset"),
        ("", "the year is missing"),
    ]

    @Test(arguments: invalid)
    func rejectsWhatIsNotRFC3339(text: String, reason: String) {
        #expect(throws: RFC3339.ParseError.self) { try RFC3339.parse(text) }
        do {
            _ = try RFC3339.parse(text)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test
    func formatsInUTC() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_772_355_600)) == "2026-03-01T09:00:00Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_772_355_600.5)) == "2026-03-01T09:00:00.500Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }
}
