#if canImport(Glibc)
import Dispatch
import Foundation
import Glibc
import ListAdapter
@testable import ListAdapterSQLite
import Testing

/// The process's one inotify instance: it wakes each watch for its own database's files
/// only, keeps a directory's watch while any subscriber needs it, and serves more watches
/// than Linux allows a user inotify instances (128 by default).
@Suite("The inotify hub", .hangGuard)
struct InotifyHubTests {
    /// A connected socket pair standing for a watch: the hub writes to ``write``.
    final class Wakes {
        let read: Int32
        let write: Int32

        init() throws {
            var pair: [Int32] = [-1, -1]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            guard socketpair(AF_UNIX, type, 0, &pair) == 0 else { throw CocoaError(.fileReadUnknown) }
            read = pair[0]
            write = pair[1]
        }

        deinit {
            Glibc.close(read)
            Glibc.close(write)
        }

        /// Waits for a wake (ten minutes at most: a guard against a hang) and reads every
        /// byte waiting; whether one was the hub's.
        func wait() -> Bool {
            var descriptor = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 600_000) == 1 else { return false }
            return drain() > 0
        }

        /// How many of the hub's wake bytes are waiting, read without blocking.
        func drain() -> Int {
            var bytes = [UInt8](repeating: 0, count: 64)
            var woken = 0
            while true {
                let count = recv(read, &bytes, bytes.count, Int32(MSG_DONTWAIT))
                if count <= 0 { return woken }
                woken += bytes[0 ..< count].count { $0 == InotifyHub.wakeByte }
            }
        }
    }

    /// Events for other files in the database's directory wake no one; the database, its
    /// `-wal` and its `-journal` do. Another subscriber, on a file of the same directory, is
    /// the barrier: once it is woken and the hub's wakes are done, a wake for the database's
    /// subscriber from the same events would be waiting.
    @Test func onlyTheDatabasesOwnFilesCount() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let hub = try #require(InotifyHub.shared)
        let database = try Wakes()
        let subscription = try #require(hub.subscribe(path: fixture.path, wake: database.write))
        defer { hub.unsubscribe(subscription) }
        let notes = fixture.directory.appendingPathComponent("notes.txt")
        let barrier = try Wakes()
        let barrierSubscription = try #require(hub.subscribe(path: notes.path, wake: barrier.write))
        defer { hub.unsubscribe(barrierSubscription) }
        _ = database.drain()
        try Data("other".utf8).write(to: URL(fileURLWithPath: fixture.path + "-other"))
        try Data("other".utf8).write(to: notes)
        #expect(barrier.wait())
        hub.sync()
        #expect(database.drain() == 0, "another file's events woke the database's watch")
        for suffix in ["-wal", "-journal"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.path + suffix))
            #expect(database.wait(), "\(suffix)")
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.path))
        try file.seekToEnd()
        try file.write(contentsOf: Data([0]))
        try file.close()
        #expect(database.wait())
    }

    /// Two databases in one directory share the kernel's watch on it: when one subscriber
    /// leaves, the other is still woken.
    @Test func aDirectorysWatchStaysWhileASubscriberNeedsIt() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let hub = try #require(InotifyHub.shared)
        let first = try Wakes()
        let second = try Wakes()
        let leaving = try #require(hub.subscribe(path: fixture.path, wake: first.write))
        let secondPath = fixture.directory.appendingPathComponent("other.sqlite").path
        let staying = try #require(hub.subscribe(path: secondPath, wake: second.write))
        defer { hub.unsubscribe(staying) }
        hub.unsubscribe(leaving)
        try Data("x".utf8).write(to: URL(fileURLWithPath: secondPath + "-wal"))
        #expect(second.wait())
        try Data("x".utf8).write(to: URL(fileURLWithPath: fixture.path + "-wal"))
        try Data("y".utf8).write(to: URL(fileURLWithPath: secondPath + "-wal"))
        #expect(second.wait())
        hub.sync()
        #expect(first.drain() == 0, "a subscriber that left was woken")
    }

    /// More watches than Linux allows a user inotify instances (128 by default;
    /// `fs.inotify.max_user_instances`), each woken by a write to its own database's `-wal`
    /// with the slow poll an hour away. With an instance per watch, the watches past the
    /// limit had no file events and this waited for its time limit.
    @Test func moreWatchesThanALinuxUserMayHaveInstancesAreAllWoken() throws {
        let fixture = try MailFixture(rows: 1)
        defer { fixture.remove() }
        let count = 160
        let woken = (0 ..< count).map { _ in DispatchSemaphore(value: 0) }
        let drivers = (0 ..< count).map { index in
            WatchThread(path: fixture.directory.appendingPathComponent("list-\(index).sqlite").path, pollInterval: .seconds(3_600))
        }
        defer { for driver in drivers { driver.cancel() } }
        for (index, driver) in drivers.enumerated() {
            driver.start { [woken] wake in
                if wake == .filesChanged { woken[index].signal() }
                return nil
            }
        }
        for index in 0 ..< count {
            try Data("x".utf8).write(to: fixture.directory.appendingPathComponent("list-\(index).sqlite-wal"))
        }
        let deadline = WatchThreadTests.hang         // one deadline for all: a failure waits once
        let late = (0 ..< count).filter { woken[$0].wait(timeout: deadline) != .success }
        #expect(late.isEmpty, "\(late.count) of \(count) watches were never woken by their file: \(late.prefix(10))")
    }
}
#endif
