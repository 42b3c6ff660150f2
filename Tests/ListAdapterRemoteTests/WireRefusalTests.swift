import ListAdapter
import ListAdapterRemote
import ListAdapterTesting
import Testing

/// What a list protocol reader refuses, and how: every cut of a valid message, random
/// damage, and each lie a message can tell (counts past the bytes, sections twice,
/// identifiers twice, parts out of order) gives a typed error naming the message and the
/// byte, never a crash, a hang or a huge allocation.
@Suite("List protocol refusals")
struct WireRefusalTests {
    typealias Messages = ListWireMessages<Int64, Int64>
    typealias Decoder = ListWireDecoder<Int64, Int64>

    static func decodeAll(_ messages: [[UInt8]], limits: ListWireLimits = ListWireLimits()) throws(ListWireError) -> [ListWireEvent<Int64, Int64>] {
        var decoder = Decoder(limits: limits)
        var events: [ListWireEvent<Int64, Int64>] = []
        for message in messages {
            if let event = try decoder.decode(message) { events.append(event) }
        }
        return events
    }

    static func error(_ body: () throws(ListWireError) -> Void) -> ListWireError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    static let sample = ListSnapshot<Int64, Int64>((0 ..< 40).map { ListEntry(id: Int64($0) * 1_000, section: "S\($0 / 10)", summary: Int64($0)) })

    @Test func everyCutOfAValidMessageIsRefused() {
        let version = ListVersion(epoch: 7, sequence: 3)
        let list = Messages.list(Self.sample, version: version, rowsPerPart: 16)
        var changed = Self.sample.entries
        changed.swapAt(3, 30)
        changed[5].summary += 1
        let change = Messages.change(from: version, to: version.next, patch: ListSnapshotPatch(from: Self.sample, to: ListSnapshot(changed)))
        let failure = Messages.failure(ListWireFailure(.listNotFound, "no list \"mail\""))
        for (index, message) in list.enumerated() {
            for cut in 0 ..< message.count {
                var messages = Array(list.prefix(index))
                messages.append(Array(message.prefix(cut)))
                messages += list.dropFirst(index + 1)
                #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll(messages) } != nil, "list message \(index) cut at \(cut) was read")
            }
        }
        for message in [change, failure] {
            for cut in 0 ..< message.count {
                #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll([Array(message.prefix(cut))]) } != nil, "cut at \(cut) was read")
            }
        }
    }

