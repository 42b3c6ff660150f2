import Foundation
import ListAdapter

/// Prints `watch` events, as JSON lines or as text. Called on the main queue.
struct WatchPrinter: Sendable {
    let json: Bool

    func print(_ event: ListEvent<String, String?>) {
        switch event {
        case .reload(let snapshot):
            if json {
                emit(JSONValue.object([("snapshot", .object([("sections", snapshot.sectionsJSON { $0 })]))]).serialized())
            } else {
                emit("\(snapshot.count) items in \(snapshot.numberOfSections) sections")
            }
        case .batch(let batch, let info):
            let milliseconds = Double(info.computeDuration.components.attoseconds) / 1e15
                + Double(info.computeDuration.components.seconds) * 1e3
            if json {
                let update = ListUpdate(changes: info.changes, batches: [batch])
                emit(update.json(milliseconds: milliseconds) { $0 }.serialized())
            } else {
                let changes = info.changes
                emit(String(
                    format: "+%d -%d, %d moves, %d updates, %d section moves: %d items in %d sections (%.2f ms off the main thread)",
                    changes.itemInserts.count, changes.itemDeletes.count, changes.itemMoves.count, changes.itemUpdates.count,
                    changes.sectionMoves.count, batch.after.count, batch.after.numberOfSections, milliseconds
                ))
            }
        case .loadStateChanged(.failed(let error)):
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        case .duplicateIdentifiers(let duplicates):
            FileHandle.standardError.write(Data("warning: \(duplicates.count) duplicate identifiers, e.g. \(duplicates.samples.prefix(3))\n".utf8))
        case .loadStateChanged:
            break
        }
    }

    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
