"""A small Swift lexer and the three source facts the availability audit needs.

Nothing here compiles for Apple platforms, so the audit cannot ask an Apple compiler. It reads our
sources for what the index store does not carry:

- which platforms each line is compiled for (`#if os(...)`, `canImport(...)`, `&&`, `||`, `!`),
- which lines an `@available(...)` declaration or an `if #available(...)` / `guard #available(...)`
  covers, and at which versions,
- where a typed-throws function *type* appears (as opposed to a `throws(E)` function or closure).

It is a lexer, not a parser: strings, comments, interpolations and brackets are tracked exactly; the
rest is read by shape. Where a shape is ambiguous it errs towards reporting (a guard it cannot read
covers nothing), so the audit can be wrong only by being too strict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

APPLE = ("iOS", "macOS", "tvOS", "watchOS", "visionOS")
PLATFORMS = APPLE + ("Linux",)

# canImport(X): the platforms where X exists. Unknown modules may exist anywhere.
MODULE_PLATFORMS = {
    "Darwin": set(APPLE),
    "Foundation": set(PLATFORMS),
    "CryptoKit": set(APPLE),
    "StoreKit": set(APPLE),
    "SwiftUI": set(APPLE),
    "Observation": set(PLATFORMS),
    "UIKit": {"iOS", "tvOS", "visionOS", "watchOS"},
    "AppKit": {"macOS"},
    "WebKit": {"iOS", "macOS", "visionOS"},
    "Glibc": {"Linux"},
    "Musl": {"Linux"},
    "FoundationNetworking": {"Linux"},
    "Crypto": set(PLATFORMS),
    "WinSDK": set(),
    "Android": set(),
}
OS_NAMES = {"iOS": "iOS", "macOS": "macOS", "OSX": "macOS", "tvOS": "tvOS", "watchOS": "watchOS",
            "visionOS": "visionOS", "xrOS": "visionOS", "Linux": "Linux"}
# Platform names in @available / #available, with what they mean for our five platforms.
AVAILABILITY_NAMES = {
    "iOS": ("iOS",), "iOSApplicationExtension": ("iOS",), "macCatalyst": (),
    "macCatalystApplicationExtension": (), "macOS": ("macOS",), "OSX": ("macOS",),
    "macOSApplicationExtension": ("macOS",), "OSXApplicationExtension": ("macOS",),
    "tvOS": ("tvOS",), "tvOSApplicationExtension": ("tvOS",), "watchOS": ("watchOS",),
    "watchOSApplicationExtension": ("watchOS",), "visionOS": ("visionOS",),
    "visionOSApplicationExtension": ("visionOS",), "xrOS": ("visionOS",),
}
INFINITE = (10**6,)
DECLARATION_KEYWORDS = {"func", "init", "var", "let", "struct", "class", "enum", "extension", "actor",
                        "protocol", "subscript", "typealias", "deinit", "case", "macro"}
MODIFIERS = {"public", "private", "fileprivate", "internal", "package", "open", "static", "final",
             "override", "mutating", "nonmutating", "nonisolated", "convenience", "required", "lazy",
             "weak", "unowned", "dynamic", "indirect", "isolated", "consuming", "borrowing"}


@dataclass
class Token:
    kind: str  # "id", "punct", "string", "number", "directive"
    text: str
    line: int
    col: int
    space_before: bool
    newline_before: bool


class SourceError(Exception):
    pass


def lex(src: str) -> list[Token]:
    tokens: list[Token] = []
    i, line, col = 0, 1, 1
    n = len(src)
    space = True
    newline = True

    def advance(count: int) -> None:
        nonlocal i, line, col
        for _ in range(count):
            if src[i] == "\n":
                line += 1
                col = 1
            else:
                col += 1
            i += 1

    def skip_string() -> None:
        # At a string's opening: #*"  or  #*"""
        hashes = 0
        while src[i + hashes] == "#":
            hashes += 1
        multiline = src.startswith('"""', i + hashes)
        quote = '"""' if multiline else '"'
        advance(hashes + len(quote))
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if src.startswith(closing, i):
                advance(len(closing))
                return
            if src.startswith(escape, i):
                advance(len(escape))
                if i < n and src[i] == "(":
                    advance(1)
                    skip_balanced_code(")")
                elif i < n:
                    advance(1)
                continue
            if src[i] == "\n" and not multiline:
                raise SourceError(f"line {line}: unterminated string")
            advance(1)
        raise SourceError("unterminated string at end of file")

    def skip_balanced_code(close: str) -> None:
        # Inside an interpolation: code up to the matching ')'.
        depth = 0
        while i < n:
            c = src[i]
            if c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
                skip_string()
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    advance(1)
                    return
                depth -= 1
            advance(1)
        raise SourceError("unterminated interpolation")

    while i < n:
        c = src[i]
        if c == "\n":
            advance(1)
            space = newline = True
            continue
        if c in " \t\r":
            advance(1)
            space = True
            continue
        if src.startswith("//", i):
            while i < n and src[i] != "\n":
                advance(1)
            continue
        if src.startswith("/*", i):
            depth = 0
            while i < n:
                if src.startswith("/*", i):
                    depth += 1
                    advance(2)
                elif src.startswith("*/", i):
                    depth -= 1
                    advance(2)
                    if depth == 0:
                        break
                else:
                    advance(1)
            space = True
            continue
        start_line, start_col = line, col
        if c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
            skip_string()
            tokens.append(Token("string", '""', start_line, start_col, space, newline))
        elif c.isalpha() or c == "_" or c == "$" or ord(c) > 127:
            m = re.compile(r"[A-Za-z_$0-9\u0080-\uffff]+").match(src, i)
            advance(m.end() - i)
            tokens.append(Token("id", m.group(0), start_line, start_col, space, newline))
        elif c == "`":
            end = src.index("`", i + 1)
            text = src[i + 1:end]
            advance(end + 1 - i)
            tokens.append(Token("id", text, start_line, start_col, space, newline))
        elif c in "#@" and i + 1 < n and (src[i + 1].isalpha() or src[i + 1] == "_"):
            m = re.compile(r"[#@][A-Za-z_0-9]+").match(src, i)
            advance(m.end() - i)
            tokens.append(Token("directive", m.group(0), start_line, start_col, space, newline))
        elif c.isdigit():
            m = re.compile(r"[0-9][0-9A-Za-z_.]*").match(src, i)
            text = m.group(0)
            # "1.2.3" is not a number but versions are read as one token; "x.0" member access is rare.
            advance(len(text))
            tokens.append(Token("number", text, start_line, start_col, space, newline))
        elif src.startswith("->", i):
            advance(2)
            tokens.append(Token("punct", "->", start_line, start_col, space, newline))
        else:
            advance(1)
            tokens.append(Token("punct", c, start_line, start_col, space, newline))
        space = newline = False
    return tokens


