"""What scripts/apple-sdk-typecheck's steps share: the package's paths and sources, swiftc run and its diagnostics
read, said and counted, and files written in the private SDK copy (never through a hard link to the user's SDK)."""
import os
import re
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build", "apple-sdk-typecheck")
TOOLCHAIN_LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swiftc") or "swiftc"))), "lib", "swift")

DIAGNOSTIC = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<kind>error|warning): (?P<message>.*)$")


def same_file(path, other):
    """Whether a diagnostic's path (relative to the package or absolute; a compiler crash names swiftc) is `other`."""
    return os.path.abspath(os.path.join(ROOT, path)) == os.path.abspath(other)


class Tally:
    """The errors and warnings of one SDK's run, each diagnostic printed and counted once."""

    def __init__(self):
        self.seen, self.errors, self.warnings = set(), 0, 0

    def report(self, label, diagnostics, quiet_when_seen=False):
        new = []
        for d in diagnostics:
            key = (os.path.abspath(os.path.join(ROOT, d["file"])), d["line"], d["column"], d["kind"], d["message"])
            if key not in self.seen:
                self.seen.add(key)
                new.append(d)
        if quiet_when_seen and not new:
            return
        errors = [d for d in new if d["kind"] == "error"]
        warnings = [d for d in new if d["kind"] == "warning"]
        self.errors += len(errors)
        self.warnings += len(warnings)
        state = "ok" if not errors and not warnings else f"{len(errors)} error(s), {len(warnings)} warning(s)"
        print(f"  {label}: {state}")
        for d in errors + warnings:
            print(f"    {format_diagnostic(d)}")



def sources(module):
    found = []
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources", module)):
        found += [os.path.join(folder, f) for f in files if f.endswith(".swift")]
    return sorted(found)


def example_sources():
    """The example app (Examples/SwiftUIExample: not in the package's build; an app target in Xcode)."""
    folder = os.path.join(ROOT, "Examples", "SwiftUIExample")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".swift"))


def preview_sources():
    checked, skipped = [], []
    for path in sources("AppAlertPreviews"):
        (skipped if re.search(r"^\s*#Preview\b", open(path).read(), flags=re.M) else checked).append(path)
    return checked, skipped


def run(command):
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    diagnostics, seen = [], set()
    for line in (result.stdout + result.stderr).splitlines():
        match = DIAGNOSTIC.match(line)
        if not match:
            continue
        d = match.groupdict()
        d["line"] = int(d["line"])
        key = (d["file"], d["line"], d["column"], d["message"])
        if key not in seen:
            seen.add(key)
            diagnostics.append(d)
    if result.returncode != 0 and not any(d["kind"] == "error" for d in diagnostics):
        # A compiler crash or a driver error: say it as it came.
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        diagnostics.append({"file": command[0], "line": 0, "column": "0", "kind": "error",
                            "message": f"swiftc failed ({result.returncode}) without a diagnostic:\n{tail}"})
    return diagnostics


def format_diagnostic(d):
    return f"{relative(d['file'])}:{d['line']}:{d['column']}: {d['kind']}: {d['message']}"


def relative(path):
    absolute = os.path.abspath(os.path.join(ROOT, path))
    return os.path.relpath(absolute, ROOT) if absolute.startswith(ROOT + os.sep) else path


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not os.path.exists(path) or open(path).read() != text:
        replace(path, text)


def replace(path, text):
    """Writes a new file in place of `path` (a hard link to the user's SDK is unlinked, never written through)."""
    if os.path.lexists(path):
        os.remove(path)
    with open(path, "w") as out:
        out.write(text)
