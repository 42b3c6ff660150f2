import ListAdapter

/// The facts of a diff, recomputed from identifiers and titles (a port of the tests'
/// ChangeSetOracle): deletes, inserts and updates exactly, moves keep identity, unmoved
/// sections and items stay in order, every item that changes section moves, and the
/// move counts are the minimum (kept elements less a longest increasing subsequence).
/// Any change set that passes is one ``ListChangeSet/init(from:to:)`` could have given:
/// it may pick other items to move among equally short answers.
enum DiffOracle {
    struct Minimum { var sectionMoves: Int; var itemMoves: Int }

    static func check<ID, Summary>(_ changes: ListChangeSet, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) -> Minimum {
        let oldTitles = Array(old.sectionTitles)
        let newTitles = Array(new.sectionTitles)
        var oldIndexOfTitle: [String?: Int] = [:]
        for (index, title) in oldTitles.enumerated() { oldIndexOfTitle[title] = index }
        let newTitleSet = Set(newTitles)
        let expectedSectionDeletes = oldTitles.indices.filter { !newTitleSet.contains(oldTitles[$0]) }
        let expectedSectionInserts = newTitles.indices.filter { oldIndexOfTitle[newTitles[$0]] == nil }
        if changes.sectionDeletes != expectedSectionDeletes { fail("section deletes \(changes.sectionDeletes) != \(expectedSectionDeletes)") }
        if changes.sectionInserts != expectedSectionInserts { fail("section inserts \(changes.sectionInserts) != \(expectedSectionInserts)") }
        let keptSections = newTitles.compactMap { oldIndexOfTitle[$0] }
        for move in changes.sectionMoves where !(oldTitles.indices.contains(move.from) && newTitles.indices.contains(move.to) && oldTitles[move.from] == newTitles[move.to]) {
            fail("section move \(move) changes title or is out of range")
        }
        let movedSections = Set(changes.sectionMoves.map(\.from))
        if movedSections.count != changes.sectionMoves.count { fail("a section moves twice: \(changes.sectionMoves)") }
        let staying = keptSections.filter { !movedSections.contains($0) }
        if staying != staying.sorted() { fail("unmoved sections out of order: \(staying)") }
        let minimumSectionMoves = keptSections.count - LIS.length(keptSections)
        if changes.sectionMoves.count != minimumSectionMoves {
            fail("section moves \(changes.sectionMoves.count), minimum \(minimumSectionMoves) for kept sections \(keptSections)")
        }

        var expectedDeletes: [ItemPath] = []
        for section in 0 ..< old.numberOfSections {
            for (item, id) in old.identifiers(inSection: section).enumerated() where !new.contains(id) {
                expectedDeletes.append(ItemPath(section: section, item: item))
            }
        }
        if changes.itemDeletes != expectedDeletes { fail("item deletes \(changes.itemDeletes) != \(expectedDeletes)") }
        var expectedInserts: [ItemPath] = []
        var expectedUpdates: [ItemMove] = []
        var crossSection: Set<ID> = []
        var sameSection: [String?: [(old: Int, id: ID)]] = [:]
        for section in 0 ..< new.numberOfSections {
            for (item, id) in new.identifiers(inSection: section).enumerated() {
                let path = ItemPath(section: section, item: item)
                guard let oldPath = old.path(of: id) else {
                    expectedInserts.append(path)
                    continue
                }
                if old.identifier(at: oldPath) != id { fail("old.path(of: \(id)) = \(oldPath) holds \(old.identifier(at: oldPath))") }
                if old.summary(at: oldPath) != new.summary(at: path) { expectedUpdates.append(ItemMove(from: oldPath, to: path)) }
                if oldTitles[oldPath.section] == newTitles[section] {
                    sameSection[newTitles[section], default: []].append((oldPath.item, id))
                } else {
                    crossSection.insert(id)
                }
            }
        }
        if changes.itemInserts != expectedInserts { fail("item inserts \(changes.itemInserts) != \(expectedInserts)") }
        if changes.itemUpdates != expectedUpdates { fail("item updates \(changes.itemUpdates) != \(expectedUpdates)") }
        var movedIDs = Set<ID>()
        for move in changes.itemMoves {
            guard old.contains(move.from), new.contains(move.to) else { fail("item move \(move) out of range") }
            let id = old.identifier(at: move.from)
            if new.identifier(at: move.to) != id { fail("item move \(move) changes identity") }
            if !movedIDs.insert(id).inserted { fail("item \(id) moves twice") }
        }
        if !crossSection.isSubset(of: movedIDs) { fail("items changing section without a move: \(crossSection.subtracting(movedIDs).map { "\($0)" }.sorted())") }
        var minimumItemMoves = crossSection.count
        for (title, pairs) in sameSection {
            let unmoved = pairs.filter { !movedIDs.contains($0.id) }.map(\.old)
            if unmoved != unmoved.sorted() { fail("unmoved items of section \(title ?? "nil") out of order") }
            minimumItemMoves += pairs.count - LIS.length(pairs.map(\.old))
        }
        if changes.itemMoves.count != minimumItemMoves {
            fail("item moves \(changes.itemMoves.count), minimum \(minimumItemMoves) (\(crossSection.count) change section)")
        }
        return Minimum(sectionMoves: minimumSectionMoves, itemMoves: minimumItemMoves)
    }
}