# ---------------------------------------------------------------- compile regions (#if)

def _condition_sets(tokens: list[Token]) -> tuple[set[str], set[str]]:
    """(may, must): the platforms where the condition may be true / is certainly true."""
    pos = 0

    def peek() -> Token | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> Token:
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def call_argument() -> str:
        take()  # (
        parts = []
        depth = 1
        while pos < len(tokens):
            t = take()
            if t.text == "(":
                depth += 1
            elif t.text == ")":
                depth -= 1
                if depth == 0:
                    break
            parts.append(t.text)
        return "".join(parts)

    def primary() -> tuple[set[str], set[str]]:
        t = take()
        if t.text == "!":
            may, must = primary()
            all_ = set(PLATFORMS)
            return all_ - must, all_ - may
        if t.text == "(":
            result = disjunction()
            take()
            return result
        if t.kind == "id" and peek() is not None and peek().text == "(":
            argument = call_argument()
            if t.text == "os":
                p = OS_NAMES.get(argument)
                s = {p} if p else set()
                return s, s
            if t.text == "canImport":
                name = argument.split(",")[0].strip()
                if name in MODULE_PLATFORMS:
                    s = MODULE_PLATFORMS[name]
                    return set(s), set(s)
                return set(PLATFORMS), set()
            if t.text in ("swift", "compiler"):
                return set(PLATFORMS), set(PLATFORMS)
            if t.text == "targetEnvironment":
                if argument == "macCatalyst":
                    return {"iOS"}, set()
                return set(PLATFORMS), set()
            return set(PLATFORMS), set()
        if t.text == "true":
            return set(PLATFORMS), set(PLATFORMS)
        if t.text == "false":
            return set(), set()
        return set(PLATFORMS), set()  # a build flag such as DEBUG

    def conjunction() -> tuple[set[str], set[str]]:
        may, must = primary()
        while peek() is not None and peek().text == "&" and pos + 1 < len(tokens):
            take()
            take()
            m2, s2 = primary()
            may, must = may & m2, must & s2
        return may, must

    def disjunction() -> tuple[set[str], set[str]]:
        may, must = conjunction()
        while peek() is not None and peek().text == "|":
            take()
            take()
            m2, s2 = conjunction()
            may, must = may | m2, must | s2
        return may, must

    return disjunction()


