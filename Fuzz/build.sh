#!/usr/bin/env bash
# Builds the libFuzzer targets into Fuzz/.build (gitignored), outside SwiftPM.
#
# Why not `swift build -Xswiftc -sanitize=fuzzer`: the package has executables with
# `main` (sample, bench, soak), and libFuzzer brings its own `main`; instrumenting the
# whole graph also rebuilds GRDB. So the three modules the target needs are compiled
# directly with swiftc, each as one object (whole-module), then linked into the fuzzer:
#
#   Logging            (swift-log, from .build/checkouts)  -sanitize=address (not coverage-instrumented)
#   ListAdapter        (Sources/ListAdapter)               -sanitize=fuzzer,address
#   ListAdapterTesting (Sources/ListAdapterTesting)        -sanitize=fuzzer,address
#   each target        (Fuzz/<Target>/*.swift + Fuzz/Shared) -sanitize=fuzzer,address, linked with libFuzzer
#
# `package` declarations: ListAdapter and ListAdapterTesting must share a -package-name
# (SwiftPM passes the package's identity, the checkout's directory name, e.g. "main");
# any name works as long as both modules get the same one. Settings mirror Package.swift
# (Swift 6 mode, ExistentialAny, InternalImportsByDefault) and swift-log's own.
#
# Usage: Fuzz/build.sh            (release-ish: -O -g; bounds/overflow checks stay on)
# Env:   SWIFT_LOG_SOURCES=<dir>  swift-log's Sources/Logging if not in .build/checkouts
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/Fuzz/.build"
MODS="$OUT/modules"
mkdir -p "$MODS"
SWIFTC="${SWIFTC:-swiftc}"
LOG_SRC="${SWIFT_LOG_SOURCES:-$ROOT/.build/checkouts/swift-log/Sources/Logging}"
if [ ! -d "$LOG_SRC" ]; then
    echo "swift-log sources not found at $LOG_SRC: run 'swift package resolve' in $ROOT first (or set SWIFT_LOG_SOURCES)" >&2
    exit 2
fi
COMMON=(-swift-version 6 -O -g -parse-as-library -DSWIFT_PACKAGE -module-cache-path "$OUT/module-cache")
FEATURES=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault)

# Rebuilds a module only when a source (or a module built before it) is newer than its object.
STALE=0
compile_module() { # name package-name sanitizers flags-and-sources...
    local name="$1" pkg="$2" san="$3"; shift 3
    # A stamp, not the object: swiftc leaves an unchanged object's mtime alone.
    local stamp="$OUT/$name.stamp"
    if [ "$STALE" = 0 ] && [ -f "$OUT/$name.o" ] && [ -f "$stamp" ] && [ "$0" -ot "$stamp" ]; then
        local newer=0 arg
        for arg in "$@"; do
            case "$arg" in *.swift) if [ "$arg" -nt "$stamp" ]; then newer=1; break; fi ;; esac
        done
        if [ "$newer" = 0 ]; then
            echo "build: $name up to date"
            return
        fi
    fi
    STALE=1
    echo "build: $name"
    "$SWIFTC" "${COMMON[@]}" -module-name "$name" -package-name "$pkg" "-sanitize=$san" -I "$MODS" \
        -wmo -emit-module -emit-module-path "$MODS/$name.swiftmodule" -c -o "$OUT/$name.o" "$@"
    touch "$stamp"
}

mapfile -t log_sources < <(find "$LOG_SRC" -name '*.swift' | sort)
compile_module Logging swift_log address "${FEATURES[@]}" \
    -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature NonisolatedNonsendingByDefault \
    "${log_sources[@]}"
mapfile -t la_sources < <(find "$ROOT/Sources/ListAdapter" -name '*.swift' | sort)
compile_module ListAdapter listadapter fuzzer,address "${FEATURES[@]}" "${la_sources[@]}"
mapfile -t lat_sources < <(find "$ROOT/Sources/ListAdapterTesting" -name '*.swift' | sort)
compile_module ListAdapterTesting listadapter fuzzer,address "${FEATURES[@]}" "${lat_sources[@]}"

