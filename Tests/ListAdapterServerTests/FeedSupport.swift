import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import Testing

/// A mail message: the payload the feed tests serve.
struct Mail: Codable, Sendable, Equatable {
    var id: Int64
    var subject: String
}

typealias MailSource = InMemoryListSource<Int64, Int64, Mail>
typealias MailFeed = ListFeed<MailSource>

extension Trait where Self == TimeLimitTrait {
    /// A guard against a hang, not a performance check: every wait in these suites is on a
    /// condition (a message arriving), and two busy cores can take minutes for a suite.
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}

/// One watcher as an app would be: the feed's messages for it, read into a replica.
struct Watcher {
    var messages: ListFeedWatch.Iterator
    var replica = ListReplica<Int64, Int64>()
    /// Outcomes of the messages read, in order.
    var outcomes: [ListReplica<Int64, Int64>.Outcome] = []
    /// The messages read, in order: their kind bytes and sizes.
    var received: [(kind: UInt8, bytes: Int)] = []

    init(_ feed: MailFeed, after version: ListVersion? = nil, compression: ListWireCompression? = nil) {
        messages = feed.watch(after: version, compression: compression).makeAsyncIterator()
    }

    /// Reads messages until `condition` holds of the replica; false if the feed ended first.
    mutating func read(until condition: (ListReplica<Int64, Int64>) -> Bool) async throws -> Bool {
        while !condition(replica) {
            guard let message = await messages.next() else { return false }
            received.append((message.first ?? 0, message.count))
            outcomes.append(try replica.receive(message))
        }
        return true
    }

    /// Reads until the replica shows `truth`.
    mutating func read(until truth: ListSnapshot<Int64, Int64>) async throws -> Bool {
        try await read { $0.snapshot == truth }
    }
}

enum MailRecords {
    static func record(_ id: Int64, section: String?, version: Int64 = 1) -> MailSource.Record {
        MailSource.Record(entry: ListEntry(id: id, section: section, summary: version), item: Mail(id: id, subject: "Message \(id)"))
    }

    static let titles: [String?] = [nil, "Inbox", "Archive", "O'Brien", "ünïcödé", ""]

    /// A few random changes to the records: inserts, deletes, moves, section changes,
    /// summary updates.
    static func change(_ records: inout [MailSource.Record], nextID: inout Int64, using random: inout SeededGenerator) {
        for _ in 0 ..< Int.random(in: 1 ... 6, using: &random) {
            switch Int.random(in: 0 ..< 5, using: &random) {
            case 0 where !records.isEmpty: records.remove(at: Int.random(in: 0 ..< records.count, using: &random))
            case 1:
                records.insert(record(nextID, section: titles.randomElement(using: &random)!), at: Int.random(in: 0 ... records.count, using: &random))
                nextID += 1
            case 2 where !records.isEmpty:
                let moved = records.remove(at: Int.random(in: 0 ..< records.count, using: &random))
                records.insert(moved, at: Int.random(in: 0 ... records.count, using: &random))
            case 3 where !records.isEmpty: records[Int.random(in: 0 ..< records.count, using: &random)].entry.section = titles.randomElement(using: &random)!
            case 4 where !records.isEmpty: records[Int.random(in: 0 ..< records.count, using: &random)].entry.summary += 1
            default: break
            }
        }
    }
}
