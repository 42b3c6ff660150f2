extension ListViewAdapter {
    /// The identifiers of the selected items. Selection is kept by identity, so it follows
    /// items as they move; items that are deleted drop out of it.
    ///
    /// Delivery queue only.
    public var selectedIdentifiers: Set<ID> {
        get {
            assertOnDeliveryQueue()
            return delivered.selection
        }
        set {
            assertOnDeliveryQueue()
            delivered.selection = newValue.filter { delivered.presented.contains($0) }
        }
    }

    /// Selects or deselects the item at `path`.
    ///
    /// Delivery queue only.
    ///
    /// - Parameters:
    ///   - isSelected: `true` to add the item to ``selectedIdentifiers``, `false` to remove it.
    ///   - path: the item's path in the list observers have seen; a path out of range does
    ///     nothing.
    public func setSelected(_ isSelected: Bool, at path: ItemPath) {
        assertOnDeliveryQueue()
        guard delivered.presented.contains(path) else { return }
        let id = delivered.presented.identifier(at: path)
        if isSelected { delivered.selection.insert(id) } else { delivered.selection.remove(id) }
    }

    /// The current paths of the selected items, in list order: what to pass to
    /// `selectRow(at:)` after a change.
    ///
    /// Delivery queue only. - Complexity: O(k log k) for k selected items.
    public var selectedPaths: [ItemPath] {
        assertOnDeliveryQueue()
        return delivered.selection.compactMap { delivered.presented.path(of: $0) }.sorted()
    }

    /// Forgets selected items the list no longer has. O(selection).
    func pruneSelection() {
        guard !delivered.selection.isEmpty else { return }
        delivered.selection = delivered.selection.filter { delivered.presented.contains($0) }
    }
}
