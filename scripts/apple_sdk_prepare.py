"""The private copy of an SDK and the resource directory that this toolchain can compile against: the steps
scripts/apple-sdk-typecheck's docstring numbers (1 to 9), each applied to a copy made of hard links, a changed
file replaced and never written through. Shared by the root package's check and --tools (scripts/apple_sdk_tools.py)."""
import os
import re
import shutil
import subprocess
import sys

from apple_sdk_common import OUT, TOOLCHAIN_LIB, replace

# Bump when a preparation step changes: prepared copies with another stamp are made again.
PREPARATION = "2026-11-29.7"

OS_APINOTES = """\
Name: os
Classes:
- Name: OS_os_log
  SwiftName: OSLog
Typedefs:
- Name: os_log_type_t
  SwiftName: OSLogType
- Name: os_signpost_type_t
  SwiftName: OSSignpostType
Enumerators:
- Name: OS_LOG_TYPE_DEFAULT
  SwiftPrivate: true
- Name: OS_LOG_TYPE_INFO
  SwiftPrivate: true
- Name: OS_LOG_TYPE_DEBUG
  SwiftPrivate: true
- Name: OS_LOG_TYPE_ERROR
  SwiftPrivate: true
- Name: OS_LOG_TYPE_FAULT
  SwiftPrivate: true
- Name: OS_SIGNPOST_EVENT
  SwiftPrivate: true
- Name: OS_SIGNPOST_INTERVAL_BEGIN
  SwiftPrivate: true
- Name: OS_SIGNPOST_INTERVAL_END
  SwiftPrivate: true
Functions:
- Name: _os_log_impl
  SwiftPrivate: true
- Name: _os_signpost_emit_with_name_impl
  SwiftPrivate: true
- Name: os_log_type_enabled
  SwiftName: OSLog.isEnabled(self:type:)
"""

# Step 9: what Swift 6's standard library emits into the client, written into the SDK's Swift 5.9 interface
# (pattern, replacement), so that every module compiled against the copy sees it, whoever compiles it.
SWIFT6_ADDITIONS = {"Swift": [
    (r"^  @inlinable public func get\(\) throws -> Success \{$",
     "  @_alwaysEmitIntoClient public func get() throws(Failure) -> Success {"),
    (r"^extension Swift\.Result where Failure == any Swift\.Error \{\n  @_transparent public init\(catching body: \(\) throws -> Success\) \{$",
     "extension Swift.Result {\n  @_alwaysEmitIntoClient public init(catching body: () throws(Failure) -> Success) {"),
    (r"^  @inlinable public func map<U>\(_ transform: \(Wrapped\) throws -> U\) rethrows -> U\? \{$",
     "  @_alwaysEmitIntoClient public func map<E, U>(_ transform: (Wrapped) throws(E) -> U) throws(E) -> U?"
     " where E : Swift.Error {"),
    # Read-only in Swift 6 mode (Swift 6's library), so that reading it is concurrency-safe (swift-argument-parser).
    (r"^  public static var arguments: \[Swift\.String\]$",
     "  public static var arguments: [Swift.String] {\n    get\n    @available(swift, obsoleted: 6.0)\n    set\n  }"),
    (r"\Z", "extension Swift.Sequence {\n"
     "  @_alwaysEmitIntoClient public func count<E>(where predicate: (Self.Element) throws(E) -> Swift.Bool) throws(E)"
     " -> Swift.Int where E : Swift.Error {\n"
     "    var count = 0\n    for e in self {\n      count += try predicate(e) ? 1 : 0\n    }\n    return count\n  }\n}\n"),
    # Swift 6's name for validatingUTF8 (the same symbol), which swift-system calls.
    (r"^  public init\?\(validatingUTF8 cString: Swift\.UnsafePointer<Swift\.CChar>\)$",
     "  public init?(validatingUTF8 cString: Swift.UnsafePointer<Swift.CChar>)\n"
     "  @_silgen_name(\"$sSS14validatingUTF8SSSgSPys4Int8VG_tcfC\")\n"
     "  public init?(validatingCString nullTerminatedUTF8: Swift.UnsafePointer<Swift.CChar>)"),
], "_Concurrency": [
    # Swift 6's TaskLocal is a macro (static task-local values are then `let`s), no longer a property wrapper.
    (r"^@propertyWrapper final public class TaskLocal<", "final public class TaskLocal<"),
    # Swift 6's measure runs `work` on the caller's actor (Swift 5.9's sends it away).
    (r"^  public func measure\(_ work: \(\) async throws -> Swift\.Void\) async rethrows -> Self\.Instant\.Duration$",
     "  @_alwaysEmitIntoClient public func measure(isolation: isolated (any _Concurrency.Actor)? = #isolation, "
     "_ work: () async throws -> Swift.Void) async rethrows -> Self.Instant.Duration {\n"
     "    let start = now\n    try await work()\n    let end = now\n    return start.duration(to: end)\n  }"),
]}


