#!/usr/bin/env bash
# The public API against release 0.1.0: every API break since the release must be listed in
# CHANGELOG.md, under `### Changed` in `## Unreleased`.
#
#   .ci/api-check.sh              check (CI runs it right after its build; exit 0, 1 or 2)
#   .ci/api-check.sh --regenerate remake the baseline data from the commit in .api-baseline
#
# What is compared: the Swift API (swift-api-digester's view: public declarations, their
# types, generic signatures, conformances, protocol requirements) of the library modules
# ListAdapter ListAdapterSQLite ListAdapterSwiftUI ListAdapterTesting ListAdapterPostgres
# ListAdapterRemote ListAdapterServer ListAdapterHummingbird, built with the traits
# PostgreSQL,WebSocket (without them ListAdapterPostgres and ListAdapterHummingbird are
# empty), on Linux: Apple-only declarations (`#if canImport(UIKit)` and the like) are on
# neither side, which leaves ListAdapterSwiftUI, all SwiftUI, UIKit and AppKit, with no
# declaration to compare here. Additions never fail the check.
#
# How: with the toolchain's swift-api-digester, on the modules CI's build step has already
# built (.build/debug/Modules): `-dump-sdk` of each (to see it loaded, with its traits), then
# `-diagnose-sdk -baseline-path .api-baseline.d/<commit>/<Module>.json -module <Module>`, the
# two calls `swift package diagnose-api-breaking-changes` makes, with the same search paths.
# No build, so run it after `swift build --traits PostgreSQL,WebSocket` (it says so if a
# module is missing; it cannot tell a module older than its sources: the compiler leaves a
# .swiftmodule untouched when its content is unchanged). The baseline is data committed in
# .api-baseline.d/<commit>/<Module>.json, SwiftPM's --baseline-dir layout, so by hand
#   swift package --traits PostgreSQL,WebSocket diagnose-api-breaking-changes <commit> \
#       --baseline-dir .api-baseline.d
# reads the same files (present files are reused: no checkout, no build of the release).
# CI does not call that: it builds the current tree first, and SwiftPM 6.3.1 passes the
# trait defines (-DPostgreSQL -DWebSocket) in an order that changes from one invocation to
# the next, so about every other time that build recompiles every target of this package
# (about 100 s on CI's machine) although `swift build` has just built it. This script needs
# no build and takes about 2 s; nor does it need the release's commit in the clone.
# The commit is the last non-comment line of .api-baseline.
#
# --regenerate builds the release in a throwaway `git worktree` (under $TMPDIR) with the
# traits and dumps each module with `swift-api-digester -dump-sdk`, as SwiftPM does: SwiftPM's
# own --regenerate-baseline builds the baseline revision without the traits given to it
# (checked with SwiftPM 6.3.1), which leaves the two trait modules out. Run it after changing
# the commit in .api-baseline (a new release), or on a new toolchain whose JSON differs, and
# commit the result. It takes a full debug build of the release and its dependencies.
# API_BASELINE_WORKTREE=DIR uses (and keeps) an existing worktree of that commit instead.
#
# The rule for "listed". Each break the tool reports names a declaration, as
# `<kind> <Path>(<labels>)`: `func ListFeed.read()`, `struct SQLiteOrdering`,
# `constructor ListFeed.init(source:)`, `var ListConnectionLimits.maxConnections`. Its name
# is the Path without the parameter list (and, for an accessor, without `.Get`/`.Set`...):
# `ListFeed.read`, `SQLiteOrdering`, `ListFeed.init`. An entry of `### Changed` (a `- `
# line with its continuation lines), in `## Unreleased` only, lists the break when one of
# its code spans (text in backticks), with any parameter list cut off, any words before the
# last one dropped (`func read()` -> `read`) and a leading `.` removed, is
#   - the name itself: `ListFeed.read()`, `SQLiteOrdering`;
#   - the name's last part(s): `read()`, `read(from:)`, `Options.ordering`;
#   - or the name with a prefix: `ListAdapterServer.ListFeed.read`;
# except that a bare `init(...)` or `subscript(...)` counts only when the same entry also
# names the type (`ListFeed`, by the same rule), else write `ListFeed.init(source:)`.
# A type change from one of this package's types (`var SQLiteListSource.access has declared
# type change from ListAdapterSQLite.SQLiteAccess to ListAdapter.ListSourceAccess`) is also
# listed by an entry that names that former type (`SQLiteAccess`, by the same rule): the
# entry says what became of the type, which is what changed the declaration.
# So `ListFeed` alone lists a break of the type ListFeed (removed, a conformance dropped),
# not of its members. Every break must be listed; one that is not is printed as
# `error: API break not listed ...` with what to do.
#
# Exit status: 0 no break, or every break listed; 1 a break not listed; 2 the check could not
# run (no baseline data for the commit, the build or the tool failed, no commit in git...).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

