// BCP 47 language tags and the matching rule that chooses a localization or a built-in text
// (Sources/AppAlert/Targeting/LanguageTag.swift, LanguageMatching.swift).

/** @param {string} s */
const isLetters = (s) => /^[a-z]+$/.test(s);
/** @param {string} s */
const isDigits = (s) => /^[0-9]+$/.test(s);

/** A language tag such as pt-BR, compared without regard to case, with _ read as -. */
export class LanguageTag {
  /** @param {string} tag */
  constructor(tag) {
    this.original = tag;
    // Swift's lowercased() is Unicode-aware, as toLowerCase is.
    this.subtags = tag.toLowerCase().replaceAll("_", "-").split("-");
  }

  get isWellFormed() {
    const language = this.subtags[0];
    if (language === undefined || language === "") return false;
    if (language === "*") return this.subtags.length === 1;
    const length = [...language].length;
    if (!((length >= 2 && length <= 3) || language === "x" || language === "i") || !isLetters(language)) return false;
    return this.subtags.slice(1).every((subtag) => {
      const count = [...subtag].length;
      return count >= 1 && count <= 8 && /^[a-z0-9]+$/.test(subtag);
    });
  }

  get language() {
    return this.subtags[0] ?? "";
  }

  /**
   * RFC 4647 basic filtering, this tag as the range.
   * @param {LanguageTag} tag
   */
  matches(tag) {
    if (this.subtags.length === 1 && this.subtags[0] === "*") return true;
    if (this.subtags.length > tag.subtags.length) return false;
    return this.subtags.every((subtag, index) => subtag === tag.subtags[index]);
  }

  /** Whether text in this language runs right to left. */
  get isRightToLeft() {
    const script = this.subtags.slice(1).find((s) => [...s].length === 4 && isLettersUnicode(s));
    if (script !== undefined) return ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].includes(script);
    return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].includes(this.language);
  }

  toString() {
    return this.original;
  }
}

/**
 * Character.isLetter over a subtag (well-formed tags are ASCII).
 * @param {string} s
 */
function isLettersUnicode(s) {
  return /^\p{L}+$/u.test(s);
}

/** @param {string} language */
function canonicalLanguage(language) {
  switch (language) {
    case "iw": return "he";
    case "in": return "id";
    case "ji": return "yi";
    case "tl": return "fil";
    default: return language;
  }
}

/**
 * @param {string} language
 * @param {string | undefined} region
 */
function likelyScript(language, region) {
  if (language === "zh") return ["tw", "hk", "mo"].includes(region ?? "") ? "hant" : "hans";
  if (language === "sr") return region === "me" ? "latn" : "cyrl";
  return undefined;
}

const latinAmerica = new Set([
  "ar", "bo", "br", "bz", "cl", "co", "cr", "cu", "do", "ec", "gt", "hn", "mx", "ni", "pa", "pe", "pr",
  "py", "sv", "us", "uy", "ve",
]);

/**
 * @param {string} language
 * @param {string} region
 */
function parentRegion(language, region) {
  if (language === "pt") return region === "br" ? undefined : "pt";
  if (language === "es") return latinAmerica.has(region) ? "419" : undefined;
  if (language === "zh") return region === "mo" ? "hk" : undefined;
  return undefined;
}

/** @type {Record<string, string>} */
const mainRegion = { pt: "br", es: "es", fr: "fr", en: "us" };

/** A tag reduced to what the matching compares. */
class Key {
  /** @param {LanguageTag} tag */
  constructor(tag) {
    const language = canonicalLanguage(tag.language);
    const rest = tag.subtags.slice(1);
    const written = rest.find((s) => [...s].length === 4 && isLettersUnicode(s));
    const region = rest.find(
      (s) => ([...s].length === 2 && isLettersUnicode(s)) || ([...s].length === 3 && /^\p{N}+$/u.test(s)),
    );
    this.language = language;
    this.region = region;
    this.script = written ?? likelyScript(language, region);
    this.subtags = [language, ...rest];
  }
}

/**
 * @param {Key} candidate
 * @param {Key} wanted
 */
function rank(candidate, wanted) {
  if (candidate.subtags.length === wanted.subtags.length && candidate.subtags.every((s, i) => s === wanted.subtags[i])) {
    return 0;
  }
  if (wanted.region !== undefined) {
    if (candidate.region === wanted.region) return 1;
    const parent = parentRegion(wanted.language, wanted.region);
    if (parent !== undefined && candidate.region === parent) return 2;
  }
  if (candidate.region === undefined) return 3;
  if (wanted.region === undefined && candidate.region === mainRegion[wanted.language]) return 4;
  return 5;
}

