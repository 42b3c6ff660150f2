extension ListViewAdapter {
    /// Collapses or expands the section titled `title`.
    ///
    /// A collapsed section stays in the list with zero items: collapsing delivers its
    /// items' deletes as an ordinary change, expanding delivers the inserts. The state is
    /// kept by title, so it survives reloads and applies to a section that appears later.
    ///
    /// Delivery queue only; the change is computed on the private queue and delivered
    /// like any other.
    ///
    /// - Parameters:
    ///   - title: the section's title; `nil` names the untitled section. A title no section
    ///     has yet is remembered and applies when such a section appears.
    ///   - collapsed: `true` to collapse the section (its items are deleted from the view),
    ///     `false` to expand it (they are inserted back). Setting the state it already has
    ///     delivers nothing.
    public func setSection(titled title: String?, collapsed: Bool) {
        assertOnDeliveryQueue()
        if collapsed { delivered.collapsed.insert(title) } else { delivered.collapsed.remove(title) }
        let titles = delivered.collapsed
        queue.async {
            guard self.core.collapsed != titles else { return }
            self.core.collapsed = titles
            self.core.nextReason = .sectionVisibility
            self.computeAndSend()
        }
    }

    /// Whether the section titled `title` is collapsed.
    ///
    /// Delivery queue only.
    ///
    /// - Parameter title: the section's title; `nil` names the untitled section.
    /// - Returns: `true` when ``setSection(titled:collapsed:)`` collapsed that title last,
    ///   whether or not the list has such a section now.
    public func isSectionCollapsed(titled title: String?) -> Bool {
        assertOnDeliveryQueue()
        return delivered.collapsed.contains(title)
    }
}
