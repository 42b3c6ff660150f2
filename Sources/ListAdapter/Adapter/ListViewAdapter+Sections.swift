extension ListViewAdapter {
    /// Collapses or expands the section titled `title`.
    ///
    /// A collapsed section stays in the list with zero items: collapsing delivers its
    /// items' deletes as an ordinary change, expanding delivers the inserts. The state is
    /// kept by title, so it survives reloads and applies to a section that appears later.
    ///
    /// Delivery queue only; the change is computed on the private queue and delivered
    /// like any other.
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
    public func isSectionCollapsed(titled title: String?) -> Bool {
        assertOnDeliveryQueue()
        return delivered.collapsed.contains(title)
    }
}
