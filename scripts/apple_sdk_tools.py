"""The Tools package compiled for macOS against Apple's SDK: `scripts/apple-sdk-typecheck --tools` (its docstring).

The SDK and resource directory come prepared by scripts/apple_sdk_prepare.py (one preparation for both checks);
this builds every module of Tools/ and of its dependencies with SwiftPM's own cross-compilation
(`swift build --triple arm64-apple-macosx14.0 --sdk …`, a scratch path of its own, `--target` per module, so
nothing is linked: there is no ld64 here), and says for each module: compiled, failed (its first error), or not
reached (a module it needs failed).
"""
import json
import os
import re
import shutil
import subprocess
import time

from apple_sdk_common import ROOT

TOOLS = os.path.join(ROOT, "Tools")
# The collector's PostgreSQL backend is a trait (Tools/Package.swift); the release archive builds with it, so
# this does too: postgres-nio and swift-nio-ssl's BoringSSL are compiled as well.
TRAITS = "PostgreSQL"

# Failures that come from the toolchain and the SDK not being made for each other, not from the code: printed
# with their reason, and they do not fail the run (a module failing that is not here does). A module listed
# here that compiles is said too, so the list cannot go stale unnoticed.
EXPECTED_FAILURES = {
    "InternalCollectionsUtilities": (
        "swift-collections compiles its `Span` and noncopyable `UnsafeBufferPointer` code when the compiler is "
        "Swift 6.2 or newer (`#if compiler(>=6.2)`), taking that compiler's standard library for granted; this "
        "compiler is 6.3 and the SDK's standard library is Xcode 15's (Swift 5.9), which has neither. Xcode 16 "
        "(Swift 6.1) takes the other branch, and Xcode 26's SDK has both; a Mac compiles it either way"),
    "HTTPTypes": (
        "swift-http-types compiles its `Span` fast path (macOS 26 API, behind `#available`) when the compiler is "
        "Swift 6.3 or newer (`#if compiler(>=6.3)`), taking a macOS 26 SDK for granted; Xcode 15's SDK has no "
        "`Span`. Xcode 16 (Swift 6.1) takes the other branch, and a macOS 26 SDK declares it"),
}

DIAGNOSTIC = re.compile(r"^(?P<file>/[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<kind>error|warning): (?P<message>.*)$")
CRASH = re.compile(r"Program arguments: .*?-module-name (?P<module>\S+)")


def check_tools(triple, sdk, resource, work):
    """Builds each module of Tools/ for `triple`; prints one line per module and returns whether none failed
    (beyond EXPECTED_FAILURES) and no module of ours warned."""
    started = time.monotonic()
    scratch = os.path.join(work, "tools-build")
    toolset = os.path.join(work, "tools-toolset.json")
    os.makedirs(work, exist_ok=True)
    with open(toolset, "w") as out:
        # No `libtool` on Linux, which SwiftPM asks for Darwin targets: llvm-ar archives (nothing is linked).
        json.dump({"schemaVersion": "1.0", "swiftCompiler": {"extraCLIOptions": ["-resource-dir", resource]},
                   "librarian": {"path": os.path.join(os.path.dirname(os.path.realpath(shutil.which("swiftc") or "swiftc")), "llvm-ar")}},
                  out, indent=2)
    command = ["swift", "build", "--package-path", TOOLS, "--scratch-path", scratch, "--triple", triple,
               "--sdk", sdk, "--toolset", toolset, "--traits", TRAITS]
    plan = Plan(scratch, triple)
    print(f"  Tools/ (trait {TRAITS}) with SwiftPM: swift build --triple {triple} --sdk <prepared copy> --target …")
    builds = Builds(command, plan)
    output, _ = builds.build("appalert")  # the README's command first; any build writes the plan of every module
    if not os.path.exists(plan.manifest):
        print(f"  Tools/: SwiftPM made no build plan:\n{output.strip()}")
        return False
    plan.load()
    for module in plan.tops():
        builds.decide(module)
    return report(plan, builds, time.monotonic() - started)