def prepare_resource_dir():
    resource = os.path.join(OUT, "resource")
    stamp = os.path.join(resource, ".prepared")
    wanted = PREPARATION + " " + TOOLCHAIN_LIB
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return resource
    shutil.rmtree(resource, ignore_errors=True)
    os.makedirs(os.path.join(resource, "apinotes"))
    shutil.copytree(os.path.join(TOOLCHAIN_LIB, "clang"), os.path.join(resource, "clang"), symlinks=False)
    shutil.copytree(os.path.join(TOOLCHAIN_LIB, "shims"), os.path.join(resource, "shims"))
    with open(os.path.join(resource, "apinotes", "os.apinotes"), "w") as out:
        out.write(OS_APINOTES)
    with open(stamp, "w") as out:
        out.write(wanted)
    return resource


def prepare_sdk(source, destination, current_webkit):
    """A private copy of the SDK with the adaptations applied; returns its path and what was adapted."""
    stamp = destination + ".prepared"
    identity = f"{PREPARATION} {source} {os.stat(source).st_mtime_ns} webkit={'current' if current_webkit else 'xcode15'}"
    if os.path.exists(stamp) and open(stamp).read().split("\n", 1)[0] == identity:
        return destination, open(stamp).read().split("\n")[1:]
    shutil.rmtree(destination, ignore_errors=True)
    os.makedirs(os.path.dirname(destination), exist_ok=True)
    if subprocess.run(["cp", "-al", source, destination], capture_output=True).returncode != 0:
        shutil.rmtree(destination, ignore_errors=True)
        subprocess.run(["cp", "-a", source, destination], check=True)
    adaptations = [
        "resource dir: the toolchain's clang and shims only, and os.apinotes written here",
        remove_duplicate_libxml_map(destination),
        add_marker_protocols(destination),
        add_typed_throws_entry_points(destination),
        take_macros(destination),
        adapt_swiftui(destination),
    ]
    if current_webkit:
        adaptations.append(annotate_webkit(destination))
    adaptations.append(add_swift6_additions(destination))
    adaptations = [a for a in adaptations if a]
    with open(stamp, "w") as out:
        out.write("\n".join([identity] + adaptations))
    return destination, adaptations


def interfaces(sdk, relative_module_dir):
    folder = os.path.join(sdk, relative_module_dir)
    if not os.path.isdir(folder):
        return []
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".swiftinterface")]


def patch_interfaces(paths, change):
    changed = 0
    for path in paths:
        text = open(path).read()
        new = change(text)
        if new != text:
            replace(path, new)
            changed += 1
    return changed


def remove_duplicate_libxml_map(sdk):
    duplicate = os.path.join(sdk, "usr", "include", "libxml", "module.modulemap")
    kept = os.path.join(sdk, "usr", "include", "libxml2", "libxml", "module.modulemap")
    if os.path.exists(duplicate) and os.path.exists(kept):
        os.remove(duplicate)
        return "usr/include/libxml/module.modulemap removed (libxml2's own map is kept)"
    return None


# Step 4: the marker protocols newer compilers look up, with what each inherits (SendableMetatype: Swift 6.2,
# which swift-argument-parser names when compiled by a 6.2 compiler or newer).
MARKER_PROTOCOLS = {"Copyable": "", "Escapable": "", "BitwiseCopyable": "", "SendableMetatype": " : ~Copyable, ~Escapable"}


