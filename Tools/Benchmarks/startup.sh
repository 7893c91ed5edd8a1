#!/usr/bin/env bash
# Start-up of `appalert`: the release archive's binary (static Swift runtime, stripped) beside the
# dynamically linked release build and two statically linked Foundation programs, one that makes a
# URLSession (the yardstick: issue 23 wants the release binary within 1.5× of it) and one that does not
# (the floor). Each runs `version satisfies 1.2 '>=1.0'` (the hellos print a line), timed by hyperfine
# (Debian: hyperfine) without a shell, all four in one sitting, ROUNDS times in turn so that a change in
# the machine's load shows as spread rather than as a difference.
#
#   scripts/release                      # the archive to measure (dist/)
#   Tools/Benchmarks/startup.sh [ROUNDS] [RUNS]     # defaults: 3 rounds of 300 runs
#
# Builds the hellos and the dynamic release build itself (in Tools/.build-startup and Tools/.build).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
runs=${2:-300}
out=Tools/.build-startup
mkdir -p "$out"

version=$(sed -n 's/^let appalertVersion = "\(.*\)"$/\1/p' Tools/Sources/AppAlertCommands/Version.swift)
archive="dist/appalert-$version-linux-$(uname -m).tar.gz"
[ -f "$archive" ] || { echo "startup.sh: no $archive: run scripts/release first" >&2; exit 2; }
rm -rf "$out/archive" && mkdir -p "$out/archive"
tar -xzf "$archive" -C "$out/archive"
static="$out/archive/appalert-$version-linux-$(uname -m)/bin/appalert"

swift build -c release --package-path Tools --product appalert-full >/dev/null
dynamic=Tools/.build/release/appalert-full
swiftc -O -static-stdlib Tools/Benchmarks/Startup/hello.swift -o "$out/hello"
swiftc -O -static-stdlib Tools/Benchmarks/Startup/hello-urlsession.swift -o "$out/hello-urlsession"

echo "sizes: release archive binary $(stat -c %s "$static") bytes, dynamic build $(stat -c %s "$dynamic") bytes"
for round in $(seq "$rounds"); do
  echo "== round $round of $rounds ($runs runs each)"
  hyperfine -N --warmup 30 --runs "$runs" --style basic --export-json "$out/round-$round.json" \
    -n "release archive (static)" "$static version satisfies 1.2 >=1.0" \
    -n "dynamic release build" "$dynamic version satisfies 1.2 >=1.0" \
    -n "static hello + URLSession" "$out/hello-urlsession" \
    -n "static hello" "$out/hello" >/dev/null
  python3 - "$out/round-$round.json" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
yardstick = next(r for r in results if r["command"] == "static hello + URLSession")["mean"]
for r in results:
    print(f"{r['command']:28} mean {r['mean'] * 1000:6.2f} ms  σ {r['stddev'] * 1000:5.2f}  "
          f"median {r['median'] * 1000:6.2f}  = {r['mean'] / yardstick:4.2f}× the URLSession hello")
EOF
done
