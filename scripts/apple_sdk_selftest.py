"""--self-test: deliberate mistakes compiled with AppAlertUI, each of which must be caught as an error."""
import os
import re

from apple_sdk_common import same_file, sources, write_if_changed

# --self-test: each line marked `// caught:` must get an error on that line (`// caught on iOS:` only where
# that platform is compiled), and when it names `says "WORDS"` the error must contain them.
DELIBERATE_MISTAKES = """\
#if canImport(SwiftUI)
    import SwiftUI

    @available(iOS 18, macOS 15, *)
    func deliberatelyNewerThanTheTarget() -> Int { 18 }

    // Each in its own declaration: a result builder stops at its first error.
    struct DeliberateMistakes: View {
        @State private var count = 0
        var body: some View { VStack { newerAPI; arity; label } }
        private var newerAPI: some View {
            Text("a").onScrollGeometryChange(for: Double.self, of: { $0.contentOffset.y }) { _, _ in }  // caught: an iOS 18 / macOS 15 API
        }
        private var arity: some View {
            Text("b").onChange(of: count) { old, new, extra in }  // caught: a closure of the wrong arity
        }
        private var label: some View {
            Text("c").padding(amount: 4)  // caught: a wrong argument label
        }
        private var ours: Int {
            deliberatelyNewerThanTheTarget()  // caught: our own iOS 18 / macOS 15 function, unguarded [says "only available in"]
        }
    }

    #if os(iOS)
        extension DeliberateMistakes {
            private var exitCommand: some View {
                Text("d").onExitCommand {}  // caught on iOS: an API unavailable on iOS [says "unavailable in iOS"]
            }
        }
    #endif
    #if os(macOS)
        extension DeliberateMistakes {
            private var titleMode: some View {
                Text("e").navigationBarTitleDisplayMode(.inline)  // caught on macOS: an API unavailable on macOS [says "unavailable in macOS"]
            }
        }
    #endif
#endif
"""


MISTAKE = re.compile(r"// caught(?: on (?P<platform>\w+))?: (?P<what>.*?)(?: \[says \"(?P<words>[^\"]+)\"\])?$")


def run_self_test(work, platform, tally, compile_ui):
    """Compiles AppAlertUI with the deliberate mistakes; returns how many were not caught as they must be.
    Diagnostics outside the mistakes go to the tally (said and counted once, as AppAlertUI's)."""
    mistakes = os.path.join(work, "DeliberateMistakes.swift")
    write_if_changed(mistakes, DELIBERATE_MISTAKES)
    diagnostics = compile_ui(sources("AppAlertUI") + [mistakes])
    ours = [d for d in diagnostics if d["kind"] == "error" and same_file(d["file"], mistakes)]
    missed = 0
    for number, text in enumerate(DELIBERATE_MISTAKES.splitlines(), 1):
        mark = MISTAKE.search(text)
        if not mark or mark["platform"] not in (None, platform):
            continue
        messages = [d["message"] for d in ours if d["line"] == number]
        words = mark["words"]
        if messages and (not words or any(words in m for m in messages)):
            print(f"  self-test: caught {mark['what']}: {messages[0]}")
        elif messages:
            print(f"  self-test: MISSED {mark['what']}: the error does not say \"{words}\": {messages[0]} "
                  f"(DeliberateMistakes.swift:{number})")
            missed += 1
        else:
            print(f"  self-test: MISSED {mark['what']} (DeliberateMistakes.swift:{number})")
            missed += 1
    tally.report("AppAlertUI (with the deliberate mistakes)",
                 [d for d in diagnostics if not same_file(d["file"], mistakes)], quiet_when_seen=True)
    return missed
