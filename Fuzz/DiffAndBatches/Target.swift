import ListAdapter
import ListAdapterTesting
#if canImport(Glibc)
import Glibc
#endif

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

func describe(_ snapshot: ListSnapshot<Int, Int>) -> String {
    guard snapshot.count <= 40 else { return "\(snapshot.numberOfSections) sections, \(snapshot.count) items" }
    return (0 ..< snapshot.numberOfSections).map { section in
        let items = snapshot.identifiers(inSection: section).map { id in "\(id)=\(snapshot.summary(of: id)!)" }
        return "\(snapshot.title(ofSection: section) ?? "nil"):[\(items.joined(separator: " "))]"
    }.joined(separator: " ")
}

func check(from old: ListSnapshot<Int, Int>, to new: ListSnapshot<Int, Int>) {
    let context = { "old \(describe(old)) new \(describe(new))" }
    let changes = ListChangeSet(from: old, to: new)
    let minimum = DiffOracle.check(changes, from: old, to: new)
    if changes.isEmpty != (old == new) { fail("change set isEmpty \(changes.isEmpty) but lists equal \(old == new); \(context())") }
    for style in [UpdateStyle.reconfigure, .reload] {
        let staged = ListUpdate(from: old, to: new, updateStyle: style, batching: .keepingIdentity)
        let single = ListUpdate(from: old, to: new, updateStyle: style, batching: .single)
        let where_ = { "\(style); \(context())" }
        if staged.changes != changes || single.changes != changes { fail("ListUpdate's changes differ from ListChangeSet(from:to:); \(where_())") }
        replay(staged, "keepingIdentity", from: old, to: new, where_)
        replay(single, "single", from: old, to: new, where_)
        if single.batches.count != (changes.isEmpty ? 0 : 1) { fail("single took \(single.batches.count) batches; \(where_())") }

        // keepingIdentity: moves exactly the minimum, nothing surviving destroyed, each
        // updated item shown once (reconfigured in place, or reloaded under .reload).
        let count = BatchDisplacement(from: old, batches: staged.batches)
        var expected = BatchDisplacement<Int>(sectionMoves: minimum.sectionMoves, itemMoves: minimum.itemMoves)
        if style == .reload { expected.reloads = changes.itemUpdates.count } else { expected.reconfigures = changes.itemUpdates.count }
        if count != expected {
            fail("keepingIdentity (\(staged.batches.count) batches) displaced \(count); lower bound \(expected); \(where_())")
        }
        // single: never more moves than the minimum (what it cannot animate it deletes and inserts).
        let singleCount = BatchDisplacement(from: old, batches: single.batches)
        if singleCount.sectionMoves > minimum.sectionMoves || singleCount.itemMoves > minimum.itemMoves {
            fail("single moved \(singleCount); minimum \(minimum); \(where_())")
        }
        // Fewest batches: one batch that keeps every cell is the single policy's batch.
        if staged.batches.count == 1, staged.batches[0].update != single.batches[0].update {
            fail("keepingIdentity's one batch differs from single's: \(staged.batches[0].update) vs \(single.batches[0].update); \(where_())")
        }
        if staged.batches.count > 1, singleCount == expected {
            fail("keepingIdentity took \(staged.batches.count) batches where single's one batch keeps every cell; \(where_())")
        }
    }
}

func replay(_ update: ListUpdate<Int, Int>, _ policy: String, from old: ListSnapshot<Int, Int>, to new: ListSnapshot<Int, Int>, _ where_: () -> String) {
    if update.changes.isEmpty != update.batches.isEmpty { fail("\(policy): empty change set and batches disagree; \(where_())") }
    if let last = update.batches.last, last.after != new { fail("\(policy): the last batch's after state is not the new list; \(where_())") }
    for kind in [ReferenceListViewKind.table, .collection] {
        var view = ReferenceListView<Int, Int>(kind: kind)
        view.reloadData(from: old)
        for (index, batch) in update.batches.enumerated() {
            do {
                try view.apply(batch)
                try view.verifyCells(against: batch.after)
            } catch {
                fail("\(policy) on \(kind): batch \(index) of \(update.batches.count) \(batch.update): \(error); \(where_())")
            }
        }
        do {
            try view.verifyCells(against: new)
        } catch {
            fail("\(policy) on \(kind) final state: \(error); \(where_())")
        }
    }
    // No item is reloaded or reconfigured unless its summary changed.
    let updated = Set(update.changes.itemUpdates.map { new.identifier(at: $0.to) })
    var before = old
    for batch in update.batches {
        for path in batch.update.reloadItems + batch.update.reconfigureItems where !updated.contains(before.identifier(at: path)) {
            fail("\(policy): reloaded an unchanged item at \(path); \(where_())")
        }
        before = batch.after
    }
}
