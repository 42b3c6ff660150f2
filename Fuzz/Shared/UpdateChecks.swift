import ListAdapter

/// The properties of the batches staged from one change set, shared by the targets that
/// produce a change set (a full diff, a patch, the sample's input): under `.reconfigure`
/// and `.reload`, `.keepingIdentity` and `.single` both replay on both reference views
/// (``replay(_:_:from:to:_:)``); `.keepingIdentity` displaces exactly the minimum (the
/// tests' displacement oracle) and takes more than one batch only when `.single`'s one
/// batch would not keep every cell; `.single` takes one batch and never moves more than
/// the minimum.
///
/// `makeUpdate` stages the update under test for a style and a policy; its `changes` must
/// be `changes` (the one the oracle checked, `minimum` its move counts).
///
/// An update whose batches equal those of one already replayed (both policies' one batch
/// when a single batch keeps every cell; both styles' when nothing is updated) replays
/// exactly as that one did, so it is replayed once: the replays were most of an input.
func checkUpdates<ID, Summary>(
    _ changes: ListChangeSet, minimum: DiffOracle.Minimum, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>,
    context: () -> String, makeUpdate: (UpdateStyle, BatchingPolicy) -> ListUpdate<ID, Summary>
) {
    var replayed: [[ListBatch<ID, Summary>]] = []
    func replayOnce(_ update: ListUpdate<ID, Summary>, _ policy: String, _ where_: () -> String) {
        if replayed.contains(where: { sameBatches($0, update.batches) }) { return }
        replay(update, policy, from: old, to: new, where_)
        replayed.append(update.batches)
    }
    for style in [UpdateStyle.reconfigure, .reload] {
        let staged = makeUpdate(style, .keepingIdentity)
        let single = makeUpdate(style, .single)
        func where_() -> String { "\(style); \(context())" }
        if staged.changes != changes || single.changes != changes { fail("the update's changes differ from the change set checked; \(where_())") }
        replayOnce(staged, "keepingIdentity", where_)
        replayOnce(single, "single", where_)
        if single.batches.count != (changes.isEmpty ? 0 : 1) { fail("single took \(single.batches.count) batches; \(where_())") }

        // keepingIdentity: moves exactly the minimum, nothing surviving destroyed, each
        // updated item shown once (reconfigured in place, or reloaded under .reload).
        let count = BatchDisplacement(from: old, batches: staged.batches)
        var expected = BatchDisplacement<ID>(sectionMoves: minimum.sectionMoves, itemMoves: minimum.itemMoves)
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

/// Applies every batch of `update` to a reference view of each kind (table and collection
/// rules) loaded with `old` (the check the tests' replay oracle runs: ``UpdateReplay``);
/// any failure is fatal, naming the policy and the input.
func replay<ID, Summary>(
    _ update: ListUpdate<ID, Summary>, _ policy: String, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>,
    _ where_: () -> String
) {
    if let failure = UpdateReplay.firstFailure(of: update, from: old, to: new) { fail("\(policy): \(failure); \(where_())") }
}

/// Whether two lists of batches are the same operations with the same states after each.
func sameBatches<ID, Summary>(_ a: [ListBatch<ID, Summary>], _ b: [ListBatch<ID, Summary>]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.update == $1.update && $0.after == $1.after }
}
