import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterTesting
import Testing

/// The list protocol's messages read back exactly what was written: every value type at
/// its edges, whole lists in parts of any size, and changes whose patch, applied to the
/// list before, gives the list after.
@Suite("List protocol round trips")
struct WireRoundTripTests {
    typealias Messages = ListWireMessages<Int64, Int64>
    typealias Decoder = ListWireDecoder<Int64, Int64>

    static func roundTrip<Value: ListWireValue & Equatable>(_ value: Value) throws -> Value {
        var writer = ListWireWriter()
        value.write(to: &writer)
        var reader = ListWireReader(writer.bytes, message: "test")
        let read = try Value(from: &reader)
        try reader.expectEnd()
        return read
    }

    @Test func valuesAtTheirEdgesRoundTrip() throws {
        for value: Int64 in [0, 1, -1, 63, -64, 64, 127, 128, .max, .min, 1 << 40] { #expect(try Self.roundTrip(value) == value) }
        for value: UInt64 in [0, 127, 128, .max] { #expect(try Self.roundTrip(value) == value) }
        for value: Int in [0, .max, .min] { #expect(try Self.roundTrip(value) == value) }
        for value: Int32 in [0, .max, .min] { #expect(try Self.roundTrip(value) == value) }
        for value: UInt32 in [0, .max] { #expect(try Self.roundTrip(value) == value) }
        for value in [true, false] { #expect(try Self.roundTrip(value) == value) }
        for value: Double in [0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, 3.25] {
            #expect(try Self.roundTrip(value).bitPattern == value.bitPattern)
        }
        #expect(try Self.roundTrip(Double.nan).isNaN)
        for value in ["", "a", "O'Brien", "ünïcödé 🧵", String(repeating: "x", count: 5_000), "nul\u{0}inside"] { #expect(try Self.roundTrip(value) == value) }
        let uuid = UUID()
        #expect(try Self.roundTrip(uuid) == uuid)
        #expect(try Self.roundTrip(NoSummary()) == NoSummary())
        for value: Int64? in [nil, 0, -5] { #expect(try Self.roundTrip(value) == value) }
        for value: String? in [nil, "", "x"] { #expect(try Self.roundTrip(value) == value) }
    }

    @Test func versionsReadBackFromTheirText() {
        let version = ListVersion(epoch: 0xDEAD_BEEF_1234, sequence: 77)
        #expect(ListVersion(version.description) == version)
        #expect(ListVersion(ListVersion(epoch: .max, sequence: .max).description) == ListVersion(epoch: .max, sequence: .max))
        for bad in ["", "-", "1-", "-1", "1-2-3", "zz-1", "1-x", "1- 2", String(repeating: "f", count: 21) + "-1"] { #expect(ListVersion(bad) == nil, "\(bad)") }
    }

    @Test(arguments: 0 ..< 40)
    func listsRoundTripInPartsOfAnySize(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("WireRoundTripTests list seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let snapshot = WireLists.random(count: Int.random(in: 0 ... 3_000, using: &random), using: &random)
        let version = ListVersion(epoch: random.next(), sequence: UInt64.random(in: 0 ... 1_000, using: &random))
        let messages = Messages.list(snapshot, version: version, rowsPerPart: Int.random(in: 1 ... 600, using: &random))
        var decoder = Decoder()
        var events: [ListWireEvent<Int64, Int64>] = []
        for message in messages {
            if let event = try decoder.decode(message) { events.append(event) }
        }
        #expect(events.count == 1, "seed \(seed)")
        guard case .list(let readVersion, let read) = events.first else { Issue.record("seed \(seed): no list"); return }
        #expect(readVersion == version && read == snapshot, "seed \(seed)")
    }

    @Test(arguments: 0 ..< 40)
    func changesRoundTripAndApply(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("WireRoundTripTests change seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let old = WireLists.random(count: Int.random(in: 0 ... 1_500, using: &random), using: &random)
        let new = WireLists.changed(old, using: &random)
        let patch = ListSnapshotPatch(from: old, to: new)
        let from = ListVersion(epoch: 9, sequence: 41)
        var decoder = Decoder()
        let event = try decoder.decode(Messages.change(from: from, to: from.next, patch: patch))
        guard case .change(let readFrom, let readTo, let readPatch) = event else { Issue.record("seed \(seed): no change"); return }
        #expect(readFrom == from && readTo == from.next, "seed \(seed)")
        #expect(readPatch.touched == patch.touched, "seed \(seed)")
        #expect(try #require(old.applying(readPatch), "seed \(seed)").snapshot == new, "seed \(seed)")
    }

    @Test func aFailureRoundTrips() throws {
        var decoder = Decoder()
        let failure = ListWireFailure(.sourceFailed, "the table \"mail\" is gone")
        guard case .failure(let read) = try decoder.decode(Messages.failure(failure)) else { Issue.record("no failure"); return }
        #expect(read == failure)
    }

    @Test func upToDateRoundTripsAndIsBelievedOnlyAtTheVersionHeld() throws {
        let version = ListVersion(epoch: 0xBEEF, sequence: 41)
        var decoder = Decoder()
        guard case .upToDate(let read) = try decoder.decode(Messages.upToDate(version)) else { Issue.record("not up to date"); return }
        #expect(read == version)
        var replica = ListReplica<Int64, Int64>()
        // Before any list, and at another version: refused, the replica unchanged.
        #expect(throws: ListWireError.self) { try replica.receive(Messages.upToDate(version)) }
        for message in Messages.list(ListSnapshot([ListEntry(id: 1, section: "A", summary: 2)]), version: version) { _ = try replica.receive(message) }
        #expect(throws: ListWireError.self) { try replica.receive(Messages.upToDate(version.next)) }
        #expect(try replica.receive(Messages.upToDate(version)) == .upToDate && replica.version == version)
        // In the middle of a list, or with a byte too many: refused.
        var listing = Decoder()
        _ = try listing.decode(Messages.list(ListSnapshot([ListEntry(id: 1, section: "A", summary: 2)]), version: version)[0])
        #expect(throws: ListWireError.self) { try listing.decode(Messages.upToDate(version)) }
        #expect(throws: ListWireError.self) { try decoder.decode(Messages.upToDate(version) + [0]) }
    }

    @Test func payloadRequestsAndResponsesRoundTrip() throws {
        let ids: [Int64] = [5, -3, 1 << 50, 0]
        #expect(try ListWirePayloads<Int64>.decodeRequest(ListWirePayloads<Int64>.request(ids)) == ids)
        let body = ListWirePayloads<Int64>.response(found: [(5, Array("{\"a\":1}".utf8)), (0, [])], missing: [-3, 1 << 50])
        let read = try ListWirePayloads<Int64>.decodeResponse(body, requested: ids)
        #expect(read.found.map(\.id) == [5, 0] && read.found.map { Array($0.item) } == [Array("{\"a\":1}".utf8), []])
        #expect(read.missing == [-3, 1 << 50])
    }
}

/// Random lists for the protocol's tests: sections with odd titles (none, empty, quotes,
/// non-ASCII), identifiers of every size and sign.
enum WireLists {
    static let titles: [String?] = [nil, "", "Inbox", "O'Brien", "ünïcödé 🧵", "S1", "S2", "S3", "a\u{0}b"]

    static func random(count: Int, using random: inout SeededGenerator) -> ListSnapshot<Int64, Int64> {
        var ids = Set<Int64>()
        var entries: [ListEntry<Int64, Int64>] = []
        while entries.count < count {
            let id = Bool.random(using: &random) ? Int64.random(in: -1_000_000 ... 1_000_000, using: &random) : Int64.random(in: .min ... .max, using: &random)
            guard ids.insert(id).inserted else { continue }
            entries.append(ListEntry(id: id, section: titles.randomElement(using: &random)!, summary: Int64.random(in: -5 ... 1 << 40, using: &random)))
        }
        return ListSnapshot(entries)
    }

    static func changed(_ old: ListSnapshot<Int64, Int64>, using random: inout SeededGenerator) -> ListSnapshot<Int64, Int64> {
        var entries = old.entries
        for _ in 0 ..< Int.random(in: 0 ... 40, using: &random) {
            switch Int.random(in: 0 ..< 5, using: &random) {
            case 0 where !entries.isEmpty: entries.remove(at: Int.random(in: 0 ..< entries.count, using: &random))
            case 1:
                let id = Int64.random(in: 2_000_000 ... 3_000_000, using: &random)
                if !entries.contains(where: { $0.id == id }) {
                    entries.insert(ListEntry(id: id, section: titles.randomElement(using: &random)!, summary: 0), at: Int.random(in: 0 ... entries.count, using: &random))
                }
            case 2 where !entries.isEmpty:
                let entry = entries.remove(at: Int.random(in: 0 ..< entries.count, using: &random))
                entries.insert(entry, at: Int.random(in: 0 ... entries.count, using: &random))
            case 3 where !entries.isEmpty: entries[Int.random(in: 0 ..< entries.count, using: &random)].section = titles.randomElement(using: &random)!
            case 4 where !entries.isEmpty: entries[Int.random(in: 0 ..< entries.count, using: &random)].summary += 1
            default: break
            }
        }
        return ListSnapshot(entries)
    }
}
