import Dispatch
import Foundation

/// Ctrl-C (SIGINT) or SIGTERM during a soak: what the run created outside its process (a
/// PostgreSQL table with its change log, `psql` writer processes, the temporary directory)
/// is removed before it exits with 128 plus the signal's number, so an interrupted soak
/// leaves nothing behind.
///
/// Thread safety: cleanups are added from any thread; the signal is handled on a queue of
/// its own, so a busy main thread does not hold it up.
final class SoakInterruption: @unchecked Sendable {
    static let shared = SoakInterruption()

    private let lock = NSLock()
    private var cleanups: [(name: String, run: @Sendable () -> Void)] = []
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "soak.interruption")

    /// Starts handling SIGINT and SIGTERM. Call once, at the start.
    func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in interrupted(by: number) }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    /// Runs `cleanup` if the soak is interrupted (the last added first).
    func add(_ name: String, _ cleanup: @escaping @Sendable () -> Void) {
        lock.withLock { cleanups.append((name, cleanup)) }
    }

    private func interrupted(by number: Int32) {
        let pending = lock.withLock { cleanups.reversed() }
        FileHandle.standardError.write(Data("soak: interrupted (\(number == SIGINT ? "SIGINT" : "SIGTERM")); removing what it created\n".utf8))
        for cleanup in pending {
            cleanup.run()
            FileHandle.standardError.write(Data("soak: removed \(cleanup.name)\n".utf8))
        }
        exit(128 + number)
    }
}
