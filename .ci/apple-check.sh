#!/usr/bin/env bash
# Type-checks the package against Apple's SDKs with ../shared/tools/apple-check, as an app
# that leaves the package trait PostgreSQL off builds it (the default).
#
# check.sh wants a checkout of every dependency the manifest names, trait-only ones too,
# and postgres-nio's dependencies cannot be type-checked against the SDKs at hand anyway
# (they are older than swift-collections 1.6's Span and swift-metrics' #isolation need):
# so it runs on a copy of the working tree whose manifest does not name postgres-nio.
# ListAdapterPostgres is empty without the trait; it is compiled and tested on Linux. So are
# Hummingbird's routes (trait WebSocket): its packages are left out the same way.
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
# The same for Hummingbird (trait WebSocket): its routes are compiled and tested on Linux;
# so is the Linux watch's WebSocket client (hummingbird-websocket's swift-websocket, WSCore).
before = len(kept)
kept = [l for l in kept if 'package: "hummingbird' not in l and 'package: "swift-websocket"' not in l and "hummingbird-project/" not in l]
if before - len(kept) < 2:
    sys.exit("apple-check.sh: Package.swift no longer names hummingbird as expected; update .ci/apple-check.sh")
# And what only the trait WebSocket brings on Linux (AsyncHTTPClient) or to the TLS tests
# (swift-certificates, swift-crypto).
before = len(kept)
kept = [l for l in kept if not any(name in l for name in ('"async-http-client"', "/async-http-client", '"swift-certificates"', "/swift-certificates", '"swift-crypto"', "/swift-crypto"))]
if before - len(kept) < 6:
    sys.exit("apple-check.sh: Package.swift no longer names async-http-client, swift-certificates and swift-crypto as expected; update .ci/apple-check.sh")
open(path, "w").write("\n".join(kept))
PY
# The DocC articles' complete examples (each ```swift block that starts with an import) are
# checked as README examples are: appended to the copy's README.md, their diagnostics named
# by article and line again below. ListAdapterPostgres's and ListAdapterHummingbird's are
# compiled on Linux instead.
python3 - "$copy" <<'PY'
import glob, json, os, re, sys
copy = sys.argv[1]
readme = os.path.join(copy, "README.md")
text = open(readme).read().rstrip("\n") + "\n"
line = text.count("\n")
spans = []
for article in sorted(glob.glob(os.path.join(copy, "Sources", "*", "*.docc", "*.md"))):
    relative = os.path.relpath(article, copy)
    if relative.startswith(("Sources/ListAdapterPostgres/", "Sources/ListAdapterHummingbird/")):
        continue
    source = open(article).read().split("\n")
    inside, body, start = False, [], 0
    for number, content in enumerate(source, 1):
        if not inside and re.match(r"^```swift\s*$", content):
            inside, body, start = True, [], number + 1
        elif inside and re.match(r"^```\s*$", content):
            inside = False
            if body and re.match(r"^(@\w+\s+)?import\s", body[0]):
                text += "\n```swift\n" + "\n".join(body) + "\n```\n"
                spans.append({"first": line + 3, "last": line + 2 + len(body), "path": relative, "offset": start - (line + 3)})
                line += 3 + len(body)
        elif inside:
            body.append(content)
open(readme, "w").write(text)
json.dump(spans, open(os.path.join(copy, ".apple-check", "articles.json"), "w"))
# The articles declare the types their pages share once (`Message`): their stand-ins join
# README's (none: README's examples are whole files of Examples/, compiled as they are).
with open(os.path.join(copy, ".apple-check", "readme-stand-ins.txt"), "a") as stand_ins:
    stand_ins.write("\n" + open(os.path.join(copy, ".apple-check", "article-stand-ins.txt")).read())
PY
(cd "$copy" && swift package resolve >/dev/null 2>&1) || { echo "apple-check.sh: swift package resolve failed in $copy" >&2; exit 2; }
status=0
bash "$check" "$copy" "$@" | python3 -u -c '
import json, re, sys
spans = json.load(open(sys.argv[1]))
def place(n):
    for s in spans:
        if s["first"] <= n <= s["last"]:
            return s["path"], n + s["offset"]
    return None
def rewrite(m):
    found = place(int(m.group(2)))
    return f"{found[0]}{m.group(1)}{found[1]}" if found else m.group(0)
for text in sys.stdin:
    text = re.sub(r"README\.md(:)(\d+)", rewrite, text)
    text = re.sub(r"README\.md block \d+ \((line) (\d+)\)", lambda m: (lambda f: f"{f[0]} (line {f[1]})" if f else m.group(0))(place(int(m.group(2)))), text)
    sys.stdout.write(text)
' "$copy/.apple-check/articles.json" || status=${PIPESTATUS[0]}
exit "$status"
