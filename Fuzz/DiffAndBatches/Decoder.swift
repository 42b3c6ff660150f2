import ListAdapter

/// Turns fuzzer bytes into two lists. The format (every byte string decodes to something):
///
/// - byte 0, header: bit 0 builds the old list with `ListSnapshot(sections:)` (exact
///   sections, empty ones kept) instead of `ListSnapshot(_:)` (entries grouped by title,
///   duplicates dropped); bit 1 the same for the new list; bit 2 starts the new list as a
///   copy of the old one (so the edit ops below make moves, updates and deletes), else empty.
/// - then ops for the old list until an END op (0xFF), then ops for the new list.
///
/// An op is one byte, `code = byte >> 5`, `arg = byte & 31`, some with operand bytes:
///
/// | code | op | effect |
/// |---|---|---|
/// | 0 | ADD_SMALL | append id `arg & 15` (small alphabet: duplicates, moves), summary `arg >> 4`, in the current section |
/// | 1 | ADD_LARGE b1 b2 | append id `100 + b1<<8 + b2`, summary `arg & 3` |
/// | 2 | SECTION | current section := title `arg & 7` (7 is nil, the untitled section); declared for `sections:` lists, so it may stay empty |
/// | 3 | RUN b | append `(arg + 1) * 2` consecutive ids from `100_000 + b * 1_000` (moves of many chunks when runs swap) |
/// | 4 | MOVE a b | move entry `a % n` to position `b % n`; if `arg & 1` it takes the section of its new neighbour |
/// | 5 | DELETE a | delete `arg % 4 + 1` entries from `a % n` |
/// | 6 | CHANGE a | entry `a % n`: if `arg & 16`, section := `arg & 7`, else summary += `arg & 3 + 1` |
/// | 7 | BLOCK b | `arg & 7`: 0 rotate the whole list by `b`; 1 reverse `[b & 15 .. b >> 4]` (mod n); 2 retitle section `b & 7` as `b >> 3 & 7`; 3 move section `b & 7`'s entries to the end; 4 delete section `b & 7`'s entries; 5 declare section `b & 7` (no entries); 7 (0xFF when arg is 31) END of the old list |
///
/// Lists are capped at ``maximumItems`` items.
struct FuzzLists {
    struct Entry: Equatable {
        var title: Int  // 0...6 titled, 7 nil
        var id: Int
        var summary: Int
    }

    struct Model {
        var entries: [Entry] = []
        var declared: [Int] = []
        var current = 7
        var exactSections = false

        mutating func declare(_ title: Int) {
            if !declared.contains(title) { declared.append(title) }
        }
    }

    // Short lists keep an input cheap (every batch is checked cell by cell on two views, four
    // times): in the fuzz build a chunk holds 8 items and a page 4 chunks (build.sh), so
    // 128 items are 16 chunks on 4 pages.
    static let maximumItems = 128

    var old = Model()
    var new = Model()