traits=PostgreSQL,WebSocket
modules=(ListAdapter ListAdapterSQLite ListAdapterSwiftUI ListAdapterTesting
    ListAdapterPostgres ListAdapterRemote ListAdapterServer ListAdapterHummingbird)
data_dir=.api-baseline.d

environment_error() {
    echo "error: $*" >&2
    exit 2
}

[ -f .api-baseline ] || environment_error ".api-baseline is missing: it names the release's commit"
commit=$(grep -v -E '^[[:space:]]*(#|$)' .api-baseline | tail -n 1 | tr -d '[:space:]')
[[ $commit =~ ^[0-9a-f]{40}$ ]] ||
    environment_error ".api-baseline: its last non-comment line ('$commit') is not a full 40-hex commit hash"
command -v swift >/dev/null 2>&1 || environment_error "no 'swift' on PATH"

digester=$(command -v swift-api-digester ||
    echo "$(dirname "$(readlink -f "$(command -v swift)")")/swift-api-digester")
[ -x "$digester" ] || environment_error "no swift-api-digester on PATH or beside swift"

# The tool's search paths for a package at DIR built in BIN (relative to DIR), one a line:
# what SwiftPM gives it (BuildPlan.createAPIToolCommonArgs), the build directory, its Modules
# directory and the directory of every module map (C targets' generated ones under the build
# directory, C targets' include directories, system libraries). Relative paths: a dump
# records its arguments, and so says nothing of where it was made.
search_paths() {
    local dir=$1 bin=$2 map
    printf '%s\n' -I "$bin" -I "$bin/Modules"
    (cd "$dir" && {
        find -L "$bin" -mindepth 2 -maxdepth 2 -path '*.build/module.modulemap'
        find Sources -name module.modulemap
        find .build/checkouts -name module.modulemap \
            -not -path '*/Tests/*' -not -path '*/Benchmarks/*' -not -path '*/Examples/*'
    } | sort -u) | while IFS= read -r map; do
        printf '%s\n' -I "$(dirname "$map")"
    done
}