# Links one target from the .swift files under the given folders/files (its own folder and
# Fuzz/Shared, the oracles and replay checks the list targets share) and the modules above.
link_target() { # binary module-name folders-or-files... (an .o among them is linked in too; -I and -l flags are passed on)
    local binary="$1" module="$2"; shift 2
    echo "build: $binary (link)"
    local sources objects=() paths=() arg
    for arg in "$@"; do
        case "$arg" in
            *.o) objects+=("$arg") ;;
            -I*|-l*) objects+=("$arg") ;;
            *) paths+=("$arg") ;;
        esac
    done
    mapfile -t sources < <(find "${paths[@]}" -name '*.swift' | sort)
    "$SWIFTC" "${COMMON[@]}" -module-name "$module" -package-name listadapter -sanitize=fuzzer,address -I "$MODS" \
        "${FEATURES[@]}" "${sources[@]}" "${objects[@]}" "$OUT/ListAdapterTesting.o" "$OUT/ListAdapter.o" "$OUT/Logging.o" \
        -use-ld=lld -o "$OUT/$binary"
    echo "built $OUT/$binary"
}
# ListAdapterRemote's protocol (its Wire folder and the replica; the transports need
# networking, which the decoder does not).
mapfile -t remote_sources < <(find "$ROOT/Sources/ListAdapterRemote/Wire" -name '*.swift' | sort)
# Its compressed messages use the system's zlib (zlib1g-dev): -I finds the module map, the
# wire target links -lz.
ZLIB_INCLUDES=(-I "$ROOT/Sources/CListAdapterZlib")
compile_module ListAdapterRemote listadapter fuzzer,address "${FEATURES[@]}" "${ZLIB_INCLUDES[@]}" "${remote_sources[@]}" "$ROOT/Sources/ListAdapterRemote/ListReplica.swift"
link_target diff-and-batches DiffAndBatches "$ROOT/Fuzz/DiffAndBatches" "$ROOT/Fuzz/Shared"
link_target patches Patches "$ROOT/Fuzz/Patches" "$ROOT/Fuzz/Shared"
link_target wire Wire "$ROOT/Fuzz/Wire" "$ROOT/Fuzz/Shared" "$OUT/ListAdapterRemote.o" "-I$ROOT/Sources/CListAdapterZlib" -lz
# sample-input: the sample's readers, compiled from Sample/ (an executable target with its
# own main, ArgumentParser and GRDB): only these files, which need Foundation alone.
link_target sample-input SampleInput "$ROOT/Fuzz/SampleInput" "$ROOT/Fuzz/Shared" \
    "$ROOT"/Sample/Diff/{DiffInput,ExactIdentifier}.swift "$ROOT"/Sample/Browse/Terminal.swift \
    "$ROOT"/Sample/Support/{SampleError,JSONValue,ListUpdate+JSON,TerminalText,ProcessEnd,ExitStatus,StandardStreams,LockedState}.swift

# --- sqlite-files (SQLiteListSource over mutated database files) --------------------------
# GRDB (.build/checkouts/GRDB.swift, from `swift package resolve`; or set GRDB_SOURCES) gets
# -sanitize=address only: we fuzz our code, not GRDB, and its coverage would dilute
# libFuzzer's signal. It takes ~2 min; its stamp keeps it cached like the modules above.
# GRDBSQLite is GRDB's system-library module over the system sqlite3 (libsqlite3-dev): -I
# finds its module map; the binary links -lsqlite3. The defines are GRDB's Package.swift's.
GRDB_ROOT="${GRDB_SOURCES:-$ROOT/.build/checkouts/GRDB.swift}"
if [ ! -d "$GRDB_ROOT/GRDB" ]; then
    echo "GRDB sources not found at $GRDB_ROOT: run 'swift package resolve' in $ROOT first (or set GRDB_SOURCES)" >&2
    exit 2
fi
SQLITE_INCLUDES=(-I "$GRDB_ROOT/Sources/GRDBSQLite")
upstream_stale=$STALE
STALE=0 # GRDB depends on none of the modules above: a change to ours must not rebuild it
mapfile -t grdb_sources < <(find "$GRDB_ROOT/GRDB" -name '*.swift' | sort)
compile_module GRDB grdb address -suppress-warnings \
    -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_SNAPSHOT -DSQLITE_DISABLE_SNAPSHOT "${SQLITE_INCLUDES[@]}" "${grdb_sources[@]}"
if [ "$upstream_stale" = 1 ]; then STALE=1; fi
mapfile -t las_sources < <(find "$ROOT/Sources/ListAdapterSQLite" -name '*.swift' | sort)
compile_module ListAdapterSQLite listadapter fuzzer,address "${FEATURES[@]}" "${SQLITE_INCLUDES[@]}" "${las_sources[@]}"
echo "build: sqlite-files (link)"
mapfile -t sqlite_files_sources < <(find "$ROOT/Fuzz/SQLiteFiles" -name '*.swift' | sort)
"$SWIFTC" "${COMMON[@]}" -module-name SQLiteFiles -package-name listadapter -sanitize=fuzzer,address -I "$MODS" \
    "${FEATURES[@]}" "${SQLITE_INCLUDES[@]}" "${sqlite_files_sources[@]}" \
    "$OUT/ListAdapterSQLite.o" "$OUT/ListAdapter.o" "$OUT/GRDB.o" "$OUT/Logging.o" -lsqlite3 \
    -use-ld=lld -o "$OUT/sqlite-files"
echo "built $OUT/sqlite-files"