def add_marker_protocols(sdk):
    def change(text):
        missing = [p for p in MARKER_PROTOCOLS if not re.search(rf"^@_marker public protocol {p}\b", text, flags=re.M)]
        if not missing:
            return text
        declared = "".join(f"@_marker public protocol {p}{MARKER_PROTOCOLS[p]} {{\n}}\n" for p in missing)
        return re.sub(r"^(import SwiftShims\n)", lambda m: m.group(1) + declared, text, count=1, flags=re.M)
    count = patch_interfaces(interfaces(sdk, "usr/lib/swift/Swift.swiftmodule"), change)
    return f"Swift.swiftinterface: marker protocols {', '.join(MARKER_PROTOCOLS)} declared ({count} files)" if count else None


def add_swift6_additions(sdk):
    count = 0
    for module, edits in SWIFT6_ADDITIONS.items():
        def change(text):
            for pattern, replacement in edits:
                if replacement in text:
                    continue
                text, done = re.subn(pattern, lambda _: replacement, text, count=1, flags=re.M)
                if not done:
                    sys.exit(f"apple-sdk-typecheck: the SDK's {module} interface has no match for {pattern!r}")
            return text
        count += patch_interfaces(interfaces(sdk, f"usr/lib/swift/{module}.swiftmodule"), change)
    return (f"Swift and _Concurrency interfaces, as Swift 6's library declares them: Sequence.count(where:), typed "
            f"throws in Optional.map, Result.get() and Result.init(catching:), CommandLine.arguments read-only in "
            f"Swift 6 mode, String(validatingCString:), Clock.measure(isolation:_:), TaskLocal no property wrapper ({count} files)") if count else None


# Step 4 too: the standard library's typed-throws entry points, which Swift 6's SILGen calls in code that throws a
# typed error (compiling swift-log's `withLogger` crashes the compiler without them). All are emitted into the
# client (or only called behind `#available(macOS 15, …)`), so Xcode 16 builds them for macOS 14 too.
TYPED_THROWS_ENTRY_POINTS = ("_willThrowTypedImpl", "_willThrowTyped", "_unexpectedErrorTyped", "_errorInMainTyped")


def toolchain_declaration(lines, name):
    """The declaration of function `name` in an interface's lines: its attribute lines, its line and its body."""
    start = next(i for i, line in enumerate(lines) if re.search(rf"\bfunc {name}<", line))
    first = start
    while first > 0 and lines[first - 1].startswith("@") and " func " not in lines[first - 1]:
        first -= 1
    last = start
    if lines[start].rstrip().endswith("{"):
        while lines[last] != "}":
            last += 1
    return "\n".join(lines[first:last + 1])


def add_typed_throws_entry_points(sdk):
    toolchain = [p for p in interfaces(os.path.join(TOOLCHAIN_LIB, "linux"), "Swift.swiftmodule")
                 if not p.endswith(".private.swiftinterface")]
    if not toolchain:
        sys.exit(f"apple-sdk-typecheck: no Swift interface in {TOOLCHAIN_LIB}/linux")
    lines = open(toolchain[0]).read().split("\n")
    declarations = {name: toolchain_declaration(lines, name) for name in TYPED_THROWS_ENTRY_POINTS}

    def change(text):
        missing = [name for name in TYPED_THROWS_ENTRY_POINTS if not re.search(rf"\bfunc {name}<", text)]
        return text.rstrip("\n") + "\n" + "".join(declarations[name] + "\n" for name in missing) if missing else text
    count = patch_interfaces(interfaces(sdk, "usr/lib/swift/Swift.swiftmodule"), change)
    return (f"Swift.swiftinterface: typed-throws entry points {', '.join(TYPED_THROWS_ENTRY_POINTS)} from the toolchain "
            f"({count} files)") if count else None


# Step 5: macro declarations taken from the toolchain, whose plugins expand them (None: every macro of the module).
MACROS_FROM_TOOLCHAIN = {"Observation": None, "_Concurrency": ("TaskLocal", "isolation")}