def compiled_platforms(tokens: list[Token], line_count: int) -> list[set[str]]:
    """For each line (1-based), the platforms it is compiled for (empty for directive lines)."""
    result: list[set[str]] = [set(PLATFORMS) for _ in range(line_count + 2)]
    # One entry per open #if: [platforms outside it, platforms an earlier branch certainly took].
    stack: list[list[set[str]]] = []
    current = set(PLATFORMS)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind == "directive" and t.text in ("#if", "#elseif", "#else", "#endif"):
            j = i + 1
            while j < len(tokens) and tokens[j].line == t.line:
                j += 1
            may, must = _condition_sets(tokens[i + 1:j]) if t.text in ("#if", "#elseif") else (set(), set())
            if t.text == "#if":
                stack.append([current, set(must)])
                current = current & may
            elif not stack:
                raise SourceError(f"line {t.line}: {t.text} without #if")
            elif t.text == "#elseif":
                parent, taken = stack[-1]
                current = (parent - taken) & may
                stack[-1][1] = taken | must
            elif t.text == "#else":
                parent, taken = stack[-1]
                current = parent - taken
            else:
                current = stack.pop()[0]
            result[t.line] = set()
            i = j
            continue
        result[t.line] = set(current)
        i += 1
    return result


# ---------------------------------------------------------------- availability guards

@dataclass
class Guard:
    first_line: int
    last_line: int
    versions: dict[str, tuple[int, ...]] = field(default_factory=dict)  # platform -> version
    kind: str = ""


def parse_version(text: str) -> tuple[int, ...] | None:
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", text):
        return None
    return pad(tuple(int(p) for p in text.split(".")))


def pad(version: tuple[int, ...]) -> tuple[int, ...]:
    """Versions compare as three numbers: 17 = 17.0 = 17.0.0."""
    if version == INFINITE:
        return version
    return (tuple(version) + (0, 0, 0))[:3]


def _availability_arguments(tokens: list[Token], open_index: int) -> tuple[dict[str, tuple[int, ...]], int]:
    """Reads `(iOS 18, macOS 15.0, *)` or `(iOS, introduced: 18)` / `(iOS, unavailable)` from the
    '(' at open_index. Returns the versions it states and the index after ')'."""
    depth = 0
    j = open_index
    args: list[list[Token]] = [[]]
    while j < len(tokens):
        t = tokens[j]
        if t.text == "(":
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif t.text == ")":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and t.text == ",":
            args.append([])
        else:
            args[-1].append(t)
        j += 1
    versions: dict[str, tuple[int, ...]] = {}
    texts = [[t.text for t in a] for a in args]
    if texts and len(texts[0]) == 1 and texts[0][0] in AVAILABILITY_NAMES:
        # Long form: (PLATFORM, introduced: V) / (PLATFORM, unavailable) / (PLATFORM, deprecated: …)
        platforms = AVAILABILITY_NAMES[texts[0][0]]
        for a in texts[1:]:
            if a[:1] == ["unavailable"]:
                for p in platforms:
                    versions[p] = INFINITE
            elif a[:2] == ["introduced", ":"] and len(a) >= 3:
                v = parse_version("".join(a[2:]))
                if v:
                    for p in platforms:
                        versions[p] = v
    else:
        for a in texts:
            if len(a) >= 2 and a[0] in AVAILABILITY_NAMES:
                v = parse_version("".join(a[1:]))
                if v:
                    for p in AVAILABILITY_NAMES[a[0]]:
                        versions[p] = v
    if "iOS" in versions and "visionOS" not in versions:
        # visionOS inherits iOS availability: iOS 17 is visionOS 1, iOS 18 is visionOS 2.
        versions["visionOS"] = vision_from_ios(versions["iOS"])
    return versions, j + 1


def vision_from_ios(version: tuple[int, ...]) -> tuple[int, ...]:
    if version == INFINITE:
        return INFINITE
    return pad((max(1, version[0] - 16),) + ((0,) if version[0] > 17 else tuple(version[1:2])))


