#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterTesting

/// The SQL the soak's `psql` writers send: seeded, so a seed always gives the same sequence
/// of requests (``digest`` proves it), and each request a script per lane, run at the same
/// time by separate `psql` processes so that their transactions interleave (one that took
/// lower change-log numbers may commit after another's: the change log's cursor must cope).
///
/// Statements: inserts (single and multi-row, bursts), deletes, summary (`version`) bumps,
/// moves within and across sections (among them `NULL`, `''`, a quote and non-ASCII
/// titles), identifier changes, section renames, no-op updates, multi-statement
/// transactions (some holding on a moment with `pg_sleep` so the other lane commits
/// meanwhile, some rolled back), big updates of every row of a lane and mass deletes (more
/// rows than a patch takes: a fallback), and now and then a `TRUNCATE`.
///
/// Lane `k` writes only rows whose `id % lanes == k`, so lanes never wait for each other's
/// rows (no deadlocks) and each lane's model of its rows is exact; a `TRUNCATE` is sent
/// alone on lane 0 and empties both models.
///
/// Not thread-safe: used from the soak's serial mutation queue.
struct PsqlWorkload {
    static let lanes = 2

    /// The identifiers a lane's rows have (it is their only writer) and its next one.
    private struct Lane {
        var ids: [Int64] = []
        var nextSerial: Int64 = 1
    }

    /// The table, as a quoted identifier.
    let table: String
    let maxItems: Int
    private var random: SeededGenerator
    private var lanes = Array(repeating: Lane(), count: PsqlWorkload.lanes)
    private var sections: [String?] = ["Alpha", "Bravo", "Charlie", "O'Brien", "", "ünïcödé", nil]
    private var renamed = 0
    /// Statements (or transactions) sent, by kind.
    private(set) var counts: [String: Int] = [:]
    private(set) var requests = 0
    /// FNV-1a over every script sent so far (the table's name left out), and its value
    /// after the 100th request.
    private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var digestAt100: UInt64?

    init(table: String, seed: UInt64, maxItems: Int) {
        self.table = table
        self.maxItems = maxItems
        random = SeededGenerator(seed: seed ^ 0x5053_514C)          // "PSQL": not the run's own sequence
    }

    /// The next request: one script per lane.
    mutating func next() -> [String] {
        requests += 1
        var scripts = Array(repeating: "", count: Self.lanes)
        if requests == 1 {
            for lane in 0 ..< Self.lanes { scripts[lane] = insert(lane, count: maxItems / (3 * Self.lanes), kind: "initial fill") }
        } else if Int.random(in: 0 ..< 250, using: &random) == 0 {
            // A truncate makes every owned reader rescan. A few rows follow it in their own
            // commit (see PostgresSoakStore's note on truncates and followed sources).
            count("truncate")
            for lane in lanes.indices { lanes[lane].ids.removeAll() }
            scripts[0] = "TRUNCATE \(table);\n" + insert(0, count: Int.random(in: 1 ... 5, using: &random), kind: "insert")
        } else {
            let size = Int.random(in: 0 ..< 8, using: &random) == 0 ? Int.random(in: 2 ... 12, using: &random) : 1
            for lane in 0 ..< Self.lanes {
                for _ in 0 ..< size { scripts[lane] += change(lane) }
            }
        }
        // Without the table's name, which has a random part: the same seed, the same digest.
        for script in scripts {
            for byte in script.replacingOccurrences(of: table, with: "T").utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        if requests == 100 { digestAt100 = digest }
        return scripts
    }

    private mutating func count(_ kind: String) { counts[kind, default: 0] += 1 }

    private mutating func change(_ lane: Int) -> String {
        switch Int.random(in: 0 ..< 1_000, using: &random) {
        case 0 ..< 820:
            return simple(lane)
        case 820 ..< 900:
            count("transaction")
            var script = "BEGIN;\n"
            for index in 0 ..< Int.random(in: 2 ... 6, using: &random) {
                // Held open a moment (workload shape, not synchronisation): the other lane
                // commits meanwhile, so commits come out of change-log order.
                if index == 1 && Bool.random(using: &random) { script += "SELECT pg_sleep(0.00\(Int.random(in: 1 ... 9, using: &random)));\n" }
                script += simple(lane)
            }
            return script + "COMMIT;\n"
        case 900 ..< 920:
            count("rolled back transaction")
            let kept = lanes
            var script = "BEGIN;\n"
            for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) { script += simple(lane) }
            lanes = kept
            return script + "ROLLBACK;\n"
        case 920 ..< 950:
            count("no-op update")
            guard let id = someID(lane) else { return "" }
            return "UPDATE \(table) SET version = version WHERE id = \(id);\n"
        case 950 ..< 975:
            return insert(lane, count: Int.random(in: 50 ... 300, using: &random), kind: "burst insert")
        case 975 ..< 990:
            count("big update")
            let factor = Int.random(in: 1 ... 1_000, using: &random)
            return "UPDATE \(table) SET rank = ((id * \(factor)) % 1009) / 1009.0, version = version + 1 WHERE id % \(Self.lanes) = \(lane);\n"
        default:
            let victims = Array(lanes[lane].ids.shuffled(using: &random).prefix(lanes[lane].ids.count / 2))
            return delete(lane, victims)
        }
    }

