#!/usr/bin/env bash
# Builds the libFuzzer targets into Fuzz/.build (gitignored), outside SwiftPM.
#
# Why not `swift build -Xswiftc -sanitize=fuzzer`: the package has executables with
# `main` (sample, bench, soak), and libFuzzer brings its own `main`; instrumenting the
# whole graph also rebuilds GRDB. So the modules the targets need are compiled directly
# with swiftc, each as one object (whole-module), then linked into the fuzzer:
#
#   Logging            (swift-log, from .build/checkouts)  -sanitize=address (not coverage-instrumented)
#   ListAdapter        (Sources/ListAdapter)               -sanitize=fuzzer,address -DLISTADAPTER_SMALL_SIZES
#   each target        (Fuzz/<Target>/*.swift + Fuzz/Shared + Sources/ListAdapterTesting)
#                                                          -sanitize=fuzzer,address -wmo, linked with libFuzzer
#
# Speed (each target must run hundreds of inputs a second, Fuzz/README.md):
# - ListAdapterTesting (the reference views, the batch validator, the replay) is compiled
#   into each target's module, whole-module, not linked as a module of its own: its code
#   is generic over the list's types and, called across a module boundary, ran
#   unspecialized, looking up generic metadata at every cell it compared (three quarters
#   of an input's time). In the target's module it is specialized for the target's types.
# - LISTADAPTER_SMALL_SIZES gives ListAdapter chunks of 8 items, pages of 4 chunks and
#   index pages of 16 slots (ItemChunk, ChunkTable, IdentifierIndex), so that the short
#   lists the targets build cross chunk and page boundaries as long lists do.
#
# `package` declarations: ListAdapter and the targets (which hold ListAdapterTesting's
# sources) must share a -package-name (SwiftPM passes the package's identity, the
# checkout's directory name, e.g. "main"); any name works as long as all get the same one.
# Settings mirror Package.swift (Swift 6 mode, ExistentialAny, InternalImportsByDefault)
# and swift-log's own.
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
compile_module ListAdapter listadapter fuzzer,address -DLISTADAPTER_SMALL_SIZES "${FEATURES[@]}" "${la_sources[@]}"

