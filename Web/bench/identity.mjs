#!/usr/bin/env node
// Everything the web engine derives from many inputs, printed, to compare before and after a change that
// must not change what it decides or says (a speed-up): the JSON reader's value or error (byte offset,
// line, column, reason) and decodeFeed's result for every feed of conformance/cases in four printings,
// hostile shapes (deep nesting, huge strings, escapes, duplicate and unknown keys, numbers at the edges of
// 2^53 and 2^63, literals cut short, lone surrogates), bytes that are not UTF-8 and byte order marks,
// every truncation and many one-byte changes of a feed with text that is not ASCII; each conformance case
// run as `appalert-web evaluate` runs it; versions, timestamps and excerpts.
//
//     node Web/bench/identity.mjs [--feed FILE] > before.txt     # e.g. FeedBenchmark --write-feed FILE
//     (change the engine)
//     node Web/bench/identity.mjs [--feed FILE] > after.txt && cmp before.txt after.txt
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { decodeFeed, parseJSON } from "../src/index.js";
import { runWeb } from "../../conformance/lib.mjs";
import { Version } from "../src/version.js";
import { parseTimestamp } from "../src/dates.js";
import { excerpt } from "../src/diagnostics.js";

const out = [];
const enc = new TextEncoder();
const show = (v) => {
  if (v === null || typeof v === "boolean") return String(v);
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : "n" + String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(show).join(",") + "]";
  return "{" + v.members.map(([k, x]) => JSON.stringify(k) + ":" + show(x)).join(",") + "}" + "" ;
};
const err = (e) => `${e.constructor.name}: ${e.message}` + (e.line !== undefined ? ` @${e.offset}/${e.line}/${e.column}/${JSON.stringify(e.reason)}` : "") + (e.code ? ` code=${e.code}` : "");
const replacer = (k, v) => v && Array.isArray(v.names) && Array.isArray(v.values) ? { members: v.members } : v instanceof Map ? { map: [...v] } : typeof v === "bigint" ? v.toString() + "n" : v instanceof Set ? [...v] : v;
let count = 0;
function parseCase(label, input) {
  count += 1;
  const bytes = typeof input === "string" ? enc.encode(input) : input;
  let a;
  try { a = show(parseJSON(bytes)); } catch (e) { a = "E " + err(e); }
  if (typeof input === "string") {
    let s; try { s = show(parseJSON(input)); } catch (e) { s = "E " + err(e); }
    if (s !== a) a += " | string: " + s;
  }
  for (const depth of [3]) { try { parseJSON(bytes, depth); a += " d3ok"; } catch (e) { a += " d3 " + err(e); } }
  let f;
  try { f = JSON.stringify(decodeFeed(bytes), replacer); } catch (e) { f = "E " + err(e); }
  if (f.length > 2000) f = createHash("sha256").update(f).digest("hex");
  if (a.length > 2000) a = "len" + a.length + " " + createHash("sha256").update(a).digest("hex") + " " + a.slice(0, 300);
  out.push(`${label}\n  ${a}\n  ${f}`);
}

