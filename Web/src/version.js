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
  if ("numeric" in a && "numeric" in b) return a.numeric === b.numeric ? 0 : a.numeric < b.numeric ? -1 : 1;
  if ("numeric" in a) return -1;
  if ("numeric" in b) return 1;
  // ASCII order (identifiers are ASCII).
  return a.text === b.text ? 0 : a.text < b.text ? -1 : 1;
}

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
      const a = this.component(index);
      const b = other.component(index);
      if (a !== b) return a < b ? -1 : 1;
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
    const mine = this.prerelease.length === 0;
    const theirs = other.prerelease.length === 0;
    if (mine && theirs) return 0;
    if (mine) return 1;
    if (theirs) return -1;
    const count = Math.min(this.prerelease.length, other.prerelease.length);
    for (let index = 0; index < count; index += 1) {
      const order = compareIdentifiers(this.prerelease[index], other.prerelease[index]);
      if (order !== 0) return order;
    }
    if (this.prerelease.length === other.prerelease.length) return 0;
    return this.prerelease.length < other.prerelease.length ? -1 : 1;
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

/** @param {number} byte */
function describe(byte) {
  if (byte === 0x20) return "a space";
  if (byte > 0x20 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
  return "a non-ASCII character";
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @param {number} b */
const isDigit = (b) => b >= 0x30 && b <= 0x39;

/**
 * Reads `text` as the Swift engine reads its UTF-8 bytes: a version is all ASCII, and reading stops at the
 * first other character (an error), so a position counted in characters up to there is one in bytes too.
 * @param {string} text
 * @returns {Version}
 */
function parseVersion(text) {
  if (text.length === 0) throw new VersionError(text, "it is empty");
  let index = 0;
  let count = 0; // components, in `scratch`
  for (;;) {
    const componentStart = index;
    // In a double while it is exact (below 2^53), then as a bigint up to where it is too large.
    let number = 0;
    /** @type {bigint | undefined} */
    let value;
    while (isDigit(text.charCodeAt(index))) {
      const digit = text.charCodeAt(index) - 0x30;
      if (value === undefined && number < 2 ** 49) number = number * 10 + digit;
      else {
        value = (value ?? BigInt(number)) * 10n + BigInt(digit);
        if (value > INT64_MAX) throw new VersionError(text, `component ${count + 1} is too large`);
      }
      index += 1;
    }
    if (index === componentStart) {
      if (index >= text.length) {
        throw new VersionError(text, count === 0 ? "it is empty" : `component ${count + 1} is empty`);
      }
      const byte = text.charCodeAt(index);
      if (componentStart === 0 && (byte === 0x2d || byte === 0x2b)) {
        throw new VersionError(text, "a version has no sign; it starts with a number");
      }
      if (byte === 0x2e || byte === 0x2d || byte === 0x2b) throw new VersionError(text, `component ${count + 1} is empty`);
      throw new VersionError(text, `${describe(byte)} at position ${index + 1} where a number was expected`);
    }
    scratch[count] = value ?? BigInt(number);
    count += 1;
    if (index >= text.length) break;
    const byte = text.charCodeAt(index);
    if (byte === 0x2e) index += 1;
    else if (byte === 0x2d || byte === 0x2b) break;
    else throw new VersionError(text, `${describe(byte)} at position ${index + 1} in a numeric component`);
  }
  const components = scratch.slice(0, count);
  /** @type {PrereleaseIdentifier[]} */
  let prerelease = [];
  /** @type {string[]} */
  let build = [];
  if (text.charCodeAt(index) === 0x2d) {
    const [identifiers, next] = parseIdentifiers(text, index + 1, "pre-release");
    prerelease = identifiers.map((part) => {
      if (!/^[0-9]+$/.test(part)) return { text: part };
      if (part.length > 1 && part.charCodeAt(0) === 0x30) {
        throw new VersionError(text, `numeric pre-release identifier "${part}" has a leading zero`);
      }
      const value = BigInt(part);
      if (value > UINT64_MAX) throw new VersionError(text, `pre-release identifier "${part}" is too large`);
      return { numeric: value };
    });
    index = next;
  }
  if (text.charCodeAt(index) === 0x2b) {
    [build, index] = parseIdentifiers(text, index + 1, "build");
  }
  if (index < text.length) throw new VersionError(text, `unexpected ${describe(text.charCodeAt(index))} at position ${index + 1}`);
  return new Version(components, prerelease, build);
}

/** The components of the version being read (it gets a copy of the right length). */
const scratch = /** @type {bigint[]} */ ([]);

/**
 * @param {string} input @param {number} start @param {string} part
 * @returns {[string[], number]}
 */
function parseIdentifiers(input, start, part) {
  /** @type {string[]} */
  const identifiers = [];
  let index = start;
  let identifierStart = start;
  for (;;) {
    const atEnd = index >= input.length || (input.charCodeAt(index) === 0x2b && part === "pre-release");
    if (atEnd || input.charCodeAt(index) === 0x2e) {
      if (index === identifierStart) throw new VersionError(input, `empty ${part} identifier`);
      identifiers.push(input.slice(identifierStart, index));
      if (atEnd) return [identifiers, index];
      index += 1;
      identifierStart = index;
      continue;
    }
    const byte = input.charCodeAt(index);
    const allowed =
      isDigit(byte) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || byte === 0x2d;
    if (!allowed) throw new VersionError(input, `${describe(byte)} at position ${index + 1} in the ${part} part`);
    index += 1;
  }
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
  const order = candidate.compare(comparator.version);
  switch (comparator.op) {
    case "<": return order < 0;
    case "<=": return order <= 0;
    case ">": return order > 0;
    case ">=": return order >= 0;
    default: return order === 0;
  }
}

/** @param {Comparator} comparator */
function comparatorText(comparator) {
  return comparator.op === "=" ? comparator.version.toString() : comparator.op + comparator.version.toString();
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
    return new VersionRange(text, new RangeParser(text).parse());
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
        const next = point.components.slice(0, 3);
        while (next.length < 3) next.push(0n);
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

/** A version in a range with components possibly left out or written as x, X or *. */
class PartialVersion {
  /**
   * @param {bigint[]} numbers
   * @param {boolean} isPartial
   * @param {PrereleaseIdentifier[]} prerelease
   */
  constructor(numbers, isPartial, prerelease) {
    this.numbers = numbers;
    this.isPartial = isPartial;
    this.prerelease = prerelease;
  }

  get full() {
    return new Version(this.numbers, this.prerelease);
  }

  /** @param {number} index */
  bumped(index) {
    const components = this.numbers.slice(0, index + 1);
    while (components.length < Math.max(3, index + 1)) components.push(0n);
    components[index] += 1n;
    for (let position = index + 1; position < components.length; position += 1) components[position] = 0n;
    return new Version(components, [{ numeric: 0n }]);
  }

  get floor() {
    const components = this.numbers.slice();
    while (components.length < 3) components.push(0n);
    return new Version(components, this.isPartial ? [] : this.prerelease);
  }
}

/** @param {number} byte */
export const isRangeWhitespace = (byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

class RangeParser {
  /** @param {string} source */
  constructor(source) {
    this.source = source;
  }

  /** @param {string} reason */
  fail(reason) {
    return new VersionRangeError(this.source, reason);
  }

  /** @param {Uint8Array} bytes */
  static text(bytes) {
    return decoder.decode(bytes);
  }

  /** @returns {Comparator[][]} */
  parse() {
    const bytes = encoder.encode(this.source);
    /** @type {Comparator[][]} */
    const sets = [];
    let start = 0;
    let index = 0;
    while (index < bytes.length) {
      if (bytes[index] === 0x7c && index + 1 < bytes.length && bytes[index + 1] === 0x7c) {
        sets.push(this.parseSet(bytes.subarray(start, index)));
        index += 2;
        start = index;
      } else {
        index += 1;
      }
    }
    sets.push(this.parseSet(bytes.subarray(start)));
    return sets;
  }

  /** @param {Uint8Array} word */
  static isOperator(word) {
    if (word.length === 1) return [0x3c, 0x3e, 0x3d, 0x7e, 0x5e].includes(word[0]);
    if (word.length === 2) {
      return ((word[0] === 0x3c || word[0] === 0x3e) && word[1] === 0x3d) || (word[0] === 0x7e && word[1] === 0x3e);
    }
    return false;
  }

  /**
   * @param {Uint8Array} text
   * @returns {Comparator[]}
   */
  parseSet(text) {
    /** @type {Uint8Array[]} */
    const words = [];
    let start = -1;
    for (let index = 0; index <= text.length; index += 1) {
      if (index === text.length || isRangeWhitespace(text[index])) {
        if (start >= 0) words.push(text.subarray(start, index));
        start = -1;
      } else if (start < 0) start = index;
    }
    if (words.length === 0) return [];
    if (words.length === 3 && words[1].length === 1 && words[1][0] === 0x2d) {
      return this.hyphen(this.partial(stripPrefix(words[0])), this.partial(stripPrefix(words[2])));
    }
    /** @type {Comparator[]} */
    const comparators = [];
    /** @type {Uint8Array | undefined} */
    let pending;
    words.forEach((word, position) => {
      this.checkOperatorOrder(word, position + 1 < words.length ? words[position + 1] : undefined);
      if (pending) {
        const joined = new Uint8Array(pending.length + word.length);
        joined.set(pending);
        joined.set(word, pending.length);
        comparators.push(...this.comparator(joined));
        pending = undefined;
      } else if (RangeParser.isOperator(word)) {
        pending = word;
      } else {
        comparators.push(...this.comparator(word));
      }
    });
    if (pending) throw this.fail(`operator "${RangeParser.text(pending)}" has no version after it`);
    return comparators;
  }

  /**
   * @param {Uint8Array} word
   * @param {Uint8Array | undefined} next
   */
  checkOperatorOrder(word, next) {
    if (!(word.length >= 2 && word[0] === 0x3d && (word[1] === 0x3e || word[1] === 0x3c))) return;
    const written = RangeParser.text(word.subarray(0, 2));
    const meant = String.fromCharCode(word[1]) + "=";
    const version = word.length > 2 ? RangeParser.text(word.subarray(2)) : next ? RangeParser.text(next) : "";
    const characters = [...version];
    const quoted = characters.length > 100 ? characters.slice(0, 99).join("") + "…" : version;
    throw this.fail(`"${written}" is not an operator (did you mean "${meant}${quoted}"?)`);
  }

  /**
   * @param {Uint8Array} token
   * @returns {Comparator[]}
   */
  comparator(token) {
    let rest = token;
    if (rest[0] === 0x7e) {
      rest = rest.subarray(1);
      if (rest[0] === 0x3e) rest = rest.subarray(1);
      return this.tilde(this.partial(stripPrefix(rest)));
    }
    if (rest[0] === 0x5e) return this.caret(this.partial(stripPrefix(rest.subarray(1))));
    let op = "";
    if (rest.length > 0 && (rest[0] === 0x3c || rest[0] === 0x3e)) {
      op = rest[0] === 0x3c ? "<" : ">";
      rest = rest.subarray(1);
    }
    if (rest[0] === 0x3d) {
      op += "=";
      rest = rest.subarray(1);
    }
    if (rest[0] === 0x2d || rest[0] === 0x7c) throw this.fail(`"${RangeParser.text(token)}" is not a comparator`);
    return this.xRange(op, this.partial(stripPrefix(rest)));
  }

  /**
   * @param {Uint8Array} text
   * @returns {PartialVersion}
   */
  partial(text) {
    if (text.length === 0) throw this.fail("a version is missing");
    let coreEnd = text.findIndex((b) => b === 0x2d || b === 0x2b);
    if (coreEnd < 0) coreEnd = text.length;
    /** @type {bigint[]} */
    const numbers = [];
    let sawWildcard = false;
    const whole = RangeParser.text(text);
    const core = text.subarray(0, coreEnd);
    /** @type {Uint8Array[]} */
    const parts = [];
    let partStart = 0;
    for (let index = 0; index <= core.length; index += 1) {
      if (index === core.length || core[index] === 0x2e) {
        parts.push(core.subarray(partStart, index));
        partStart = index + 1;
      }
    }
    for (const part of parts) {
      if (part.length === 1 && (part[0] === 0x78 || part[0] === 0x58 || part[0] === 0x2a)) {
        sawWildcard = true;
        continue;
      }
      if (part.length === 0) throw this.fail(`"${whole}" has an empty component`);
      let value = 0n;
      for (const byte of part) {
        if (!isDigit(byte)) throw this.fail(`"${RangeParser.text(part)}" in "${whole}" is not a number or x`);
        value = value * 10n + BigInt(byte - 0x30);
        if (value > INT64_MAX) throw this.fail(`"${RangeParser.text(part)}" in "${whole}" is too large`);
      }
      if (!sawWildcard) numbers.push(value);
    }
    const isPartial = sawWildcard || numbers.length < 3;
    /** @type {PrereleaseIdentifier[]} */
    let prerelease = [];
    if (coreEnd < text.length) {
      if (isPartial) throw this.fail(`"${whole}": a pre-release or build needs a full version (major.minor.patch)`);
      try {
        prerelease = parseVersion("0" + RangeParser.text(text.subarray(coreEnd))).prerelease;
      } catch (error) {
        throw this.fail(`"${whole}": ${/** @type {VersionError} */ (error).reason}`);
      }
    }
    return new PartialVersion(numbers, isPartial, prerelease);
  }

  /**
   * @param {string} op
   * @param {PartialVersion} version
   * @returns {Comparator[]}
   */
  xRange(op, version) {
    const count = version.numbers.length;
    if (!version.isPartial) {
      const full = version.full;
      switch (op) {
        case "<": case "<=": case ">": case ">=": return [{ op, version: full }];
        default: return [{ op: "=", version: full }];
      }
    }
    if (count === 0) {
      if (op === "<" || op === ">") return [{ op: "<", version: new Version([0n, 0n, 0n], [{ numeric: 0n }]) }];
      return [];
    }
    const last = count - 1;
    switch (op) {
      case ">": return [{ op: ">=", version: version.bumped(last).release }];
      case ">=": return [{ op: ">=", version: version.floor }];
      case "<": return [{ op: "<", version: new Version(version.floor.components, [{ numeric: 0n }]) }];
      case "<=": return [{ op: "<", version: version.bumped(last) }];
      default: return [{ op: ">=", version: version.floor }, { op: "<", version: version.bumped(last) }];
    }
  }

  /**
   * @param {PartialVersion} version
   * @returns {Comparator[]}
   */
  tilde(version) {
    switch (version.numbers.length) {
      case 0: return [];
      case 1: return [{ op: ">=", version: version.floor }, { op: "<", version: version.bumped(0) }];
      default: return [{ op: ">=", version: version.floor }, { op: "<", version: version.bumped(1) }];
    }
  }

  /**
   * @param {PartialVersion} version
   * @returns {Comparator[]}
   */
  caret(version) {
    const numbers = version.numbers;
    let index;
    switch (numbers.length) {
      case 0: return [];
      case 1: index = 0; break;
      case 2: index = numbers[0] === 0n ? 1 : 0; break;
      default: index = numbers[0] !== 0n ? 0 : numbers[1] !== 0n ? 1 : 2;
    }
    return [{ op: ">=", version: version.floor }, { op: "<", version: version.bumped(index) }];
  }

  /**
   * @param {PartialVersion} from
   * @param {PartialVersion} to
   * @returns {Comparator[]}
   */
  hyphen(from, to) {
    /** @type {Comparator[]} */
    const comparators = [];
    if (from.numbers.length > 0) comparators.push({ op: ">=", version: from.floor });
    if (to.numbers.length > 0) {
      if (to.isPartial) comparators.push({ op: "<", version: to.bumped(to.numbers.length - 1) });
      else comparators.push({ op: "<=", version: to.full });
    }
    return comparators;
  }
}

/**
 * Strips the v and = characters node-semver allows before a version.
 * @param {Uint8Array} text
 */
function stripPrefix(text) {
  let index = 0;
  while (index < text.length && (text[index] === 0x76 || text[index] === 0x3d)) index += 1;
  return text.subarray(index);
}
