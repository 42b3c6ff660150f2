extension ListViewAdapter {
    /// Replaces the data source: loads `source`'s entries on the private queue and
    /// delivers the difference from the current list as an ordinary animated change (or
    /// as ``ListEvent/reload(_:)`` when `animated` is false).
    ///
    /// The old source is detached at once: its late invalidations and payload answers
    /// are ignored, and a load it was running is abandoned. Cached payloads are kept only
    /// for items whose summary in the new source matches. Several transitions in a row:
    /// the last one wins, and every change is computed against a list observers saw.
    ///
    /// `onShown`, if given, is called on the delivery queue right after observers received
    /// the first list loaded from `source` (also when that list equals the old one and no
    /// batch was delivered): the moment to say what the list now shows, say a title "by
    /// sender", which would be wrong while the old list is still on screen. It is never
    /// called for a transition replaced by a later one before its list was delivered, nor
    /// while its loads fail.
    ///
    /// ```swift
    /// adapter.transition(to: bySender) { title = "By sender" }
    /// ```
    ///
    /// Call it from any thread.
    ///
    /// - Parameters:
    ///   - source: the new data source. The adapter attaches it and loads its entries on the
    ///     private queue.
    ///   - animated: `true` (the default) delivers the difference as batches; `false`
    ///     delivers ``ListEvent/reload(_:)``.
    ///   - onShown: called once on the delivery queue after observers received the first list
    ///     loaded from `source`; `nil` (the default) for none.
    public func transition(
        to source: some ListDataSource<ID, Summary, Item>, animated: Bool = true, onShown: (@Sendable () -> Void)? = nil
    ) {
        let source = source as Source
        queue.async {
            self.core.transitionShown = onShown
            let old = self.core.source
            self.core.generation += 1
            self.core.source = source
            let generation = self.core.generation
            self.current.withLock { $0 = (source, generation) }
            old.detach()
            self.core.nextIsAnimated = animated
            self.attachCurrentSource(reason: .transition)
        }
    }
}
