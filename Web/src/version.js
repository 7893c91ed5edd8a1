// Versions and node-semver ranges as the feed contract defines them (Sources/AppAlert/Version).
// Components are BigInts: the Swift engine reads them as 64-bit integers, beyond a double's precision.

const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** Why a string is not a version. */
export class VersionError extends Error {
  /**
   * @param {string} input
   * @param {string} reason
   */
  constructor(input, reason) {
    super(`invalid version "${input}": ${reason}`);
    this.input = input;
    this.reason = reason;
  }
}

/** @typedef {{numeric: bigint} | {text: string}} PrereleaseIdentifier */

/**
 * @param {PrereleaseIdentifier} a
 * @param {PrereleaseIdentifier} b
 */
function compareIdentifiers(a, b) {
  // A numeric identifier is below a text one; texts in ASCII order (identifiers are ASCII).
  if ("numeric" in a) return "numeric" in b ? order(a.numeric, b.numeric) : -1;
  return "numeric" in b ? 1 : order(a.text, b.text);
}

/**
 * -1, 0 or 1 as `a` is below, equal to or above `b`.
 * @template {bigint | number | string} T
 * @param {T} a
 * @param {T} b
 */
const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** @param {PrereleaseIdentifier} identifier */
function identifierText(identifier) {
  return "numeric" in identifier ? identifier.numeric.toString() : identifier.text;
}

/** An app or OS version: dot-separated integers, an optional pre-release and build metadata. */
export class Version {
  /**
   * @param {bigint[]} components
   * @param {PrereleaseIdentifier[]} [prerelease]
   * @param {string[]} [build]
   */
  constructor(components, prerelease = [], build = []) {
    this.components = components;
    this.prerelease = prerelease;
    this.build = build;
  }

  /**
   * Reads a version, or throws a VersionError saying what is wrong.
   * @param {string} text
   */
  static parse(text) {
    return parseVersion(text);
  }

  /**
   * A version, or undefined when `text` is not one.
   * @param {string} text
   */
  static from(text) {
    try {
      return parseVersion(text);
    } catch {
      return undefined;
    }
  }

  get isPrerelease() {
    return this.prerelease.length > 0;
  }

  /** The same version without pre-release and build. */
  get release() {
    return new Version(this.components);
  }

  /** @param {number} index */
  component(index) {
    return index < this.components.length ? this.components[index] : 0n;
  }

  /**
   * @param {Version} other
   * @returns {number}
   */
  compareRelease(other) {
    const count = Math.max(this.components.length, other.components.length);
    for (let index = 0; index < count; index += 1) {
      const result = order(this.component(index), other.component(index));
      if (result !== 0) return result;
    }
    return 0;
  }

  /**
   * -1, 0 or 1 by the feed contract's precedence.
   * @param {Version} other
   * @returns {number}
   */
  compare(other) {
    const release = this.compareRelease(other);
    if (release !== 0) return release;
    const mine = this.prerelease;
    const theirs = other.prerelease;
    // A release is above its pre-releases.
    if (mine.length === 0 || theirs.length === 0) return order(theirs.length, mine.length);
    const count = Math.min(mine.length, theirs.length);
    for (let index = 0; index < count; index += 1) {
      const result = compareIdentifiers(mine[index], theirs[index]);
      if (result !== 0) return result;
    }
    return order(mine.length, theirs.length);
  }

  /** @param {Version} other */
  equals(other) {
    return this.compare(other) === 0;
  }

  /** A version in JSON is its text (`"2.1.0"`): its components are BigInts, which JSON has no form for. */
  toJSON() {
    return this.toString();
  }

  toString() {
    let text = this.components.map(String).join(".");
    if (this.prerelease.length > 0) text += "-" + this.prerelease.map(identifierText).join(".");
    if (this.build.length > 0) text += "+" + this.build.join(".");
    return text;
  }
}

/**
 * The character at `index` of `text` and its position, as errors name them: "'x' at position 3" (where
 * a character is not ASCII, reading stopped: the positions before count bytes as well as characters).
 * @param {string} text
 * @param {number} index
 */
function characterAt(text, index) {
  const byte = text.charCodeAt(index);
  const character = byte === 0x20 ? "a space" : byte > 0x20 && byte < 0x7f ? `'${text[index]}'` : "a non-ASCII character";
  return `${character} at position ${index + 1}`;
}

/** @param {number} b */
const isDigit = (b) => b >= 0x30 && b <= 0x39;

/**
 * The run of ASCII digits in `text` from `start`: where it ends, and the number it writes (0 when there
 * is no digit), or undefined when that is above the largest 64-bit integer, the Swift engine's limit.
 * @param {string} text
 * @param {number} start
 * @returns {[number, bigint | undefined]}
 */
