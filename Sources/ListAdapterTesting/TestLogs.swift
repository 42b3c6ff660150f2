import Foundation
import ListAdapter
import Logging

/// The package's own tests' log: every `Logger` made after ``install()`` writes into a
/// bounded buffer in memory instead of standard error, so the test output shows the tests,
/// not the hundreds of error lines that fault tests provoke on purpose; a test asserts on
/// the lines it cares about with ``lines(containing:)``.
/// `LISTADAPTER_TEST_LOGS=stderr` prints them as before (they are then captured too).
///
/// Thread safety: any thread.
package enum TestLogs {
    /// Installs the capturing handler, once per process (swift-log allows one bootstrap).
    /// Call it before the code under test makes its loggers: the test targets call it from
    /// their suites' `.hangGuard` trait, which Swift Testing evaluates before any test runs.
    package static func install() {
        _ = installed
    }

    /// The captured lines that contain `text` (a path, a table name), oldest first.
    package static func lines(containing text: String) -> [String] {
        buffer.withLock { $0.lines.filter { $0.contains(text) } }
    }

    private static let installed: Void = {
        let alsoPrint = ProcessInfo.processInfo.environment["LISTADAPTER_TEST_LOGS"] == "stderr"
        LoggingSystem.bootstrap { label in
            let capturing = CapturingLogHandler(label: label)
            return alsoPrint ? MultiplexLogHandler([capturing, StreamLogHandler.standardError(label: label)]) : capturing
        }
    }()

    // Guarded, not Synchronization's Mutex: the thread sanitizer sees its ordering, and the
    // module builds against every SDK the package is checked with.
    fileprivate static let buffer = Guarded(Ring())

    /// The last lines logged.
    fileprivate struct Ring {
        static let capacity = 20_000
        var lines: [String] = []
        mutating func append(_ line: String) {
            if lines.count == Self.capacity { lines.removeFirst(Self.capacity / 2) }
            lines.append(line)
        }
    }
}

/// A log handler that appends each record, as one line, to ``TestLogs``' buffer.
private struct CapturingLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        TestLogs.buffer.withLock { $0.append("\(event.level) \(label):\(details) \(event.message)") }
    }
}
