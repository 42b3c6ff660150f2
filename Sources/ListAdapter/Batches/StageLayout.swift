/// Which batch of a staged update performs each section operation and each group's item
/// operations, and where every section sits in each state between the batches.
///
/// Stage `s` turns state `s` into state `s + 1`; state 0 is the old list and state
/// ``stageCount`` the new one. Every intermediate state orders its sections the same way:
/// the anchors (kept sections that never move) in their common order, and in each gap
/// between two anchors first the sections still on their old side (deleted sections not yet
/// deleted, moved sections not yet moved) in old order, then those already on their new
/// side (inserted sections, moved sections already moved) in new order. Between two
/// consecutive states, the sections a stage neither inserts, deletes nor moves therefore
/// keep their relative order, which is what UIKit's mapping assumes of them; the moved
/// ones take the fixed slots their moves name.
///
/// Not public. Runs on the calling queue; a value type.
@usableFromInline
struct StageLayout {
    /// The number of structural batches.
    @usableFromInline let stageCount: Int
    /// Per node: the stage that inserts, deletes or moves its section (-1 for anchors).
    @usableFromInline let sectionStage: [Int]
    /// Per node: the stage of its item operations (-1 when it has none).
    @usableFromInline let itemStage: [Int]
    /// Per state `k` in `0 ... stageCount`, the section index of each node (-1 when absent).
    @usableFromInline private(set) var positions: [[Int]] = []

    init(nodes: SectionNodes, stageCount: Int, sectionStage: [Int], itemStage: [Int]) {
        self.stageCount = stageCount
        self.sectionStage = sectionStage
        self.itemStage = itemStage
        positions.reserveCapacity(stageCount + 1)
        for state in 0 ... stageCount { positions.append(Self.positions(of: nodes, inState: state, sectionStage: sectionStage)) }
    }

    /// Whether `node`'s section holds its new items in `state` (its items changed in an
    /// earlier stage). A node without item operations holds the same items in both lists.
    @usableFromInline
    func holdsNewItems(_ node: Int, inState state: Int) -> Bool {
        itemStage[node] >= 0 && itemStage[node] < state
    }

    /// Where the item at `old` before and `new` after the whole update is in `state`,
    /// given its old section node and new section node.
    func location(oldNode: Int, old: ItemPath, newNode: Int, new: ItemPath, inState state: Int) -> ItemPath {
        holdsNewItems(oldNode, inState: state)
            ? ItemPath(section: positions[state][newNode], item: new.item)
            : ItemPath(section: positions[state][oldNode], item: old.item)
    }

    /// Whether stage `stage` moves `node`'s section.
    func moves(_ node: Int, inStage stage: Int, nodes: SectionNodes) -> Bool {
        nodes.kind[node] == .moved && sectionStage[node] == stage
    }

    // MARK: - Section order of a state

    private static func positions(of nodes: SectionNodes, inState state: Int, sectionStage: [Int]) -> [Int] {
        func onNewSide(_ node: Int) -> Bool {
            switch nodes.kind[node] {
            case .inserted: sectionStage[node] < state
            case .moved: sectionStage[node] < state
            case .deleted, .anchor: false
            }
        }
        func isPresent(_ node: Int) -> Bool {
            switch nodes.kind[node] {
            case .anchor, .moved: true
            case .deleted: sectionStage[node] >= state
            case .inserted: sectionStage[node] < state
            }
        }
        var position = [Int](repeating: -1, count: nodes.count)
        var next = 0
        var old = 0
        var new = 0
        // Emits the old-side sections before old index `oldLimit` and the new-side ones
        // before new index `newLimit`.
        func emit(oldBelow oldLimit: Int, newBelow newLimit: Int) {
            while old < oldLimit {
                if nodes.kind[old] != .anchor && isPresent(old) && !onNewSide(old) {
                    position[old] = next
                    next += 1
                }
                old += 1
            }
            while new < newLimit {
                let node = nodes.node(ofNew: new)
                if nodes.kind[node] != .anchor && onNewSide(node) {
                    position[node] = next
                    next += 1
                }
                new += 1
            }
        }
        for node in 0 ..< nodes.oldCount where nodes.kind[node] == .anchor {
            emit(oldBelow: node, newBelow: nodes.newIndex[node])
            position[node] = next
            next += 1
            old = node + 1
            new = nodes.newIndex[node] + 1
        }
        emit(oldBelow: nodes.oldCount, newBelow: nodes.newCount)
        return position
    }
}