function readNumber(text, start) {
  let end = start;
  while (isDigit(text.charCodeAt(end))) end += 1;
  const value = BigInt(text.slice(start, end));
  return [end, value > INT64_MAX ? undefined : value];
}

/**
 * Reads `text` as the Swift engine reads its UTF-8 bytes: a version is all ASCII, and reading stops at the
 * first other character (an error), so a position counted in characters up to there is one in bytes too.
 * @param {string} text
 * @returns {Version}
 */
function parseVersion(text) {
  const fail = (/** @type {string} */ reason) => new VersionError(text, reason);
  if (text.length === 0) throw fail("it is empty");
  /** @type {bigint[]} */
  const components = [];
  let index = 0;
  for (;;) {
    const start = index;
    const [end, value] = readNumber(text, start);
    index = end;
    const which = `component ${components.length + 1}`;
    if (value === undefined) throw fail(`${which} is too large`);
    const byte = text.charCodeAt(index);
    if (index === start) {
      if (start === 0 && (byte === 0x2d || byte === 0x2b)) throw fail("a version has no sign; it starts with a number");
      if (index >= text.length || byte === 0x2e || byte === 0x2d || byte === 0x2b) throw fail(`${which} is empty`);
      throw fail(`${characterAt(text, index)} where a number was expected`);
    }
    components.push(value);
    if (index >= text.length || byte === 0x2d || byte === 0x2b) break;
    if (byte !== 0x2e) throw fail(`${characterAt(text, index)} in a numeric component`);
    index += 1;
  }
  /** @type {PrereleaseIdentifier[]} */
  let prerelease = [];
  /** @type {string[]} */
  let build = [];
  if (text.charCodeAt(index) === 0x2d) {
    const [identifiers, next] = parseIdentifiers(text, index + 1, "pre-release");
    prerelease = identifiers.map((part) => {
      if (!/^[0-9]+$/.test(part)) return { text: part };
      if (part.length > 1 && part.charCodeAt(0) === 0x30) {
        throw fail(`numeric pre-release identifier "${part}" has a leading zero`);
      }
      const value = BigInt(part);
      if (value > UINT64_MAX) throw fail(`pre-release identifier "${part}" is too large`);
      return { numeric: value };
    });
    index = next;
  }
  // The build runs to the end: nothing is left after it.
  if (text.charCodeAt(index) === 0x2b) build = parseIdentifiers(text, index + 1, "build")[0];
  return new Version(components, prerelease, build);
}

/**
 * The dot-separated identifiers of a pre-release (up to a "+") or build (to the end) from `start`, and
 * where they end; an error for the first character that is not a letter, digit or "-", or the first empty
 * identifier, whichever comes first.
 * @param {string} input @param {number} start @param {string} part
 * @returns {[string[], number]}
 */
function parseIdentifiers(input, start, part) {
  let end = part === "pre-release" ? input.indexOf("+", start) : -1;
  if (end < 0) end = input.length;
  const identifiers = input.slice(start, end).split(".");
  let position = start;
  for (const identifier of identifiers) {
    const wrong = identifier.search(/[^0-9A-Za-z-]/);
    if (wrong >= 0) throw new VersionError(input, `${characterAt(input, position + wrong)} in the ${part} part`);
    if (identifier === "") throw new VersionError(input, `empty ${part} identifier`);
    position += identifier.length + 1;
  }
  return [identifiers, end];
}

/** Why a string is not a version range. */
export class VersionRangeError extends Error {
  /**
   * @param {string} input
   * @param {string} reason
   */
  constructor(input, reason) {
    super(`invalid range "${input}": ${reason}`);
    this.input = input;
    this.reason = reason;
  }
}

/** @typedef {"<" | "<=" | ">" | ">=" | "="} Operator */
/** @typedef {{op: Operator, version: Version}} Comparator */

/**
 * @param {Comparator} comparator
 * @param {Version} candidate
 */
function satisfies(comparator, candidate) {
  // An operator is the orders it allows: "<=" is below or equal.
  const op = comparator.op;
  const result = candidate.compare(comparator.version);
  return result < 0 ? op.includes("<") : result > 0 ? op.includes(">") : op.includes("=");
}

/** @param {Comparator} comparator */
function comparatorText(comparator) {
  return (comparator.op === "=" ? "" : comparator.op) + comparator.version.toString();
}

/** A set of versions in node-semver's range syntax, with the feed contract's extensions. */
export class VersionRange {
  /**
   * @param {string} source
   * @param {Comparator[][]} comparatorSets
   */
  constructor(source, comparatorSets) {
    this.source = source;
    this.comparatorSets = comparatorSets;
  }

  /**
   * Reads a range, or throws a VersionRangeError.
   * @param {string} text
   */
  static parse(text) {
    return new VersionRange(text, parseRange(text));
  }

