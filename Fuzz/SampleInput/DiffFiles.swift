import Foundation
import ListAdapter

/// `sample diff OLD.json NEW.json`: each file is parsed by ``DiffInput/parse(_:name:)``,
/// which returns a list or throws a ``SampleError`` naming the file (typed: no other
/// error can escape); never a trap. When both parse, the update between them is checked
/// like the diff target's (oracle, both policies replayed on both reference views), and
/// the JSON the command prints reads back with every batch's `after` list exact.
enum DiffFiles {
    typealias Snapshot = DiffInput.Snapshot

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        let old: Snapshot?
        let new: Snapshot?
        if let separator = bytes.firstIndex(of: 0) {
            old = parse(Data(bytes[..<separator]), name: "old.json")
            new = parse(Data(bytes[(separator + 1)...]), name: "new.json")
        } else {
            old = ListSnapshot()
            new = parse(Data(bytes), name: "new.json")
        }
        guard let old, let new else { return }
        let changes = ListChangeSet(from: old, to: new)
        let minimum = DiffOracle.check(changes, from: old, to: new)
        if changes.isEmpty != (old == new) { fail("change set isEmpty \(changes.isEmpty) but lists equal \(old == new)") }
        checkUpdates(changes, minimum: minimum, from: old, to: new, context: { "old \(describe(old)) new \(describe(new))" }) { style, batching in
            ListUpdate(from: old, to: new, updateStyle: style, batching: batching)
        }
        checkPrinted(ListUpdate(from: old, to: new))
    }

    /// A list, or `nil` after checking the error names the file.
    private static func parse(_ data: Data, name: String) -> Snapshot? {
        do {
            let snapshot = try DiffInput.parse(data, name: name)
            if !snapshot.duplicates.isEmpty { fail("\(name) parsed with duplicate ids \(snapshot.duplicates.samples)") }
            return snapshot
        } catch {
            if !error.description.hasPrefix(name) { fail("an error that does not name the file: \(error.description)") }
            return nil
        }
    }

    /// What `sample diff` prints, parsed back: valid JSON, and each batch's `after` has the
    /// batch's sections with their titles and ids, byte for byte (ids are exact).
    private static func checkPrinted(_ update: ListUpdate<ExactIdentifier, String?>) {
        let text = update.json(milliseconds: 0, batching: "keeping-identity") { $0.json }.serialized()
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let batches = root["batches"] as? [[String: Any]], batches.count == update.batches.count else {
            fail("the printed update does not read back as JSON: \(text.prefix(400))")
        }
        for (batch, printed) in zip(update.batches, batches) {
            guard let sections = printed["after"] as? [[String: Any]], sections.count == batch.after.numberOfSections else {
                fail("a printed batch's after has other sections: \(printed)")
            }
            for (number, section) in sections.enumerated() {
                let title = section["title"] as? String
                let expectedTitle = batch.after.title(ofSection: number)
                switch (title, expectedTitle) {
                case (nil, nil): break
                case let (title?, expected?) where title.utf8.elementsEqual(expected.utf8): break
                default: fail("printed title \(String(describing: title)) is not \(String(describing: expectedTitle))")
                }
                let ids = (section["ids"] as? [String]) ?? []
                let expected = batch.after.identifiers(inSection: number)
                if ids.count != expected.count || !zip(ids, expected).allSatisfy({ $0.utf8.elementsEqual($1.text.utf8) }) {
                    fail("printed ids \(ids) are not \(Array(expected))")
                }
            }
        }
    }
}
