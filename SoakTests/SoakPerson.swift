import Foundation
import ListAdapter
import ListAdapterTesting

/// The person of `soak --edits`: drags rows within and across sections and swipes rows
/// away in whichever view is on screen, alone or in bursts made before any write ends,
/// while the writers change the same rows. Each edit is written to the store the list
/// comes from, and some writes fail on purpose. It keeps the books the checks need: every
/// edit made must end, and a row whose delete was confirmed must never come back.
@MainActor
final class SoakPerson {
    /// A write the soak makes fail.
    struct InjectedFailure: Error, CustomStringConvertible {
        var description: String { "the soak failed this write on purpose" }
    }

    /// Where an edit's write goes: the store that has the row (their identifiers are
    /// distinct: memory and SQLite count from 1 on one counter, PostgreSQL's start at
    /// 6 x 10^12). Not the store of the source last transitioned to: the view may still
    /// show the list before that transition.
    struct Store: Sendable {
        let memory: SoakStores.Memory
        let sqlite: SoakStores.SQLite
        /// The PostgreSQL store's writes, in a run with one.
        var external: ExternalWrites?
        /// Counts what reached each store, for the summary.
        let writes: StoreWrites

        /// Writes `move` to its store; the store's receipt.
        func write(_ move: ListMove<Int64>) async throws -> ListMoveReceipt {
            if memory.records.contains(where: { $0.entry.id == move.id }) {
                writes.add("memory moves")
                return try memory.move(move)
            } else if let external, try await sqlite.fetchItems([move.id]).isEmpty, try await external.contains(move.id) {
                writes.add("postgres moves")
                return try await external.move(move)
            } else {
                writes.add("sqlite moves")
                return try await sqlite.move(move)
            }
        }

        func delete(_ ids: [Int64]) async throws {
            if memory.records.contains(where: { ids.contains($0.entry.id) }) { writes.add("memory deletes") }
            memory.delete(ids)
            if try await !sqlite.fetchItems(ids).isEmpty { writes.add("sqlite deletes") }
            try await sqlite.delete(ids)
            if let external {
                for id in ids where try await external.contains(id) {
                    writes.add("postgres deletes")
                    break
                }
                try await external.delete(ids)
            }
        }
    }

    /// The person's writes that reached each store (moves, and deletes that found rows
    /// there), so a run with several sources shows each was edited.
    final class StoreWrites: @unchecked Sendable {
        // @unchecked Sendable: `counts` is guarded by `lock`.
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        func add(_ key: String) { lock.withLock { counts[key, default: 0] += 1 } }

        var summary: String {
            lock.withLock { counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }
        }
    }

    /// What the person's writes reached, by store.
    let writes = StoreWrites()

    /// A store in another process (PostgreSQL): whether it lists a row, and its writes.
    struct ExternalWrites: Sendable {
        let contains: @Sendable (Int64) async throws -> Bool
        let move: @Sendable (ListMove<Int64>) async throws -> ListMoveReceipt
        let delete: @Sendable ([Int64]) async throws -> Void
    }

    /// What each write did, to check each edit's end against.
    let ledger = SoakEditLedger()
    private(set) var made = 0
    private(set) var ended = 0
    /// How edits ended, by outcome.
    private(set) var outcomes: [String: Int] = [:]
    /// Rows whose delete the source's list confirmed: never to be listed again.
    private(set) var deleted: Set<Int64> = []

    /// One step: a single edit, or a burst of them, in a random on-screen view.
    func act(on screens: SoakScreens, store: Store, using random: inout SeededGenerator) {
        let onScreen = screens.screens.indices.filter { screens.connectors[$0].isReady && screens.screens[$0].isInWindow }
        guard let index = onScreen.randomElement(using: &random) else { return }
        let burst = Int.random(in: 0 ..< 5, using: &random) == 0 ? Int.random(in: 2 ... 6, using: &random) : 1
        for _ in 0 ..< burst {
            let fails = Int.random(in: 0 ..< 8, using: &random) == 0
            if Int.random(in: 0 ..< 10, using: &random) < 3 {
                delete(in: screens, index, store: store, fails: fails, using: &random)
            } else {
                move(in: screens, index, store: store, fails: fails, using: &random)
            }
        }
    }

    /// Drags a visible row and drops it where the person sees: the drop lands on the
    /// screen, as a finger does, so the rows on screen stay the same set (a view asks its
    /// data source for no new cell before the move reaches it).
    private func move(in screens: SoakScreens, _ index: Int, store: Store, fails: Bool, using random: inout SeededGenerator) {
        let screen = screens.screens[index]
        let model = screen.model
        let visible = screen.visibleListPaths.filter { model.numberOfSections > $0.section && model.numberOfItems(inSection: $0.section) > $0.item }
        guard let source = visible.randomElement(using: &random), let target = visible.randomElement(using: &random) else { return }
        let limit = model.numberOfItems(inSection: target.section) - (target.section == source.section ? 1 : 0)
        let destination = ItemPath(section: target.section, item: min(target.item, limit))
        guard source != destination else { return }
        made += 1
        screen.moveInteractively(from: source, to: destination)
        let ledger = self.ledger
        screens.connectors[index].moveItem(from: source, to: destination) { move in
            do {
                if fails { throw InjectedFailure() }
                let receipt = try await store.write(move)
                ledger.record(.move(move), .landed(receipt))
                return receipt
            } catch {
                ledger.record(.move(move), .notLanded(error))
                throw error
            }
        }
    }

    private func delete(in screens: SoakScreens, _ index: Int, store: Store, fails: Bool, using random: inout SeededGenerator) {
        let screen = screens.screens[index]
        let candidates = screen.visibleListPaths.filter { screen.model.numberOfSections > $0.section && screen.model.numberOfItems(inSection: $0.section) > $0.item }
        guard !candidates.isEmpty else { return }
        let paths = (0 ..< Int.random(in: 1 ... 3, using: &random)).compactMap { _ in candidates.randomElement(using: &random) }
        made += 1
        let ledger = self.ledger
        screens.connectors[index].deleteItems(at: paths) { ids in
            do {
                if fails { throw InjectedFailure() }
                try await store.delete(ids)
                ledger.record(.delete(ids), .landed(nil))
            } catch {
                ledger.record(.delete(ids), .notLanded(error))
                throw error
            }
        }
    }

    /// An edit ended; returns a failure to report, if its end breaks a rule: every end
    /// must match what its write did (``SoakEditLedger``), a path the view named must be
    /// the adapter's, and a written delete must stay.
    func ended(_ result: Result<ListEdit<Int64>, ListEditError<Int64>>) -> String? {
        ended += 1
        if case .failure(let error) = result {
            switch error.kind {
            case .notDeleted(let ids):
                return "the source still lists deleted rows \(ids) after their delete was written: \(error)"
            case .invalidPath(let path):
                return "a person's edit named a path the adapter does not have, \(path): the view and the adapter disagreed: \(error)"
            case .writeFailed, .placedElsewhere:
                break
            }
        }
        switch ledger.check(result) {
        case .success(let outcome):
            outcomes[outcome, default: 0] += 1
            if case .success(.delete(let ids)) = result { deleted.formUnion(ids) }
            return nil
        case .failure(let failure):
            return failure.description
        }
    }

    /// What the person did, for the summary.
    var summary: String {
        let text = outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let stores = writes.summary
        return "a person's edits: \(made) made, \(ended) ended (\(text.isEmpty ? "none" : text)), \(deleted.count) rows deleted for good; writes by store: \(stores.isEmpty ? "none" : stores)"
    }
}
