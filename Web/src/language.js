// BCP 47 language tags and the matching rule that chooses a localization or a built-in text
// (Sources/AppAlert/Targeting/LanguageTag.swift, LanguageMatching.swift).

// Subtags by their length in characters (Unicode scalars) and kind, as the Swift engine tells them:
// Character.isLetter, Character.isNumber (well-formed tags are ASCII).
const scriptSubtag = /^\p{L}{4}$/u;
const regionSubtag = /^(\p{L}{2}|\p{N}{3})$/u;

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
    if (!/^([a-z]{2,3}|x|i)$/.test(language)) return false;
    return this.subtags.slice(1).every((subtag) => /^[a-z0-9]{1,8}$/.test(subtag));
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
    const script = this.subtags.slice(1).find((s) => scriptSubtag.test(s));
    if (script !== undefined) return ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].includes(script);
    return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].includes(this.language);
  }

  toString() {
    return this.original;
  }
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
    const written = rest.find((s) => scriptSubtag.test(s));
    const region = rest.find((s) => regionSubtag.test(s));
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
 * Which of `candidates` serves a list of preferred languages (most preferred first): the index, or
 * undefined. The candidates are read once, for a list asked of for many languages (a variant's
 * translations, for each language of its wording).
 * @param {LanguageTag[]} candidates
 * @returns {(preferred: LanguageTag[]) => number | undefined}
 */
export function languageMatcher(candidates) {
  const keys = candidates.map((tag) => new Key(tag));
  return (preferred) => {
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
  };
}

/**
 * The index in `candidates` that serves `preferred` (most preferred first), or undefined.
 * @param {LanguageTag[]} candidates
 * @param {LanguageTag[]} preferred
 */
export const bestLanguage = (candidates, preferred) => languageMatcher(candidates)(preferred);

/**
 * The default dismiss button's label and the close control's label per built-in language, split at "|"
 * (Sources/AppAlert/Texts: BuiltInTexts's ok, MessageTexts.close).
 */
const labels = /** @type {Record<string, string>} */ ({
  ar: "حسنًا|إغلاق", bg: "OK|Затваряне", bn: "ঠিক আছে|বন্ধ করুন", ca: "D’acord|Tanca", cs: "OK|Zavřít",
  da: "OK|Luk", de: "OK|Schließen", el: "OK|Κλείσιμο", en: "OK|Close", es: "Aceptar|Cerrar", et: "OK|Sulge",
  fa: "تأیید|بستن", fi: "OK|Sulje", fil: "OK|Isara", fr: "OK|Fermer", he: "אישור|סגירה", hi: "ठीक है|बंद करें",
  hr: "U redu|Zatvori", hu: "OK|Bezárás", id: "OK|Tutup", it: "OK|Chiudi", ja: "OK|閉じる", kk: "Жарайды|Жабу",
  ko: "확인|닫기", lt: "Gerai|Uždaryti", lv: "Labi|Aizvērt", ms: "OK|Tutup", nb: "OK|Lukk", nl: "OK|Sluit",
  pl: "OK|Zamknij", "pt-BR": "OK|Fechar", "pt-PT": "OK|Fechar", ro: "OK|Închide", ru: "ОК|Закрыть",
  sk: "OK|Zavrieť", sl: "V redu|Zapri", sr: "У реду|Затвори", "sr-Latn": "U redu|Zatvori", sv: "OK|Stäng",
  th: "ตกลง|ปิด", tr: "Tamam|Kapat", uk: "OK|Закрити", ur: "ٹھیک ہے|بند کریں", vi: "OK|Đóng",
  "zh-Hans": "好|关闭", "zh-Hant": "好|關閉",
});
/** @type {{keys: string[], tags: LanguageTag[]} | undefined} */
let builtIn;

/**
 * The built-in languages: their keys, sorted as Swift sorts strings (by Unicode scalars; the keys are
 * ASCII), and their tags. Made at the first label asked for, not when the module loads: a file of the
 * bundle that imports this module but writes no label (the update prompt's, the drawing's) then leaves
 * the table out.
 */
function builtInLanguages() {
  if (builtIn === undefined) {
    const keys = Object.keys(labels).sort();
    builtIn = { keys, tags: keys.map((key) => new LanguageTag(key)) };
  }
  return builtIn;
}

/**
 * One of the two labels (0: OK, 1: close) of the first preferred language the built-in texts serve, else
 * of English.
 * @param {LanguageTag[]} languages
 * @param {number} which
 */
function builtInLabel(languages, which) {
  const { keys, tags } = builtInLanguages();
  const found = bestLanguage(tags, languages);
  return labels[found === undefined ? "en" : keys[found]].split("|")[which];
}

/**
 * "OK" in the first preferred language the built-in texts serve, else English.
 * @param {LanguageTag[]} languages
 */
export const okLabel = (languages) => builtInLabel(languages, 0);

/**
 * The close control's label in the first preferred language the built-in texts serve, else English.
 * @param {LanguageTag[]} languages
 */
export const closeLabel = (languages) => builtInLabel(languages, 1);

/**
 * A built-in table, language to label, for the test that keeps the tables equal to the Swift ones (a
 * function: the page, which never calls it, leaves it out).
 * @param {"ok" | "close"} word
 * @returns {Record<string, string>}
 */
export function builtInWords(word) {
  return Object.fromEntries(builtInLanguages().keys.map((key) => [key, labels[key].split("|")[word === "ok" ? 0 : 1]]));
}