class Plan:
    """Modules, their sources and dependencies, from the llbuild manifest SwiftPM writes (debug.yaml)."""

    def __init__(self, scratch, triple):
        self.manifest = os.path.join(scratch, "debug.yaml")
        self.products = os.path.join(scratch, triple.split("-")[0] + "-apple-macosx", "debug")
        self.modules, self.deps, self.sources, self.swift, self.targets = set(), {}, {}, set(), {}

    def load(self):
        tests = set(re.findall(r'\.testTarget\(\s*name:\s*"([^"]+)"', open(os.path.join(TOOLS, "Package.swift")).read()))
        built = re.escape(self.products) + r"/(?:Modules/(?P<swift>[^/\"]+)\.swiftmodule|(?P<c>[^/\"]+)\.build/[^\"]+\.o)"
        for block in re.split(r"\n(?=  \")", open(self.manifest).read()):
            outputs = re.search(r"^    outputs: \[(.*)\]$", block, flags=re.M)
            inputs = re.search(r"^    inputs: \[(.*)\]$", block, flags=re.M)
            if not outputs or not inputs:
                continue
            owners = {m["swift"] or m["c"] for m in re.finditer(built, outputs.group(1))}
            swift = {m["swift"] for m in re.finditer(built, outputs.group(1)) if m["swift"]}
            if len(owners) != 1 or owners & tests:
                continue
            module = owners.pop()
            self.modules.add(module)
            named = re.match(r'\s*"C\.(?P<target>.+)-[^-]+-apple-macosx[\d.]*-debug\.module"', block)
            if named:  # a Swift module's name is its target's with `-` as `_` (appalert-full: appalert_full)
                self.targets[module] = named["target"]
            self.swift |= swift
            needed = {m["swift"] or m["c"] for m in re.finditer(built, inputs.group(1))} - {module}
            self.deps.setdefault(module, set()).update(needed - tests)
            for path in json.loads(f"[{inputs.group(1)}]"):
                if re.search(r"\.(swift|c|cc|cpp|S|m)$", path):
                    self.sources[os.path.realpath(path)] = module
        # What Tools/ builds: its modules (not the tests) and what they need, not every target of a dependency
        # (nor the root package's AppAlertUI and AppAlertTesting, which the check without --tools covers).
        ours = {m for m in self.modules if self.package(m) == "Tools"}
        self.modules = ours.union(*(self.closure(m) for m in ours))

    def closure(self, module):
        found, todo = set(), [module]
        while todo:
            for dep in self.deps.get(todo.pop(), ()):
                if dep not in found:
                    found.add(dep)
                    todo.append(dep)
        return found

    def tops(self):
        """Every module, those with the most below them first (a top's build decides all of them at once)."""
        return sorted(self.modules, key=lambda m: (-len(self.closure(m)), m))

    def package(self, module):
        """The dependency's checkout name, "Tools", "root" (the AppAlert package), or "generated" (SwiftPM's
        test runner: only sources SwiftPM writes)."""
        scratch = os.path.dirname(self.manifest) + os.sep
        for path in sorted(p for p, m in self.sources.items() if m == module):
            found = re.search(r"/checkouts/([^/]+)/", path)
            if found:
                return found.group(1)
            if path.startswith(TOOLS + os.sep):
                return "Tools"
            if not path.startswith(scratch):
                return "root"
        return "generated"


