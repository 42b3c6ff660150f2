import Foundation
import ListAdapter

/// Prints `watch` events, failures and warnings, as JSON lines on standard output or as
/// text (failures and warnings on standard error). Called on the main queue.
struct WatchPrinter: Sendable {
    let json: Bool
    /// Whether each printed batch carries its `after` list (`--no-after` leaves it out).
    var includesAfter = true

    func print<ID: JSONIdentifier, Summary>(_ event: ListEvent<ID, Summary>) {
        switch event {
        case .reload(let snapshot):
            if json {
                emit(JSONValue.object([("snapshot", .object([("sections", snapshot.sectionsJSON { $0.json })]))]).serialized())
            } else {
                emit("\(Wording.count(snapshot.count, "item")) in \(Wording.count(snapshot.numberOfSections, "section"))")
            }
        case .batch(let batch, let info):
            let milliseconds = Double(info.computeDuration.components.attoseconds) / 1e15
                + Double(info.computeDuration.components.seconds) * 1e3
            if json {
                let update = ListUpdate(changes: info.changes, batches: [batch])
                emit(update.json(milliseconds: milliseconds, includesAfter: includesAfter) { $0.json }.serialized())
            } else {
                // One line per change: a change UIKit takes in several batches (moves, then
                // the reloads of moved rows) carries the same counts in each.
                guard info.batchIndex == info.batchCount - 1 else { return }
                let changes = info.changes
                emit(String(
                    format: "+%d -%d, %d moves, %d updates, %d section moves: %@ in %@ (%.2f ms off the main thread)",
                    changes.itemInserts.count, changes.itemDeletes.count, changes.itemMoves.count, changes.itemUpdates.count,
                    changes.sectionMoves.count, Wording.count(batch.after.count, "item"),
                    Wording.count(batch.after.numberOfSections, "section"), milliseconds
                ))
            }
        case .loadStateChanged, .duplicateIdentifiers, .itemMoved, .editEnded:
            break                                   // through `print(_: SourceFailure)` and `print(_: SourceWarning)`
        }
    }

    /// Prints a warning once: one `{"warning": ...}` line with `--json`, else
    /// `warning: kind: message` on standard error.
    func print(_ warning: SourceWarning) {
        if json {
            emit(warning.json.serialized())
        } else {
            StandardStreams.error("warning: \(warning)")
        }
    }

    /// Prints a failure once: one `{"error": ...}` line with `--json`, else `Error: kind: message`
    /// on standard error.
    func print(_ failure: SourceFailure) {
        if json {
            emit(failure.json.serialized())
        } else {
            StandardStreams.error("Error: \(failure)")
        }
    }

    private func emit(_ line: String) {
        StandardStreams.output(line)
    }
}
