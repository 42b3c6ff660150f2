import ListAdapter
import ListAdapterTesting

/// A before state, a batch, and the data source after it.
struct Scenario: CustomStringConvertible {
    var before: Snapshot
    var update: BatchUpdate
    var after: Snapshot

    var description: String {
        "before: \(before.entries.map { "\($0.section ?? "-")/\($0.id)" }) update: \(update) after: \(after.entries.map { "\($0.section ?? "-")/\($0.id)=\($0.summary)" })"
    }
}

/// Builds random batches that are valid and safe for UIKit by construction: it decides the
/// new state first, by identity, then derives the operations the way a careful emitter
/// would, independently of the model's own mapping code.
///
/// - Section moves are only used for sections with no item operation inside.
/// - The sections that stay in place keep their old relative order; inside each, the items
///   that stay form an increasing run of old indexes, and every other item moves.
/// - Changed summaries are sent as reconfigures only where the path does not change, and as
///   reloads only where no move can shift the reload's adjusted path.
struct ScenarioGenerator {
    var rng: SeededGenerator
    /// The largest number of sections and of items per section before the batch.
    var maxSections: Int
    var maxItems: Int
    private var counter = 0

    init(seed: UInt64, maxSections: Int = 5, maxItems: Int = 6) {
        rng = SeededGenerator(seed: seed)
        self.maxSections = maxSections
        self.maxItems = maxItems
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0 ..< 1, using: &rng) < probability
    }

    private mutating func freshID() -> String {
        counter += 1
        return "n\(counter)"
    }

    private enum Slot { case old(Int), new(String) }
    private struct Item { var id: String; var summary: Int; var origin: ItemPath? }

    mutating func next() -> Scenario {
        // Before: titled sections of a random number of items.
        let oldSections: [[String]] = (0 ..< Int.random(in: 1 ... maxSections, using: &rng)).map { section in
            (0 ..< Int.random(in: 1 ... maxItems, using: &rng)).map { "s\(section)i\($0)" }
        }
        let oldTitle = { (section: Int) in "S\(section)" }

        // Sections: deletes, a shuffled order for the survivors, moves outside an increasing run.
        let deleted = Set(oldSections.indices.filter { _ in chance(0.2) })
        var order = oldSections.indices.filter { !deleted.contains($0) }
        if chance(0.3) { order.shuffle(using: &rng) }
        var stayed = Set<Int>()
        var last = -1
        for section in order where section > last {
            stayed.insert(section)
            last = section
        }
        var slots = order.map(Slot.old)
        for _ in 0 ..< Int.random(in: 0 ... 2, using: &rng) {
            slots.insert(.new("N\(freshID())"), at: Int.random(in: 0 ... slots.count, using: &rng))
        }
        let anySectionMove = stayed.count != order.count
        // Section reloads only without section moves (their adjusted index ignores moves).
        let reloadedSections = anySectionMove ? [] : Set(stayed.filter { _ in chance(0.1) })
        let editable = stayed.subtracting(reloadedSections).sorted()

        // Items of editable sections: deletes and cross-section moves.
        var lists: [Int: [Item]] = [:]
        var update = BatchUpdate()
        for section in editable { lists[section] = [] }
        for section in editable {
            for (index, id) in oldSections[section].enumerated() {
                let item = Item(id: id, summary: 1, origin: ItemPath(section: section, item: index))
                if chance(0.2) {
                    update.deleteItems.append(ItemPath(section: section, item: index))
                } else if editable.count > 1 && chance(0.15) {
                    lists[editable.randomElement(using: &rng)!]!.append(item)
                } else {
                    lists[section]!.append(item)
                }
            }
        }
        // Shuffle some sections, insert new items, keep every section non-empty.
        for section in editable {
            var list = lists[section]!
            if chance(0.3) { list.shuffle(using: &rng) }
            for _ in 0 ..< Int.random(in: 0 ... max(2, maxItems / 4), using: &rng) {
                list.insert(Item(id: freshID(), summary: 1, origin: nil), at: Int.random(in: 0 ... list.count, using: &rng))
            }
            if list.isEmpty { list.append(Item(id: freshID(), summary: 1, origin: nil)) }
            lists[section] = list
        }

        // New section indexes.
        var newIndex: [Int: Int] = [:]
        for (index, slot) in slots.enumerated() {
            if case .old(let section) = slot { newIndex[section] = index }
        }
        update.deleteSections = deleted.sorted()
        for (index, slot) in slots.enumerated() {
            if case .new = slot { update.insertSections.append(index) }
        }
        for section in order where !stayed.contains(section) {
            update.moveSections.append(SectionMove(from: section, to: newIndex[section]!))
        }
        update.reloadSections = reloadedSections.sorted()

        // Item operations per editable section: stay (increasing run), move, insert.
        var touchedByMoves = Set<Int>()
        var stays: [Int: [(position: Int, old: ItemPath)]] = [:]
        for section in editable {
            let target = newIndex[section]!
            var lastStay = -1
            for (position, item) in lists[section]!.enumerated() {
                let path = ItemPath(section: target, item: position)
                guard let origin = item.origin else {
                    update.insertItems.append(path)
                    continue
                }
                if origin.section == section && origin.item > lastStay {
                    lastStay = origin.item
                    stays[section, default: []].append((position, origin))
                } else {
                    update.moveItems.append(ItemMove(from: origin, to: path))
                    touchedByMoves.insert(origin.section)
                    touchedByMoves.insert(section)
                }
            }
        }
        // Changed summaries: reconfigure where the path is unchanged; reload where no move
        // touches the section and no section moves.
        for section in editable {
            for (position, origin) in stays[section] ?? [] where chance(0.25) {
                let target = newIndex[section]!
                if origin == ItemPath(section: target, item: position) {
                    update.reconfigureItems.append(origin)
                } else if !anySectionMove && !touchedByMoves.contains(section) {
                    update.reloadItems.append(origin)
                } else {
                    continue
                }
                lists[section]![position].summary = 2
            }
        }

        // The data source after the batch.
        var entries: [ListEntry<String, Int>] = []
        for slot in slots {
            switch slot {
            case .new(let title):
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                    entries.append(ListEntry(id: freshID(), section: title, summary: 1))
                }
            case .old(let section) where reloadedSections.contains(section):
                let title = chance(0.5) ? oldTitle(section) : "R\(freshID())"
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                    entries.append(ListEntry(id: freshID(), section: title, summary: 3))
                }
            case .old(let section) where lists[section] != nil:
                for item in lists[section]! {
                    entries.append(ListEntry(id: item.id, section: oldTitle(section), summary: item.summary))
                }
            case .old(let section):
                for id in oldSections[section] {
                    entries.append(ListEntry(id: id, section: oldTitle(section), summary: 1))
                }
            }
        }
        let before = ListSnapshot(oldSections.enumerated().flatMap { section, ids in
            ids.map { ListEntry(id: $0, section: oldTitle(section), summary: 1) }
        })
        return Scenario(before: before, update: update, after: ListSnapshot(entries))
    }

    /// `update` with one random operation removed, duplicated or shifted by one.
    mutating func mutate(_ update: BatchUpdate) -> BatchUpdate {
        var result = update
        let shift = Bool.random(using: &rng) ? 1 : -1
        let shiftsItem = Bool.random(using: &rng)
        func edit<T>(_ list: inout [T], _ change: (T) -> T, rng: inout SeededGenerator) {
            guard !list.isEmpty else { return }
            let index = Int.random(in: list.indices, using: &rng)
            switch Int.random(in: 0 ..< 3, using: &rng) {
            case 0: list.remove(at: index)
            case 1: list.append(list[index])
            default: list[index] = change(list[index])
            }
        }
        let shiftPath = { (path: ItemPath) in
            shiftsItem ? ItemPath(section: path.section, item: path.item + shift) : ItemPath(section: path.section + shift, item: path.item)
        }
        switch Int.random(in: 0 ..< 9, using: &rng) {
        case 0: edit(&result.deleteSections, { $0 + shift }, rng: &rng)
        case 1: edit(&result.insertSections, { $0 + shift }, rng: &rng)
        case 2: edit(&result.moveSections, { SectionMove(from: $0.from, to: $0.to + shift) }, rng: &rng)
        case 3: edit(&result.reloadSections, { $0 + shift }, rng: &rng)
        case 4: edit(&result.deleteItems, shiftPath, rng: &rng)
        case 5: edit(&result.insertItems, shiftPath, rng: &rng)
        case 6: edit(&result.moveItems, { ItemMove(from: $0.from, to: shiftPath($0.to)) }, rng: &rng)
        case 7: edit(&result.reloadItems, shiftPath, rng: &rng)
        default: edit(&result.reconfigureItems, shiftPath, rng: &rng)
        }
        return result
    }
}
