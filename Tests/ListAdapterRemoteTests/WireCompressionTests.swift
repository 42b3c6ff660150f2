import ListAdapter
import ListAdapterRemote
import ListAdapterTesting
import Testing

/// Compressed messages (kind 7): a compressed list or change reads back as the same list or
/// change; DEFLATE written elsewhere (Python's zlib, and stored blocks written by hand here,
/// RFC 1951 section 3.2.4) is read; and what a compressed message claims (its length, its
/// data, what it carries) is checked before it is believed, never a crash or a large
/// allocation.
@Suite("List protocol compression")
struct WireCompressionTests {
    typealias Messages = ListWireMessages<Int64, Int64>
    typealias Decoder = ListWireDecoder<Int64, Int64>

    static func decodeAll(_ messages: [[UInt8]], limits: ListWireLimits = ListWireLimits()) throws(ListWireError) -> [ListWireEvent<Int64, Int64>] {
        try WireRefusalTests.decodeAll(messages, limits: limits)
    }

    static func error(_ messages: [[UInt8]], limits: ListWireLimits = ListWireLimits()) -> ListWireError? {
        WireRefusalTests.error { () throws(ListWireError) in _ = try decodeAll(messages, limits: limits) }
    }

    /// A compressed message around `deflate` (raw DEFLATE) announcing `length` bytes.
    static func compressed(_ deflate: [UInt8], length: Int, method: UInt8 = 0) -> [UInt8] {
        var writer = ListWireWriter()
        writer.write(byte: 7)
        writer.write(byte: method)
        writer.write(count: length)
        writer.write(bytes: deflate)
        return writer.bytes
    }

