import ListAdapter

/// Patches that break ``ListSnapshot/applying(_:)``'s preconditions, which it must refuse
/// (`nil`, so the caller reloads) without touching the snapshot: gaps descending, a gap
/// past the end, one id twice among the rows, a row duplicating an untouched row.
enum MalformedPatch {
    typealias Row = ListSnapshotPatch<Int, Int>.Row

    static func check(_ kind: Int, on snapshot: ListSnapshot<Int, Int>) {
        let untouched = snapshot.untouchedRows(excluding: [Int]())
        let title = snapshot.sectionTitles.first ?? nil
        // Ids below every id a row has (rows are positive, absent touches -1 - byte).
        let a = -1_000, b = -1_001
        let patch: ListSnapshotPatch<Int, Int>
        switch kind & 3 {
        case 0:
            patch = ListSnapshotPatch(touched: [a, b], rows: [
                Row(id: a, section: title, summary: 0, gap: 1), Row(id: b, section: title, summary: 0, gap: 0),
            ])
        case 1:
            patch = ListSnapshotPatch(touched: [a], rows: [Row(id: a, section: title, summary: 0, gap: untouched.count + 1 + (kind >> 2))])
        case 2:
            patch = ListSnapshotPatch(touched: [a], rows: [
                Row(id: a, section: title, summary: 0, gap: 0), Row(id: a, section: title, summary: 1, gap: 0),
            ])
        default:
            guard !snapshot.isEmpty else { return }
            let id = untouched.identifier(atRank: (kind >> 2) % untouched.count)
            patch = ListSnapshotPatch(touched: [a], rows: [Row(id: id, section: title, summary: 0, gap: 0)])
        }
        let entries = snapshot.entries
        if snapshot.applying(patch) != nil { fail("applied a malformed patch (kind \(kind & 3)): \(patch.rows.map { "\($0.id)@\($0.gap)" })") }
        if snapshot.entries != entries { fail("refusing a malformed patch changed the snapshot") }
    }
}