/**
 * @param {Key[]} candidates
 * @param {Key} wanted
 */
function bestKey(candidates, wanted) {
  let found = -1;
  let foundRank = Infinity;
  candidates.forEach((candidate, index) => {
    if (candidate.language !== wanted.language || candidate.script !== wanted.script) return;
    const r = rank(candidate, wanted);
    if (r < foundRank) {
      found = index;
      foundRank = r;
    }
  });
  return found < 0 ? undefined : found;
}

/**
 * The index in `candidates` that serves `preferred` (most preferred first), or undefined.
 * @param {LanguageTag[]} candidates
 * @param {LanguageTag[]} preferred
 * @returns {number | undefined}
 */
export function bestLanguage(candidates, preferred) {
  const keys = candidates.map((tag) => new Key(tag));
  for (const language of preferred) {
    const wanted = [new Key(language)];
    const canonical = canonicalLanguage(language.language);
    if (canonical === "no" || canonical === "nn") wanted.push(new Key(new LanguageTag("nb")));
    for (const key of wanted) {
      const found = bestKey(keys, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The default dismiss button's label per built-in language (Sources/AppAlert/Texts). */
const okLabels = /** @type {Record<string, string>} */ ({
  ar: "حسنًا", bg: "OK", bn: "ঠিক আছে", ca: "D’acord", cs: "OK", da: "OK", de: "OK", el: "OK", en: "OK",
  es: "Aceptar", et: "OK", fa: "تأیید", fi: "OK", fil: "OK", fr: "OK", he: "אישור", hi: "ठीक है", hr: "U redu",
  hu: "OK", id: "OK", it: "OK", ja: "OK", kk: "Жарайды", ko: "확인", lt: "Gerai", lv: "Labi", ms: "OK", nb: "OK",
  nl: "OK", pl: "OK", "pt-BR": "OK", "pt-PT": "OK", ro: "OK", ru: "ОК", sk: "OK", sl: "V redu", sr: "У реду",
  "sr-Latn": "U redu", sv: "OK", th: "ตกลง", tr: "Tamam", uk: "OK", ur: "ٹھیک ہے", vi: "OK", "zh-Hans": "好",
  "zh-Hant": "好",
});
/** The close control's label per built-in language (Sources/AppAlert/Texts, MessageTexts.close). */
const closeLabels = /** @type {Record<string, string>} */ ({
  ar: "إغلاق", bg: "Затваряне", bn: "বন্ধ করুন", ca: "Tanca", cs: "Zavřít", da: "Luk", de: "Schließen",
  el: "Κλείσιμο", en: "Close", es: "Cerrar", et: "Sulge", fa: "بستن", fi: "Sulje", fil: "Isara", fr: "Fermer",
  he: "סגירה", hi: "बंद करें", hr: "Zatvori", hu: "Bezárás", id: "Tutup", it: "Chiudi", ja: "閉じる", kk: "Жабу",
  ko: "닫기", lt: "Uždaryti", lv: "Aizvērt", ms: "Tutup", nb: "Lukk", nl: "Sluit", pl: "Zamknij", "pt-BR": "Fechar",
  "pt-PT": "Fechar", ro: "Închide", ru: "Закрыть", sk: "Zavrieť", sl: "Zapri", sr: "Затвори", "sr-Latn": "Zatvori",
  sv: "Stäng", th: "ปิด", tr: "Kapat", uk: "Закрити", ur: "بند کریں", vi: "Đóng", "zh-Hans": "关闭", "zh-Hant": "關閉",
});
/** The built-in tables, for the test that keeps them equal to the Swift ones. */
export const builtInWords = Object.freeze({ ok: okLabels, close: closeLabels });
// Sorted as Swift sorts strings (by Unicode scalars; the keys are ASCII). Both tables have the same keys.
const builtInKeys = Object.keys(okLabels).sort();
const builtInTags = builtInKeys.map((key) => new LanguageTag(key));

/**
 * "OK" in the first preferred language the built-in texts serve, else English.
 * @param {LanguageTag[]} languages
 */
export function okLabel(languages) {
  const found = bestLanguage(builtInTags, languages);
  return found === undefined ? "OK" : okLabels[builtInKeys[found]];
}

/**
 * The close control's label in the first preferred language the built-in texts serve, else English.
 * @param {LanguageTag[]} languages
 */
export function closeLabel(languages) {
  const found = bestLanguage(builtInTags, languages);
  return found === undefined ? "Close" : closeLabels[builtInKeys[found]];
}