  /** @param {Version} version */
  contains(version) {
    return this.comparatorSets.some((set) => VersionRange.setContains(set, version));
  }

  /**
   * @param {Comparator[]} comparators
   * @param {Version} version
   */
  static setContains(comparators, version) {
    for (const comparator of comparators) if (!satisfies(comparator, version)) return false;
    if (!version.isPrerelease) return true;
    return comparators.some((c) => c.version.isPrerelease && c.version.compareRelease(version) === 0);
  }

  /**
   * Whether a release in the range lies after `lower` and at or before `upper`.
   * @param {Version} lower
   * @param {Version} upper
   */
  containsRelease(lower, upper) {
    if (!(lower.compare(upper) < 0)) return false;
    for (const set of this.comparatorSets) {
      const candidates = [upper.release];
      for (const comparator of set) {
        const point = comparator.version.release;
        candidates.push(point);
        const next = padded(point.components.slice(0, 3));
        next[2] += 1n;
        candidates.push(new Version(next));
      }
      for (const candidate of candidates) {
        if (lower.compare(candidate) < 0 && candidate.compare(upper) <= 0 && VersionRange.setContains(set, candidate)) {
          return true;
        }
      }
    }
    return false;
  }

  get matchesEveryRelease() {
    return this.comparatorSets.some((set) => set.length === 0);
  }

  /** The range in plain comparators, as node-semver reports it. */
  get normalized() {
    return this.comparatorSets
      .map((set) => (set.length === 0 ? "*" : set.map(comparatorText).join(" ")))
      .join(" || ");
  }

  toString() {
    return this.source;
  }
}