    /// `bytes` as DEFLATE stored blocks (no compression; RFC 1951, 3.2.4): written here, not
    /// by zlib, so the reader is checked against the format rather than against itself.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let final: UInt8 = start + count == bytes.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[start ..< start + count]
            start += count
        } while start < bytes.count
        return out
    }

    /// A failure message (kind 5) of 1,404 bytes, deflated by Python's zlib at level 9
    /// (`zlib.compressobj(9, zlib.DEFLATED, -15)`), in a compressed message.
    static let deflatedElsewhere: [UInt8] = [
        7, 0, 252, 10, 99, 101, 249, 193, 85, 146, 145, 170, 80, 156, 90, 84, 150, 90, 164, 80, 92, 146, 95, 80, 144, 154, 2, 230,
        102, 230, 165, 43, 40, 229, 38, 102, 230, 40, 89, 43, 140, 42, 25, 85, 50, 170, 100, 84, 201, 168, 18, 42, 42, 1, 0,
    ]
    static let failureText = String(repeating: "the server stopped serving \"mail\"; ", count: 40)

    @Test func aMessageDeflatedByAnotherZlibIsRead() throws {
        var decoder = Decoder()
        let event = try decoder.decode(Self.deflatedElsewhere)
        guard case .failure(let failure) = event else { Issue.record("read as \(String(describing: event))"); return }
        #expect(failure == ListWireFailure(.shuttingDown, Self.failureText))
    }

    @Test func storedBlocksWrittenByHandAreRead() throws {
        let failure = Messages.failure(ListWireFailure(.sourceFailed, String(repeating: "ü", count: 40_000)))
        #expect(failure.count > 65_535, "two stored blocks")
        let events = try Self.decodeAll([Self.compressed(Self.stored(failure), length: failure.count)], limits: ListWireLimits(textBytes: 200_000))
        #expect(events.count == 1)
        guard case .failure(let read) = events.first else { Issue.record("not a failure"); return }
        #expect(read.message == String(repeating: "ü", count: 40_000))
    }

    @Test(arguments: 0 ..< 16)
    func compressedListsAndChangesReadBackTheSame(run: Int) throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("WireCompressionTests seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let snapshot = WireLists.random(count: Int.random(in: 0 ... 12_000, using: &random), using: &random)
        let version = ListVersion(epoch: random.next(), sequence: 5)
        let plain = Messages.list(snapshot, version: version, rowsPerPart: Int.random(in: 50 ... 4_000, using: &random))
        let compressed = plain.map { Messages.compressed($0, level: Int.random(in: 1 ... 9, using: &random)) }
        for (before, after) in zip(plain, compressed) {
            // Compressed exactly when it is large enough and gains; never larger.
            #expect(after.count <= before.count, "seed \(seed)")
            if after != before { #expect(after.first == 7 && before.count >= Messages.compressionThreshold, "seed \(seed)") }
        }
        let events = try Self.decodeAll(compressed)
        guard events.count == 1, case .list(let readVersion, let read) = events[0] else { Issue.record("seed \(seed): \(events.count) events"); return }
        #expect(readVersion == version && read == snapshot, "seed \(seed)")

        let new = WireLists.changed(snapshot, using: &random)
        let change = Messages.change(from: version, to: version.next, patch: ListSnapshotPatch(from: snapshot, to: new))
        var decoder = Decoder()
        let event = try decoder.decode(Messages.compressed(change, threshold: 0))
        guard case .change(_, _, let patch) = event else { Issue.record("seed \(seed): no change"); return }
        #expect(snapshot.applying(patch)?.snapshot == new, "seed \(seed)")
    }

    @Test func aLargeListTravelsInAFractionOfItsBytes() throws {
        // Ordered identifiers with timestamps for summaries, as a mailbox by date.
        var entries: [ListEntry<Int64, Int64>] = []
        for row in 0 ..< 100_000 {
            let id = Int64(row) * 3 + 7
            entries.append(ListEntry(id: id, section: "Day \(row / 1_000)", summary: 1_700_000_000 + id * 37))
        }
        let snapshot = ListSnapshot<Int64, Int64>(entries)
        let plain = Messages.list(snapshot, version: ListVersion(epoch: 1, sequence: 0))
        let compressed = plain.map { Messages.compressed($0) }
        let before = plain.reduce(0) { $0 + $1.count }
        let after = compressed.reduce(0) { $0 + $1.count }
        print("WireCompressionTests: 100,000 rows, \(before) bytes, compressed \(after)")
        #expect(after * 4 < before * 3)
        let events = try Self.decodeAll(compressed)
        guard case .list(_, let read) = events.first else { Issue.record("no list"); return }
        #expect(read == snapshot)
    }

    @Test func smallAndIncompressibleMessagesStayAsTheyAre() {
        let small = Messages.upToDate(ListVersion(epoch: 3, sequence: 4))
        #expect(Messages.compressed(small) == small)
        var random = SeededGenerator(seed: 42)
        let noise = [UInt8](repeating: 0, count: 8_000).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
        #expect(Messages.compressed([5] + noise) == [5] + noise, "random bytes do not shrink")
        let already = Self.deflatedElsewhere + [UInt8](repeating: 0, count: 5_000)
        #expect(Messages.compressed(already, threshold: 0) == already, "a compressed message is not compressed again")
    }

    @Test func whatACompressedMessageClaimsIsCheckedFirst() throws {
        let inner = Messages.failure(ListWireFailure(.other, String(repeating: "x", count: 3_000)))
        var length = ListWireWriter()
        length.write(count: inner.count)
        let deflate = Array(Messages.compressed(inner).dropFirst(2 + length.bytes.count))     // kind, method, length
        #expect(try Self.decodeAll([Self.compressed(deflate, length: inner.count)]).count == 1)

        let cases: [(String, [UInt8], ListWireLimits, ListWireError.Kind)] = [
            ("another method", Self.compressed(deflate, length: inner.count, method: 1), ListWireLimits(), .malformed),
            ("past the limit", Self.compressed(deflate, length: inner.count), ListWireLimits(inflatedMessageBytes: 3_000), .tooLarge),
            ("more than DEFLATE can expand to", Self.compressed(Array(deflate.prefix(8)), length: 60_000_000), ListWireLimits(), .malformed),
            ("announced short", Self.compressed(deflate, length: inner.count - 1), ListWireLimits(), .malformed),
            ("announced long", Self.compressed(deflate, length: inner.count + 1), ListWireLimits(), .truncated),
            ("bytes after the data", Self.compressed(deflate + [0, 0, 0], length: inner.count), ListWireLimits(), .trailingBytes),
            ("not DEFLATE", Self.compressed([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], length: 100), ListWireLimits(), .malformed),
            ("cut", Self.compressed(Array(deflate.dropLast(2)), length: inner.count), ListWireLimits(), .truncated),
            ("compressed inside compressed", Self.compressed(Self.stored(Self.deflatedElsewhere), length: Self.deflatedElsewhere.count), ListWireLimits(), .malformed),
            ("empty inside", Self.compressed(Self.stored([]), length: 0), ListWireLimits(), .truncated),
            ("no length", [7, 0], ListWireLimits(), .truncated),
            ("no method", [7], ListWireLimits(), .truncated),
        ]
        for (name, message, limits, kind) in cases {
            let error = Self.error([message], limits: limits)
            #expect(error?.kind == kind, "\(name): \(error.map(String.init(describing:)) ?? "read")")
            #expect(error?.message == "compressed", "\(name): \(String(describing: error))")
        }
    }

    /// 400 rows in 4 sections: parts that zlib shrinks.
    static let sample = ListSnapshot<Int64, Int64>((0 ..< 400).map { ListEntry(id: Int64($0) * 1_000, section: "Section \($0 / 100)", summary: 1_790_000_000 + Int64($0 % 7)) })

    @Test func aBrokenCompressedPartEndsTheListBeingReceived() throws {
        let version = ListVersion(epoch: 2, sequence: 9)
        let list = Messages.list(Self.sample, version: version, rowsPerPart: 400).map { Messages.compressed($0, threshold: 0) }
        #expect(list.count == 3 && list[1].first == 7)
        var decoder = Decoder()
        #expect(try decoder.decode(list[0]) == nil)
        var broken = list[1]
        broken.removeLast(3)
        #expect(WireRefusalTests.error { () throws(ListWireError) in _ = try decoder.decode(broken) } != nil)
        #expect(!decoder.isReceivingList)
        let error = WireRefusalTests.error { () throws(ListWireError) in _ = try decoder.decode(list[2]) }
        #expect(error?.kind == .outOfOrder, "the end of a list the decoder gave up: \(String(describing: error))")
    }

    @Test func everyCutOfACompressedMessageIsRefused() throws {
        let list = Messages.list(Self.sample, version: ListVersion(epoch: 1, sequence: 1), rowsPerPart: 400)
        let byZlib = Messages.compressed(list[1], threshold: 0)
        let byHand = Self.compressed(Self.stored(list[1]), length: list[1].count)
        #expect(byZlib.first == 7)
        for part in [byZlib, byHand] {
            #expect(try Self.decodeAll([list[0], part, list[2]]).count == 1)
            for cut in 0 ..< part.count {
                #expect(Self.error([list[0], Array(part.prefix(cut)), list[2]]) != nil, "cut at \(cut) of \(part.count) was read")
            }
        }
    }

    @Test(arguments: 0 ..< 8)
    func randomDamageToCompressedMessagesNeverCrashes(run: Int) {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("WireCompressionTests damage seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        let version = ListVersion(epoch: 1, sequence: 1)
        let messages = Messages.list(Self.sample, version: version, rowsPerPart: 100).map { Messages.compressed($0, threshold: 0) }
        #expect(messages.dropFirst().dropLast().allSatisfy { $0.first == 7 })
        for _ in 0 ..< 300 {
            var damaged = messages
            let which = Int.random(in: 0 ..< damaged.count, using: &random)
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) where damaged[which].count > 1 {
                damaged[which][Int.random(in: 1 ..< damaged[which].count, using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
            }
            // Read or refused: what is read is a list of at most the rows sent.
            if let events = try? Self.decodeAll(damaged) {
                for case .list(_, let snapshot) in events { #expect(snapshot.count <= 400, "seed \(seed)") }
            }
        }
    }

    @Test func anAppNamesWhatItReadsAndAServerPicksWhatItKnows() {
        #expect(ListWireCompression(accepting: "deflate") == .deflate)
        #expect(ListWireCompression(accepting: "zstd, deflate") == .deflate)
        #expect(ListWireCompression(accepting: " deflate ") == .deflate)
        for unknown: String? in [nil, "", "gzip", "DEFLATE", "deflate2", ","] { #expect(ListWireCompression(accepting: unknown) == nil, "\(String(describing: unknown))") }
    }
}
