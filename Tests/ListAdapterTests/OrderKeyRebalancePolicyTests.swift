import Foundation
import ListAdapter
import ListAdapterTesting
import Testing

/// The rebalance policy: one row while keys are short, a bounded window of short keys when
/// they are not, the long key past the cap; and what moves cost on a simulated table.
@Suite("Order key rebalance policy")
struct OrderKeyRebalancePolicyTests {
    let policy = OrderKeyRebalancePolicy()

    @Test func shortKeysWriteOneRow() throws {
        let plan = try policy.plan(before: ["VV", "V"], after: ["W"])
        #expect(plan.keys == ["Vk"])
        #expect(plan.rowsWritten == 1 && !plan.isRebalance && plan.movedKey == "Vk")
        #expect(try policy.singleKey(between: "V", and: "W") == "VV")
        #expect(try policy.singleKey(between: "V", and: "V000000000001") == nil)
        #expect(try policy.plan(before: [], after: []).keys == ["V"])
        #expect(policy.maximumRadius == 511 && policy.neighbourLimit == 512)
    }

    /// `count` keys, each inserted right after `lower`, so that they crowd below the last one.
    static func crowd(after lower: String, before upper: String, count: Int) throws -> [String] {
        var keys: [String] = []
        var bound = upper
        for _ in 0 ..< count {
            bound = try OrderKey.key(between: lower, and: bound)
            keys.insert(bound, at: 0)
        }
        return keys
    }

