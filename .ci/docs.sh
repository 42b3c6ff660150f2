#!/usr/bin/env bash
# The documentation, as CI checks it: every library's DocC catalog built by
# swift-docc-plugin with warnings as errors, into one combined archive rendered for static
# hosting; the archive served on loopback and its landing page and an article opened in
# headless Chromium, which must render them with no error in the console.
#
#   .ci/docs.sh [OUTPUT_DIR]       (default /tmp/listadapter-docs; the site is OUTPUT_DIR/site)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/listadapter-docs}
rm -rf "$out"
mkdir -p "$out"
cd "$root"

targets=(ListAdapter ListAdapterSQLite ListAdapterSwiftUI ListAdapterTesting ListAdapterPostgres ListAdapterRemote ListAdapterServer ListAdapterHummingbird)
args=()
for target in "${targets[@]}"; do args+=(--target "$target"); done
# The traits, so that ListAdapterPostgres's and ListAdapterHummingbird's symbols are documented
# (without them the modules are empty).
swift package --disable-sandbox --traits PostgreSQL,WebSocket generate-documentation "${args[@]}" \
    --enable-experimental-combined-documentation --warnings-as-errors \
    --transform-for-static-hosting --output-path "$out/site" 2>&1 | tee "$out/generate.log"
if grep -E "(warning|error):" "$out/generate.log" | grep -v -e "/.build/checkouts/" -e "warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled"; then
    echo "error: the documentation has warnings (above)" >&2
    exit 1
fi

# The package's landing page, a library's, an article and a symbol page.
python3 "$root/.ci/docs-check.py" "$out/site" documentation documentation/listadapter \
    documentation/listadapter/gettingstarted documentation/listadaptersqlite/sqlitelistsource \
    --screenshots "$out/screenshots"
