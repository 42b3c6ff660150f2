/// Adapters beside the soak's own that watch its SQLite file from elsewhere, checked at
/// every checkpoint: the remote mode (``RemoteSoakStore``, built only with the package
/// trait `WebSocket`). ``SoakRun`` knows them only through this protocol, so the soak
/// builds without the trait.
///
/// Unlike a ``SoakExternalStore`` they write nothing and offer the main adapter no source:
/// the run's own writers mutate the file they watch, and the run tells them of each step
/// (when they make their faults) and of each checkpoint (when they settle).
///
/// Main actor.
@MainActor
protocol SoakWatchers: AnyObject {
    /// Called after each of the run's steps, while the writers run (between checkpoints):
    /// where seeded faults start.
    func stepped()
    /// The watchers' checks once the writers paused and the main adapter settled
    /// (`final`: the run's last checkpoint); returns the first problem, or `nil`.
    func checkpoint(final: Bool) async -> String?
    /// What the watchers did, for the soak's summary.
    func report() -> [String]
    /// Stops every watcher and the server.
    func close() async
}