    @Test(arguments: 0 ..< 20)
    func randomDamageNeverCrashes(run: Int) {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("WireRefusalTests damage seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let version = ListVersion(epoch: 1, sequence: 1)
        var messages = Messages.list(Self.sample, version: version, rowsPerPart: 9)
        messages.append(Messages.change(from: version, to: version.next, patch: ListSnapshotPatch(from: Self.sample, to: ListSnapshot(Self.sample.entries.reversed()))))
        for _ in 0 ..< 200 {
            var damaged = messages
            let which = Int.random(in: 0 ..< damaged.count, using: &random)
            for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) where !damaged[which].isEmpty {
                damaged[which][Int.random(in: 0 ..< damaged[which].count, using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
            }
            // Read or refused: either is fine; what is read must be a list of the announced size.
            if let events = try? Self.decodeAll(damaged) {
                for case .list(_, let snapshot) in events { #expect(snapshot.count <= 40 || snapshot.count < 1_000_000, "seed \(seed)") }
            }
        }
    }

    @Test func countsPastTheBytesLeftAreRefusedBeforeAllocating() {
        // A list start announcing 2^62 rows, and a change announcing 2^60 touched identifiers.
        var start = ListWireWriter()
        start.write(byte: Messages.Kind.listStart.rawValue)
        start.write(varint: 1)
        start.write(varint: 1)
        start.write(varint: 1 << 62)
        start.write(varint: 1)
        let tooMany = Self.error { () throws(ListWireError) in _ = try Self.decodeAll([start.bytes]) }
        #expect(tooMany?.kind == .tooLarge && tooMany?.message == "list start")
        var change = ListWireWriter()
        change.write(byte: Messages.Kind.change.rawValue)
        for value: UInt64 in [1, 1, 1, 2] { change.write(varint: value) }
        change.write(varint: 1 << 60)
        #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll([change.bytes]) }?.kind == .tooLarge)
        var text = ListWireWriter()
        text.write(varint: 1 << 40)
        var reader = ListWireReader(text.bytes, message: "title")
        #expect(Self.error { () throws(ListWireError) in _ = try reader.readText() }?.kind == .tooLarge)
        var overflow = ListWireReader([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], message: "varint")
        #expect(Self.error { () throws(ListWireError) in _ = try overflow.readVarint() }?.kind == .malformed)
    }

    @Test func textThatIsNotUTF8IsRefused() {
        var writer = ListWireWriter()
        writer.write(count: 2)
        writer.write(bytes: [0xC3, 0x28])
        var reader = ListWireReader(writer.bytes, message: "title")
        let error = Self.error { () throws(ListWireError) in _ = try reader.readText() }
        #expect(error?.kind == .malformed && error?.offset == 1, "\(String(describing: error))")
    }

    @Test func aListThatLiesIsRefused() throws {
        let version = ListVersion(epoch: 2, sequence: 5)
        let list = Messages.list(Self.sample, version: version, rowsPerPart: 10)
        // A part before any start.
        #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll([list[1]]) }?.kind == .outOfOrder)
        // An end at another version.
        let otherEnd = Messages.list(Self.sample, version: version.next, rowsPerPart: 10).last!
        #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll(Array(list.dropLast()) + [otherEnd]) }?.kind == .outOfOrder)
        // A part missing: rows short of the start's count.
        #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll(Array(list.prefix(2)) + [list.last!]) }?.kind == .truncated)
        // A change in the middle of a list.
        let change = Messages.change(from: version, to: version.next, patch: ListSnapshotPatch(touched: [], rows: []))
        #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll(Array(list.prefix(2)) + [change]) }?.kind == .outOfOrder)
        // A section that comes back after another one.
        let three = ListSnapshot<Int64, Int64>((1 ... 3).map { ListEntry(id: $0, section: ["A", "B", "C"][Int($0) - 1], summary: 0) })
        var parts = Messages.list(three, version: version, rowsPerPart: 1)
        parts[3] = Self.part(title: "A", ids: [3])
        let apart = Self.error { () throws(ListWireError) in _ = try Self.decodeAll(parts) }
        #expect(apart?.kind == .malformed && apart?.message == "list part", "\(String(describing: apart))")
        // An identifier twice.
        var twice = Messages.list(ListSnapshot([ListEntry(id: 1, section: "A", summary: 0), ListEntry(id: 2, section: "A", summary: 0)]), version: version, rowsPerPart: 2)
        twice[1] = Self.part(title: "A", ids: [1, 1])
        let duplicated = Self.error { () throws(ListWireError) in _ = try Self.decodeAll(twice) }
        #expect(duplicated?.kind == .malformed && duplicated?.message == "list end", "\(String(describing: duplicated))")
        // After a refusal, the decoder reads a new list.
        var decoder = Decoder()
        #expect(Self.error { () throws(ListWireError) in _ = try decoder.decode(list[1]) } != nil)
        var events: [ListWireEvent<Int64, Int64>] = []
        for message in list { if let event = try decoder.decode(message) { events.append(event) } }
        guard case .list(_, let read) = events.first else { Issue.record("no list after a refusal"); return }
        #expect(read == Self.sample)
    }

    /// A list part of one run.
    static func part(title: String?, ids: [Int64]) -> [UInt8] {
        var writer = ListWireWriter()
        writer.write(byte: Messages.Kind.listPart.rawValue)
        writer.write(count: 1)
        writer.write(optionalText: title)
        writer.write(count: ids.count)
        for id in ids {
            id.write(to: &writer)
            Int64(0).write(to: &writer)
        }
        return writer.bytes
    }

    @Test func aChangeThatGoesBackIsRefused() {
        var writer = ListWireWriter()
        writer.write(byte: Messages.Kind.change.rawValue)
        for value: UInt64 in [1, 5, 1, 4] { writer.write(varint: value) }
        writer.write(count: 0)
        writer.write(count: 0)
        writer.write(count: 0)
        #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll([writer.bytes]) }?.kind == .malformed)
    }

    @Test func aChangeWhoseGapJumpsByAnyAmountIsRefusedNotTrapped() {
        // Found by the fuzzer: a gap change of Int64.min trapped while its error was worded.
        for increase in [Int64.min, -1, Int64(ListWireLimits().rows) + 1, .max] {
            var writer = ListWireWriter()
            writer.write(byte: Messages.Kind.change.rawValue)
            for value: UInt64 in [1, 4, 1, 5] { writer.write(varint: value) }
            writer.write(count: 0)
            writer.write(count: 1)
            writer.write(optionalText: "A")
            writer.write(count: 1)
            writer.write(count: 0)
            Int64(7).write(to: &writer)
            Int64(1).write(to: &writer)
            writer.write(signed: increase)
            #expect(Self.error { () throws(ListWireError) in _ = try Self.decodeAll([writer.bytes]) }?.kind == .malformed, "\(increase)")
        }
    }

    @Test func payloadRequestsPastTheLimitOrWithRepeatsAreRefused() {
        let limits = ListWireLimits(requestedItems: 3)
        #expect(Self.error { () throws(ListWireError) in _ = try ListWirePayloads<Int64>.decodeRequest(ListWirePayloads<Int64>.request([1, 2, 3, 4]), limits: limits) }?.kind == .tooLarge)
        #expect(Self.error { () throws(ListWireError) in _ = try ListWirePayloads<Int64>.decodeRequest(ListWirePayloads<Int64>.request([1, 1]), limits: limits) }?.kind == .malformed)
        #expect(Self.error { () throws(ListWireError) in _ = try ListWirePayloads<Int64>.decodeRequest([0x11, 0]) }?.kind == .malformed)
        let unasked = ListWirePayloads<Int64>.response(found: [(9, [1])], missing: [])
        #expect(Self.error { () throws(ListWireError) in _ = try ListWirePayloads<Int64>.decodeResponse(unasked, requested: [1]) }?.kind == .malformed)
    }
}