def take_macros(sdk):
    done = []
    for module, names in MACROS_FROM_TOOLCHAIN.items():
        toolchain = [p for p in interfaces(os.path.join(TOOLCHAIN_LIB, "linux"), f"{module}.swiftmodule")
                     if not p.endswith(".private.swiftinterface")]
        if not toolchain:
            sys.exit(f"apple-sdk-typecheck: no {module} interface in {TOOLCHAIN_LIB}/linux")
        declarations = {}
        for line in open(toolchain[0]).read().splitlines():
            found = re.search(r"public macro (\w+)[(<]", line)
            if found and (names is None or found.group(1) in names):
                declarations[found.group(1)] = line

        def change(text):
            def swap(line):
                found = re.search(r"public macro (\w+)[(<]", line)
                return declarations.get(found.group(1), line) if found else line
            text = "\n".join(swap(line) for line in text.split("\n"))
            missing = [d for name, d in declarations.items() if not re.search(rf"public macro {name}[(<]", text)]
            return text.rstrip("\n") + "\n" + "".join(line + "\n" for line in missing) if missing else text
        count = patch_interfaces(interfaces(sdk, f"usr/lib/swift/{module}.swiftmodule"), change)
        done.append(f"{module}.swiftinterface: macro declarations {', '.join(sorted(declarations))} ({count} files)")
    return "from the toolchain: " + "; ".join(done)


def adapt_swiftui(sdk):
    paths = interfaces(sdk, "System/Library/Frameworks/SwiftUI.framework/Modules/SwiftUI.swiftmodule")
    notes = []

    def change(text):
        lines = text.split("\n")
        for index, line in enumerate(lines[:10]):
            if line.startswith("// swift-module-flags:") and "-disable-availability-checking" not in line:
                lines[index] = line + " -disable-availability-checking"
        text = "\n".join(lines)
        text = text.replace("Accessing Environment<\\(Value.self)>'s value", "Accessing Environment's value")
        text = re.sub(r"^public protocol ViewModifier \{", "@MainActor @preconcurrency public protocol ViewModifier {", text, flags=re.M)
        text = re.sub(r"^public protocol App \{", "@MainActor @preconcurrency public protocol App {", text, flags=re.M)
        text = re.sub(r"^@_typeEraser\(AnyView\) public protocol View \{",
                      "@_typeEraser(AnyView) @MainActor @preconcurrency public protocol View {", text, flags=re.M)
        return text
    count = patch_interfaces(paths, change)
    if count:
        notes.append(f"SwiftUI.swiftinterface: built without availability checking; the os_log interpolation in "
                     f"Environment.wrappedValue removed; View, ViewModifier and App @MainActor @preconcurrency ({count} files)")
    return "; ".join(notes) or None


def annotate_webkit(sdk):
    headers = os.path.join(sdk, "System/Library/Frameworks/WebKit.framework/Headers")
    if not os.path.isdir(headers):
        return None
    changes = {
        "WKScriptMessageHandlerWithReply.h": [
            (r"^@protocol WKScriptMessageHandlerWithReply <", "NS_SWIFT_UI_ACTOR @protocol WKScriptMessageHandlerWithReply <"),
            (r"replyHandler:\(void \(\^\)\(id _Nullable reply", "replyHandler:(NS_SWIFT_UI_ACTOR void (^)(id _Nullable reply"),
        ],
        "WKScriptMessage.h": [(r"^@interface WKScriptMessage :", "NS_SWIFT_UI_ACTOR @interface WKScriptMessage :")],
        "WKUserContentController.h": [
            (r"^@interface WKUserContentController :", "NS_SWIFT_UI_ACTOR @interface WKUserContentController :")
        ],
    }
    done = []
    for name, edits in changes.items():
        path = os.path.join(headers, name)
        if not os.path.exists(path):
            continue
        text = original = open(path).read()
        for pattern, replacement in edits:
            text = re.sub(pattern, replacement, text, count=1, flags=re.M)
        if text != original:
            replace(path, text)
            done.append(name)
    return f"WebKit headers main-actor as WebKit's current ones: {', '.join(done)}" if done else None
