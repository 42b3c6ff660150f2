#if canImport(Glibc)
import Dispatch
import Foundation
import ListAdapter
@testable import ListAdapterSQLite
import Testing

/// The Linux driver of the external-change watch: its own thread, waking the watch when the
/// inotify hub says its files changed and at the looks it asks for, and stopping for good
/// when cancelled. (The hub's filter: `InotifyHubTests`.)
@Suite("The watch thread", .hangGuard)
struct WatchThreadTests {
    /// How long a wait may take before it counts as a hang (a guard, not a timing check),
    /// from the wait on: computed per wait (a stored `static let` fixed the deadline at its
    /// first use, so a test that started later in a long, loaded run got less of it).
    static var hang: DispatchTime { .now() + .seconds(600) }

    /// Looks asked for are taken, one after another; once `cancel` returns, no wake runs.
    @Test func looksAskedForAreTakenAndNoneRunsAfterCancel() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let driver = WatchThread(path: fixture.path, pollInterval: .seconds(3_600))
        let state = Guarded((looks: 0, cancelled: false, wokeAfterCancel: false))
        let fiveLooks = DispatchSemaphore(value: 0)
        driver.start { wake in
            state.withLock { state in
                if state.cancelled { state.wokeAfterCancel = true }
                if wake == .lookDue { state.looks += 1 }
                if state.looks == 5 { fiveLooks.signal() }
            }
            // Asks for the next look at once, for ever: only `cancel` ends the wakes.
            return .now() + .microseconds(200)
        }
        // The first look is asked for by the first wake: the slow poll is an hour away,
        // so a file event starts it.
        try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        #expect(fiveLooks.wait(timeout: Self.hang) == .success)
        driver.cancel()
        state.withLock { $0.cancelled = true }
        // The thread has ended: no wake can follow (the handler would note one).
        #expect(driver.hasEnded)
        try Data("y".utf8).write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        driver.sync {}
        #expect(state.withLock { $0.wokeAfterCancel } == false)
    }

    /// A write to the database's `-wal` wakes the watch, with file events only (a write
    /// raises several events, create, modify, close, which may wake it more than once).
    @Test func aWriteToTheDatabasesFilesWakesTheWatch() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let driver = WatchThread(path: fixture.path, pollInterval: .seconds(3_600))
        defer { driver.cancel() }
        let wakes = Guarded<[WatchWake]>([])
        let woken = DispatchSemaphore(value: 0)
        driver.start { wake in
            wakes.withLock { $0.append(wake) }
            woken.signal()
            return nil
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        #expect(woken.wait(timeout: Self.hang) == .success)
        driver.sync {}
        let seen = wakes.withLock { $0 }
        #expect(!seen.isEmpty && seen.allSatisfy { $0 == .filesChanged }, "\(seen)")
    }

    /// Cancelling from inside a wake (the watch released there, its `deinit` cancelling)
    /// returns at once, and the thread ends after that wake.
    @Test func cancellingFromAWakeReturns() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let driver = WatchThread(path: fixture.path, pollInterval: .milliseconds(1))
        let returned = DispatchSemaphore(value: 0)
        let wakes = Guarded(0)
        driver.start { [driver] _ in
            wakes.withLock { $0 += 1 }
            driver.cancel()
            returned.signal()
            return nil
        }
        #expect(returned.wait(timeout: Self.hang) == .success)
        driver.cancel()
        #expect(wakes.withLock { $0 } == 1)
    }

    /// A handler that cancels is not called again in the same turn, when another wake is
    /// due in it: here the look it asks for at once (CI once saw 2 wakes above on a loaded
    /// machine, a poll due in the same turn).
    @Test func aHandlerThatCancelsIsNotCalledAgainInTheSameTurn() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let driver = WatchThread(path: fixture.path, pollInterval: .seconds(3_600))
        let returned = DispatchSemaphore(value: 0)
        let cancelled = Guarded(false)
        let afterCancel = Guarded<[WatchWake]>([])
        driver.start { [driver] wake in
            if cancelled.withLock({ $0 }) {
                afterCancel.withLock { $0.append(wake) }
                return nil
            }
            guard wake == .filesChanged else { return nil }
            cancelled.withLock { $0 = true }
            driver.cancel()
            returned.signal()
            return .now()                   // a look due at once: the same turn would take it
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        #expect(returned.wait(timeout: Self.hang) == .success)
        driver.cancel()
        #expect(afterCancel.withLock { $0 }.isEmpty, "\(afterCancel.withLock { $0 })")
    }
}
#endif