/** @param {number} byte */
export const isRangeWhitespace = (byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** The words of a range's comparator set: what is between its spaces, tabs and line breaks. */
const rangeWhitespace = /[ \t\n\r]+/;

/**
 * A version in a range with components possibly left out or written as x, X or *: its numbers up to
 * the first left out, whether any is, and the pre-release (only a full version has one).
 * @typedef {{numbers: bigint[], isPartial: boolean, prerelease: PrereleaseIdentifier[]}} PartialVersion
 */

/**
 * A partial version's numbers as a version's components: at least three, zeros added.
 * @param {bigint[]} numbers
 */
function padded(numbers) {
  const components = numbers.slice();
  while (components.length < 3) components.push(0n);
  return components;
}

/**
 * The lowest version of a partial one (1.x: 1.0.0).
 * @param {PartialVersion} version
 */
const floorOf = (version) => new Version(padded(version.numbers), version.isPartial ? [] : version.prerelease);

/**
 * The lowest version above every one with the same numbers up to `index` (1.2.x bumped at 1: 1.3.0-0).
 * @param {PartialVersion} version
 * @param {number} index
 */
function bumped(version, index) {
  const components = padded(version.numbers.slice(0, index + 1));
  components[index] += 1n;
  return new Version(components, [{ numeric: 0n }]);
}

/**
 * The versions from a partial version's floor to below its bump at `index` (~, ^, 1.x).
 * @param {PartialVersion} version
 * @param {number} index
 * @returns {Comparator[]}
 */
const between = (version, index) => [{ op: ">=", version: floorOf(version) }, { op: "<", version: bumped(version, index) }];

/**
 * Reads a range's comparator sets as the Swift engine reads its UTF-8 bytes. Every character the syntax
 * gives a meaning to is ASCII, so a string splits where its bytes would; a lone surrogate, which UTF-8
 * has no form for, is read as U+FFFD, as encoding it would (errors quote the parts so read).
 * @param {string} source
 * @returns {Comparator[][]}
 */
function parseRange(source) {
  const fail = (/** @type {string} */ reason) => new VersionRangeError(source, reason);
  // A part quoted in an error loses a leading byte order mark, as when it was decoded from UTF-8 bytes
  // with a TextDecoder (the way this reader has always quoted parts).
  const quoted = (/** @type {string} */ part) => part.replace(/^\uFEFF/, "");

  /**
   * @param {string} text
   * @returns {PartialVersion}
   */
  const partial = (text) => {
    if (text === "") throw fail("a version is missing");
    const whole = quoted(text);
    let coreEnd = text.search(/[-+]/);
    if (coreEnd < 0) coreEnd = text.length;
    /** @type {bigint[]} */
    const numbers = [];
    let sawWildcard = false;
    for (const part of text.slice(0, coreEnd).split(".")) {
      if (part === "x" || part === "X" || part === "*") {
        sawWildcard = true;
        continue;
      }
      if (part === "") throw fail(`"${whole}" has an empty component`);
      const [end, value] = readNumber(part, 0);
      if (value === undefined) throw fail(`"${quoted(part)}" in "${whole}" is too large`);
      if (end < part.length) throw fail(`"${quoted(part)}" in "${whole}" is not a number or x`);
      if (!sawWildcard) numbers.push(value);
    }
    const isPartial = sawWildcard || numbers.length < 3;
    /** @type {PrereleaseIdentifier[]} */
    let prerelease = [];
    if (coreEnd < text.length) {
      if (isPartial) throw fail(`"${whole}": a pre-release or build needs a full version (major.minor.patch)`);
      try {
        prerelease = parseVersion("0" + text.slice(coreEnd)).prerelease;
      } catch (error) {
        throw fail(`"${whole}": ${/** @type {VersionError} */ (error).reason}`);
      }
    }
    return { numbers, isPartial, prerelease };
  };

  /**
   * A version after the v and = characters node-semver allows before it.
   * @param {string} text
   */
  const version = (text) => partial(text.replace(/^[v=]*/, ""));

  /**
   * @param {string} token
   * @returns {Comparator[]}
   */
  const comparator = (token) => {
    if (token[0] === "~") {
      const tilde = version(token.slice(token[1] === ">" ? 2 : 1));
      const count = tilde.numbers.length;
      return count === 0 ? [] : between(tilde, Math.min(count, 2) - 1);
    }
    if (token[0] === "^") {
      // Bumped at the first of the first three numbers that is not zero (else the last of them).
      const caret = version(token.slice(1));
      const numbers = caret.numbers;
      if (numbers.length === 0) return [];
      const last = Math.min(numbers.length, 3) - 1;
      const first = numbers.findIndex((number) => number !== 0n);
      return between(caret, first < 0 || first > last ? last : first);
    }
    const op = /** @type {Operator | ""} */ (/** @type {RegExpExecArray} */ (/^[<>]?=?/.exec(token))[0]);
    const rest = token.slice(op.length);
    if (rest[0] === "-" || rest[0] === "|") throw fail(`"${token}" is not a comparator`);
    const range = version(rest);
    if (!range.isPartial) return [{ op: op || "=", version: new Version(range.numbers, range.prerelease) }];
    const count = range.numbers.length;
    if (count === 0) {
      return op === "<" || op === ">" ? [{ op: "<", version: new Version([0n, 0n, 0n], [{ numeric: 0n }]) }] : [];
    }
    switch (op) {
      case ">": return [{ op: ">=", version: bumped(range, count - 1).release }];
      case ">=": return [{ op: ">=", version: floorOf(range) }];
      case "<": return [{ op: "<", version: new Version(padded(range.numbers), [{ numeric: 0n }]) }];
      case "<=": return [{ op: "<", version: bumped(range, count - 1) }];
      default: return between(range, count - 1);
    }
  };

  /**
   * A word written "=>" or "=<", or so begun, is an error naming the operator meant.
   * @param {string} word
   * @param {string | undefined} next
   */
  const checkOperatorOrder = (word, next) => {
    if (!(word.startsWith("=>") || word.startsWith("=<"))) return;
    const written = word.slice(0, 2);
    const version = quoted(word.length > 2 ? word.slice(2) : next ?? "");
    const characters = [...version];
    const shown = characters.length > 100 ? characters.slice(0, 99).join("") + "…" : version;
    throw fail(`"${written}" is not an operator (did you mean "${word[1]}=${shown}"?)`);
  };

  /**
   * @param {string} text
   * @returns {Comparator[]}
   */
  const comparatorSet = (text) => {
    const words = text.split(rangeWhitespace).filter((word) => word !== "");
    if (words.length === 3 && words[1] === "-") {
      const from = version(words[0]);
      const to = version(words[2]);
      /** @type {Comparator[]} */
      const comparators = [];
      if (from.numbers.length > 0) comparators.push({ op: ">=", version: floorOf(from) });
      if (to.isPartial) {
        if (to.numbers.length > 0) comparators.push({ op: "<", version: bumped(to, to.numbers.length - 1) });
      } else {
        comparators.push({ op: "<=", version: new Version(to.numbers, to.prerelease) });
      }
      return comparators;
    }
    /** @type {Comparator[]} */
    const comparators = [];
    /** An operator written apart from its version (">= 1.2"). */
    let pending = "";
    words.forEach((word, position) => {
      checkOperatorOrder(word, words[position + 1]);
      if (pending) {
        comparators.push(...comparator(pending + word));
        pending = "";
      } else if (["<", ">", "=", "~", "^", "<=", ">=", "~>"].includes(word)) {
        pending = word;
      } else {
        comparators.push(...comparator(word));
      }
    });
    if (pending) throw fail(`operator "${pending}" has no version after it`);
    return comparators;
  };

  return source.replace(/\p{Cs}/gu, "\uFFFD").split("||").map(comparatorSet);
}
