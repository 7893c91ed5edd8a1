// The JSON reader (src/json.js) as the Swift engine's JSONParser reads: what it keeps, and where its
// errors are (a byte offset, a line, a column in characters), also after text that is not ASCII and in
// bytes that are not UTF-8.

import { test } from "node:test";
import assert from "node:assert/strict";
import { JSONObject, JSONSyntaxError, parseJSON } from "../src/json.js";

const bytes = (/** @type {Array<string | number[]>} */ ...parts) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part)] : part)));

test("a byte order mark inside a string is kept, as the Swift engine keeps it; only the document's first is skipped", () => {
  assert.deepEqual(parseJSON(bytes([0xef, 0xbb, 0xbf], '["\ufeffa", "b\\n\ufeffc"]')), ["\ufeffa", "b\n\ufeffc"]);
  const object = /** @type {JSONObject} */ (parseJSON('{"\ufeffid": 1}'));
  assert.deepEqual(object.names, ["\ufeffid"]);
});

test("an object keeps every member in order, and the last of a repeated key wins", () => {
  const object = /** @type {JSONObject} */ (parseJSON('{"a": 1, "b": [true, null], "a": "x", "": {}}'));
  assert.deepEqual(object.members.map(([key]) => key), ["a", "b", "a", ""]);
  assert.equal(object.get("a"), "x");
  assert.deepEqual(object.get("b"), [true, null]);
  assert.equal(object.get("c"), undefined);
});

/** @type {Array<[string, Uint8Array | string, number, number, number, string]>} */
const errors = [
  ["after two-byte and four-byte characters", '["é😀", x]', 11, 1, 8, "unexpected 'x', expected a value"],
  ["on a later line", '["é",\n "😀😀" , "\\q"]', 22, 2, 10, "invalid escape '\\q'"],
  ["a character that is not ASCII where a value goes", '[1, é]', 4, 1, 5, "unexpected byte 0xC3, expected a value"],
  ["an escape of a character that is not ASCII", '["\\é"]', 2, 1, 3, "invalid escape '\\Ã'"],
  ["a literal cut short by a character that is not ASCII", "[tr€]", 1, 1, 2, "invalid literal, expected 'true'"],
  ["a \\u escape cut short by a character that is not ASCII", '["\\u1é"]', 5, 1, 6, "invalid hex digit in a \\u escape"],
  ["a lone surrogate", '["😀\\ud800x"]', 6, 1, 4, "lone surrogate \\uD800"],
  ["invalid UTF-8 in a string", bytes('["é",\n"a', [0xff], 'b"]'), 7, 2, 1, "invalid UTF-8 in a string"],
  ["a control character before invalid UTF-8 in the same string", bytes('["a', [0xc3], '\u0001"]'), 4, 1, 5, "unescaped control character in a string"],
  ["invalid UTF-8 outside a string", bytes('{"é": 1,', [0xc0, 0x80], "}"), 9, 1, 9, "unexpected byte 0xC0, expected a key in quotes"],
  ["a trailing comma after a byte order mark", bytes([0xef, 0xbb, 0xbf], "[1,\n]"), 5, 1, 4, "trailing comma before ']': JSON allows none; remove it"],
];

for (const [name, input, offset, line, column, reason] of errors) {
  test(`an error says where it is: ${name}`, () => {
    assert.throws(() => parseJSON(input), (error) => {
      assert.ok(error instanceof JSONSyntaxError);
      assert.deepEqual([error.offset, error.line, error.column, error.reason], [offset, line, column, reason]);
      return true;
    });
  });
}
