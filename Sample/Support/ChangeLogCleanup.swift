import Dispatch
import Foundation

/// A change log `--change-log` asked for, and what becomes of it when the first load
/// fails: nothing will read it, and every write to the table would go on paying for its
/// triggers, so one this run installed (its triggers were not there before) is removed
/// again; one that was there before is left as it was. Either way, a line on standard
/// error says so.
///
/// A value; use it on any queue.
struct ChangeLogCleanup: Sendable {
    /// Whether this run installed the change log.
    let installedByThisRun: Bool
    /// The source as the user named it: `table "t" in mail.sqlite`.
    let source: String
    /// Removes the change log (its triggers and log table).
    let remove: @Sendable () async throws -> Void

    /// After a failed first load: removes the change log if this run installed it and says
    /// what became of it, then calls `then` on `queue`.
    func afterFailedFirstLoad(on queue: DispatchQueue, then: @escaping @Sendable () -> Void) {
        guard installedByThisRun else {
            Self.note("the change log on \(source) was installed before this run: left in place")
            return queue.async(execute: then)
        }
        let (source, remove) = (source, remove)
        Task {
            do {
                try await remove()
                Self.note("removed the change log this run installed on \(source) (its triggers and log table): the first load failed, so nothing reads it")
            } catch {
                Self.note("could not remove the change log this run installed on \(source): \(SourceFailure(error, source: source)); every write to the table pays for its triggers until they are dropped")
            }
            queue.async(execute: then)
        }
    }

    private static func note(_ text: String) {
        StandardStreams.error("note: \(text)")
    }
}
