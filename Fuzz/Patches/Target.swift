import ListAdapter
#if canImport(Glibc)
import Glibc
#endif

/// Names the target in failure messages (``fail(_:)``).
let fuzzTargetName = "patches"

/// libFuzzer's entry point: decodes a starting list and patch steps (``PatchProgram``),
/// applies each step's patch to the list the previous step left, and checks it
/// (``PatchStep``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let program = PatchProgram(UnsafeBufferPointer(start: data, count: size))
    var model = PatchModel()
    for op in program.initial { model.apply(op) }
    model.touched = []
    var current = startingList(&model, header: program.header)
    var refused = 0
    var exactMoves = 0
    for (number, ops) in program.steps.enumerated() {
        for op in ops {
            if case .malformed(let kind) = op { MalformedPatch.check(kind, on: current) } else { model.apply(op) }
        }
        let step = PatchStep(number: number, old: current, model: model)
        let (next, outcome) = step.run()
        switch outcome {
        case .refused:
            refused += 1
            model.take(next)
        case .patched(let changes):
            // A full diff more, for the shape report only.
            if reportsShape && changes.itemMoves == ListChangeSet(from: current, to: next).itemMoves { exactMoves += 1 }
        }
        current = next
        model.touched = []
    }
    if reportsShape {
        print("shape steps \(program.steps.count) refused \(refused) sameMovesAsDiff \(exactMoves) items \(current.count) sections \(current.numberOfSections)")
    }
    return 0
}

/// `FUZZ_SHAPE=1`: one line per input, to see what a corpus reaches:
/// `FUZZ_SHAPE=1 Fuzz/.build/patches -runs=0 DIR | grep ^shape`.
let reportsShape = getenv("FUZZ_SHAPE") != nil

/// The list the first step patches: the model's rows grouped by `ListSnapshot(_:)`, or
/// (header bit 0) exact sections with one empty section that no row has, which a patch
/// drops (the patched list is made of its rows' sections). The model takes the grouped order.
func startingList(_ model: inout PatchModel, header: Int) -> ListSnapshot<Int, Int> {
    let grouped = ListSnapshot(model.entries)
    model.take(grouped)
    guard header & 1 != 0 else { return grouped }
    var sections: [(title: String?, entries: [ListEntry<Int, Int>])] = (0 ..< grouped.numberOfSections).map { section in
        (grouped.title(ofSection: section), grouped.identifiers(inSection: section).map { ListEntry(id: $0, section: grouped.title(ofSection: section), summary: grouped.summary(of: $0)!) })
    }
    let empty = PatchModel.title((header >> 1) & 7)
    if !grouped.sectionTitles.contains(empty) { sections.insert((empty, []), at: (header >> 4) % (sections.count + 1)) }
    guard let exact = ListSnapshot(sections: sections) else { fail("ListSnapshot(sections:) rejected distinct titles and ids") }
    if exact.count != grouped.count || exact.numberOfSections != sections.count { fail("ListSnapshot(sections:) lost rows or sections") }
    return exact
}
