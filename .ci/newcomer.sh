#!/usr/bin/env bash
# The first hour, as CI can check it: a new package made of README's Package.swift (the
# package named by its path instead of its URL) and README's SQLite example as its
# main.swift builds with zero warnings, runs and prints what README says, and builds
# neither swift-docc-plugin's dependencies nor postgres-nio (the trait is off).
#
#   .ci/newcomer.sh [WORK_DIR]        exit status 0 when all of that holds
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/listadapter-newcomer.XXXXXX)}
app="$work/Inbox"
rm -rf "$app"
mkdir -p "$app/Sources/Inbox"

# README's manifest: the fenced block that starts with the tools version.
python3 - "$root/README.md" "$root" "$app/Package.swift" <<'PY'
import re, sys
readme, root, out = sys.argv[1:]
text = open(readme).read()
blocks = re.findall(r"^```[a-z]*\n(// swift-tools-version.*?)^```", text, re.S | re.M)
if len(blocks) != 1:
    sys.exit(f"newcomer.sh: README.md has {len(blocks)} Package.swift blocks, expected 1")
manifest, count = re.subn(r'\.package\(url: "https://github\.com/[^"]+/ListAdapter", branch: "main"\)',
                          f'.package(name: "ListAdapter", path: "{root}")', blocks[0])
if count != 1:
    sys.exit("newcomer.sh: README's Package.swift no longer names ListAdapter as expected")
open(out, "w").write(manifest)
PY
cp "$root/Examples/SQLiteInbox/main.swift" "$app/Sources/Inbox/main.swift"

cd "$app"
echo "newcomer: building $app (README's Package.swift and SQLite example)"
swift build 2>&1 | tee "$work/build.log"
if grep -E "warning:" "$work/build.log" | grep -v -e "/.build/checkouts/" -e "warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled"; then
    echo "error: README's example builds with warnings in a new package" >&2
    exit 1
fi
for unwanted in SymbolKit snippet-extract PostgresNIO NIOCore; do
    if compgen -G ".build/debug/$unwanted*" >/dev/null || compgen -G ".build/*/debug/$unwanted.build" >/dev/null; then
        echo "error: a new package that uses ListAdapter built $unwanted" >&2
        exit 1
    fi
done
output=$(TMPDIR="$work" timeout 120 swift run --skip-build Inbox)
expected=$'3 messages in 2 days\ninserted at 0 - 0: Your order has shipped'
if [ "$output" != "$expected" ]; then
    printf 'error: README'"'"'s SQLite example printed:\n%s\nexpected:\n%s\n' "$output" "$expected" >&2
    exit 1
fi
echo "newcomer: README's example built with zero warnings and printed what README says"