    @Test func longKeysRewriteTheSmallestWindowThatLeavesRoom() throws {
        // A sorted list: evenly spread keys, then 80 keys crowded after "V".
        let spread = try OrderKey.keys(count: 60, between: nil, and: nil)
        let crowded = try Self.crowd(after: "V", before: "W", count: 80)
        let list = (spread.filter { $0 <= "V" } + crowded + spread.filter { $0 > "V" }).sorted()
        #expect(list.count == 140 && Set(list).count == 140)
        // Drop a row right after "V": between "V" and the shortest crowded key's predecessor.
        let index = list.firstIndex(of: "V")! + 1
        let before = Array(list[..<index].reversed()), after = Array(list[index...])
        #expect(try policy.singleKey(between: before[0], and: after[0]) == nil)
        let plan = try policy.plan(before: before, after: after)
        #expect(plan.isRebalance)
        // The first window (8 rows each side) has room: its outer neighbours differ early.
        #expect(plan.rewrittenBefore == 8 && plan.rewrittenAfter == 8)
        // The window's keys are short, ascending and between its outer neighbours.
        #expect(plan.keys.allSatisfy { $0.utf8.count <= policy.maximumKeyLength / 2 })
        #expect(plan.keys == plan.keys.sorted() && Set(plan.keys).count == plan.keys.count)
        let outerLower = plan.rewrittenBefore < before.count ? before[plan.rewrittenBefore] : nil
        let outerUpper = plan.rewrittenAfter < after.count ? after[plan.rewrittenAfter] : nil
        if let outerLower { #expect(outerLower < plan.keys.first!) }
        if let outerUpper { #expect(plan.keys.last! < outerUpper) }
    }

    @Test func pastTheCapTheLongKeyIsWritten() throws {
        // Every neighbour shares a 20-digit prefix: no window of 1,023 rows leaves room.
        let narrow = OrderKeyRebalancePolicy(maximumKeyLength: 12, initialRadius: 2, maximumRowsWritten: 9)
        let prefix = String(repeating: "V", count: 20)
        let keys = try OrderKey.keys(count: 40, between: prefix + "1", and: prefix + "2")
        let before = Array(keys[..<20].reversed()), after = Array(keys[20...])
        let plan = try narrow.plan(before: before, after: after)
        #expect(plan.rowsWritten == 1)
        #expect(plan.movedKey > before[0] && plan.movedKey < after[0])
        #expect(plan.movedKey.utf8.count > 12)
    }

    @Test func theWindowDoublesUpToTheSectionsEndsWhenEveryNeighbourIsClose() throws {
        // 600 keys of 7 digits sharing "VVVV1": no window inside them has short keys.
        let base = try OrderKey.keys(count: 600, between: "VVVV1", and: "VVVV2")
        #expect(base.allSatisfy { $0.hasPrefix("VVVV1") })
        let close = try Self.crowd(after: base[299], before: base[300], count: 40)[0]
        let before = Array(base[..<300].reversed()), after = [close] + base[300...]
        #expect(try policy.singleKey(between: before[0], and: after[0]) == nil)
        let plan = try policy.plan(before: before, after: after)
        // 8, 16, ... 512 rows each side: the window reaches both ends (fewer keys than the
        // limit: the section ends), so it rewrites the whole section.
        #expect(plan.rowsWritten == 602 && plan.rewrittenBefore == 300)
        #expect(plan.keys == plan.keys.sorted() && plan.keys.allSatisfy { $0.utf8.count <= 2 })
    }

    @Test func aWindowReachingTheSectionStartUsesTheOpenEnd() throws {
        // Keys crowded near zero; the move drops first in the section.
        let after = (1 ... 20).map { String(repeating: "0", count: 13) + String(UnicodeScalar(OrderKey.digits[$0])) }
        let plan = try policy.plan(before: [], after: after)
        #expect(plan.rewrittenBefore == 0 && plan.rowsWritten == 21)
        #expect(plan.keys == plan.keys.sorted() && plan.keys.allSatisfy { $0.utf8.count == 1 })
    }

    @Test func twoHundredInsertionsAtOneSpotStayShortAndOrdered() throws {
        var simulation = try OrderKeyMoveSimulation(rows: 1_000)
        let report = try simulation.run(moves: 200, pattern: .sameSpot, seed: 7)
        let keys = simulation.keys
        #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        #expect(report.longestKey <= policy.maximumKeyLength)
        #expect(report.rebalances >= 1)
        #expect(report.maximumRowsWritten <= policy.maximumRowsWritten)
    }

    @Test func randomMovesWriteAboutOneRowEach() throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("OrderKeyRebalancePolicyTests seed \(seed)")
        var simulation = try OrderKeyMoveSimulation(rows: 10_000)
        let report = try simulation.run(moves: 10_000, pattern: .uniform, seed: seed)
        print("OrderKeyRebalancePolicyTests uniform at 10,000 rows: \(report)")
        let keys = simulation.keys
        #expect(keys.count == 10_000)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed)")
        #expect(report.meanRowsWritten <= 1.01, "seed \(seed)")
        #expect(report.maximumRowsWritten <= policy.maximumRowsWritten, "seed \(seed)")
    }

    /// Every row dropped at one spot, or at the end: the worst cases. Writes stay within
    /// the cap, and keys stay far shorter than the one digit per six insertions they would
    /// grow by without rebalancing.
    @Test(arguments: [OrderKeyMoveSimulation.Pattern.sameSpot, .append])
    func movesToOneSpotStayWithinTheCap(pattern: OrderKeyMoveSimulation.Pattern) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("OrderKeyRebalancePolicyTests seed \(seed) (\(pattern))")
        var simulation = try OrderKeyMoveSimulation(rows: 3_000)
        let report = try simulation.run(moves: 6_000, pattern: pattern, seed: seed)
        print("OrderKeyRebalancePolicyTests \(pattern) at 3,000 rows: \(report)")
        let keys = simulation.keys
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed)")
        #expect(report.maximumRowsWritten <= policy.maximumRowsWritten, "seed \(seed)")
        #expect(report.longestKey <= 3 * policy.maximumKeyLength, "seed \(seed)")
    }

    /// The figure for the bench: `LISTADAPTER_ORDER_SIMULATION=1 swift test -c release
    /// --filter millionRowMoves` (skipped otherwise: about a minute in debug).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LISTADAPTER_ORDER_SIMULATION"] == "1"))
    func millionRowMoves() throws {
        for pattern in [OrderKeyMoveSimulation.Pattern.uniform, .sameSpot, .append] {
            var simulation = try OrderKeyMoveSimulation(rows: 1_000_000)
            let clock = ContinuousClock()
            var report = OrderKeyMoveSimulation.Report()
            let elapsed = try clock.measure { report = try simulation.run(moves: 100_000, pattern: pattern, seed: 1) }
            print("OrderKeyMoveSimulation \(pattern) at 1,000,000 rows: \(report) (\(elapsed))")
            #expect(report.maximumRowsWritten <= policy.maximumRowsWritten)
        }
    }
}
