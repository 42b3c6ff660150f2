import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// An adapter over a source (through a load recorder) and the reference views it drives.
@MainActor
final class AdapterRun {
    let recording: LoadRecordingSource
    let adapter: ListViewAdapter<Int64, Int64, Message>
    let probe: ListViewAdapterProbe<Int64, Int64, Message>

    init(_ source: FaultFixture.Source, hook: FaultHook? = nil) {
        recording = LoadRecordingSource(source, hook: hook)
        // No storm coalescing: every invalidation loads at once (the table is about
        // faults, not about how often to load).
        var configuration = ListViewAdapterConfiguration()
        configuration.coalescingInterval = .zero
        adapter = ListViewAdapter(source: recording, configuration: configuration)
        probe = ListViewAdapterProbe(adapter)
    }

    /// Waits for the first list and returns it.
    func firstList() async -> ListSnapshot<Int64, Int64> {
        await probe.recorder.wait { _ in self.probe.recorder.reloadCount == 1 }
        return adapter.snapshot
    }

    /// Waits until the adapter reports a failed load; its source error.
    func failure() async -> SQLiteSourceError? {
        await probe.recorder.wait { _ in
            if case .failed = self.probe.recorder.lastLoadState { true } else { false }
        }
        guard case .failed(let error) = adapter.loadState else { return nil }
        #expect(error.kind == .loadFailed)
        return error.underlying as? SQLiteSourceError
    }
}
