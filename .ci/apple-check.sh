#!/usr/bin/env bash
# Type-checks the package against Apple's SDKs with ../shared/tools/apple-check, as an app
# that leaves the package trait PostgreSQL off builds it (the default).
#
# check.sh wants a checkout of every dependency the manifest names, trait-only ones too,
# and postgres-nio's dependencies cannot be type-checked against the SDKs at hand anyway
# (they are older than swift-collections 1.6's Span and swift-metrics' #isolation need):
# so it runs on a copy of the working tree whose manifest does not name postgres-nio.
# ListAdapterPostgres is empty without the trait; it is compiled and tested on Linux.
#
#   .ci/apple-check.sh [check.sh options]      exit status: check.sh's (3: no SDK prepared)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=${APPLE_CHECK:-$root/../shared/tools/apple-check/check.sh}
copy=${APPLE_CHECK_COPY:-${TMPDIR:-/tmp}/listadapter-apple-check}
mkdir -p "$copy"
# The working tree as it is (tracked and new files, not ignored ones); the copy's .build
# (its resolved dependencies) is kept between runs.
find "$copy" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
(cd "$root" && git ls-files -z -c -o --exclude-standard | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$copy"
python3 - "$copy/Package.swift" <<'PY'
import re, sys
path = sys.argv[1]
lines = open(path).read().split("\n")
kept = [l for l in lines if "postgres-nio" not in l]
if len(lines) - len(kept) < 2:
    sys.exit("apple-check.sh: Package.swift no longer names postgres-nio as expected; update .ci/apple-check.sh")
open(path, "w").write("\n".join(kept))
PY
(cd "$copy" && swift package resolve >/dev/null 2>&1) || { echo "apple-check.sh: swift package resolve failed in $copy" >&2; exit 2; }
exec bash "$check" "$copy" "$@"
