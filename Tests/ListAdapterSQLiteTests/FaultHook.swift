import ListAdapter
import GRDB

/// Makes a fault strike in the middle of a scan, deterministically: the hooked query's
/// summary calls ``functionName`` once per row, and the armed action runs (once, on the
/// scanning thread, inside SQLite's step) when the scan reaches the armed row.
///
/// Thread safety: state behind a lock; the action runs outside it.
final class FaultHook: Sendable {
    static let functionName = "listadapter_fault_tick"

    private struct State {
        var ticks = 0
        var armed: (row: Int, action: @Sendable () -> Void)?
        var firedAtRow: Int?
    }

    private let state = Guarded(State())

    /// Registers the hook's SQL function on a connection (from `prepareDatabase`).
    func install(in db: Database) {
        db.add(function: DatabaseFunction(Self.functionName, argumentCount: 0, pure: false) { [self] _ in
            tick()
            return 0
        })
    }

    /// Runs `action` when the next scan (counted from now) reaches row `row`.
    func arm(atRow row: Int, _ action: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.ticks = 0
            state.armed = (row, action)
            state.firedAtRow = nil
        }
    }

    /// The row at which the armed action ran, if it did.
    var firedAtRow: Int? { state.withLock { $0.firedAtRow } }

    /// The rows counted since the last call (or arming): how far the last scan got.
    func takeTicks() -> Int {
        state.withLock { state in
            defer { state.ticks = 0 }
            return state.ticks
        }
    }

    private func tick() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            state.ticks += 1
            guard let armed = state.armed, armed.row == state.ticks else { return nil }
            state.armed = nil
            state.firedAtRow = state.ticks
            return armed.action
        }
        action?()
    }
}
