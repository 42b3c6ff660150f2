import ListAdapter

extension SoakRun {
    /// A snapshot in the `sample diff` input format.
    static func diffJSON(_ snapshot: Snapshot) -> String {
        var items: [String] = []
        for section in 0 ..< snapshot.numberOfSections {
            let title = snapshot.title(ofSection: section).map { "\"\($0)\"" }
            for (offset, id) in snapshot.identifiers(inSection: section).enumerated() {
                let summary = snapshot.summary(at: ItemPath(section: section, item: offset))
                var fields = ["\"id\": \"\(id)\"", "\"summary\": \"\(summary)\""]
                if let title { fields.append("\"section\": \(title)") }
                items.append("{" + fields.joined(separator: ", ") + "}")
            }
        }
        return "{\"items\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
    }
}