    static func title(_ code: Int) -> String? { code == 7 ? nil : "S\(code)" }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var cursor = 0
        func next() -> Int {
            guard cursor < bytes.count else { return 0 }
            defer { cursor += 1 }
            return Int(bytes[cursor])
        }
        let header = next()
        old.exactSections = header & 1 != 0
        var building = Model()
        var buildingOld = true
        while cursor < bytes.count {
            let byte = next()
            if byte == 0xFF && buildingOld {
                old = building
                buildingOld = false
                if header & 4 != 0 {
                    building.exactSections = false
                } else {
                    building = Model()
                }
                continue
            }
            Self.apply(op: byte, to: &building, next: next)
        }
        if buildingOld {
            old = building
            new = header & 4 != 0 ? building : Model()
        } else {
            new = building
        }
        old.exactSections = header & 1 != 0
        new.exactSections = header & 2 != 0
    }

    private static func apply(op byte: Int, to model: inout Model, next: () -> Int) {
        let code = byte >> 5
        let arg = byte & 31
        let n = model.entries.count
        switch code {
        case 0:
            guard n < maximumItems else { return }
            model.entries.append(Entry(title: model.current, id: arg & 15, summary: arg >> 4))
        case 1:
            let id = 100 + (next() << 8) + next()
            guard n < maximumItems else { return }
            model.entries.append(Entry(title: model.current, id: id, summary: arg & 3))
        case 2:
            model.current = arg & 7
            model.declare(model.current)
        case 3:
            let base = 100_000 + next() * 1_000
            let count = min((arg + 1) * 2, maximumItems - n)
            for offset in 0 ..< max(count, 0) {
                model.entries.append(Entry(title: model.current, id: base + offset, summary: 0))
            }
        case 4:
            let a = next(), b = next()
            guard n > 0 else { return }
            let entry = model.entries.remove(at: a % n)
            let destination = b % n
            var moved = entry
            if arg & 1 != 0, !model.entries.isEmpty {
                moved.title = model.entries[min(destination, model.entries.count - 1)].title
            }
            model.entries.insert(moved, at: destination)
        case 5:
            let a = next()
            guard n > 0 else { return }
            let start = a % n
            model.entries.removeSubrange(start ..< min(n, start + arg % 4 + 1))
        case 6:
            let a = next()
            guard n > 0 else { return }
            if arg & 16 != 0 {
                model.entries[a % n].title = arg & 7
            } else {
                model.entries[a % n].summary += (arg & 3) + 1
            }
        default:
            let b = next()
            switch arg & 7 {
            case 0:
                guard n > 0 else { return }
                let k = b % n
                model.entries = Array(model.entries[k...] + model.entries[..<k])
            case 1:
                guard n > 0 else { return }
                let lo = min((b & 15) % n, (b >> 4) % n), hi = max((b & 15) % n, (b >> 4) % n)
                model.entries[lo ... hi].reverse()
            case 2:
                let from = b & 7, to = (b >> 3) & 7
                for index in model.entries.indices where model.entries[index].title == from {
                    model.entries[index].title = to
                }
                if let at = model.declared.firstIndex(of: from) {
                    model.declared.remove(at: at)
                    model.declare(to)
                }
            case 3:
                let title = b & 7
                let moving = model.entries.filter { $0.title == title }
                model.entries.removeAll { $0.title == title }
                model.entries += moving
                if let at = model.declared.firstIndex(of: title) {
                    model.declared.remove(at: at)
                    model.declared.append(title)
                }
            case 4:
                model.entries.removeAll { $0.title == b & 7 }
            case 5:
                model.declare(b & 7)
            default:
                break
            }
        }
    }

    /// The snapshot a model describes: entries grouped by `ListSnapshot(_:)`, or exact
    /// sections (declared titles first, in declaration order, then the others by first
    /// appearance; duplicate ids dropped, first wins) through `ListSnapshot(sections:)`.
    static func snapshot(_ model: Model) -> ListSnapshot<Int, Int> {
        let entries = model.entries.map { ListEntry(id: $0.id, section: title($0.title), summary: $0.summary) }
        guard model.exactSections else {
            let snapshot = ListSnapshot(entries)
            var seen = Set<Int>()
            let unique = model.entries.filter { seen.insert($0.id).inserted }
            if snapshot.count != unique.count || snapshot.duplicates.count != model.entries.count - unique.count {
                fatalError("ListSnapshot(_:) kept \(snapshot.count) of \(unique.count) distinct ids, duplicates \(snapshot.duplicates.count)")
            }
            return snapshot
        }
        var order = model.declared
        for entry in model.entries where !order.contains(entry.title) { order.append(entry.title) }
        var seen = Set<Int>()
        var sections: [(title: String?, entries: [ListEntry<Int, Int>])] = order.map { (title($0), []) }
        for entry in model.entries where seen.insert(entry.id).inserted {
            sections[order.firstIndex(of: entry.title)!].entries.append(ListEntry(id: entry.id, section: title(entry.title), summary: entry.summary))
        }
        guard let snapshot = ListSnapshot(sections: sections) else {
            fatalError("ListSnapshot(sections:) rejected distinct titles and ids: \(order)")
        }
        if snapshot.numberOfSections != sections.count || snapshot.count != seen.count {
            fatalError("ListSnapshot(sections:) has \(snapshot.numberOfSections) sections, \(snapshot.count) items; expected \(sections.count), \(seen.count)")
        }
        return snapshot
    }
}