def _matching(tokens: list[Token], open_index: int) -> int:
    pairs = {"{": "}", "(": ")", "[": "]"}
    opener = tokens[open_index].text
    closer = pairs[opener]
    depth = 0
    for j in range(open_index, len(tokens)):
        if tokens[j].text == opener:
            depth += 1
        elif tokens[j].text == closer:
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def _next_brace_at_depth_zero(tokens: list[Token], start: int, stop_at_newline: bool) -> int | None:
    depth = 0
    for j in range(start, len(tokens)):
        t = tokens[j]
        if stop_at_newline and depth == 0 and j > start and t.newline_before and t.text != "{":
            return None
        if t.text in "([":
            depth += 1
        elif t.text in ")]":
            depth -= 1
        elif t.text == "{" and depth == 0:
            return j
        elif t.text == "}" and depth == 0:
            return None
    return None


def _enclosing_close(tokens: list[Token], index: int) -> int:
    depth = 0
    for j in range(index, len(tokens)):
        if tokens[j].text == "{":
            depth += 1
        elif tokens[j].text == "}":
            if depth == 0:
                return j
            depth -= 1
    return len(tokens) - 1


def availability_guards(tokens: list[Token]) -> list[Guard]:
    guards: list[Guard] = []
    for i, t in enumerate(tokens):
        if t.kind != "directive" or i + 1 >= len(tokens) or tokens[i + 1].text != "(":
            continue
        if t.text == "@available":
            versions, after = _availability_arguments(tokens, i + 1)
            if not versions:
                continue
            # The declaration it is attached to: skip other attributes and modifiers.
            j = after
            while j < len(tokens):
                tj = tokens[j]
                if tj.kind == "directive" and tj.text.startswith("@"):
                    j += 1
                    if j < len(tokens) and tokens[j].text == "(" and not tokens[j].space_before:
                        j = _matching(tokens, j) + 1
                    continue
                if tj.text in MODIFIERS:
                    j += 1
                    if j < len(tokens) and tokens[j].text == "(":
                        j = _matching(tokens, j) + 1
                    continue
                break
            if j >= len(tokens) or tokens[j].text not in DECLARATION_KEYWORDS:
                continue
            one_line = tokens[j].text in ("var", "let", "case", "typealias")
            brace = _next_brace_at_depth_zero(tokens, j, stop_at_newline=one_line)
            last_line = tokens[_matching(tokens, brace)].line if brace is not None else tokens[j].line
            guards.append(Guard(t.line, last_line, versions, "@available"))
        elif t.text == "#available":
            versions, after = _availability_arguments(tokens, i + 1)
            if not versions:
                continue
            # Find the statement: if / guard / while before it.
            k = i - 1
            while k >= 0 and tokens[k].text not in ("if", "guard", "while") and not tokens[k].newline_before:
                k -= 1
            keyword = tokens[k].text if k >= 0 else ""
            if keyword == "guard":
                # guard … else { … }: the rest of the enclosing block.
                brace = _next_brace_at_depth_zero(tokens, after, stop_at_newline=False)
                if brace is None:
                    continue
                end_else = _matching(tokens, brace)
                close = _enclosing_close(tokens, end_else + 1)
                guards.append(Guard(tokens[end_else].line, tokens[close].line, versions, "guard #available"))
            elif keyword in ("if", "while"):
                brace = _next_brace_at_depth_zero(tokens, after, stop_at_newline=False)
                if brace is None:
                    continue
                guards.append(Guard(tokens[brace].line, tokens[_matching(tokens, brace)].line, versions,
                                    f"{keyword} #available"))
    return guards


# ---------------------------------------------------------------- typed throws

FUNCTION_TYPE_ATTRIBUTES = {"@escaping", "@Sendable", "@MainActor", "@autoclosure", "@isolated",
                            "sending", "inout", "any", "some"}


@dataclass
class TypedThrowsType:
    line: int
    col: int
    context: str  # "generic argument", "stored or local value", "type alias", "return type", …


