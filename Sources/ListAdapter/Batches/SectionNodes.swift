/// The sections of a staged update, each one "node" whatever its index in a given state:
/// old sections are nodes `0 ..< oldCount` (kept or deleted), inserted sections follow.
///
/// Also records which nodes have item operations (deletes, inserts or moves of items that
/// are not covered by a section delete or insert) and groups the nodes that items move
/// between: all item operations of one group must be performed in the same batch, where
/// each touched section holds its old items before and its new items after.
///
/// Not public. Runs on the calling queue; a value type.
@usableFromInline
struct SectionNodes {
    @usableFromInline
    enum Kind: UInt8 {
        /// A kept section that does not move (in the sections' longest increasing
        /// subsequence): every state orders the others around these.
        case anchor
        /// A kept section that moves.
        case moved
        /// An old section absent from the new list.
        case deleted
        /// A new section absent from the old list.
        case inserted
    }

    @usableFromInline let oldCount: Int
    @usableFromInline let newCount: Int
    /// Per node: its kind, old index (-1 for inserted), new index (-1 for deleted).
    @usableFromInline private(set) var kind: [Kind] = []
    @usableFromInline private(set) var oldIndex: [Int] = []
    @usableFromInline private(set) var newIndex: [Int] = []
    /// Per new section, its node.
    private(set) var nodeOfNew: [Int] = []
    /// Per node: whether items are deleted, inserted or moved in or out of it.
    private(set) var hasItemOperations: [Bool] = []
    /// Union-find parents: nodes linked by an item moving between them share a root.
    private var parent: [Int] = []
    /// Per root: whether the group holds an inserted section items move into, or a deleted
    /// section items move out of.
    private(set) var feedsInserted: [Bool] = []
    private(set) var drainsDeleted: [Bool] = []

    @usableFromInline var count: Int { kind.count }

    /// Reads the sections and item operations of `changes`, the diff of lists with
    /// `oldCount` and `newCount` sections.
    ///
    /// - Complexity: O(S + c) for S sections and c changes.
    @usableFromInline
    init(changes: ListChangeSet, oldCount: Int, newCount: Int) {
        self.oldCount = oldCount
        self.newCount = newCount
        var newToOld = [Int](repeating: -1, count: newCount)
        var oldToNew = [Int](repeating: -1, count: oldCount)
        var isMovedOld = [Bool](repeating: false, count: oldCount)
        var isDeleted = [Bool](repeating: false, count: oldCount)
        var isInserted = [Bool](repeating: false, count: newCount)
        for section in changes.sectionDeletes { isDeleted[section] = true }
        for section in changes.sectionInserts { isInserted[section] = true }
        var isMoveTarget = [Bool](repeating: false, count: newCount)
        for move in changes.sectionMoves {
            oldToNew[move.from] = move.to
            newToOld[move.to] = move.from
            isMovedOld[move.from] = true
            isMoveTarget[move.to] = true
        }
        // Kept sections that do not move keep their relative order: pair them in order.
        var nextNew = 0
        for old in 0 ..< oldCount where !isDeleted[old] && !isMovedOld[old] {
            while isInserted[nextNew] || isMoveTarget[nextNew] { nextNew += 1 }
            oldToNew[old] = nextNew
            newToOld[nextNew] = old
            nextNew += 1
        }
        kind.reserveCapacity(oldCount + changes.sectionInserts.count)
        for old in 0 ..< oldCount {
            kind.append(isDeleted[old] ? .deleted : isMovedOld[old] ? .moved : .anchor)
            oldIndex.append(old)
            newIndex.append(oldToNew[old])
        }
        nodeOfNew = newToOld
        for new in changes.sectionInserts {
            nodeOfNew[new] = kind.count
            kind.append(.inserted)
            oldIndex.append(-1)
            newIndex.append(new)
        }
        hasItemOperations = [Bool](repeating: false, count: kind.count)
        parent = Array(0 ..< kind.count)
        for path in changes.itemDeletes where !isDeleted[path.section] { hasItemOperations[path.section] = true }
        for path in changes.itemInserts where !isInserted[path.section] { hasItemOperations[nodeOfNew[path.section]] = true }
        for move in changes.itemMoves {
            let from = move.from.section
            let to = nodeOfNew[move.to.section]
            hasItemOperations[from] = true
            hasItemOperations[to] = true
            if from != to { union(from, to) }
        }
        for node in 0 ..< kind.count { parent[node] = root(of: node) }
        feedsInserted = [Bool](repeating: false, count: kind.count)
        drainsDeleted = [Bool](repeating: false, count: kind.count)
        for node in 0 ..< kind.count where hasItemOperations[node] {
            if kind[node] == .inserted { feedsInserted[root(of: node)] = true }
            if kind[node] == .deleted { drainsDeleted[root(of: node)] = true }
        }
    }

    /// The node of new section `section` (the node of an old section is its index).
    @usableFromInline
    func node(ofNew section: Int) -> Int { nodeOfNew[section] }

    /// The group of `node`: the nodes that items move between, transitively. O(1) once
    /// built.
    func root(of node: Int) -> Int {
        var node = node
        while parent[node] != node { node = parent[node] }
        return node
    }

    private mutating func union(_ first: Int, _ second: Int) {
        var a = first
        while parent[a] != a {
            parent[a] = parent[parent[a]]
            a = parent[a]
        }
        var b = second
        while parent[b] != b {
            parent[b] = parent[parent[b]]
            b = parent[b]
        }
        if a != b { parent[max(a, b)] = min(a, b) }
    }
}
