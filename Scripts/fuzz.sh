#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a bounded time: `make fuzz`.
#
#   FUZZ_SECONDS=30     seconds per target (default 30)
#   FUZZ_TARGETS="..."  target names (default: every Fuzz/*.swift)
#   FUZZ_BUILD_ONLY=1   build, do not run
#   FUZZ_TIMEOUT=10     seconds one input may take (wall clock) before it counts as a
#                       hang; raise it on a busy machine, where a niced fuzzer can wait
#                       that long for the CPU alone
#
# The package's library targets are compiled with swiftc as modules into
# .build-fuzz/ (SwiftPM cannot build a target with -sanitize=fuzzer: its
# executables would get two mains), each fuzz entry file is linked against them,
# and each target runs from .build-fuzz/corpus/<target>, seeded from Data/ and
# Fuzz/Seeds/<target>/. Crashes land in .build-fuzz/findings/<target>/ and fail the
# run; turn each into a regression test (see Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${FUZZ_SECONDS:-30}
SWIFTC=${SWIFTC:-swiftc}
CLANG=${CLANG:-$(dirname "$(command -v "$SWIFTC")")/clang}
SANITIZE=(-sanitize=fuzzer,address)
# The same without comparison tracing (-sanitize=fuzzer adds trace-cmp, a hook
# call at every comparison): for code a target draws or checks with rather than
# parses (below). Comparison hooks were a third of FuzzCSV's samples under perf,
# half of them in these modules and the harness, mostly Swift's enum and Optional
# tests, which tell the fuzzer nothing about its input. Edges are still counted.
SANITIZE_PLAIN=(-sanitize=fuzzer,address -sanitize-coverage=edge,inline-8bit-counters,pc-table)
# The code a page target checks with rather than parses with (the drawing modules, and
# WaterfallApp's search, cards and browser) is built with no coverage at all: libFuzzer
# collecting its edges after every input was a quarter of FuzzCSV's samples, and steering
# towards new drawing paths is FuzzText's and FuzzLayout's work, which trace these fully.
# A crash or a failed check there is still found: only the fuzzer's guidance is lost.
SANITIZE_CHECKS=(-sanitize=address)
# The page targets parse with WaterfallApp and check what the browser draws with
# these: they link a second build of them, made with SANITIZE_PLAIN, and their own
# harness is compiled so too. FuzzText and FuzzLayout, which fuzz these modules,
# link the first.
DRAWING_MODULES=(WaterfallLayout WaterfallView WaterfallTerminal)
plain_target() {
  case $1 in FuzzLoader | FuzzCSV | FuzzJSONPath) return 0 ;; *) return 1 ;; esac
}
# WaterfallApp holds both what these targets parse with and what they check with
# (the search's matchers, the cards, the browser): under perf its comparison hooks
# were an eighth of FuzzCSV's samples, nearly all in checking code. It is built
# whole-module, but with an object file per source file (-num-threads), twice:
# with tracing and without (the same functions in the same files, the hooks
# aside), and each page target links an archive that takes the traced objects
# for the folders and files it fuzzes and the plain ones for the rest.
SPLIT_MODULE=WaterfallApp
traced_sources() {
  case $1 in
  # The readers, the formats' sniffers, the CSV table, the packing scanner; the
  # roles, where field names meet the names the cards look for.
  FuzzCSV) echo Loading/ Model/FieldRoles.swift ;;
  # Those, and the JSON parser and values (Model/JSON) they parse with.
  FuzzLoader | FuzzJSONPath) echo Loading/ Model/ ;;
  esac
}
if [ -n "${FUZZ_BUILD_ONLY:-}" ]; then
  # Only that every target still compiles and links (CI): unoptimised, several
  # times faster to build, in a folder of its own so a real run's build is kept.
  OUT=${FUZZ_BUILD:-.build-fuzz-check}
  OPT=(-Onone -g)
else
  OUT=${FUZZ_BUILD:-.build-fuzz}
  # Whole-module: the optimiser sees every file of a module at once, as SwiftPM's
  # release builds do (file by file, small methods and generics of other files
  # were called unspecialised, through witness tables).
  OPT=(-O -g -whole-module-optimization)
fi

mkdir -p "$OUT"/{lib,lib-plain,lib-targets,objects,objects-plain,modules,targets,include,findings,corpus,logs}
ROOT=$(pwd)

