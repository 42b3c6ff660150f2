import ListAdapter
import ListAdapterTesting

typealias EditError = ListEditError<String>

/// A row the write was asked to move or delete is not in the store.
struct MissingRow: Error, CustomStringConvertible {
    let id: String
    var description: String { "no row \(id)" }
}

/// A write that fails, as a store that refuses it would.
struct RefusedWrite: Error, CustomStringConvertible {
    var description: String { "the store refused the write" }
}

/// The rule a position column gives a move, on an in-memory store's records (kept grouped
/// by section): right after `previous` in the destination section, first when `previous`
/// is `nil`; before `next` when `previous` is gone; else at the section's edge.
func place(_ move: ListMove<String>, in records: inout [Record]) throws {
    guard let from = records.firstIndex(where: { $0.entry.id == move.id }) else { throw MissingRow(id: move.id) }
    var record = records.remove(at: from)
    record.entry.section = move.destinationSection
    let section = move.destinationSection
    func index(of id: String?) -> Int? {
        guard let id else { return nil }
        return records.firstIndex { $0.entry.id == id && $0.entry.section == section }
    }
    let inSection = records.indices.filter { records[$0].entry.section == section }
    let at: Int = if let previous = index(of: move.previous) {
        previous + 1
    } else if let next = index(of: move.next) {
        next
    } else if let first = inSection.first, let last = inSection.last {
        move.previous == nil ? first : last + 1
    } else {
        records.count
    }
    records.insert(record, at: at)
}

extension InMemoryListSource where ID == String, Summary == Int, Item == String {
    /// Writes `move` as a store with a position column would.
    func write(_ move: ListMove<String>) throws {
        try mutate { try place(move, in: &$0) }
    }

    /// Deletes the rows `ids`.
    func write(deleting ids: [String]) {
        mutate { records in records.removeAll { ids.contains($0.entry.id) } }
    }
}

/// Holds writes until opened, so edits stay pending while a test changes the store
/// around them.
final class WriteGate: Sendable {
    private let state = Guarded((isOpen: false, waiting: [CheckedContinuation<Void, Never>]()))

    /// Returns once the gate is open.
    func pass() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Lets every held write and every later one through.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// What the writes did, in the order they ran.
final class WriteLog: Sendable {
    private let entries = Guarded([String]())
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