# Compiles one target, whole-module, from the .swift files under the given folders/files
# (its own folder and Fuzz/Shared, the oracles and replay checks the list targets share),
# with ListAdapterTesting's sources, and links it with the modules above.
# The list targets' own module (the decoder, the oracles, ListAdapterTesting) is
# instrumented for edge coverage without comparison tracing (-sanitize-coverage without
# trace-cmp): tracing every comparison the oracles make took a third of an input's time
# and guides little (they compare results; the decoder's few byte tests are plain edges).
# ListAdapter's own object, the code under test, keeps it (its inlinable generics
# specialized into the target's module do not). Targets whose own module holds the code
# under test (a parser) keep it too: `cmp` as the third argument.
LIST_COVERAGE=(-sanitize-coverage=edge,inline-8bit-counters,pc-table)
link_target() { # binary module-name cmp|nocmp folders-or-files... (an .o among them is linked in too; -I and -l flags are passed on)
    local binary="$1" module="$2" coverage=(); shift 2
    if [ "$1" = nocmp ]; then coverage=("${LIST_COVERAGE[@]}"); fi
    shift
    echo "build: $binary (link)"
    local sources objects=() paths=() arg
    for arg in "$@"; do
        case "$arg" in
            *.o) objects+=("$arg") ;;
            -I*|-l*) objects+=("$arg") ;;
            *) paths+=("$arg") ;;
        esac
    done
    mapfile -t sources < <(find "${paths[@]}" "$ROOT/Sources/ListAdapterTesting" -name '*.swift' | sort)
    # From $OUT: a whole-module build of an executable with -g leaves its module files
    # (Module-1.swiftmodule ...) in the working directory.
    (cd "$OUT" && "$SWIFTC" "${COMMON[@]}" -module-name "$module" -package-name listadapter -sanitize=fuzzer,address ${coverage[@]+"${coverage[@]}"} -I "$MODS" -wmo \
        "${FEATURES[@]}" "${sources[@]}" "${objects[@]}" "$OUT/ListAdapter.o" "$OUT/Logging.o" \
        -use-ld=lld -o "$OUT/$binary")
    echo "built $OUT/$binary"
}
# ListAdapterRemote's protocol (its Wire folder and the replica; the transports need
# networking, which the decoder does not).
mapfile -t remote_sources < <(find "$ROOT/Sources/ListAdapterRemote/Wire" -name '*.swift' | sort)
# Its compressed messages use the system's zlib (zlib1g-dev): -I finds the module map, the
# wire target links -lz.
ZLIB_INCLUDES=(-I "$ROOT/Sources/CListAdapterZlib")
compile_module ListAdapterRemote listadapter fuzzer,address "${FEATURES[@]}" "${ZLIB_INCLUDES[@]}" "${remote_sources[@]}" "$ROOT/Sources/ListAdapterRemote/ListReplica.swift"
link_target diff-and-batches DiffAndBatches nocmp "$ROOT/Fuzz/DiffAndBatches" "$ROOT/Fuzz/Shared"
link_target patches Patches nocmp "$ROOT/Fuzz/Patches" "$ROOT/Fuzz/Shared"
link_target wire Wire cmp "$ROOT/Fuzz/Wire" "$ROOT/Fuzz/Shared" "$OUT/ListAdapterRemote.o" "-I$ROOT/Sources/CListAdapterZlib" -lz
# sample-input: the sample's readers, compiled from Sample/ (an executable target with its
# own main, ArgumentParser and GRDB): only these files, which need Foundation alone.
link_target sample-input SampleInput cmp "$ROOT/Fuzz/SampleInput" "$ROOT/Fuzz/Shared" \
    "$ROOT"/Sample/Diff/{DiffInput,ExactIdentifier}.swift "$ROOT"/Sample/Browse/Terminal.swift \
    "$ROOT"/Sample/Support/{SampleError,JSONValue,ListUpdate+JSON,TerminalText,ProcessEnd,ExitStatus,StandardStreams,LockedState,JSONIdentifier}.swift

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
(cd "$OUT" && "$SWIFTC" "${COMMON[@]}" -module-name SQLiteFiles -package-name listadapter -sanitize=fuzzer,address -I "$MODS" -wmo \
    "${FEATURES[@]}" "${SQLITE_INCLUDES[@]}" "${sqlite_files_sources[@]}" \
    "$OUT/ListAdapterSQLite.o" "$OUT/ListAdapter.o" "$OUT/GRDB.o" "$OUT/Logging.o" -lsqlite3 \
    -use-ld=lld -o "$OUT/sqlite-files") # from $OUT, as in link_target
echo "built $OUT/sqlite-files"

# --- server (a real Hummingbird server in the process, fed raw connections) --------------
# Built by SwiftPM, not swiftc: it needs SwiftNIO and Hummingbird, whose many modules (and
# their C) SwiftPM already knows how to build. Package.swift adds the target `ServerFuzz` and
# the product `server-fuzz` only under LISTADAPTER_FUZZ_SERVER=1, instrumenting our server
# modules (Remote, Server, Hummingbird: -sanitize=fuzzer,address; ListAdapter: address);
# SwiftNIO and Hummingbird are built plainly, release, in their own scratch directory (about
# 6 minutes from clean on two cores, most of it BoringSSL, which the WebSocket client brings).
echo "build: server-fuzz (swift build, release, trait WebSocket)"
server_status=0
LISTADAPTER_FUZZ_SERVER=1 swift build --package-path "$ROOT" -c release --traits WebSocket \
    --scratch-path "$OUT/server" --product server-fuzz 2>&1 | { grep -v -e "^\[" -e "swift-distributed-tracing" -e "CMakeLists.txt" || true; } \
    || server_status=$?
if [ "$server_status" -ne 0 ]; then
    echo "build: server-fuzz failed (exit $server_status)" >&2
    exit 1
fi
ln -sf server/release/server-fuzz "$OUT/server-fuzz"
echo "built $OUT/server-fuzz"
