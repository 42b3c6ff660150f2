import ListAdapter
import ListAdapterRemote
import ListAdapterTesting
import Testing

/// What a list protocol reader refuses, and how: every cut of a valid message, random
/// damage, and each lie a message can tell (counts past the bytes, sections twice,
/// identifiers twice, parts out of order) gives a typed error naming the message and the
/// byte, never a crash, a hang or a huge allocation. Oracle for random damage: a plain
/// second reading of the messages (`WireReference`), which must read the same list and
/// change, or refuse the same message.
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

    /// The decoder's reading of `messages` in the reference's form, checking that a refusal
    /// names a byte inside the message refused.
    static func decoded(_ messages: [[UInt8]], limits: ListWireLimits = ListWireLimits()) -> WireReference.Outcome {
        var decoder = Decoder(limits: limits)
        var events: [WireReference.Event] = []
        for (index, message) in messages.enumerated() {
            do {
                if let event = try decoder.decode(message), let form = WireReference.form(event) { events.append(form) }
            } catch {
                #expect((0 ... message.count).contains(error.offset), "message \(index) refused at byte \(error.offset) of \(message.count): \(error)")
                return .refused(at: index)
            }
        }
        return .read(events)
    }

    @Test(arguments: 0 ..< 20)
    func randomDamageIsReadAsTheReferenceReadsIt(run: Int) {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("WireRefusalTests damage seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let version = ListVersion(epoch: 1, sequence: 1)
        var messages = Messages.list(Self.sample, version: version, rowsPerPart: 9)
        messages.append(Messages.change(from: version, to: version.next, patch: ListSnapshotPatch(from: Self.sample, to: ListSnapshot(Self.sample.entries.reversed()))))
        // Undamaged, both readings give the list and the change.
        let intact = Self.decoded(messages)
        #expect(intact == WireReference.read(messages))
        guard case .read(let events) = intact, events.count == 2 else { Issue.record("the intact messages gave \(intact)"); return }
        var read = 0
        // Half the time a message chosen at random, half the message of a byte chosen at
        // random (so the long change is damaged as often as its bytes are many).
        let byteOwners = messages.indices.flatMap { Array(repeating: $0, count: messages[$0].count) }
        for _ in 0 ..< 200 {
            var damaged = messages
            let which = Bool.random(using: &random) ? Int.random(in: 0 ..< damaged.count, using: &random) : byteOwners.randomElement(using: &random)!
            for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) where !damaged[which].isEmpty {
                damaged[which][Int.random(in: 0 ..< damaged[which].count, using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
            }
            // Read or refused, never a crash; read as the reference reads it (the same list
            // and change), or refused at the same message.
            let outcome = Self.decoded(damaged)
            let reference = WireReference.read(damaged)
            #expect(outcome == reference, "seed \(seed): message \(which) damaged to \(damaged[which])")
            if case .read = outcome { read += 1 }
        }
        print("WireRefusalTests damage seed \(seed): \(read) of 200 damaged sequences read")
    }

    /// A count under its limit but larger than the bytes after it could hold.
    struct CountPastTheBytes: Sendable, CustomTestStringConvertible {
        /// The count's name.
        let what: String
        /// The messages; the last holds the count.
        let messages: [[UInt8]]
        /// The name errors give that message.
        let message: String
        /// The offset just after the count: where it must be refused.
        let offset: Int
        /// Reads the messages.
        let read: @Sendable ([[UInt8]]) throws(ListWireError) -> Void

        var testDescription: String { what }
    }

    /// The counts a reader checks against the bytes left, each under its limit and past the
    /// bytes left, with a valid element or two after it (so that a reader that believed the
    /// count would read on, and fail later, at another byte).
    static let countsPastTheBytes: [CountPastTheBytes] = {
        let limits = ListWireLimits(rows: 1_000)
        var cases: [CountPastTheBytes] = []
        // A change's rows: 999 announced (the limit is 1,000), one row of 4 bytes follows.
        // Believed, an app reserves room for them all; at the default limit of 50,000,000
        // rows, about 2 GB from a 15-byte message.
        var change = ListWireWriter()
        change.write(byte: Messages.Kind.change.rawValue)
        for value: UInt64 in [1, 1, 1, 2] { change.write(varint: value) }
        change.write(count: 0)                      // touched
        change.write(count: 1)                      // titles
        change.write(optionalText: nil)
        change.write(count: 999)                    // rows
        var offset = change.bytes.count
        change.write(count: 0)
        Int64(7).write(to: &change)
        Int64(1).write(to: &change)
        change.write(signed: 0)
        cases.append(CountPastTheBytes(what: "a change's rows", messages: [change.bytes], message: "change", offset: offset) { messages throws(ListWireError) in
            _ = try WireRefusalTests.decodeAll(messages, limits: limits)
        })
        // A change's section titles: 999 announced, a title of 1 byte and the row count follow.
        var titles = ListWireWriter()
        titles.write(byte: Messages.Kind.change.rawValue)
        for value: UInt64 in [1, 1, 1, 2] { titles.write(varint: value) }
        titles.write(count: 0)
        titles.write(count: 999)
        offset = titles.bytes.count
        titles.write(optionalText: nil)
        titles.write(count: 0)
        cases.append(CountPastTheBytes(what: "a change's section titles", messages: [titles.bytes], message: "change", offset: offset) { messages throws(ListWireError) in
            _ = try WireRefusalTests.decodeAll(messages, limits: limits)
        })
        // A list part's runs: 999 announced, one run of 4 bytes follows (the start announces
        // 999 rows and one section, so that neither limits the run).
        var start = ListWireWriter()
        start.write(byte: Messages.Kind.listStart.rawValue)
        for value: UInt64 in [1, 1, 999, 1] { start.write(varint: value) }
        var part = ListWireWriter()
        part.write(byte: Messages.Kind.listPart.rawValue)
        part.write(count: 999)
        offset = part.bytes.count
        part.write(optionalText: nil)
        part.write(count: 1)
        Int64(7).write(to: &part)
        Int64(1).write(to: &part)
        cases.append(CountPastTheBytes(what: "a list part's runs", messages: [start.bytes, part.bytes], message: "list part", offset: offset) { messages throws(ListWireError) in
            _ = try WireRefusalTests.decodeAll(messages, limits: limits)
        })
        // A payload response's items: 999 of the 1,000 asked for, one item of 3 bytes follows.
        let asked = (1 ... 1_000).map(Int64.init)
        var response = ListWireWriter()
        response.write(byte: 17)
        response.write(count: 999)
        offset = response.bytes.count
        Int64(1).write(to: &response)
        response.write(count: 1)
        response.write(byte: 0x7B)
        response.write(count: 0)                    // missing
        cases.append(CountPastTheBytes(what: "a payload response's items", messages: [response.bytes], message: "payload response", offset: offset) { messages throws(ListWireError) in
            _ = try ListWirePayloads<Int64>.decodeResponse(messages[0], requested: asked)
        })
        // A text's bytes (a section title): 999 announced (the limit is 64 KiB), 3 follow.
        var text = ListWireWriter()
        text.write(count: 999)
        offset = text.bytes.count
        text.write(bytes: Array("Inb".utf8))
        cases.append(CountPastTheBytes(what: "a text's bytes", messages: [text.bytes], message: "title", offset: offset) { messages throws(ListWireError) in
            var reader = ListWireReader(messages[0], message: "title")
            _ = try reader.readText()
        })
        return cases
    }()

    @Test(arguments: countsPastTheBytes)
    func countsPastTheBytesLeftAreRefusedBeforeAllocating(_ count: CountPastTheBytes) {
        // Refused at the count itself, before anything is reserved or read for it: at the
        // byte after the count, as truncated.
        let refusal = Self.error { () throws(ListWireError) in try count.read(count.messages) }
        #expect(refusal?.kind == .truncated && refusal?.message == count.message && refusal?.offset == count.offset, "\(String(describing: refusal))")
    }

    @Test func aCountIsCheckedAgainstTheBytesEachElementTakes() {
        // Four bytes left after the count: two elements of 2 bytes fit, three do not.
        for (announced, bytesEach, fits) in [(2, 2, true), (3, 2, false), (4, 1, true), (5, 1, false), (1_000, 0, true)] {
            var writer = ListWireWriter()
            writer.write(count: announced)
            writer.write(bytes: [1, 2, 3, 4])
            var reader = ListWireReader(writer.bytes, message: "things")
            let result = Result { () throws(ListWireError) in try reader.readCount(of: "things", bytesEach: bytesEach, limit: 1_000) }
            switch result {
            case .success(let count): #expect(fits && count == announced, "\(announced) of \(bytesEach) bytes each was read")
            case .failure(let error): #expect(!fits && error.kind == .truncated && error.offset == writer.bytes.count - 4, "\(announced) of \(bytesEach) bytes each: \(error)")
            }
        }
    }

    @Test func countsPastALimitAreRefused() {
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
