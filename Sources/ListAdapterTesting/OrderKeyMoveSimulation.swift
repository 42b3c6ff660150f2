public import ListAdapter

/// Measures what moves cost under an `OrderKeyRebalancePolicy`: an in-memory sorted list
/// of order keys stands in for a table's position column, and each simulated move takes a
/// row out and writes it back where `OrderKeyRebalancePolicy/plan(before:after:)` says,
/// as a source's `move` does.
///
/// ```swift
/// var simulation = try OrderKeyMoveSimulation(rows: 10_000)
/// let report = try simulation.run(moves: 10_000, pattern: .uniform, seed: 42)
/// print(report.meanRowsWritten, report.maximumRowsWritten)
/// ```
///
/// Thread safety: a value type; use each value on one thread at a time.
public struct OrderKeyMoveSimulation: Sendable {
    /// Where the simulated person drops rows.
    public enum Pattern: Sendable, Hashable {
        /// A random row to a random place.
        case uniform
        /// A random row to just after the same row every time (keys grow fastest).
        case sameSpot
        /// A random row to the end of the list.
        case append
    }

    /// What a run of moves wrote.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        /// The moves performed.
        public var moves = 0
        /// Rows written by all of them.
        public var rowsWritten = 0
        /// The most rows one move wrote.
        public var maximumRowsWritten = 0
        /// The moves that rewrote neighbours.
        public var rebalances = 0
        /// The longest key in the list after the run.
        public var longestKey = 0
        /// An empty report.
        public init() {}

        /// Rows written per move on average.
        public var meanRowsWritten: Double { moves == 0 ? 0 : Double(rowsWritten) / Double(moves) }

        /// One line of figures.
        public var description: String {
            "\(moves) moves: \(meanRowsWritten) rows written per move (max \(maximumRowsWritten)), \(rebalances) rebalances, longest key \(longestKey)"
        }
    }

    /// The policy moves follow.
    public let policy: OrderKeyRebalancePolicy
    /// The keys in order, in chunks (a move then costs O(√rows), not O(rows)).
    private var chunks: [[String]]

    /// A list of `rows` keys filled as a source's initial fill is (evenly, fewest digits).
    ///
    /// - Parameters:
    ///   - rows: how many rows the list has; ``run(moves:pattern:seed:)`` needs at least 2.
    ///   - policy: when a move rewrites neighbours, and at most how many; the default policy by
    ///     default.
    /// - Throws: `OrderKeyError` (not for these arguments).
    public init(rows: Int, policy: OrderKeyRebalancePolicy = OrderKeyRebalancePolicy()) throws(OrderKeyError) {
        self.policy = policy
        let keys = try OrderKey.keys(count: rows, between: nil, and: nil)
        chunks = stride(from: 0, to: keys.count, by: Self.chunkSize).map { Array(keys[$0 ..< min($0 + Self.chunkSize, keys.count)]) }
    }

    private static var chunkSize: Int { 1_024 }

    /// How many rows the list has.
    public var count: Int { chunks.reduce(0) { $0 + $1.count } }

    /// Every key, in list order.
    public var keys: [String] { chunks.flatMap { $0 } }

    /// Performs `moves` moves following `pattern`, drawing from a generator seeded with `seed`.
    ///
    /// - Parameters:
    ///   - moves: how many moves to make, one after another.
    ///   - pattern: where the simulated person drops rows.
    ///   - seed: the seed of the ``SeededGenerator`` that picks the rows (and, for
    ///     ``Pattern/uniform``, the places): the same seed makes the same moves.
    /// - Throws: `OrderKeyError` (a bug: the list's keys are always valid and ordered).
    /// - Returns: what this run wrote (not earlier runs), and the longest key in the list after it.
    public mutating func run(moves: Int, pattern: Pattern, seed: UInt64) throws(OrderKeyError) -> Report {
        var random = SeededGenerator(seed: seed)
        var report = Report()
        let rows = count
        precondition(rows >= 2, "OrderKeyMoveSimulation: moves need at least two rows")
        let spot = rows / 3
        for _ in 0 ..< moves {
            let from = Int(random.next() % UInt64(rows))
            _ = remove(at: from)
            let to = switch pattern {
            case .uniform: Int(random.next() % UInt64(rows))
            case .sameSpot: min(spot, rows - 1)
            case .append: rows - 1
            }
            let written = try place(at: to)
            report.moves += 1
            report.rowsWritten += written
            report.maximumRowsWritten = max(report.maximumRowsWritten, written)
            if written > 1 { report.rebalances += 1 }
        }
        report.longestKey = chunks.lazy.flatMap { $0 }.map(\.utf8.count).max() ?? 0
        return report
    }

    /// Inserts a moved row at `position` (0 ... count) as a source writes it; returns the
    /// rows written.
    private mutating func place(at position: Int) throws(OrderKeyError) -> Int {
        let lower = position > 0 ? self[position - 1] : nil
        let upper = position < count ? self[position] : nil
        if let key = try policy.singleKey(between: lower, and: upper) {
            insert(key, at: position)
            return 1
        }
        let limit = policy.neighbourLimit
        let before = (max(0, position - limit) ..< position).reversed().map { self[$0] }
        let after = (position ..< min(count, position + limit)).map { self[$0] }
        let plan = try policy.plan(before: before, after: after)
        insert(plan.movedKey, at: position)
        let first = position - plan.rewrittenBefore
        for (offset, key) in plan.keys.enumerated() where offset != plan.rewrittenBefore {
            self[first + offset] = key
        }
        return plan.rowsWritten
    }

    // MARK: - Chunked storage

    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        var remaining = position
        for (index, chunk) in chunks.enumerated() {
            if remaining < chunk.count { return (index, remaining) }
            remaining -= chunk.count
        }
        return (chunks.count - 1, chunks[chunks.count - 1].count)
    }

    private subscript(position: Int) -> String {
        get {
            let (chunk, offset) = locate(position)
            return chunks[chunk][offset]
        }
        set {
            let (chunk, offset) = locate(position)
            chunks[chunk][offset] = newValue
        }
    }

    private mutating func insert(_ key: String, at position: Int) {
        if chunks.isEmpty { chunks = [[]] }
        let (chunk, offset) = locate(position)
        chunks[chunk].insert(key, at: offset)
        if chunks[chunk].count > 2 * Self.chunkSize {
            let tail = Array(chunks[chunk][Self.chunkSize...])
            chunks[chunk].removeLast(tail.count)
            chunks.insert(tail, at: chunk + 1)
        }
    }

    private mutating func remove(at position: Int) -> String {
        let (chunk, offset) = locate(position)
        let key = chunks[chunk].remove(at: offset)
        if chunks[chunk].isEmpty, chunks.count > 1 { chunks.remove(at: chunk) }
        return key
    }
}
