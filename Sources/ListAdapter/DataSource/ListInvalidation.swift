/// The handle a data source calls to say "my data changed".
///
/// A source receives one in ``ListDataSource/attach(_:)``. Calling
/// ``invalidate()`` from any thread makes the adapter reload the entries on its private
/// queue and deliver the difference; bursts coalesce, so calling it 10,000 times costs at
/// most two more loads. The handle holds the adapter weakly and remembers which source
/// it was given to: after that source is detached, or the adapter is gone, it does nothing.
///
/// Thread safety: `Sendable`; call it from any thread.
public struct ListInvalidation: Sendable {
    private weak let target: (any InvalidationTarget)?
    private let sourceGeneration: Int

    /// A handle that reaches `target` while its current source is the one of
    /// `sourceGeneration` (the adapter, or a server's feed, in this package).
    package init(target: any InvalidationTarget, sourceGeneration: Int) {
        self.target = target
        self.sourceGeneration = sourceGeneration
    }

    /// Reports that the source's entries (or some payloads) changed.
    ///
    /// Returns at once, on any thread; the reload happens on the adapter's private queue.
    public func invalidate() {
        target?.sourceDidInvalidate(generation: sourceGeneration)
    }

    /// Whether the handle still reaches an adapter that uses the source it was given to.
    ///
    /// Callable from any thread; the answer may change right after it is read.
    public var isActive: Bool {
        target?.isCurrentSource(generation: sourceGeneration) ?? false
    }

    /// A handle that does nothing, for sources used without an adapter.
    public static var inert: ListInvalidation { ListInvalidation() }

    private init() {
        target = nil
        sourceGeneration = -1
    }
}

/// What a ``ListInvalidation`` reaches: the adapter's core, or a server's feed.
package protocol InvalidationTarget: AnyObject, Sendable {
    /// The source of `generation` says its data changed. Any thread.
    func sourceDidInvalidate(generation: Int)
    /// Whether the source of `generation` is still the one in use. Any thread.
    func isCurrentSource(generation: Int) -> Bool
}