extension StageLayout {
    /// The fewest structural stages `nodes` need: 1 unless a moved section has item
    /// operations, or items move into an inserted or out of a deleted section; 3 when one
    /// group of sections needs both an insert before and a delete after its item stage.
    @usableFromInline
    static func minimalStageCount(_ nodes: SectionNodes) -> Int {
        var needsMore = false
        for node in 0 ..< nodes.count where nodes.hasItemOperations[node] && nodes.kind[node] != .anchor {
            needsMore = true
            let root = nodes.root(of: node)
            if nodes.feedsInserted[root] && nodes.drainsDeleted[root] { return 3 }
        }
        return needsMore ? 2 : 1
    }

    /// One way to lay out the fewest stages: the item stage of groups free to choose, the
    /// stage of moved sections with item operations (three stages only), and the stage of
    /// section operations bound to nothing.
    @usableFromInline
    struct Choice {
        let itemStage: Int
        let movedStage: Int
        let freeStage: Int
    }

    /// The ways to lay out the fewest stages, in order of preference, differing in where the
    /// free choices go.
    ///
    /// With two stages, a group that fills an inserted section changes its items in the
    /// second (the section is inserted in the first), one that drains a deleted section in
    /// the first (the section is deleted in the second), others in either; a moved section
    /// with item operations moves in the stage its items do not change in. With three,
    /// every group changes its items in the middle stage, after inserted sections appear
    /// and before deleted ones go. Section operations bound to nothing (sections without
    /// item operations) go in one chosen stage.
    @usableFromInline
    static func choices(_ nodes: SectionNodes) -> [Choice] {
        switch minimalStageCount(nodes) {
        case 1: [Choice(itemStage: 0, movedStage: 0, freeStage: 0)]
        case 2: [(1, 0, 0), (0, 1, 1), (1, 0, 1), (0, 1, 0)].map { Choice(itemStage: $0, movedStage: $1, freeStage: $2) }
        default: [(1, 0, 0), (1, 2, 2), (1, 0, 2), (1, 2, 0), (1, 0, 1), (1, 2, 1)].map { Choice(itemStage: $0, movedStage: $1, freeStage: $2) }
        }
    }

    /// The layout of `choice`.
    @usableFromInline
    init(nodes: SectionNodes, choice: Choice) {
        let count = Self.minimalStageCount(nodes)
        var itemStage = [Int](repeating: -1, count: nodes.count)
        var sectionStage = [Int](repeating: -1, count: nodes.count)
        for node in 0 ..< nodes.count where nodes.hasItemOperations[node] {
            let root = nodes.root(of: node)
            itemStage[node] =
                count == 2 && nodes.feedsInserted[root] ? 1
                : count == 2 && nodes.drainsDeleted[root] ? 0
                : choice.itemStage
        }
        for node in 0 ..< nodes.count {
            switch nodes.kind[node] {
            case .anchor:
                continue
            case .inserted where nodes.hasItemOperations[node]:
                sectionStage[node] = itemStage[node] - 1
            case .deleted where nodes.hasItemOperations[node]:
                sectionStage[node] = itemStage[node] + 1
            case .moved where nodes.hasItemOperations[node]:
                sectionStage[node] = count == 3 ? choice.movedStage : 1 - itemStage[node]
            default:
                sectionStage[node] = choice.freeStage
            }
        }
        self.init(nodes: nodes, stageCount: count, sectionStage: sectionStage, itemStage: itemStage)
    }
}
