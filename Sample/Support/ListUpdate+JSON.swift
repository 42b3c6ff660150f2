import ListAdapter

extension ListUpdate {
    /// The update in the `sample diff` output shape:
    /// `{"batches": [...], "stats": {...}}`, with empty operation lists left out and ids
    /// printed through `idJSON`; `batching` names the policy in the stats when given.
    /// Without `includesAfter` (`watch --no-after`) no batch's `after` list is built at
    /// all: at a million rows it is the whole list, and the patch itself costs far less.
    func json(milliseconds: Double, batching: String? = nil, includesAfter: Bool = true, idJSON: (ID) -> JSONValue) -> JSONValue {
        var stats: [(String, JSONValue)] = [
            ("inserts", .int(changes.itemInserts.count)),
            ("deletes", .int(changes.itemDeletes.count)),
            ("moves", .int(changes.itemMoves.count)),
            ("updates", .int(changes.itemUpdates.count)),
            ("sectionMoves", .int(changes.sectionMoves.count)),
        ]
        if let batching { stats.append(("batching", .string(batching))) }
        stats.append(("milliseconds", .double((milliseconds * 1000).rounded() / 1000)))
        return .object([
            ("batches", .array(batches.map { $0.json(includesAfter: includesAfter, idJSON: idJSON) })),
            ("stats", .object(stats)),
        ])
    }
}

extension ListBatch {
    func json(includesAfter: Bool = true, idJSON: (ID) -> JSONValue) -> JSONValue {
        var members: [(String, JSONValue)] = []
        func add(_ key: String, _ values: [JSONValue]) {
            if !values.isEmpty { members.append((key, .array(values))) }
        }
        add("deleteSections", update.deleteSections.map { .int($0) })
        add("insertSections", update.insertSections.map { .int($0) })
        add("moveSections", update.moveSections.map { .array([.int($0.from), .int($0.to)]) })
        add("reloadSections", update.reloadSections.map { .int($0) })
        add("deleteItems", update.deleteItems.map(\.json))
        add("insertItems", update.insertItems.map(\.json))
        add("moveItems", update.moveItems.map { .array([$0.from.json, $0.to.json]) })
        add("reloadItems", update.reloadItems.map(\.json))
        add("reconfigureItems", update.reconfigureItems.map(\.json))
        if includesAfter { members.append(("after", after.sectionsJSON(idJSON: idJSON))) }
        return .object(members)
    }
}

extension ListSnapshot {
    /// `[{"title": "S", "ids": ["a", ...]}, ...]`, `null` titling the untitled section.
    func sectionsJSON(idJSON: (ID) -> JSONValue) -> JSONValue {
        .array((0 ..< numberOfSections).map { section in
            .object([
                ("title", title(ofSection: section).map(JSONValue.string) ?? .null),
                ("ids", .array(identifiers(inSection: section).map(idJSON))),
            ])
        })
    }
}

extension ItemPath {
    var json: JSONValue { .array([.int(section), .int(item)]) }
}
