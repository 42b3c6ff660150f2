/// Turns fuzzer bytes into a starting list and a sequence of patch steps. The format
/// (every byte string decodes to something):
///
/// - byte 0, header: bit 0 builds the starting list with `ListSnapshot(sections:)` plus
///   one empty section titled `header >> 1 & 7` (if unused) at section index
///   `header >> 4`, instead of `ListSnapshot(_:)`;
/// - then ops building the starting list (nothing is touched) until an END byte (0xFF);
/// - then the ops of each step, each step ended by an END byte (or the input's end). A
///   step's ops edit the list and mark what they change as touched; at the END the
///   fuzzer turns the edit into a ``ListSnapshotPatch`` and applies it.
///
/// An op is one byte, `code = byte >> 5`, `arg = byte & 31`, some with operand bytes. An
/// operand that names a place or a row of a list of `n` rows reaches across it in
/// proportion: place `a` is `a * (n + 1) / 256` (`n + 1` places), row `a` is `a * n / 256`.
/// "Title mode" `m = arg & 3`, title `t = arg >> 2 & 7` (6 is "", 7 is nil): m 0 takes
/// the title of the row before the place, 1 of the row after it (both keep sections
/// contiguous), 2 title t there (may split a section: a patch the library must refuse),
/// 3 title t with the place moved back to the nearest section boundary.
///
/// | code | op | effect |
/// |---|---|---|
/// | 0 | INSERT a | a fresh id at place `a`, title by mode |
/// | 1 | DELETE a | delete `arg & 7 + 1` rows from row `a` |
/// | 2 | MOVE a b | row `a` to place `b` of the other rows, title by mode (across sections when it changes) |
/// | 3 | SUMMARY a | row `a`'s summary := `arg & 7` (the same value: touched, unchanged) |
/// | 4 | TOUCH a | touch `arg & 7 + 1` rows from row `a` unchanged; if `arg & 16`, an id never in the list |
/// | 5 | SECTION b | `t = arg & 7`, `arg >> 3`: 0 rename section t to `b & 7`; 1 move its rows to the section boundary nearest before place `b`; 2 delete them (the section is emptied and removed); 3 a new section t of `b & 15 + 1` rows at a section boundary, `b >> 4` (0-15) in proportion to the boundaries |
/// | 6 | RUN a | `arg + 1` fresh consecutive ids at place `a`, the title of the row before |
/// | 7 | EXTRA b | `arg & 7`: 0 re-insert an id deleted earlier (the `b`-th, modulo) at place `b`, the title of the row before; 1 a malformed patch (kind `b & 3`) the library must refuse; 2 reverse section `b & 7`'s rows; 3 rotate the rows of one section by `b >> 3`; 31 (0xFF) END |
struct PatchProgram {
    enum Op {
        case insert(place: Int, mode: Int, title: Int)
        case delete(start: Int, count: Int)
        case move(from: Int, to: Int, mode: Int, title: Int)
        case summary(row: Int, value: Int)
        case touch(start: Int, count: Int)
        case touchAbsent(Int)
        case renameSection(Int, to: Int)
        case moveSection(Int, place: Int)
        case deleteSection(Int)
        case newSection(Int, rows: Int, boundary: Int)
        case run(place: Int, count: Int)
        case reinsert(Int)
        case malformed(Int)
        case reverseSection(Int)
        case rotateSection(Int, by: Int)
    }

    /// Steps are capped: each one checks the whole list several times, about as long as a
    /// diff-and-batches input. The second step patches a patched snapshot (its shared chunks
    /// and pages, its index overlay, which folds at 16 slots in the fuzz build); on a
    /// corpus grown with four steps, two reached the same edges of ListAdapter but one at
    /// 1.6 times the inputs a second.
    static let maximumSteps = 2

    var header = 0
    var initial: [Op] = []
    var steps: [[Op]] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var cursor = 0
        func next() -> Int {
            guard cursor < bytes.count else { return 0 }
            defer { cursor += 1 }
            return Int(bytes[cursor])
        }
        header = next()
        var current: [Op] = []
        var building = true
        while cursor < bytes.count {
            let byte = next()
            if byte == 0xFF {
                if building { initial = current; building = false } else { steps.append(current) }
                current = []
                if steps.count == Self.maximumSteps { return }
                continue
            }
            if let op = Self.op(byte, next) { current.append(op) }
        }
        if building { initial = current } else if !current.isEmpty { steps.append(current) }
    }

    private static func op(_ byte: Int, _ next: () -> Int) -> Op? {
        let arg = byte & 31
        let mode = arg & 3, title = (arg >> 2) & 7
        switch byte >> 5 {
        case 0: return .insert(place: next(), mode: mode, title: title)
        case 1: return .delete(start: next(), count: (arg & 7) + 1)
        case 2: return .move(from: next(), to: next(), mode: mode, title: title)
        case 3: return .summary(row: next(), value: arg & 7)
        case 4: return arg & 16 != 0 ? .touchAbsent(next()) : .touch(start: next(), count: (arg & 7) + 1)
        case 5:
            let b = next()
            switch arg >> 3 {
            case 0: return .renameSection(arg & 7, to: b & 7)
            case 1: return .moveSection(arg & 7, place: b)
            case 2: return .deleteSection(arg & 7)
            default: return .newSection(arg & 7, rows: (b & 15) + 1, boundary: b >> 4)
            }
        case 6: return .run(place: next(), count: arg + 1)
        default:
            let b = next()
            switch arg & 7 {
            case 0: return .reinsert(b)
            case 1: return .malformed(b)
            case 2: return .reverseSection(b & 7)
            case 3: return .rotateSection(b & 7, by: b >> 3)
            default: return nil
            }
        }
    }
}