class Builds:
    """`swift build --target` runs, and what each module came to: ("ok",), ("failed", first error) or
    ("not reached", the failed modules it needs)."""

    def __init__(self, command, plan):
        self.command, self.plan, self.status, self.warnings, self.runs = command, plan, {}, {}, 0

    def decide(self, module):
        if module in self.status:
            return
        if self.blocked(module):
            return
        output, passed = self.build(module)
        if passed:
            for done in self.plan.closure(module) | {module}:
                self.status.setdefault(done, ("ok",))
            return
        self.attribute(output)
        if module in self.status or self.blocked(module):
            return
        for dep in sorted(self.plan.deps.get(module, ()), key=lambda m: (-len(self.plan.closure(m)), m)):
            self.decide(dep)
        if module not in self.status and not self.blocked(module):
            # An error in no module's sources (an SDK interface that does not build, say), else the first error line.
            tail = ([line for line in output.splitlines() if (m := DIAGNOSTIC.match(line)) and m["kind"] == "error"]
                    or [line for line in output.splitlines() if "error" in line] or output.strip().splitlines()[-3:])
            self.status[module] = ("failed", relative((tail or ["swift build failed without a message"])[0]))

    def blocked(self, module):
        failed = sorted(m for m in self.plan.closure(module) if self.status.get(m, ("",))[0] == "failed")
        if failed:
            self.status[module] = ("not reached", failed)
        return bool(failed)

    def build(self, module):
        self.runs += 1
        target = self.plan.targets.get(module, module)
        result = subprocess.run(self.command + ["--target", target], cwd=ROOT, capture_output=True, text=True)
        output = result.stdout + result.stderr
        for line in output.splitlines():
            match = DIAGNOSTIC.match(line)
            if match and match["kind"] == "warning":
                owner = self.plan.sources.get(os.path.realpath(match["file"]))
                if owner:
                    self.warnings.setdefault(owner, set()).add(line)
        return output, result.returncode == 0

    def attribute(self, output):
        """Marks failed each module an error of the output is in (or whose compiler crashed)."""
        for line in output.splitlines():
            match = DIAGNOSTIC.match(line)
            crash = CRASH.search(line)
            if match and match["kind"] == "error":
                owner = self.plan.sources.get(os.path.realpath(match["file"]))
                if owner and owner not in self.status:
                    self.status[owner] = ("failed", f"{relative(match['file'])}:{match['line']}:{match['column']}: "
                                                    f"error: {match['message']}")
            elif crash and crash["module"] not in self.status:
                self.status[crash["module"]] = ("failed", "the compiler crashed (swift build prints its stack)")


def report(plan, builds, seconds):
    counts = {"ok": 0, "failed": 0, "not reached": 0}
    unexpected = 0
    ours = ("Tools", "root")
    for module in sorted(plan.modules, key=lambda m: (plan.package(m) not in ours, plan.package(m), m)):
        state = builds.status.get(module, ("not reached", ["(never built)"]))
        counts[state[0]] += 1
        kind = "Swift" if module in plan.swift else "C"
        name = f"{module} ({plan.package(module)}, {kind})"
        if state[0] == "ok":
            print(f"    compiled: {name}")
        elif state[0] == "failed":
            expected = EXPECTED_FAILURES.get(module)
            unexpected += not expected
            print(f"    FAILED: {name}: {state[1]}" + (f"\n      expected: {expected}" if expected else ""))
        else:
            print(f"    not reached: {name}: needs {', '.join(state[1])}, which failed")
        for line in sorted(builds.warnings.get(module, ())):
            print(f"      {relative(line)}")
    for module in sorted(set(EXPECTED_FAILURES) - {m for m, s in builds.status.items() if s[0] == "failed"}):
        if builds.status.get(module, ("",))[0] == "ok":
            print(f"    {module} compiled, though listed as an expected failure: take it out of EXPECTED_FAILURES")
    ours_warned = sum(len(lines) for module, lines in builds.warnings.items() if plan.package(module) in ours)
    print(f"  Tools/: {counts['ok']} module(s) compiled, {counts['failed']} failed ({unexpected} unexpected), "
          f"{counts['not reached']} not reached, {ours_warned} warning(s) in ours; {builds.runs} swift build run(s) "
          f"in {seconds:.0f} s")
    return unexpected == 0 and ours_warned == 0


def relative(text):
    return text.replace(ROOT + os.sep, "")

