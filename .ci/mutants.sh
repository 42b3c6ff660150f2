#!/usr/bin/env bash
# Mutation check: do the tests notice when a guard that matters is broken?
#
# Applies one-line mutants (the table below: a file, one of its lines exactly, the line that
# replaces it, the tests that must then fail), one at a time: checks that the line is in the
# file exactly once (so that a change to the code fails this script loudly instead of
# mutating nothing), replaces it, builds incrementally (`swift build --build-tests`, no
# traits), runs the tests (`swift test --skip-build --filter`) and restores the file, also
# on Ctrl-C or an error. Fails when a mutant survives (its tests pass), when a line has
# drifted, or when a mutant does not build. Before the mutants, the same tests must pass
# unmutated; after them, the unmutated code is built again, so that `.build` holds what the
# sources say.
#
#   .ci/mutants.sh            # every mutant
#   .ci/mutants.sh reader     # the mutants whose name contains "reader"
#   MUTANTS_SWIFT_FLAGS="--traits PostgreSQL,WebSocket" .ci/mutants.sh
#                             # built as CI builds (no rebuild of everything for other traits)
#
# Run it before a stop that touches a file in the table, and update the table when such a
# line changes on purpose. Each mutant costs an incremental build of what depends on its
# file (a change in ListAdapter rebuilds most of the package).
set -euo pipefail
cd "$(dirname "$0")/.."

# name | file | original line | mutant line | tests (a --filter regular expression)
mutants=(
    "reader: counts are not checked against the bytes left"
    Sources/ListAdapterRemote/Wire/ListWireReader.swift
    '        guard bytesEach == 0 || count <= remaining / bytesEach else {'
    '        guard true else {'
    'ListAdapterRemoteTests\.'

    "decoder: a section may come twice, apart"
    Sources/ListAdapterRemote/Wire/ListWireDecoder.swift
    '                guard assembly.titles.insert(title).inserted else {'
    '                guard assembly.titles.insert(title).inserted || true else {'
    'ListAdapterRemoteTests\.'

    # Only the random damage test runs for this one: it shows that test can fail.
    "decoder: a change's gaps may go back"
    Sources/ListAdapterRemote/Wire/ListWireDecoder.swift
    '            guard increase >= 0, increase <= Int64(limits.rows) else { throw reader.error(.malformed, "a row'"'"'s gap changes by \(increase), not 0 to \(limits.rows)") }'
    '            guard increase <= Int64(limits.rows) else { throw reader.error(.malformed, "a row'"'"'s gap changes by \(increase), not 0 to \(limits.rows)") }'
    'WireRefusalTests/randomDamageIsReadAsTheReferenceReadsIt'

    "feed window: it keeps one change fewer"
    Sources/ListAdapterServer/ListFeedWindow.swift
    '        while changes.count - drop > 1 && (changes.count - drop > maxChanges || touchedCount > maxTouched) {'
    '        while changes.count - drop > 1 && (changes.count - drop >= maxChanges || touchedCount > maxTouched) {'
    'ListAdapterServerTests\.'

    "token check: any token opens the list"
    Sources/ListAdapterServer/ListAccess.swift
    '            return matched'
    '            return true'
    'ListAdapterServerTests\.ListAccessTests'

    "token check: any scheme is taken for Bearer"
    Sources/ListAdapterServer/ListAccess.swift
    '        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }'
    '        guard parts.count == 2 else { return nil }'
    'ListAdapterServerTests\.ListAccessTests'

    "edit confirmation: a move the source put elsewhere is confirmed"
    Sources/ListAdapter/Adapter/PendingEdit.swift
    '                    return isLoadAfterWrite ? .undone(ListEditError(.placedElsewhere(path), edit: edit)) : .pending(asksForLoad: true)'
    '                    return isLoadAfterWrite ? .confirmed : .pending(asksForLoad: true)'
    'ListAdapterTests\.(EditTests|ConcurrentEditTests|MoveLandingTests|MoveReceiptTests)'

    "batch validator: item counts are not checked (R15)"
    Sources/ListAdapterTesting/BatchValidation.swift
    '        try checkItemCounts(sections)'
    '        _ = sections'
    'ListAdapterTestingTests\.CountRuleTests'
)

only=${1:-}
read -r -a flags <<<"${MUTANTS_SWIFT_FLAGS:-}"
work=.build/mutants
mkdir -p "$work"
log="$work/log"
mutated=""          # the file mutated now, restored by `restore`

