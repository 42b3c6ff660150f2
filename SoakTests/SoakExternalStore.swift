import ListAdapter

/// A store the soak drives beside its own in-memory list and SQLite file, written by
/// another process: the PostgreSQL mode (``PostgresSoakStore``, built only with the package
/// trait `PostgreSQL`). ``SoakRun`` knows it only through this protocol, so the soak builds
/// without the trait.
///
/// The run shows the store's ``sources`` on its adapter (transitions pick among them, and
/// every event goes through the same screens and checks as the other sources'), asks for
/// ``write()`` from its mutation queue, and at each checkpoint compares the adapter's list
/// with ``truth(of:)`` and then runs the store's own ``checkpoint()``.
///
/// Main actor, except ``write()``.
@MainActor
protocol SoakExternalStore: AnyObject, Sendable {
    /// The source the soak's adapter shows first when the run starts with this store.
    var initialSource: any ListDataSource<Int64, Int64, SoakItem> { get }
    /// Sources the soak's adapter may move to (transitions pick among them; may be empty).
    var sources: [any ListDataSource<Int64, Int64, SoakItem>] { get }
    /// How long a checkpoint waits for the adapter to show the store's state (a bound on a
    /// failure, not a pause: the wait ends as soon as the list matches).
    var settleTimeout: Duration { get }
    /// Has the other process write the next seeded batch of changes and waits until they
    /// are committed. Called on the soak's serial mutation queue, never on the main actor.
    /// Returns why it failed, or `nil`.
    nonisolated func write() -> String?
    /// The list `source` must show now, read independently of it (the writer is paused);
    /// `nil` when `source` is not one of this store's.
    func truth(of source: any ListDataSource<Int64, Int64, SoakItem>) async throws -> ListSnapshot<Int64, Int64>?
    /// The store's own checks once the writer paused and the adapter settled (other
    /// adapters on the same data; `final`: the run's last checkpoint); returns the first
    /// problem, or `nil`.
    func checkpoint(final: Bool) async -> String?
    /// `source`'s name and what it did so far (for a failure message); `nil` when it is not
    /// one of this store's.
    func describe(_ source: any ListDataSource<Int64, Int64, SoakItem>) -> String?
    /// What the store did, for the soak's summary.
    func report() -> [String]
    /// Stops the writer, closes every source and removes what the store created.
    func close() async
    /// Writes a person's move to the store (its source in the person's order), if it takes edits.
    var personsWrites: SoakPerson.ExternalWrites? { get }
}