# Dumps MODULE's API, as built in DIR, to OUT (relative to DIR), and checks it is one.
dump() {
    local dir=$1 module=$2 out=$3 output json
    shift 3
    json=$out
    [[ $json == /* ]] || json=$dir/$out
    output=$(cd "$dir" && "$digester" -dump-sdk -compiler-style-diags "$@" -module "$module" -o "$out" 2>&1) ||
        environment_error "swift-api-digester could not dump $module: $output"
    # It can say "Failed to load module" and exit 0.
    if grep -q -e "error:" -e "Failed to load" <<<"$output"; then
        environment_error "swift-api-digester could not load $module: $output"
    fi
    # A trait module built without its trait is empty. (ListAdapterSwiftUI is empty on Linux:
    # its API is SwiftUI, UIKit and AppKit's.)
    if [ "$module" != ListAdapterSwiftUI ] &&
        ! grep -q -E '"kind": "(TypeDecl|Function|Var|TypeAlias)"' "$json"; then
        environment_error "$module has no public declaration: built without --traits $traits?"
    fi
}

# --- --regenerate ------------------------------------------------------------------------

regenerate() {
    local worktree bin staging module
    git rev-parse --verify -q "$commit^{commit}" >/dev/null ||
        environment_error "commit $commit (.api-baseline) is not in this clone's history (a shallow clone? git fetch --unshallow)"

    if [ -n "${API_BASELINE_WORKTREE:-}" ]; then
        worktree=$API_BASELINE_WORKTREE
        [ "$(git -C "$worktree" rev-parse HEAD 2>/dev/null)" = "$commit" ] ||
            environment_error "API_BASELINE_WORKTREE=$worktree is not a worktree at $commit"
    else
        worktree=$(mktemp -d "${TMPDIR:-/tmp}/listadapter-api-baseline.XXXXXX")
        rmdir "$worktree"
        git worktree add --detach "$worktree" "$commit" >/dev/null ||
            environment_error "could not make a worktree of $commit at $worktree"
        # shellcheck disable=SC2064
        trap "git -C '$root' worktree remove --force '$worktree' >/dev/null 2>&1 || rm -rf '$worktree'; git -C '$root' worktree prune" EXIT
    fi
    echo "== building $commit with --traits $traits in $worktree (a full debug build)"
    for module in "${modules[@]}"; do
        (cd "$worktree" && swift build --traits "$traits" --target "$module") ||
            environment_error "the release's $module did not build in $worktree"
    done
    bin=$(cd "$worktree" && swift build --traits "$traits" --show-bin-path)
    bin=${bin#"$worktree"/}

    local -a search=()
    mapfile -t search < <(search_paths "$worktree" "$bin")

    staging=.build/api-baseline
    rm -rf "${worktree:?}/$staging"
    mkdir -p "$worktree/$staging"
    for module in "${modules[@]}"; do
        echo "== swift-api-digester -dump-sdk -module $module"
        dump "$worktree" "$module" "$staging/$module.json" "${search[@]}"
    done

    rm -rf "${data_dir:?}"/*/
    mkdir -p "$data_dir/$commit"
    mv "$worktree/$staging"/*.json "$data_dir/$commit/"
    cat >"$data_dir/README.md" <<EOF
# API baseline data

The Swift API of the release's library modules (commit \`$commit\`, named in
\`.api-baseline\`), built with \`--traits $traits\` on Linux and dumped by
\`swift-api-digester -dump-sdk\`: one \`<commit>/<Module>.json\` per module, the layout
\`swift package diagnose-api-breaking-changes --baseline-dir\` reads. Made by
\`.ci/api-check.sh --regenerate\` with $(swift --version 2>/dev/null | head -n 1 | sed 's/ (swift-.*//');
\`.ci/api-check.sh\` (CI) compares the current tree with it. Not edited by hand.
EOF
    echo "Baseline data for $commit written to $data_dir/$commit/ (${#modules[@]} modules): commit it."
}

if [ "${1:-}" = "--regenerate" ]; then
    regenerate
    exit 0
elif [ $# -gt 0 ]; then
    echo "usage: .ci/api-check.sh [--regenerate]" >&2
    exit 2
fi

# --- the check ---------------------------------------------------------------------------

for module in "${modules[@]}"; do
    [ -s "$data_dir/$commit/$module.json" ] ||
        environment_error "no baseline data $data_dir/$commit/$module.json for the commit in .api-baseline: run .ci/api-check.sh --regenerate and commit $data_dir"
done
[ -f CHANGELOG.md ] || environment_error "CHANGELOG.md is missing"

# The entries of `### Changed` under `## Unreleased`, one a line (continuation lines joined).
changed_entries() {
    awk '
        /^## /  { unreleased = ($0 ~ /^## +\[?Unreleased\]?[[:space:]]*$/); changed = 0; next }
        /^### / { changed = unreleased && ($0 ~ /^### +Changed[[:space:]]*$/); next }
        !changed { next }
        /^[[:space:]]*[-*+] / { if (entry != "") print entry; entry = $0; next }
        /^[[:space:]]*$/ { next }
        { entry = entry " " $0 }
        END { if (entry != "") print entry }
    ' CHANGELOG.md
}

# A code span as a name: parameter list cut off, words before the last dropped, leading `.` removed.
span_name() {
    local s=${1//\`/}
    s=${s%%(*}
    s=${s%"${s##*[![:space:]]}"}
    s=${s##*[[:space:]]}
    printf '%s\n' "${s#.}"
}

# A break's name: the Path after its kind, without the parameter list; an accessor's
# (`accessor ListFeed.count.Get()`) without its last part.
break_name() {
    local rest=${1#*API breakage: } kind path
    kind=${rest%% *}
    rest=${rest#* }
    path=${rest%%[( ]*}
    # `extension struct Router ...`: an extension of another module's type.
    if [ "$kind" = extension ]; then
        rest=${rest#* }
        path=${rest%%[( ]*}
    fi
    [ "$kind" = accessor ] && path=${path%.*}
    printf '%s\n' "$path"
}

# Whether a code span's name lists the break's name (the rule in the header), alone.
lists() {
    local span=$1 name=$2
    [ -n "$span" ] || return 1
    [ "$span" = "$name" ] && return 0
    case "$span" in init | subscript) return 1 ;; esac
    [[ $name == *".$span" ]] && return 0
    [[ $span == *".$name" ]] && return 0
    return 1
}

# Whether an entry (its code spans' names, one a line) lists the break's name: one name lists
# it, or the name is a bare `init`/`subscript` and another names the type it belongs to.
entry_lists() {
    local names=$1 name=$2 span last=${2##*.} type
    while IFS= read -r span; do
        lists "$span" "$name" && return 0
    done <<<"$names"
    case "$last" in init | subscript) ;; *) return 1 ;; esac
    [ "$name" != "$last" ] || return 1
    type=${name%.*}
    grep -q -x -F "$last" <<<"$names" || return 1
    while IFS= read -r span; do
        lists "$span" "$type" && return 0
    done <<<"$names"
    return 1
}

# The code spans' names of each entry of Unreleased/Changed, an entry a string.
# shellcheck disable=SC2016 # Markdown's backticks
code_span='`[^`]*`'
declare -a entries=()
while IFS= read -r entry; do
    names=""
    while IFS= read -r span; do
        names+="$(span_name "$span")"$'\n'
    done < <(grep -o "$code_span" <<<"$entry" || true)
    entries+=("$names")
done < <(changed_entries)

# The modules as CI's build step left them.
bin=.build/debug
for module in "${modules[@]}"; do
    built="$bin/Modules/$module.swiftmodule"
    [ -f "$built" ] ||
        environment_error "$built is missing: build first (swift build --traits $traits)"
done
mapfile -t search < <(search_paths . "$bin")

work=$(mktemp -d "${TMPDIR:-/tmp}/listadapter-api-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "== swift-api-digester -diagnose-sdk: ${#modules[@]} modules against $data_dir/$commit (the release in .api-baseline)"
declare -a breaks=()
for module in "${modules[@]}"; do
    dump . "$module" "$work/$module.json" "${search[@]}"
    status=0
    "$digester" -diagnose-sdk -compiler-style-diags -baseline-path "$data_dir/$commit/$module.json" \
        "${search[@]}" -module "$module" >"$work/$module.log" 2>&1 || status=$?
    count=0
    # Its diagnostics: `/path/File.swift:37:17: error: API breakage: func ... [#api-digester-
    # breaking-change]` (`<unknown>:0:` for a removed declaration), each followed by the source
    # line and a caret, indented as in the file.
    diagnostic='^(<unknown>:0|[^[:space:]].*:([0-9]+):[0-9]+): (error|warning): (.*)$'
    while IFS= read -r line; do
        [[ $line =~ $diagnostic ]] || continue
        text=${BASH_REMATCH[4]}
        if [[ $text == "API breakage: "* ]]; then
            at=""
            if [ -n "${BASH_REMATCH[2]}" ]; then
                at=${BASH_REMATCH[1]%:*}
                at=" (${at#"$root"/})"
            fi
            breaks+=("$module: ${text% \[#api-digester-breaking-change\]}$at")
            count=$((count + 1))
        elif [ "${BASH_REMATCH[3]}" = error ]; then
            environment_error "swift-api-digester -diagnose-sdk on $module: $line"
        fi
    done <"$work/$module.log"
    if [ "$status" -ne 0 ] && [ "$count" -eq 0 ]; then
        cat "$work/$module.log" >&2
        environment_error "swift-api-digester -diagnose-sdk failed on $module (exit $status) without reporting a break"
    fi
    echo "$module: $count break(s)"
done

unlisted=0
for item in "${breaks[@]}"; do
    name=$(break_name "$item")
    # A type change from one of this package's types (Module.Type, optional or not).
    former=""
    if [[ $item =~ \ type\ change\ from\ ([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_.]*)[?!]*\ to\  ]] &&
        [[ " ${modules[*]} " == *" ${BASH_REMATCH[1]} "* ]]; then
        former=${BASH_REMATCH[2]}
    fi
    found=0
    for names in "${entries[@]}"; do
        if entry_lists "$names" "$name" || { [ -n "$former" ] && entry_lists "$names" "$former"; }; then
            found=1
            break
        fi
    done
    if [ "$found" = 1 ]; then
        echo "listed in CHANGELOG.md (Unreleased, Changed): $item"
    else
        unlisted=$((unlisted + 1))
        echo "error: API break not listed in CHANGELOG.md: $item" >&2
        case "${name##*.}" in
            init | subscript) how="\`$name(...)\` (or \`${name%.*}\` and \`${name##*.}(...)\` in the one entry)" ;;
            *) how="\`$name\` (or \`${name##*.}\`)" ;;
        esac
        [ -z "$former" ] || how+=", or the former type \`$former\`,"
        echo "       if it is meant, add an entry under '### Changed' in '## Unreleased' that names $how in backticks and says what to use instead; if not, restore the declaration" >&2
    fi
done

if [ "$unlisted" -gt 0 ]; then
    echo "error: $unlisted of ${#breaks[@]} API break(s) since the release (${commit:0:7}, .api-baseline) are not listed in CHANGELOG.md (rule: .ci/api-check.sh's header)" >&2
    exit 1
fi
if [ ${#breaks[@]} -gt 0 ]; then
    echo "API check: ${#breaks[@]} break(s) since the release (${commit:0:7}, .api-baseline), each listed under Unreleased/Changed"
else
    echo "API check: no API break since the release (${commit:0:7}, .api-baseline) in ${#modules[@]} modules"
fi
