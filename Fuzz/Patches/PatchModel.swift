import ListAdapter

/// The list a patch program edits, kept the plain way: rows in list order, and the ids a
/// step touched. Every row a step changes (inserted, deleted, moved, retitled, given a
/// summary) is touched, so the untouched rows keep their order and content: the patch
/// states the step against them, as a data source would.
struct PatchModel {
    struct Row: Equatable {
        var id: Int
        var title: Int      // 0...5 "S0"..."S5", 6 "", 7 nil
        var summary: Int
    }

    // In the fuzz build a chunk holds 8 rows and a page 4 chunks (build.sh): 96 rows are 12
    // chunks on about 3 pages, enough for chunk splits, merges, shared runs and shared
    // pages; larger lists only make each step slower (every step checks the whole
    // list many times: 128 rows reached 1% more edges at 15% fewer inputs a second).
    static let maximumItems = 96

    var rows: [Row] = []
    /// Touched in this step, in the order touched (repeats kept: the patch may list an id twice).
    var touched: [Int] = []
    /// Ids deleted so far, for re-inserting one (its index slot was freed).
    var deleted: [Int] = []
    private var nextID = 1

    static func title(_ code: Int) -> String? {
        switch code {
        case 7: nil
        case 6: ""
        default: "S\(code)"
        }
    }

    static func code(of title: String?) -> Int {
        switch title {
        case nil: 7
        case "": 6
        case let title?: Int(title.dropFirst())!
        }
    }

    /// Takes `snapshot`'s rows in its order (after a full load regrouped them).
    mutating func take(_ snapshot: ListSnapshot<Int, Int>) {
        rows = snapshot.entries.map { Row(id: $0.id, title: Self.code(of: $0.section), summary: $0.summary) }
    }

    var entries: [ListEntry<Int, Int>] {
        rows.map { ListEntry(id: $0.id, section: Self.title($0.title), summary: $0.summary) }
    }

    /// Whether each title's rows are one run: else the patch must be refused.
    var sectionsAreContiguous: Bool {
        var seen = Set<Int>()
        for (index, row) in rows.enumerated() where index == 0 || rows[index - 1].title != row.title {
            if !seen.insert(row.title).inserted { return false }
        }
        return true
    }

    private mutating func freshID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The place at or before `place` where a section starts (or the list ends).
    private func boundary(atOrBefore place: Int) -> Int {
        var place = min(place, rows.count)
        while place > 0 && place < rows.count && rows[place - 1].title == rows[place].title { place -= 1 }
        return place
    }

    /// The title a row put at `place` gets, and the place it goes, by title mode.
    private func titled(place: Int, mode: Int, title: Int) -> (place: Int, title: Int) {
        switch mode {
        case 0: (place, place > 0 ? rows[place - 1].title : rows.first?.title ?? title)
        case 1: (place, place < rows.count ? rows[place].title : rows.last?.title ?? title)
        case 2: (place, title)
        default: (boundary(atOrBefore: place), title)
        }
    }

    /// Operand byte `b` as one of `count` places or rows: in proportion (`b * count / 256`),
    /// so that one byte reaches across a long list and each place of a short one.
    static func scaled(_ b: Int, _ count: Int) -> Int {
        (b & 255) * count / 256
    }

    private mutating func insert(_ id: Int, place: Int, mode: Int, title: Int) {
        guard rows.count < Self.maximumItems else { return }
        let (at, title) = titled(place: Self.scaled(place, rows.count + 1), mode: mode, title: title)
        rows.insert(Row(id: id, title: title, summary: 0), at: at)
        touched.append(id)
    }

    private mutating func remove(at index: Int) {
        touched.append(rows[index].id)
        deleted.append(rows[index].id)
        rows.remove(at: index)
    }

    /// The indices of `title`'s rows (one run while sections are contiguous, maybe more).
    private func indices(of title: Int) -> [Int] {
        rows.indices.filter { rows[$0].title == title }
    }