    /// One statement touching a few rows of `lane`.
    private mutating func simple(_ lane: Int) -> String {
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 25:
            return insert(lane, count: Int.random(in: 1 ... 5, using: &random), kind: "insert")
        case 25 ..< 40:
            let victims = (0 ..< Int.random(in: 1 ... 5, using: &random)).compactMap { _ in someID(lane) }
            return delete(lane, victims)
        case 40 ..< 60:
            count("summary update")
            let ids = (0 ..< Int.random(in: 1 ... 8, using: &random)).compactMap { _ in someID(lane) }
            return ids.isEmpty ? "" : "UPDATE \(table) SET version = version + 1 WHERE id IN (\(list(ids)));\n"
        case 60 ..< 72:
            count("move")
            guard let id = someID(lane) else { return "" }
            return "UPDATE \(table) SET rank = \(rank()), position = \(key()) WHERE id = \(id);\n"
        case 72 ..< 86:
            count("cross-section move")
            guard let id = someID(lane) else { return "" }
            return "UPDATE \(table) SET section = \(literal(section())), rank = \(rank()), position = \(key()), version = version + 1 WHERE id = \(id);\n"
        case 86 ..< 92:
            count("identifier change")
            guard let index = lanes[lane].ids.indices.randomElement(using: &random) else { return "" }
            let old = lanes[lane].ids[index]
            let new = freshID(lane)
            lanes[lane].ids[index] = new
            return "UPDATE \(table) SET id = \(new) WHERE id = \(old);\n"
        default:
            count("section rename")
            let old = section()
            renamed += 1
            let new = "S\(renamed)"
            if sections.count > 3, let index = sections.firstIndex(where: { $0 == old }) { sections.remove(at: index) }
            if sections.count < 12 { sections.append(new) }
            let match = old.map { "section = \(literal($0))" } ?? "section IS NULL"
            return "UPDATE \(table) SET section = \(literal(new)) WHERE \(match) AND id % \(Self.lanes) = \(lane);\n"
        }
    }

    private mutating func insert(_ lane: Int, count wanted: Int, kind: String) -> String {
        let room = max(0, maxItems / Self.lanes - lanes[lane].ids.count)
        let rows = (0 ..< min(wanted, room)).map { _ in
            let id = freshID(lane)
            lanes[lane].ids.append(id)
            return "(\(id), \(literal(section())), \(rank()), 1, \(key()))"
        }
        guard !rows.isEmpty else { return "" }
        count(kind)
        return "INSERT INTO \(table) (id, section, rank, version, position) VALUES \(rows.joined(separator: ", "));\n"
    }

    private mutating func delete(_ lane: Int, _ victims: [Int64]) -> String {
        guard !victims.isEmpty else { return "" }
        count(victims.count > 20 ? "mass delete" : "delete")
        let gone = Set(victims)
        lanes[lane].ids.removeAll { gone.contains($0) }
        return "DELETE FROM \(table) WHERE id IN (\(list(victims)));\n"
    }

    /// Where the table's identifiers start: far above the in-memory and SQLite stores' (which
    /// count from 1), so a row's identifier names one store, as the person's writes and the
    /// check that a deleted row never comes back assume. A multiple of 6, so `id % 2` (the
    /// lane) and `id % 3` (a listing's filter) are as they would be without it.
    static let firstID: Int64 = 6_000_000_000_000

    private mutating func freshID(_ lane: Int) -> Int64 {
        defer { lanes[lane].nextSerial += 1 }
        return Self.firstID + Int64(lane) + Int64(Self.lanes) * lanes[lane].nextSerial
    }

    private mutating func someID(_ lane: Int) -> Int64? { lanes[lane].ids.randomElement(using: &random) }
    private mutating func section() -> String? { sections.randomElement(using: &random)! }
    private mutating func rank() -> String { "\(Double.random(in: 0 ..< 1, using: &random))" }
    /// A random order key literal for the person's order (five digits, the last not `0`).
    private mutating func key() -> String {
        let digits = OrderKey.digits
        let body = (0 ..< 4).map { _ in digits[Int.random(in: 0 ..< digits.count, using: &random)] }
        return "'" + String(decoding: body + [digits[Int.random(in: 1 ..< digits.count, using: &random)]], as: UTF8.self) + "'"
    }
    private func list(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: ", ") }

    private func literal(_ text: String?) -> String {
        guard let text else { return "NULL" }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
#endif