// conformance cases, several printings
const dir = fileURLToPath(new URL("../../conformance/cases", import.meta.url));
const asciiOnly = (t) => t.replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
for (const file of readdirSync(dir).sort()) {
  for (const c of JSON.parse(readFileSync(`${dir}/${file}`, "utf8")).cases) {
    if (c.feed === undefined && c.feedText === undefined) { out.push(`RUN ${file} ${c.name}: ${JSON.stringify(await runWeb(c))}`); continue; }
    const texts = c.feedText !== undefined ? [c.feedText] : [JSON.stringify(c.feed), JSON.stringify(c.feed, null, 2), asciiOnly(JSON.stringify(c.feed, null, "\t")), "\ufeff" + JSON.stringify(c.feed, null, 1)];
    texts.forEach((t, i) => parseCase(`${file} ${c.name} #${i}`, t));
    const r = await runWeb(c);
    out.push(`RUN ${file} ${c.name}: ${JSON.stringify(r)}`);
  }
}
// hostile and error shapes
const H = [];
for (const d of [3, 4, 63, 64, 65, 66, 1000, 100000]) { H.push("[".repeat(d) + "]".repeat(d)); H.push('{"a":'.repeat(d) + "1" + "}".repeat(d)); H.push("[".repeat(d)); }
H.push(JSON.stringify(["x".repeat(1 << 20)]), JSON.stringify(["\\\"\n\t".repeat(100000)]), JSON.stringify(["é😀€".repeat(100000)]));
H.push("[" + '"' + "\\u00e9\\ud83d\\ude00\\u0041\\n".repeat(50000) + '"]');
H.push("{" + Array.from({ length: 20000 }, (_, i) => `"a":${i}`).join(",") + "}");
H.push('{"messages":[{' + Array.from({ length: 5000 }, (_, i) => `"id":${i}`).join(",") + ',"bundleId":"x","title":"t","text":"x"}]}');
H.push('{"messages":[' + Array.from({ length: 200 }, (_, i) => `{"id":${i + 1},"id":${i + 1},"bundleId":"b","title":"t","text":"x","foo":1,"foo":2,"titl":3}`).join(",") + "]}");
const nums = ["1e400", "-1e400", "-0", "0", "-0.0", "1.0", "9007199254740993", "9007199254740992", "-9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1E+2", "1e-400", "01", "-", "-a", "1.", "1.e1", "1e", "1e+", ".5", "1.5e3", "123456789012345678901234567890", "12345678901234567890.5", "9007199254740993.0", "1" + "0".repeat(5000), "0." + "1".repeat(5000), "-01", "1e5", "100", "2.5E-3", "0e0", "-0e-0", "1" + "0".repeat(400) + ".0"];
for (const n of nums) { H.push(n, `[${n}]`, `{"a":${n}}`, `{"format":2,"messages":[{"id":${n},"bundleId":"b","title":"t","text":"x","rollout":${n}}]}`); }
const lits = ["tru", "tr€", "nul", "falsey", "truex", "t", "n\u20ac", "true", "false", "null", "fals", "nulll", "[tru]", "[t€ue]", "{\"a\":n", "[nul"];
H.push(...lits);
const strs = ['"\\u"', '"\\u1"', '"\\u12"', '"\\u123"', '"\\u1234"', '"\\u1é"', '"\\u1é3"', '"\\uzzzz"', '"\\ud800"', '"\\udc00"', '"\\ud800\\u0041"', '"\\ud800x"', '"\\ud800\\u"', '"\\ud800\\ud800"', '"\\ud800\\udc00"', '"\\ud800', '"\\ud800\\', '"\\ud800\\u12"', '"\\ud800\\uDFFF"', '"\\uD83D\\uDE00é"', '"\\x"', '"\\', '"abc', '"a\tb"', '"a\nb"', '"a\u0000"', '"\u007f"', '"\\/"', '"\\b\\f\\n\\r\\t\\"\\\\"', '"é\\q"', '"😀\\q"', '"😀\u0001"', '"\\ud83d\\ude00\u0001"', '"\\u00e9', '"\\uD800\\uDBFF"', '"ab\\u0000c"'];
for (const s of strs) H.push(s, `[${s}]`, `{${s}:1}`, `{"k":${s}}`, `\n  \n é[1,\n${s}`);
H.push("", " ", "\n\n", "\ufeff", "\ufeff\ufeff[]", "\ufeff[]", "[\ufeff]", "[] x", "[]\n\n  é", "[1,]", "{\"a\":1,}", "[1 , \n ]", "{\"a\":1 ,  }", "[,]", "{,}", "[1,,2]", "{\"a\" 1}", "{\"a\":}", "{\"a\"", "{\"a\":1", "{\"a\":1 \"b\":2}", "[1 2]", "{1:2}", "{'a':1}", "\u007f", "[\u00a0]", "[😀]", "😀", "é", "[1]\u2028", "{\"" + "k😀".repeat(60) + "\" 1}", "{\"" + "k".repeat(100) + "\" 1}", "{\"" + "k".repeat(101) + "\" 1}", "[\"\u2028\"]", "{\"messages\":[]}", "{\"messages\":{}}", "{\"messges\":[]}", "{}", "[]", "[1]\r\n", "\r\n[1, x]", "[1,\r\n\r\n\tx]", "[\"é\",\n\"😀😀\", x]", "[\"é\",\n\"😀😀\"  , \"\\q\"]");
H.push("[\"\ufeffabc\"]", "[\"a\\n\ufeffb\"]", "{\"\ufeffid\":1}", "[\"\\ud83d\\ude00\ufeff\"]");
const filler = (n) => Array.from({ length: n }, (_, i) => `"x${i % 7}":${i}`).join(",");
for (const n of [0, 5, 10, 17, 40]) {
  H.push(`[{"id":1,"title":null,"title":"a",${filler(n)},"bundleId":"b","text":"x","text":null,"link":{"title":"t","title":"u","url":"https://e.com","x":1,"url":null}}]`);
  H.push(`[{"id":1,"title":"a","bundleId":"b","text":"x","text":null,"text":"y",${filler(n)},"appVersions":["1.0","2"],"appVersions":null,"osVersions":["1","x"]}]`);
  H.push(`[{"id":1,"title":"a","bundleId":"b","text":"t",${filler(n)},"link":{${filler(n)},"title":"t","url":"https://e.com"},"data":{${filler(n)}},"localizations":{"de":{"title":"x","title":"y",${filler(n)}}},"attributes":{"a":[1,"x"],"a":true}}]`);
}
H.forEach((h, i) => parseCase(`hostile ${i}`, h));
// bytes: invalid UTF-8 and BOM fragments
const B = [];
const b = (...parts) => Uint8Array.from(parts.flatMap((p) => typeof p === "string" ? [...enc.encode(p)] : p));
const bad = [[0xff], [0xc3], [0xc3, 0x28], [0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xef, 0xbb], [0xfe], [0xc2, 0xa0]];
for (const x of bad) {
  B.push(b('["', x, '"]'), b('["a', x, 'b"]'), b('["a', x), b('["a', x, '\\n"]'), b('["a', x, '\u0001"]'), b('["a', x, '\\q"]'), b('{"k', x, '" 1}'), b('{"k', x, '":1}'), b(x), b("[", x, "]"), b("[1", x, "]"), b("[tr", x, "]"), b("tr", x), b("t", x), b("[1,", x), b(x, "[]"), b("[\"\\u", x, "\"]"), b("[\"\\u12", x, "\"]"), b("[\"\\ud800\\u", x, "\"]"), b("[\"\\ud800", x, "\"]"), b("[\"é\",\n\"a", x, "\"]"), b("[\"é\",\n", x, "]"), b('{"messages":[{"id":1,"bundleId":"b', x, '","title":"t","text":"x"}]}'), b('["', x, '" "', [0xff], '"]'), b('["ok"', x, ']'), b("[\"\\ud83d\\ude00", x, "\"]"), b('[0', x, ']'), b('[-', x, ']'), b('[1.', x, ']'), b('[1e', x, ']'), b('[1', x), b('["', x, '\\u00"]'), b('["', x, '\\ud800"]'), b('["', x));
}
B.push(b([0xef, 0xbb, 0xbf], "[]"), b([0xef, 0xbb], "[]"), b([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], "[]"), b([0xef, 0xbb, 0xbf]), b([0xef, 0xbb, 0xbf], " [1, x]"), b([0xef, 0xbb, 0xbf], "\n[1, x]"));
B.forEach((x, i) => parseCase(`bytes ${i}`, x));
// truncations and single-byte mutations of a feed with non-ASCII text
const sample = JSON.stringify({ format: 2, messages: [{ id: 1, bundleId: "com.ex", title: "Grüße 😀", text: "a\"b\\c\n", rollout: 50.5, platforms: ["ios"], appVersions: ["1.0", "2.0-beta.1+b"], startDate: "2026-01-01T00:00:00Z", link: "https://ex.com/ä", data: { k: "v", n: -0 } }, { id: 2, bundleId: "x", title: "t", text: "\u2028x" }] }, null, 1).replace("Grüße", "Gr\\u00fc\\u00dfe");
const sb = enc.encode(sample);
for (let n = 0; n <= sb.length; n += 1) parseCase(`trunc ${n}`, sb.subarray(0, n));
const muts = [0x22, 0x5c, 0x2c, 0x5d, 0x7d, 0x3a, 0x20, 0x78, 0x30, 0x0a, 0x00, 0xff, 0xc3, 0x2d, 0x2e, 0x65, 0x74, 0x5b, 0x7b, 0x80, 0x75];
for (let p = 0; p < sb.length; p += 1) for (const m of muts) { if (sb[p] === m) continue; const c = sb.slice(); c[p] = m; parseCase(`mut ${p} ${m}`, c); }
// a large feed, if given
const feedAt = process.argv.indexOf("--feed");
if (feedAt >= 0) parseCase("--feed", new Uint8Array(readFileSync(process.argv[feedAt + 1])));
// versions and timestamps
const vs = ["", "1", "1.2.3", "1.2.3-beta.1+b.2", "01", "1..2", "1.2-", "1.2+", "1.2-é", "1é", "é", "1.2.3-01", "1.2.3-99999999999999999999999", "1.2.3-a..b", "9223372036854775808", "9223372036854775807", "-1", "+1", "1.2 ", " 1", "1.2-a+b+c", "1.2-a-b.c-", "1.2+é", "1.2-\u0000", "1.2\ud800", "1.2-\ud800", "1.x", "1.2-1.02", "1.2-18446744073709551615", "1.2-18446744073709551616", "1.2.", ".1", "1.2-a+", "1.2-+b", "1😀"];
for (const v of vs) { let r; try { const x = Version.parse(v); r = JSON.stringify({ c: x.components, p: x.prerelease, b: x.build, s: String(x) }, replacer); } catch (e) { r = "E " + err(e); } out.push(`version ${JSON.stringify(v)}: ${r}`); }
const ts = ["2026-01-01T00:00:00Z", "2026-01-01t00:00:00z", "2026-01-01 00:00:00+01:30", "2026-01-01T00:00:00.123Z", "20é", "202é-01-01T00:00:00Z", "2026-01-01T00:00:00", "2026-01-01T00:00:00.Z", "2026é01-01T00:00:00Z", "2026-01-01T00:00:00+0", "2026-01-01T00:00:00+01:3é", "", "2026", "2026-13-01T00:00:00Z", "2026-01-01T00:00:60Z", "2026-01-01T00:00:00Zx", "2026-01-01T00:00:00-00:00", "2026-01-01\u00a000:00:00Z", "9999-12-31T23:59:59.9999999Z", "2026-01-01T00:00:00.1234567890123Z", "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00😀"];
for (const t of ts) { let r; try { r = String(parseTimestamp(t)); } catch (e) { r = "E " + err(e); } out.push(`timestamp ${JSON.stringify(t)}: ${r}`); }
for (const t of ["", "abc", "a".repeat(100), "a".repeat(101), "😀".repeat(100), "😀".repeat(60), "é".repeat(101), "\ud800".repeat(101)]) out.push(`excerpt ${t.length}: ${excerpt(t)} ${excerpt(t, 5)}`);
process.stdout.write(out.join("\n") + `\n${count} parses\n`);
