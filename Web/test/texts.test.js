// The web client's built-in words are the Swift client's (Sources/AppAlert/Texts/BuiltInTexts+*.swift):
// read from the Swift source, so a word changed or a language added there fails here until it is here too.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { LanguageTag, closeLabel, okLabel } from "../src/index.js";
import { builtInWords } from "../src/language.js";
import { updateTexts } from "../src/update-texts.js";

const folder = fileURLToPath(new URL("../../Sources/AppAlert/Texts/", import.meta.url));

/** @param {string} word */
function swiftTable(word) {
  /** @type {Record<string, string>} */
  const table = {};
  for (const file of fs.readdirSync(folder).filter((name) => name.startsWith("BuiltInTexts+"))) {
    const source = fs.readFileSync(folder + file, "utf8");
    for (const entry of source.split(/\n\s*"(?=[A-Za-z-]+": BuiltInTexts\()/).slice(1)) {
      const key = entry.slice(0, entry.indexOf('"'));
      const found = new RegExp(`\\b${word}:\\s*"([^"]*)"`).exec(entry);
      if (found) table[key] = found[1];
    }
  }
  return table;
}

test("the OK and close words are the Swift client's, in the same 46 languages", () => {
  for (const word of /** @type {const} */ (["ok", "close"])) {
    const swift = swiftTable(word);
    assert.equal(Object.keys(swift).length, 46);
    assert.deepEqual(builtInWords(word), swift, word);
  }
});

test("the close label follows the languages as the OK label does", () => {
  const tags = (/** @type {string[]} */ ...texts) => texts.map((text) => new LanguageTag(text));
  assert.equal(closeLabel(tags("ar-EG")), "إغلاق");
  assert.equal(closeLabel(tags("nn-NO")), "Lukk");
  assert.equal(closeLabel(tags("zh-TW")), "關閉");
  assert.equal(closeLabel(tags("xx", "de-AT")), "Schließen");
  assert.equal(closeLabel(tags("xx")), "Close");
  assert.equal(okLabel(tags("es-MX")), "Aceptar");
});

test("the update prompt's texts are the Swift client's, in the same 46 languages", () => {
  const words = ["optionalTitle", "optionalMessage", "requiredTitle", "requiredMessage", "update", "later", "skip"];
  const tables = words.map(swiftTable);
  assert.equal(Object.keys(updateTexts).length, 46);
  for (const [key, texts] of Object.entries(updateTexts)) {
    assert.deepEqual(texts, tables.map((table) => table[key]), key);
  }
});