# C: the package's own C targets (CTextWidth, CImageDecoding), each with a module
# map of its own (SwiftPM writes one; swiftc needs it). The system-library doorways
# (CNcursesw, CPng, CJpeg, CGif, CWebp, CSQLite, CLibpq, CCurl, CMalloc) bring their module maps
# along; their libraries are linked by name below, and their headers' folders come from
# pkg-config as SwiftPM takes them. Keep these lists in step with Package.swift.
C_TARGETS=(CTextWidth CImageDecoding)
SYSTEM_MODULES=(CNcursesw CPng CJpeg CGif CWebp CSQLite CLibpq CCurl CMalloc)
SYSTEM_LIBRARIES=(-lpng16 -ljpeg -lgif -lwebp -lsqlite3 -lpq -lcurl -lncursesw -ltinfo)
SEARCH=(-I "$OUT/modules")
for flag in $(pkg-config --cflags-only-I libpq libcurl 2>/dev/null); do SEARCH+=(-Xcc "$flag"); done
for name in "${SYSTEM_MODULES[@]}"; do SEARCH+=(-I "Sources/$name"); done
c_rebuilt=""
for name in "${C_TARGETS[@]}"; do
  mkdir -p "$OUT/include/$name"
  if [ ! -f "$OUT/lib/$name.o" ] || [ -n "$(find "Sources/$name" Scripts/fuzz.sh -newer "$OUT/lib/$name.o")" ]; then
    echo "fuzz: building $name"
    "$CLANG" -fsanitize=fuzzer-no-link,address -O1 -g -c Sources/"$name"/*.c -I "Sources/$name/include" \
      -o "$OUT/lib/$name.o"
    c_rebuilt=1
  fi
  cat >"$OUT/include/$name/module.modulemap" <<EOF
module $name {
  header "$ROOT/Sources/$name/include/$name.h"
  export *
}
EOF
  SEARCH+=(-I "$OUT/include/$name")
done

# Swift: each library target as a module and a static library, in dependency order.
# A module is rebuilt when a source of it is newer than its library, or when a
# module it depends on was rebuilt.
rebuilt="$c_rebuilt"
module() {
  local name=$1
  local sources
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  if [ -z "$rebuilt" ] && [ -f "$OUT/lib/lib$name.a" ] && [ "$OUT/lib/lib$name.a" -nt Scripts/fuzz.sh ] &&
    [ -z "$(find "Sources/$name" -name '*.swift' -newer "$OUT/lib/lib$name.a")" ]; then
    return
  fi
  rebuilt=1
  echo "fuzz: building $name"
  if [ "$name" = "$SPLIT_MODULE" ]; then
    split_objects "$name" "$OUT/objects" "$OUT/modules" "${SANITIZE[@]}"
    rm -f "$OUT/lib/lib$name.a"
    ar rcs "$OUT/lib/lib$name.a" "$OUT/objects/$name"/*.o
    return
  fi
  "$SWIFTC" "${SANITIZE[@]}" "${OPT[@]}" -enable-testing -parse-as-library -swift-version 6 -module-name "$name" \
    "${SEARCH[@]}" -emit-module -emit-module-path "$OUT/modules/$name.swiftmodule" \
    -emit-library -static -o "$OUT/lib/lib$name.a" "${sources[@]}" 2> >(grep -v 'ld.gold: warning' >&2)
}
# The object of a source of the split module: its path in the module's folder,
# slashes as dashes (Loading/Readers/CSVReader.swift: Loading-Readers-CSVReader.o).
object_name() {
  local path=${2#Sources/$1/}
  path=${path//\//-}
  echo "${path%.swift}.o"
}
# Builds the split module whole-module, an object file a source, into
# <folder>/<module>/, and its module file into <modules>/, with the sanitizer
# flags given.
split_objects() {
  local name=$1 folder=$2 modules=$3
  shift 3
  local sources
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  rm -rf "${folder:?}/$name"
  mkdir -p "$folder/$name"
  {
    echo "{"
    local separator=""
    for source in "${sources[@]}"; do
      printf '%s"%s": {"object": "%s"}' "$separator" "$source" "$folder/$name/$(object_name "$name" "$source")"
      separator=$',\n'
    done
    echo "}"
  } >"$folder/$name.map.json"
  "$SWIFTC" "$@" "${OPT[@]}" -num-threads 2 -enable-testing -parse-as-library -swift-version 6 -module-name "$name" \
    "${SEARCH[@]}" -emit-module -emit-module-path "$modules/$name.swiftmodule" \
    -c -output-file-map "$folder/$name.map.json" "${sources[@]}" 2> >(grep -v 'ld.gold: warning' >&2)
}
# The split module's archive for a page target: the traced object of each source
# under one of the target's traced_sources, the plain one of every other.
target_archive() {
  local target=$1 name=$SPLIT_MODULE
  local traced
  read -r -a traced <<<"$(traced_sources "$target")"
  local folder="$OUT/lib-targets/$target"
  mkdir -p "$folder"
  local objects=() source relative prefix object
  while IFS= read -r source; do
    relative=${source#Sources/$name/}
    object=$(object_name "$name" "$source")
    local from="$OUT/objects-plain/$name"
    for prefix in "${traced[@]}"; do
      if [[ $relative == "$prefix"* ]]; then from="$OUT/objects/$name"; fi
    done
    objects+=("$from/$object")
  done < <(find "Sources/$name" -name '*.swift' | sort)
  rm -f "$folder/lib$name.a"
  ar rcs "$folder/lib$name.a" "${objects[@]}"
}
# The second build of a drawing module (its library only; the module is the same).
plain_module() {
  local name=$1
  local sources
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  if [ -f "$OUT/lib-plain/lib$name.a" ] && [ "$OUT/lib-plain/lib$name.a" -nt "$OUT/lib/lib$name.a" ]; then
    return
  fi
  rebuilt=1
  echo "fuzz: building $name without comparison tracing"
  "$SWIFTC" "${SANITIZE_CHECKS[@]}" "${OPT[@]}" -enable-testing -parse-as-library -swift-version 6 -module-name "$name" \
    "${SEARCH[@]}" -emit-module-path "$OUT/lib-plain/$name.swiftmodule" \
    -emit-library -static -o "$OUT/lib-plain/lib$name.a" "${sources[@]}" 2> >(grep -v 'ld.gold: warning' >&2)
}
# Every library target WaterfallApp needs, dependencies first (Package.swift).
SWIFT_MODULES=(WaterfallWorkers WaterfallDigest WaterfallFiles WaterfallNetwork WaterfallLayout WaterfallView WaterfallImages WaterfallTerminal WaterfallApp)
for name in "${SWIFT_MODULES[@]}"; do
  module "$name"
done
for name in "${DRAWING_MODULES[@]}"; do
  plain_module "$name"
done
# The split module's objects without tracing, when its traced ones are newer.
# (A stamp: swiftc leaves a module file that did not change as it was.)
if [ ! -f "$OUT/objects-plain/$SPLIT_MODULE.built" ] ||
  [ "$OUT/lib/lib$SPLIT_MODULE.a" -nt "$OUT/objects-plain/$SPLIT_MODULE.built" ]; then
  rebuilt=1
  echo "fuzz: building $SPLIT_MODULE without comparison tracing"
  split_objects "$SPLIT_MODULE" "$OUT/objects-plain" "$OUT/objects-plain" "${SANITIZE_CHECKS[@]}"
  touch "$OUT/objects-plain/$SPLIT_MODULE.built"
fi

# Passed to the linker: swiftc takes no object files beside -emit-module-path,
# which keeps a whole-module build's module out of the working folder.
C_OBJECTS=()
for name in "${C_TARGETS[@]}"; do C_OBJECTS+=(-Xlinker "$OUT/lib/$name.o"); done

if [ -n "${FUZZ_TARGETS:-}" ]; then
  read -r -a targets <<<"$FUZZ_TARGETS"
else
  targets=()
  for file in Fuzz/*.swift; do targets+=("$(basename "$file" .swift)"); done
fi

# Sources of the executable a target tests, compiled into it (an executable
# target cannot be imported as a module).
extra_sources() {
  case $1 in
  FuzzBind) echo Sources/waterfall/ShellWords.swift ;;
  esac
}

for target in "${targets[@]}"; do
  read -r -a extra <<<"$(extra_sources "$target")"
  if [ -z "$rebuilt" ] && [ -x "$OUT/$target" ] &&
    [ -z "$(find "Fuzz/$target.swift" Fuzz/Support Scripts/fuzz.sh "${extra[@]}" -newer "$OUT/$target")" ]; then
    continue
  fi
  echo "fuzz: building $target"
  sanitize=("${SANITIZE[@]}")
  libraries=(-L "$OUT/lib")
  if plain_target "$target"; then
    sanitize=("${SANITIZE_PLAIN[@]}")
    target_archive "$target"
    libraries=(-L "$OUT/lib-targets/$target" -L "$OUT/lib-plain" -L "$OUT/lib")
  fi
  "$SWIFTC" "${sanitize[@]}" "${OPT[@]}" -parse-as-library -swift-version 6 -module-name "$target" \
    "${SEARCH[@]}" "Fuzz/$target.swift" Fuzz/Support/*.swift "${extra[@]}" -emit-executable -o "$OUT/$target" \
    -emit-module-path "$OUT/targets/$target.swiftmodule" \
    "${libraries[@]}" -lWaterfallApp -lWaterfallTerminal -lWaterfallImages -lWaterfallView -lWaterfallLayout -lWaterfallNetwork -lWaterfallFiles -lWaterfallDigest -lWaterfallWorkers \
    "${C_OBJECTS[@]}" "${SYSTEM_LIBRARIES[@]}" 2>&1 | { grep -v 'ld.gold: warning' || true; }
  [ -x "$OUT/$target" ] || { echo "fuzz: $target did not build" >&2; exit 1; }
done

[ -n "${FUZZ_BUILD_ONLY:-}" ] && exit 0

# The Swift runtime's crash backtracer reads the stack in ways ASan reports as a
# second error after the real one; the fuzzer's own report is enough.
export SWIFT_BACKTRACE=enable=no
# ASan records the stack of every allocation for its reports; Swift allocates
# often, and walking 30 frames each time took a tenth of the run. Five frames
# still say where a freed or leaked block came from (reproduce a finding with
# ASAN_OPTIONS= for the whole stack). Checks are the same either way.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=5}

status=0
for target in "${targets[@]}"; do
  corpus="$OUT/corpus/$target"
  findings="$OUT/findings/$target"
  mkdir -p "$corpus" "$findings"
  # Seeds: the target's own, then Data/ (pages whole, and JSON Lines one line a file).
  if [ -d "Fuzz/Seeds/$target" ]; then cp -n Fuzz/Seeds/"$target"/* "$corpus"/ 2>/dev/null || true; fi
  case $target in
  *Layout* | *Picture* | FuzzBind | FuzzSearchSQL | FuzzHTTP | FuzzPostgresValue) ;;
  *)
    for page in Data/*/*.json Data/*.jsonl; do
      if [ -f "$page" ]; then cp -n "$page" "$corpus/data-$(echo "$page" | tr '/' '-')"; fi
    done
    if [ -f Data/notes.jsonl ]; then head -n 20 Data/notes.jsonl | split -l 1 - "$corpus/data-notes-line-"; fi
    ;;
  esac
  # The longest input tried: the text and page targets' work grows with it, and at
  # 64 KiB their corpora drifted to inputs of kilobytes, tens a second, that found
  # less in a minute than 1 KiB inputs at hundreds (the cov figures in the logs).
  # The pictures and layouts keep 64 KiB (a picture's header and chunks need room).
  case $target in
  FuzzText | FuzzLoader | FuzzCSV | FuzzJSONPath | FuzzBind | FuzzSearchSQL | FuzzHTTP) max_len=${FUZZ_MAX_LEN:-1024} ;;
  FuzzPostgresValue) max_len=${FUZZ_MAX_LEN:-4096} ;;
  *) max_len=${FUZZ_MAX_LEN:-65536} ;;
  esac
  log="$OUT/logs/$target.log"
  echo "fuzz: running $target for ${SECONDS_EACH}s (log: $log)"
  # The rate: libFuzzer's exec/s is a wall-clock figure, which on a shared machine
  # says as much about the load as about the target; the CPU seconds the run took
  # (bash's `time`, user + system) give the rate per second of CPU beside it.
  # -reload=0: libFuzzer reads the corpus folder again every second for inputs
  # other processes wrote there, and runs each it has not kept: the files of the
  # second the folder last changed in (a corpus just copied, new seeds) ran twice,
  # the half of them the first pass had not kept. One process a target runs here.
  set +e
  TIMEFORMAT='%U %S'
  { time "$OUT/$target" "$corpus" -max_total_time="$SECONDS_EACH" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -reload=0 \
    -max_len="$max_len" -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1; } 2>"$log.cpu"
  result=$?
  set -e
  runs=$(awk '/^stat::number_of_executed_units/ {print $2}' "$log")
  wall=$(awk '/^stat::average_exec_per_sec/ {print $2}' "$log")
  cpu=$(awk '{printf "%.1f", $1 + $2}' "$log.cpu")
  per_cpu=$(awk -v runs="${runs:-0}" '{cpu = $1 + $2; printf "%d", (cpu > 0 ? runs / cpu : 0)}' "$log.cpu")
  echo "fuzz: $target: ${runs:-0} executions, ${wall:-0} a second (wall), $per_cpu a CPU second ($cpu s of CPU), load $(cut -d' ' -f1-3 /proc/loadavg), exit $result, corpus $(ls "$corpus" | wc -l) inputs"
  if [ $result -ne 0 ] || [ -n "$(ls -A "$findings")" ]; then
    echo "fuzz: $target FOUND A PROBLEM: see $log and $findings/" >&2
    status=1
  fi
done
exit $status
