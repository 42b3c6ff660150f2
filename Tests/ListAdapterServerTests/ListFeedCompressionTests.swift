import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import Testing

/// A feed compresses for the watchers that accept it, and only for them. Oracle: the
/// source's own list, which every replica must equal whether its messages came compressed or
/// not; the kind byte and size of every message each watcher read.
@Suite("List feeds, compressed", .hangGuard)
struct ListFeedCompressionTests {
    static let compressed: UInt8 = 7

    static func records(_ count: Int) -> [MailSource.Record] {
        (1 ... Int64(count)).map { MailRecords.record($0, section: "Day \($0 / 500)") }
    }

    @Test func aWatcherThatAcceptsDeflateGetsTheSameListInFewerBytes() async throws {
        let source = MailSource(Self.records(20_000))
        let feed = MailFeed(name: "mail", source: source)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        let truth = try await source.loadEntries()
        var plain = Watcher(feed)
        var deflated = Watcher(feed, compression: .deflate)
        #expect(try await plain.read(until: truth))
        #expect(try await deflated.read(until: truth))
        #expect(!plain.received.contains { $0.kind == Self.compressed })
        // Start and end stay as they are (a few bytes); every part is compressed.
        #expect(deflated.received.count == plain.received.count)
        #expect(deflated.received.dropFirst().dropLast().allSatisfy { $0.kind == Self.compressed })
        let plainBytes = plain.received.reduce(0) { $0 + $1.bytes }
        let deflatedBytes = deflated.received.reduce(0) { $0 + $1.bytes }
        print("ListFeedCompressionTests: 20,000 rows, \(plainBytes) bytes, deflated \(deflatedBytes)")
        #expect(deflatedBytes * 2 < plainBytes)

        // A small change stays as it is; a large one (a summary of 2,000 rows) is compressed.
        source.mutate { $0[7].entry.summary += 1 }
        let small = try await source.loadEntries()
        deflated.received = []
        #expect(try await deflated.read(until: small))
        #expect(deflated.received.map(\.kind) == [ListWireMessages<Int64, Int64>.Kind.change.rawValue])
        source.mutate { records in
            for index in stride(from: 0, to: 20_000, by: 10) { records[index].entry.summary += 1 }
        }
        let large = try await source.loadEntries()
        deflated.received = []
        plain.received = []
        #expect(try await deflated.read(until: large))
        #expect(try await plain.read(until: large))
        #expect(deflated.received.map(\.kind) == [Self.compressed])
        // The other, two changes behind, gets them composed, uncompressed.
        #expect(plain.received.count == 1 && plain.received.allSatisfy { $0.kind == ListWireMessages<Int64, Int64>.Kind.change.rawValue })
    }

    @Test func aWatcherFarBehindGetsItsComposedChangeCompressed() async throws {
        let source = MailSource(Self.records(5_000))
        var configuration = ListFeedConfiguration()
        configuration.coalescing = .zero
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var prompt = Watcher(feed)
        var stalled = Watcher(feed, compression: .deflate)
        #expect(try await prompt.read(until: try await source.loadEntries()))
        #expect(try await stalled.read(until: try await source.loadEntries()))
        // Forty small changes, each read by the prompt watcher as it comes.
        for round in 0 ..< 40 {
            source.mutate { records in
                for index in stride(from: round, to: 5_000, by: 97) { records[index].entry.summary += 1 }
            }
            #expect(try await prompt.read(until: try await source.loadEntries()))
        }
        #expect(prompt.received.suffix(40).allSatisfy { $0.kind != Self.compressed })
        // The stalled watcher reads again: one change composed for it, compressed.
        stalled.received = []
        #expect(try await stalled.read(until: try await source.loadEntries()))
        #expect(stalled.received.map(\.kind) == [Self.compressed], "\(stalled.received)")
    }

    @Test func aListThatDoesNotCompressIsSentAsItIs() async throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("ListFeedCompressionTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var ids = Set<Int64>()
        while ids.count < 40_000 { ids.insert(Int64.random(in: 1 ... 1 << 50, using: &random)) }
        let records = ids.map { id in
            MailSource.Record(entry: ListEntry(id: id, section: nil, summary: Int64.random(in: 0 ... 1 << 50, using: &random)), item: Mail(id: id, subject: ""))
        }
        let source = MailSource(records)
        let feed = MailFeed(name: "mail", source: source)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var watcher = Watcher(feed, compression: .deflate)
        #expect(try await watcher.read(until: try await source.loadEntries()), "seed \(seed)")
        #expect(watcher.received.count == 5 && !watcher.received.contains { $0.kind == Self.compressed }, "seed \(seed): \(watcher.received)")
    }

    @Test func aFeedConfiguredWithoutCompressionCompressesNothing() async throws {
        let source = MailSource(Self.records(20_000))
        var configuration = ListFeedConfiguration()
        configuration.compression = nil
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var watcher = Watcher(feed, compression: .deflate)
        #expect(try await watcher.read(until: try await source.loadEntries()))
        #expect(!watcher.received.contains { $0.kind == Self.compressed })
    }
}