def typed_throws_function_types(tokens: list[Token]) -> list[TypedThrowsType]:
    """Every `(…) throws(E) -> R` that is a type and not a direct parameter type of a function."""
    found: list[TypedThrowsType] = []
    # Bracket stack over the whole file: entries (opener index, kind)
    openers: list[int] = []
    owner_of: dict[int, int | None] = {}  # opener index -> enclosing opener index
    enclosing_at: list[int | None] = [None] * len(tokens)
    for i, t in enumerate(tokens):
        enclosing_at[i] = openers[-1] if openers else None
        if t.text in ("(", "[", "{"):
            owner_of[i] = openers[-1] if openers else None
            openers.append(i)
        elif t.text == "<" and i > 0 and not t.space_before and tokens[i - 1].kind == "id":
            owner_of[i] = openers[-1] if openers else None
            openers.append(i)
        elif t.text in (")", "]", "}"):
            while openers and tokens[openers[-1]].text == "<":
                openers.pop()
            if openers:
                openers.pop()
        elif t.text == ">" and openers and tokens[openers[-1]].text == "<":
            openers.pop()

    def opener_before(close_index: int, opener: str, closer: str) -> int:
        """The index of the `opener` matching the `closer` at close_index, scanning back."""
        depth = 0
        k = close_index
        while k >= 0:
            if tokens[k].text == closer:
                depth += 1
            elif tokens[k].text == opener:
                depth -= 1
                if depth == 0:
                    return k
            k -= 1
        return k

    def is_declaration_parameters(open_index: int) -> bool:
        """Is the '(' at open_index the parameter clause of func/init/subscript/closure?"""
        k = open_index - 1
        if k >= 0 and tokens[k].text == ">":
            k = opener_before(k, "<", ">") - 1  # func name<T>( … : skip the generic parameter clause
        if k >= 0 and tokens[k].text in ("?", "!") and k >= 1 and tokens[k - 1].text == "init":
            return True
        if k >= 0 and tokens[k].text in ("init", "subscript"):
            return True
        if k >= 1 and tokens[k].kind == "id" and tokens[k - 1].text == "func":
            return True
        if k >= 0 and tokens[k].text == "{":
            return True  # closure signature
        return False

    for i, t in enumerate(tokens):
        if t.text != "throws" or i + 1 >= len(tokens) or tokens[i + 1].text != "(":
            continue
        # Back over `async` to the ')' of what throws.
        k = i - 1
        if k >= 0 and tokens[k].text == "async":
            k -= 1
        if k < 0 or tokens[k].text != ")":
            continue
        open_index = opener_before(k, "(", ")")
        if is_declaration_parameters(open_index):
            continue  # a throws(E) function or closure: fine
        # A function type. Where does it stand?
        k = open_index - 1
        while k >= 0 and (tokens[k].text in FUNCTION_TYPE_ATTRIBUTES or (
                tokens[k].kind == "directive" and tokens[k].text.startswith("@"))):
            k -= 1
        before = tokens[k].text if k >= 0 else ""
        enclosing = enclosing_at[open_index]
        enclosing_text = tokens[enclosing].text if enclosing is not None else ""
        if enclosing_text == "<":
            context = "generic argument"
        elif before == ":" and enclosing_text == "(" and is_declaration_parameters(enclosing):
            continue  # a direct parameter type: no function-type metadata needed
        elif before == "->":
            context = "return type"
        elif before == "=":
            context = "type alias or value"
        elif before == ":":
            context = "stored or local value"
        elif enclosing_text in ("[", "("):
            context = "collection, tuple or optional element"
        else:
            context = "function type"
        found.append(TypedThrowsType(t.line, t.col, context))
    return found


def member_names(tokens: list[Token], lines: set[int]) -> list[tuple[str, int, int]]:
    """API-shaped names on the given lines: members after '.', and capitalised type names. Labels
    (`name:` inside a call) and declarations are left out."""
    names = []
    for i, t in enumerate(tokens):
        if t.kind == "directive" and t.line in lines and t.text.startswith("@") and t.text[1:2].isupper():
            names.append((t.text[1:], t.line, t.col + 1))  # an attribute: @Bindable, @Environment
            continue
        if t.kind != "id" or t.line not in lines:
            continue
        prev = tokens[i - 1] if i > 0 else None
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if prev is not None and prev.text in DECLARATION_KEYWORDS | {"import"}:
            continue
        if nxt is not None and nxt.text == ":" and prev is not None and prev.text in ("(", ","):
            continue  # argument label
        if prev is not None and prev.text == "." and not t.space_before:
            names.append((t.text, t.line, t.col))
        elif t.text[:1].isupper():
            names.append((t.text, t.line, t.col))
    return names
