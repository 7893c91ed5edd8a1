#!/usr/bin/env bash
# Builds the libFuzzer targets with the toolchain's fuzzer and address sanitizers, then fuzzes each
# for SECONDS (default 600) from the seed corpus in Fuzz/corpus/NAME. New inputs go to a scratch
# corpus; crashing inputs go to Fuzz/crashers/ (keep them: the tests replay every file there).
#
#     bash Fuzz/run.sh                    # every target, 10 minutes each, one after the other
#     SECONDS_PER_TARGET=60 bash Fuzz/run.sh FuzzVersion
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_PER_TARGET:-600}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzFeed FuzzVersion FuzzImage)
mkdir -p Fuzz/crashers
for target in "${targets[@]}"; do
  swift build --scratch-path .build/fuzz -c release --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xlinker --export-dynamic
  name=$(echo "${target#Fuzz}" | tr '[:upper:]' '[:lower:]')
  scratch=.build/fuzz/corpus-$name
  mkdir -p "$scratch"
  echo "== $target: $seconds s"
  ".build/fuzz/release/$target" "$scratch" "Fuzz/corpus/$name" -max_total_time="$seconds" -max_len=65536 \
    -timeout=10 -print_final_stats=1 -artifact_prefix=Fuzz/crashers/"$name"- 2>&1 | tail -25
done
