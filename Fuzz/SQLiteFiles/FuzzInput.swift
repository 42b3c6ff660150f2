/// What one fuzz input asks for: a seed database, options, and byte mutations of its files.
/// Every byte string decodes to something (the fuzzer never wastes an input on a parse error).
///
/// - byte 0, header: `h & 7` (mod 6) picks the seed database (``SeedDatabase/all``); bit 3
///   also runs the `.owned` variant on a copy; bit 4 *follows*: attaches the source (its
///   external-change watch starts) and scans again after the `later` mutations even when
///   there are none; bit 5 sets `Options.changeLog`; bits 6-7 pick how many listed
///   identifiers to fetch (1, 8, 64, all; two absent identifiers are always added).
/// - then 4-byte ops `op a b v` (a trailing partial op is ignored):
///   - `op` bit 0: the file: 0 the main file, 1 the sidecar (`-wal` or `-journal`; the main
///     file when the seed has none);
///   - bits 1-2, where (see ``FileLayout/offset(_:region:b:fine:)``): 0 the header (the
///     100-byte database header, the WAL's 32, the journal's 28; offset `a`), 1 the start
///     of region `a` (a page's b-tree header and cell pointers; a WAL frame's header), 2
///     anywhere in region `a` (`b` scaled to the page, plus `fine`), 3 the end of region `a`
///     (cell content grows down from there);
///   - bits 3-4, what: 0 set the byte to `v`, 1 xor it with `v` (0 counts as 0xFF), 2 write
///     the big-endian 32-bit ``interestingWords``[`v` % 16] there, 3 cut the file there
///     (or, `v` odd, append a page of zeros);
///   - bit 5: `later`: applied in place (same inode, as another process writes) after the
///     first scan, to a followed file the source is watching;
///   - bits 6-7: `fine`, a small offset added inside a region.
struct FuzzInput {
    enum Kind: Int { case set, xor, word, truncate }
    enum Region: Int { case header, start, anywhere, end }

    struct Mutation {
        var sidecar: Bool
        var region: Region
        var kind: Kind
        var later: Bool
        var fine: Int
        var a: Int
        var b: Int
        var v: Int
    }

    var seed: Int
    var owned: Bool
    var follows: Bool
    var changeLog: Bool
    /// How many listed identifiers to fetch; `nil`: all of them.
    var fetchCount: Int?
    var mutations: [Mutation]

    static let fetchCounts: [Int?] = [1, 8, 64, nil]

    init(_ bytes: UnsafeBufferPointer<UInt8>, seedCount: Int) {
        let header = Int(bytes.first ?? 0)
        seed = (header & 7) % seedCount
        owned = header & 0x08 != 0
        follows = header & 0x10 != 0
        changeLog = header & 0x20 != 0
        fetchCount = Self.fetchCounts[header >> 6]
        mutations = []
        var cursor = 1
        while cursor + 4 <= bytes.count {
            let op = Int(bytes[cursor])
            mutations.append(Mutation(
                sidecar: op & 1 != 0, region: Region(rawValue: (op >> 1) & 3)!, kind: Kind(rawValue: (op >> 3) & 3)!,
                later: op & 0x20 != 0, fine: op >> 6,
                a: Int(bytes[cursor + 1]), b: Int(bytes[cursor + 2]), v: Int(bytes[cursor + 3])
            ))
            cursor += 4
        }
    }

    /// Whether the files stay as the seed has them until the first scan is done: then that
    /// scan must give exactly the seed's list.
    var leavesFilesIntactAtFirstScan: Bool { !mutations.contains { !$0.later } }

    /// Values that sit on boundaries a reader checks: sizes, counts, signs, page numbers.
    static let interestingWords: [UInt32] = [
        0, 1, 2, 3, 0x7F, 0x80, 0xFF, 0x100, 0x200, 0x400, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFF_FFFF, 0xFFFF_FFFF,
    ]
}
