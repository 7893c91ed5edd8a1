"""What none of the SDKs given compiled: the source files with no line of code in a branch they take, and the
`#if` branches no SDK took (asked of the compiler) that the Linux build does not take either."""
import os
import re
import tempfile

from apple_sdk_common import example_sources, format_diagnostic, preview_sources, relative, run, sources, write_if_changed

# What no SDK here lets the check see, printed after every run.
NEVER_SEEN = ("never seen here: watchOS, tvOS, visionOS and Mac Catalyst (no SDK for them: their `#if` branches "
              "and their availability), the #Preview blocks, anything only a newer SDK declares, and code generation")

DIRECTIVE = re.compile(r"^\s*#(?P<word>if|elseif|else|endif)\b\s*(?P<condition>.*?)\s*(//.*)?$")


def compiled_sources():
    """Every source file the SDK check compiles (the #Preview files are said apart)."""
    files = []
    for module in ("AppAlert", "AppAlertTesting", "AppAlertAuthoring", "AppAlertUI"):
        files += sources(module)
    return files + preview_sources()[0] + example_sources()


def conditions():
    """Every distinct `#if`/`#elseif` condition in the compiled sources."""
    found = set()
    for path in compiled_sources():
        for line in open(path).read().splitlines():
            match = DIRECTIVE.match(line)
            if match and match["word"] in ("if", "elseif"):
                found.add(match["condition"])
    return sorted(found)


def probe_source(conditions):
    """A file in which the compiler warns `condition N` for each condition that holds."""
    return "".join(f'#if {c}\n#warning("condition {n}")\n#endif\n' for n, c in enumerate(conditions))


def branch_truths(work, typecheck):
    """{condition: whether it holds} for this SDK, with the flags the modules are compiled with."""
    listed = conditions()
    os.makedirs(work, exist_ok=True)
    probe = os.path.join(work, "ConditionProbe.swift")
    write_if_changed(probe, probe_source(listed))
    diagnostics = typecheck([probe])
    failures = [d for d in diagnostics if d["kind"] == "error"]
    if failures:
        print(f"  could not ask the compiler which #if branches this SDK takes: {format_diagnostic(failures[0])}")
        return None
    held = {int(m.group(1)) for d in diagnostics if (m := re.match(r"condition (\d+)$", d["message"]))}
    return {c: n in held for n, c in enumerate(listed)}


def linux_truths():
    """The same for the Linux build that runs here."""
    listed = conditions()
    with tempfile.TemporaryDirectory() as folder:
        probe = os.path.join(folder, "ConditionProbe.swift")
        with open(probe, "w") as out:
            out.write(probe_source(listed))
        diagnostics = run(["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-no-color-diagnostics",
                           probe])
    held = {int(m.group(1)) for d in diagnostics if (m := re.match(r"condition (\d+)$", d["message"]))}
    return {c: n in held for n, c in enumerate(listed)}


def is_code(line):
    text = line.strip()
    return bool(text) and not text.startswith(("//", "/*", "*", "import ", "@preconcurrency import ", "@_spi(")) \
        and not DIRECTIVE.match(line)


def branches(path, truths):
    """The file's `#if` branches as (line, label, taken, has code, inside a taken region) and whether any line of
    code is taken, for one SDK's truths."""
    stack = []  # per #if: [outer taken, a branch already taken, this branch taken, its record]
    found, any_code = [], False
    current = None
    for number, line in enumerate(open(path).read().splitlines(), 1):
        match = DIRECTIVE.match(line)
        outer = stack[-1][2] if stack else True
        if match:
            word, condition = match["word"], match["condition"]
            if word == "if":
                taken = outer and truths.get(condition, True)
                current = [number, f"#if {condition}", taken, False, outer]
                stack.append([outer, taken, taken, current])
            elif word in ("elseif", "else") and stack:
                frame = stack[-1]
                label = f"#elseif {condition}" if word == "elseif" else "#else"
                holds = truths.get(condition, True) if word == "elseif" else True
                taken = frame[0] and not frame[1] and holds
                frame[1] |= taken
                frame[2] = taken
                current = [number, label, taken, False, frame[0]]
                frame[3] = current
            elif word == "endif" and stack:
                stack.pop()
                current = stack[-1][3] if stack else None
            if current is not None and current not in found:
                found.append(current)
            continue
        if is_code(line):
            for frame in stack:  # code in a branch is code in the branches around it
                frame[3][3] = True
            if not stack or stack[-1][2]:
                any_code = True
    return found, any_code


def report_coverage(coverage):
    """What none of the SDKs compiled: whole files, then branches (leaving out what the Linux build takes)."""
    names = ", ".join(name for name, _ in coverage)
    if any(truths is None for _, truths in coverage):
        print(f"== what no SDK given compiled: not known (the compiler could not be asked; see above)\n  {NEVER_SEEN}")
        return
    linux = linux_truths()
    files, untaken = [], []
    debug_paths = set(preview_sources()[0] + example_sources())
    for path in compiled_sources():
        kind = "debug" if path in debug_paths else "release"
        per_sdk = [branches(path, truths[kind]) for _, truths in coverage]
        if not any(code for _, code in per_sdk):
            files.append(path)
            continue
        on_linux, _ = branches(path, linux)
        for index, (number, label, _, has_code, _) in enumerate(per_sdk[0][0]):
            if not has_code:
                continue
            if any(found[index][2] for found, _ in per_sdk) or on_linux[index][2]:
                continue
            if not any(found[index][4] for found, _ in per_sdk):
                continue  # inside a branch already said
            untaken.append(f"{relative(path)}:{number}: {label}")
    print(f"== not compiled with any SDK given ({names}; branches the Linux build takes are left out):")
    for path in files:
        print(f"  {relative(path)} (no line of code in a branch these SDKs take)")
    for line in untaken:
        print(f"  {line}")
    if not files and not untaken:
        print("  nothing: every source file and every `#if` branch not for Linux was compiled by one of them")
    print(f"  {NEVER_SEEN}")