restore() {
    if [ -n "$mutated" ]; then
        # A copy, not a move: the file gets a new time, so the next build sees it changed.
        cp "$work/original" "$mutated"
        rm -f "$work/applied"
        echo "restored $mutated"
        mutated=""
    fi
}
trap 'restore' EXIT
trap 'restore; echo "interrupted: .build holds a mutant; run swift build --build-tests" >&2; exit 130' INT TERM

if [ -f "$work/applied" ]; then
    echo "error: an earlier run was killed while $(cat "$work/applied") was mutated; restore it (cp $work/original $(cat "$work/applied"), or git checkout) and remove $work/applied" >&2
    exit 2
fi

# The selected mutants, and a check that each original line is there exactly once.
selected=()
filters=()
for ((i = 0; i < ${#mutants[@]}; i += 5)); do
    name=${mutants[i]} file=${mutants[i + 1]} original=${mutants[i + 2]}
    [[ -z "$only" || "$name" == *"$only"* ]] || continue
    found=$(grep -cxF -- "$original" "$file" || true)
    if [ "$found" != 1 ]; then
        echo "error: mutant \"$name\": the line is in $file $found times, not once (the code changed: update the table in $0):" >&2
        echo "    $original" >&2
        exit 2
    fi
    selected+=("$i")
    filters+=("${mutants[i + 4]}")
done
if [ ${#selected[@]} -eq 0 ]; then
    echo "error: no mutant's name contains \"$only\"" >&2
    exit 2
fi

build() {
    if ! swift build --build-tests "${flags[@]}" >"$log" 2>&1; then
        tail -30 "$log" >&2
        return 1
    fi
}

started=$SECONDS
echo "== the unmutated code: build, and the tests pass"
build || { echo "error: the unmutated package does not build" >&2; exit 2; }
union=$(IFS='|'; echo "${filters[*]}")
if ! timeout --kill-after=30 1200 swift test --skip-build "${flags[@]}" --filter "$union" >"$log" 2>&1; then
    grep -E "recorded an issue|failed" "$log" | head -20 >&2 || true
    echo "error: the tests fail unmutated; fix them first (log: $log)" >&2
    exit 2
fi

survivors=()
for i in "${selected[@]}"; do
    name=${mutants[i]} file=${mutants[i + 1]} original=${mutants[i + 2]} mutant=${mutants[i + 3]} filter=${mutants[i + 4]}
    echo "== mutant: $name ($file)"
    mutant_started=$SECONDS
    cp "$file" "$work/original"
    echo "$file" >"$work/applied"
    mutated=$file
    ORIGINAL=$original MUTANT=$mutant awk '$0 == ENVIRON["ORIGINAL"] { print ENVIRON["MUTANT"]; next } { print }' "$work/original" >"$file"
    if ! build; then
        restore
        echo "error: mutant \"$name\" does not build (above); fix its line in $0" >&2
        exit 2
    fi
    status=0
    timeout --kill-after=30 1200 swift test --skip-build "${flags[@]}" --filter "$filter" >"$log" 2>&1 || status=$?
    restore
    if [ "$status" -eq 0 ]; then
        survivors+=("$name")
        echo "   SURVIVED: the tests ($filter) passed ($((SECONDS - mutant_started)) s)"
    else
        if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
            echo "   caught: a hang, stopped by the time limit ($((SECONDS - mutant_started)) s)"
        else
            # The tests that failed: swift-testing's "✘ Test name(...) recorded an issue", XCTest's "Test Case '...' failed".
            failed=$(grep -oE "✘ Test .+ recorded an issue|Test Case '[^']+' failed" "$log" | sed -E "s/^✘ Test (.+) recorded an issue.*/\1/; s/^Test Case '([^']+)' failed/\1/" | sort -u || true)
            echo "   caught by $(echo "$failed" | grep -c . || true) tests ($((SECONDS - mutant_started)) s): $(echo "$failed" | head -4 | paste -sd ' ' -)"
        fi
    fi
done

echo "== the unmutated code, built again"
build || { echo "error: the restored package does not build" >&2; exit 2; }
echo "== $((${#selected[@]} - ${#survivors[@]})) of ${#selected[@]} mutants caught in $((SECONDS - started)) s"
if [ ${#survivors[@]} -gt 0 ]; then
    printf 'error: survived: %s\n' "${survivors[@]}" >&2
    exit 1
fi
