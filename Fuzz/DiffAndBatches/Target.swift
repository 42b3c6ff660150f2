import ListAdapter
#if canImport(Glibc)
import Glibc
#endif

/// Names the target in failure messages (``fail(_:)``).
let fuzzTargetName = "diff-and-batches"

/// libFuzzer's entry point: decodes two lists (``FuzzLists``) and checks the diff and both
/// batching policies under both update styles, replayed on both reference views.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let lists = FuzzLists(UnsafeBufferPointer(start: data, count: size))
    let old = FuzzLists.snapshot(lists.old)
    let new = FuzzLists.snapshot(lists.new)
    check(from: old, to: new)
    if reportsShape { printShape(old, new) }
    return 0
}

/// `FUZZ_SHAPE=1`: one line per input (items, sections, batches per policy), to see what
/// a corpus reaches: `FUZZ_SHAPE=1 Fuzz/.build/diff-and-batches -runs=0 DIR | grep ^shape`.
let reportsShape = getenv("FUZZ_SHAPE") != nil

func printShape(_ old: ListSnapshot<Int, Int>, _ new: ListSnapshot<Int, Int>) {
    let changes = ListChangeSet(from: old, to: new)
    let staged = ListUpdate(changes: changes, old: old, new: new, updateStyle: .reconfigure, batching: .keepingIdentity)
    print("shape items \(old.count)->\(new.count) sections \(old.numberOfSections)->\(new.numberOfSections) moves \(changes.itemMoves.count) sectionMoves \(changes.sectionMoves.count) batches \(staged.batches.count)")
}

/// The diff against the oracle, then the batches both policies stage from it: the
/// default style and policy through `ListUpdate(from:to:)`, as the adapter's full loads
/// do (``checkUpdates`` requires its change set to be the one checked, so a diff that
/// differs from one call to the next fails), the others from the checked change set
/// (`ListUpdate(from:to:)` is the diff then `ListUpdate(changes:old:new:)`; diffing four
/// times was a tenth of an input's time).
func check(from old: ListSnapshot<Int, Int>, to new: ListSnapshot<Int, Int>) {
    let context = { "old \(describe(old)) new \(describe(new))" }
    let changes = ListChangeSet(from: old, to: new)
    let minimum = DiffOracle.check(changes, from: old, to: new)
    if changes.isEmpty != (old == new) { fail("change set isEmpty \(changes.isEmpty) but lists equal \(old == new); \(context())") }
    checkUpdates(changes, minimum: minimum, from: old, to: new, context: context) { style, batching in
        if style == .reconfigure && batching == .keepingIdentity {
            ListUpdate(from: old, to: new, updateStyle: style, batching: batching)
        } else {
            ListUpdate(changes: changes, old: old, new: new, updateStyle: style, batching: batching)
        }
    }
}
