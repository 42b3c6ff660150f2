#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/build.sh, into Fuzz/.build) and runs each for a number of
# seconds, starting from its committed seed corpus (Fuzz/corpus/<name>/).
#
#   Fuzz/run.sh [SECONDS] [--merge] [TARGET...]   SECONDS defaults to 60; TARGETs (names or
#                                                 binaries, e.g. patches) run only those
#
# New corpus entries go to Fuzz/scratch/<name>/ (gitignored, kept between runs); with
# --merge they are then merged into the committed corpus (libFuzzer -merge=1: only inputs
# that add coverage). Crashes are written to Fuzz/artifacts/ (gitignored). Exits non-zero
# on a crash, printing the reproducer's path, its bytes (base64) and how to replay it.
# Env: FUZZ_FLAGS adds libFuzzer flags (e.g. FUZZ_FLAGS=-seed=1); SKIP_BUILD=1 skips the build.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/Fuzz"
SECONDS_PER_TARGET=60
MERGE=0
ONLY=()
for arg in "$@"; do
    case "$arg" in
        --merge) MERGE=1 ;;
        ''|-*) echo "usage: Fuzz/run.sh [SECONDS] [--merge] [TARGET...]" >&2; exit 2 ;;
        *[!0-9]*) ONLY+=("$arg") ;;
        *) SECONDS_PER_TARGET="$arg" ;;
    esac
done

# Swift's own crash backtracer (on by default on Linux) can spend minutes symbolicating the
# big instrumented binary, and has been seen to hang holding the output pipe: libFuzzer's
# handler reports the crash and saves the input without it.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    "$FUZZ/build.sh" || { echo "fuzz: build failed" >&2; exit 2; }
fi

# name binary corpus-dir dictionary [max-len, default 512] [more libFuzzer flags]
# patches: 256 bytes (two steps of about a hundred ops; longer inputs only made each step
# slower once lists reach their 128 rows) and -detect_leaks=0, as sqlite-files below:
# libFuzzer's check after each input (it counts every allocation, and runs again an input
# that allocated more than it freed) took a fifth of its time; LeakSanitizer's check of the
# whole run at exit still runs.
# wire: any single allocation past 64 MB fails (a list start of a dozen bytes may announce
# millions of rows; nothing is reserved for them before they arrive).
TARGETS=("diff diff-and-batches corpus/diff diff.dict"
    "patches patches corpus/patches patches.dict 256 -detect_leaks=0"
    "sample-input sample-input corpus/sample-input json.dict 2048"
    "wire wire corpus/wire wire.dict 4096 -malloc_limit_mb=64")
# SQLiteListSource over mutated database files: the slowest (each input opens databases);
# 64 bytes hold 15 mutations (format: SQLiteFiles/FuzzInput.swift). -detect_leaks=0: its
# inputs leave allocations that GRDB's and Dispatch's threads free after the input
# returns, so libFuzzer's check after each input ran nearly every input twice and scanned
# the heap, until it gave up after 1,000 (its own limit); LeakSanitizer's check of the
# whole run at exit still runs.
TARGETS+=("sqlite-files sqlite-files corpus/sqlite-files sqlite.dict 64 -detect_leaks=0")
# server: raw connections to a Hummingbird server in the process. -detect_leaks=0: the server's
# threads free a connection's memory after the input returns; at exit LeakSanitizer still
# checks the whole run, with one suppression (server-lsan.supp: a cycle in hummingbird-websocket).
TARGETS+=("server server-fuzz corpus/server server.dict 4096 -detect_leaks=0")

status=0
for entry in "${TARGETS[@]}"; do
    read -r name binary corpus dict maxlen flags <<<"$entry"
    maxlen="${maxlen:-512}"
    if [ ${#ONLY[@]} -gt 0 ] && ! printf '%s\n' "${ONLY[@]}" | grep -qxF -e "$name" -e "$binary"; then continue; fi
    bin="$FUZZ/.build/$binary"
    scratch="$FUZZ/scratch/$name"
    artifacts="$FUZZ/artifacts/$name/"
    log="$FUZZ/scratch/$name.log"
    mkdir -p "$scratch" "$artifacts"
    echo "fuzz: $name for ${SECONDS_PER_TARGET}s ($bin $scratch $FUZZ/$corpus)"
    # LeakSanitizer's suppressions for a target that has them (Fuzz/<name>-lsan.supp).
    lsan="${LSAN_OPTIONS:-}"
    if [ -f "$FUZZ/$name-lsan.supp" ]; then lsan="suppressions=$FUZZ/$name-lsan.supp${lsan:+:$lsan}"; fi
    LSAN_OPTIONS="$lsan" "$bin" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 -max_len="$maxlen" -timeout=20 \
        -dict="$FUZZ/$dict" -artifact_prefix="$artifacts" ${flags:-} ${FUZZ_FLAGS:-} \
        "$scratch" "$FUZZ/$corpus" >"$log" 2>&1
    rc=$?
    grep -E "^(#[0-9]+[[:space:]]+(INITED|DONE)|Done |stat::)" "$log"
    if [ $rc -ne 0 ]; then
        status=1
        echo "fuzz: $name FAILED (exit $rc); log: $log"
        grep -E "Fatal error|$binary:|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY" "$log" | head -5
        crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        if [ -n "$crash" ]; then
            echo "reproducer: $crash"
            echo "bytes (base64): $(base64 -w0 "$crash")"
            echo "replay: SWIFT_BACKTRACE=enable=no $bin $crash"
            echo "minimise: SWIFT_BACKTRACE=enable=no $bin -minimize_crash=1 -max_total_time=60 -artifact_prefix=$artifacts $crash"
        fi
        continue
    fi
    if [ "$MERGE" = 1 ]; then
        echo "fuzz: merging $scratch into $FUZZ/$corpus"
        "$bin" -merge=1 -max_len="$maxlen" "$FUZZ/$corpus" "$scratch" 2>&1 | grep -E 'MERGE-OUTER: [0-9]+ new files'
    fi
done
exit $status