    mutating func apply(_ op: PatchProgram.Op) {
        let n = rows.count
        switch op {
        case .insert(let place, let mode, let title):
            insert(freshID(), place: place, mode: mode, title: title)
        case .delete(let start, let count):
            guard n > 0 else { return }
            let first = Self.scaled(start, n)
            for _ in 0 ..< min(count, n - first) { remove(at: first) }
        case .move(let from, let to, let mode, let title):
            guard n > 0 else { return }
            let row = rows.remove(at: Self.scaled(from, n))
            let (at, newTitle) = titled(place: Self.scaled(to, n), mode: mode, title: title)
            rows.insert(Row(id: row.id, title: newTitle, summary: row.summary), at: at)
            touched.append(row.id)
        case .summary(let row, let value):
            guard n > 0 else { return }
            rows[Self.scaled(row, n)].summary = value
            touched.append(rows[Self.scaled(row, n)].id)
        case .touch(let start, let count):
            guard n > 0 else { return }
            let first = Self.scaled(start, n)
            for index in first ..< min(n, first + count) { touched.append(rows[index].id) }
        case .touchAbsent(let value):
            touched.append(-1 - value)          // ids of rows are positive
        case .renameSection(let title, let to):
            for index in indices(of: title) {
                rows[index].title = to
                touched.append(rows[index].id)
            }
        case .moveSection(let title, let place):
            let moving = rows.filter { $0.title == title }
            guard !moving.isEmpty else { return }
            rows.removeAll { $0.title == title }
            let at = boundary(atOrBefore: Self.scaled(place, rows.count + 1))
            rows.insert(contentsOf: moving, at: at)
            touched += moving.map(\.id)
        case .deleteSection(let title):
            for index in indices(of: title).reversed() { remove(at: index) }
        case .newSection(let title, let count, let boundaryNumber):
            var starts = [0]
            for index in 1 ..< max(1, n) where rows[index - 1].title != rows[index].title { starts.append(index) }
            if n > 0 { starts.append(n) }
            let at = starts[boundaryNumber * starts.count / 16]      // in proportion, as places are
            for offset in 0 ..< min(count, Self.maximumItems - n) {
                let id = freshID()
                rows.insert(Row(id: id, title: title, summary: offset & 3), at: at + offset)
                touched.append(id)
            }
        case .run(let place, let count):
            let at = Self.scaled(place, n + 1)
            let title = at > 0 ? rows[at - 1].title : rows.first?.title ?? 7
            let added = (0 ..< min(count, Self.maximumItems - n)).map { _ in Row(id: freshID(), title: title, summary: 0) }
            rows.insert(contentsOf: added, at: at)
            touched += added.map(\.id)
        case .reinsert(let number):
            guard !deleted.isEmpty else { return }
            let id = deleted[number % deleted.count]
            guard !rows.contains(where: { $0.id == id }) else { return }
            insert(id, place: number, mode: 0, title: 7)
        case .malformed:
            break                               // a probe of the snapshot, not an edit (Target)
        case .reverseSection(let title):
            let found = indices(of: title)
            guard let first = found.first, found.count == found.last! - first + 1 else { return }
            rows[first ... found.last!].reverse()
            touched += found.map { rows[$0].id }
        case .rotateSection(let title, let by):
            let found = indices(of: title)
            guard let first = found.first, found.count == found.last! - first + 1, found.count > 1 else { return }
            let k = by % found.count
            let section = Array(rows[first ... found.last!])
            rows[first ... found.last!] = ArraySlice(section[k...] + section[..<k])
            touched += section.map(\.id)
        }
    }

    /// The patch from `old` (this model's list before the step) to the rows now: the touched
    /// ids, and each touched row still listed, in list order, with its gap (the untouched
    /// rows before it).
    func patch() -> ListSnapshotPatch<Int, Int> {
        let touchedSet = Set(touched)
        var untouchedBefore = 0
        var patchRows: [ListSnapshotPatch<Int, Int>.Row] = []
        for row in rows {
            if touchedSet.contains(row.id) {
                patchRows.append(.init(id: row.id, section: Self.title(row.title), summary: row.summary, gap: untouchedBefore))
            } else {
                untouchedBefore += 1
            }
        }
        return ListSnapshotPatch(touched: touched, rows: patchRows)
    }
}
