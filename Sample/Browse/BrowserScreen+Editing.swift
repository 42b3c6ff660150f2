import Dispatch
import ListAdapter

/// The person's edits in the browser: `J` `K` `<` `>` move the row under the cursor, `d`
/// deletes it, and what an edit came to shows above the status area. Main queue only.
extension BrowserScreen {
    /// Moves the row under the cursor, written to the database in the folder list; in a
    /// list ordered by date the write refuses, and the row snaps back.
    func moveRow(_ key: RowMoves.Key) {
        guard case .item(let id)? = target, let path = adapter.path(of: id) else {
            say("put the cursor on a row to move it")
            return
        }
        let counts = (0 ..< adapter.numberOfSections).map { adapter.numberOfItems(inSection: $0) }
        guard let destination = RowMoves.destination(of: path, for: key, counts: counts) else {
            say(RowMoves.nowhere(for: key, section: lists.shown == .folders ? "folder" : "section"))
            return
        }
        let ordered = lists.shown == .folders ? folderSource : nil
        do {
            try adapter.moveItem(from: path, to: destination) { move in
                guard let ordered else { throw SampleError("this list is ordered by date: the row goes back (f: the folders, in your order)") }
                return try await ordered.move(move)
            }
        } catch {
            say("\(error)")
        }
        keepCursorOnTarget()
    }

    /// Deletes the row under the cursor from the database, in any list.
    func deleteRow() {
        guard case .item(let id)? = target, let path = adapter.path(of: id) else {
            say("put the cursor on a row to delete it")
            return
        }
        let table = mainSource
        do {
            try adapter.deleteItems(at: [path]) { ids in try await table.delete(ids) }
        } catch {
            say("\(error)")
        }
    }

    /// Shows `text` above the status area for four seconds.
    func say(_ text: String) {
        let until = ContinuousClock.now + .seconds(4)
        editNote = (text, until)
        DispatchQueue.main.asyncAfter(deadline: .now() + 4.05) { [weak self] in
            guard let self, let note = self.editNote, note.until <= .now else { return }
            self.editNote = nil
            self.scheduleRedraw()
        }
        scheduleRedraw()
    }
}
