import ListAdapter
import ListAdapterSQLite

/// The books of the person's writes, and the check that each edit ends as its write did:
/// confirmed only when its write landed; undone only when it did not, or when the list
/// the adapter showed orders rows otherwise than the write (a list by rank, a list of
/// another store, a transition since the move).
///
/// Writes are recorded from the adapter's write tasks (any thread); the rest runs on the
/// main actor, where the adapter's events arrive.
final class SoakEditLedger: Sendable {
    /// What a write did, as the store answered it.
    enum Landing: Sendable {
        /// It landed; a move's receipt, when its store gave one.
        case landed(ListMoveReceipt?)
        /// It threw: nothing was written.
        case notLanded(any Error)
    }

    private struct Books {
        /// Per edit, the landings of its writes not yet matched to an end (first in first:
        /// a person may make the same move twice).
        var landings: [ListEdit<Int64>: [Landing]] = [:]
        /// Per move, the listing count when the view made it.
        var made: [ListMove<Int64>: [Int]] = [:]
        /// Transitions so far, and the source the adapter lists since the last one.
        var listings = 0
        var listed: (any ListDataSource<Int64, Int64, SoakItem>)?
    }

    private let books = Guarded(Books())

    /// Records what `edit`'s write did. Any thread.
    func record(_ edit: ListEdit<Int64>, _ landing: Landing) {
        books.withLock { $0.landings[edit, default: []].append(landing) }
    }

    /// The adapter lists `source` from now on. Main actor.
    func listing(_ source: any ListDataSource<Int64, Int64, SoakItem>) {
        books.withLock { books in
            books.listings += 1
            books.listed = source
        }
    }

    /// The view made `move` (``ListEvent/itemMoved(_:)``). Main actor.
    func made(_ move: ListMove<Int64>) {
        books.withLock { $0.made[move, default: []].append($0.listings) }
    }

    /// How an ended edit's end compares with what its write did: the outcome to count, or a
    /// failure naming the rule broken. Main actor.
    func check(_ result: Result<ListEdit<Int64>, ListEditError<Int64>>) -> Result<String, SoakEditFailure> {
        let edit: ListEdit<Int64>
        switch result {
        case .success(let confirmed): edit = confirmed
        case .failure(let error):
            guard let undone = error.edit else { return .failure(SoakEditFailure("an edit failed before it was made: \(error)")) }
            edit = undone
        }
        let (landing, listedSinceMove) = books.withLock { books -> (Landing?, Bool) in
            let landing = books.landings[edit]?.first
            if landing != nil { books.landings[edit]!.removeFirst() }
            var sameListing = false
            if case .move(let move) = edit, let made = books.made[move]?.first {
                books.made[move]!.removeFirst()
                sameListing = made == books.listings
            }
            return (landing, sameListing)
        }
        guard let landing else { return .failure(SoakEditFailure("\(edit) ended with no write recorded: \(result)")) }
        switch (result, landing) {
        case (.success, .landed):
            return .success("confirmed")
        case (.success, .notLanded(let error)):
            return .failure(SoakEditFailure("\(edit) was confirmed, but its write did not land: \(error)"))
        case (.failure(let error), .notLanded(let thrown)):
            guard error.kind == .writeFailed else { return .failure(SoakEditFailure("\(edit)'s write threw \(thrown), but it ended \(error)")) }
            if thrown is SoakPerson.InjectedFailure { return .success("undone after an injected write failure") }
            if let gone = thrown as? any ListItemGoneError, gone.itemIsGone { return .success("undone, the row gone before its write") }
            return .success("undone, the write failed")
        case (.failure(let error), .landed(let receipt)):
            // A write that landed in the order the adapter lists ends confirmed, whatever
            // other writers did around the row meanwhile.
            let listed = books.withLock { $0.listed }
            if let receipt, let listed, listedSinceMove, receipt.isListed(by: listed) {
                return .failure(SoakEditFailure("\(error), but its write landed (key \(receipt.orderKey ?? "none")) in the order the adapter lists"))
            }
            guard case .placedElsewhere = error.kind else { return .failure(SoakEditFailure("\(edit)'s write landed, but it ended \(error)")) }
            return .success("undone, the list orders rows otherwise (by rank, another store, or a transition since)")
        }
    }
}

/// A rule of the person's edits broken: an end that contradicts what the write did.
struct SoakEditFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
