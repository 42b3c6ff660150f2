@testable import ListAdapter
import ListAdapterTesting
import Testing

/// `ListSnapshot.moving(from:to:)` and `deleting(_:)` against a plain model of sections as
/// arrays (the oracle), over seeded random lists, moves and deletes, empty sections
/// included.
@Suite("A person's edits on a snapshot")
struct SnapshotMovingTests {
    typealias Sections = [(title: String?, items: [(id: Int, summary: Int)])]

    static func snapshot(_ sections: Sections) -> ListSnapshot<Int, Int> {
        var ids = ContiguousArray<Int>()
        var summaries = ContiguousArray<Int>()
        var starts = ContiguousArray<Int>([0])
        for section in sections {
            ids.append(contentsOf: section.items.map(\.id))
            summaries.append(contentsOf: section.items.map(\.summary))
            starts.append(ids.count)
        }
        return ListSnapshot(
            flatIdentifiers: ids, summaries: summaries, titles: ContiguousArray(sections.map(\.title)), starts: starts,
            duplicates: DuplicateIdentifiers()
        )!
    }

    static func randomSections(_ random: inout SeededGenerator, emptyAllowed: Bool) -> Sections {
        var next = 0
        return (0 ..< Int.random(in: 1 ... 5, using: &random)).map { number in
            let count = Int.random(in: (emptyAllowed ? 0 : 1) ... 300, using: &random)
            defer { next += count }
            return (number == 2 ? nil : "S\(number)", (next ..< next + count).map { ($0, Int.random(in: 0 ... 3, using: &random)) })
        }
    }

    @Test func movesMatchTheOracle() {
        let seed = UInt64.random(in: 0 ... .max)
        print("SnapshotMovingTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0 ..< 400 {
            var sections = Self.randomSections(&random, emptyAllowed: round % 3 == 0)
            let snapshot = Self.snapshot(sections)
            let filled = sections.indices.filter { !sections[$0].items.isEmpty }
            guard let from = filled.randomElement(using: &random) else { continue }
            let source = ItemPath(section: from, item: Int.random(in: 0 ..< sections[from].items.count, using: &random))
            let to = Int.random(in: 0 ..< sections.count, using: &random)
            let limit = sections[to].items.count - (to == from ? 1 : 0)
            let destination = ItemPath(section: to, item: Int.random(in: 0 ... limit, using: &random))
            let item = sections[from].items.remove(at: source.item)
            sections[to].items.insert(item, at: destination.item)
            guard let (moved, move) = snapshot.moving(from: source, to: destination) else {
                Issue.record("seed \(seed), round \(round): no move from \(source) to \(destination)")
                return
            }
            #expect(moved == Self.snapshot(sections), "seed \(seed), round \(round): \(source) -> \(destination)")
            let items = sections[to].items
            #expect(move.id == item.id && move.destinationSection == sections[to].title)
            #expect(move.previous == (destination.item > 0 ? items[destination.item - 1].id : nil))
            #expect(move.next == (destination.item + 1 < items.count ? items[destination.item + 1].id : nil))
        }
    }

    @Test func deletesMatchTheOracle() {
        let seed = UInt64.random(in: 0 ... .max)
        print("SnapshotMovingTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0 ..< 300 {
            let sections = Self.randomSections(&random, emptyAllowed: round % 3 == 0)
            let snapshot = Self.snapshot(sections)
            let all = sections.flatMap { $0.items.map(\.id) }
            guard !all.isEmpty else { continue }
            let doomed = Set((0 ..< Int.random(in: 1 ... 40, using: &random)).map { _ in all.randomElement(using: &random)! })
            // Sections the delete empties go; sections empty before stay.
            let expected: Sections = sections.compactMap { section in
                let kept = section.items.filter { !doomed.contains($0.id) }
                return kept.isEmpty && !section.items.isEmpty ? nil : (section.title, kept)
            }
            let (after, changes) = snapshot.deleting(doomed)
            #expect(after == Self.snapshot(expected), "seed \(seed), round \(round)")
            #expect(changes == ListChangeSet(from: snapshot, to: after), "seed \(seed), round \(round)")
        }
    }
}
