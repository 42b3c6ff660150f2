import Foundation
import Testing
@testable import Sample

/// The demo database: where it goes, and that an interrupted creation never blocks a
/// later run.
@Suite("sample demo, recovery", .serialized, .hangGuard)
struct DemoRecoveryTests {
    typealias Session = BrowserTerminalTests.Session

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func ctrlCDuringCreationRemovesTheUnfinishedFile() async throws {
        let cache = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let sample = try SampleProcess.executable.path
        // The shell survives Ctrl-C (its trap) to report how the program ended. Creation
        // holds after its first progress report (LISTADAPTER_SAMPLE_HOLD_CREATION), so the
        // Ctrl-C comes during creation on any machine: a fast one once finished the
        // million rows before a loaded test run looked at the screen.
        let session = try Session(command: "sh -c 'trap : INT; LISTADAPTER_SAMPLE_HOLD_CREATION=1 XDG_CACHE_HOME=\(cache.path) \(sample) --rows 1000000; echo EXITED $?; sleep 600'")
        defer { session.kill() }
        _ = try await session.waitForScreen("creation under way") { $0.contains("generating") }
        let folder = cache.appendingPathComponent("listadapter-sample")
        #expect(Self.files(in: folder).contains("mail-1000000.sqlite.partial"))
        try session.send("C-c")
        let screen = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        #expect(screen.contains("EXITED 130"))
        #expect(screen.contains("removed the unfinished demo database"))
        // Only the lock file is left; nothing a later run would trip over.
        #expect(Self.files(in: folder) == ["mail-1000000.sqlite.lock"])
    }

    @Test func aStaleUnfinishedFileIsRemovedAndTheDemoStarts() async throws {
        let cache = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let folder = cache.appendingPathComponent("listadapter-sample")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // What a run killed during creation (or an older sample's Ctrl-C) leaves behind.
        try Data("half a database".utf8).write(to: folder.appendingPathComponent("mail-300.sqlite.partial"))
        try Data().write(to: folder.appendingPathComponent("mail-300.sqlite.partial-wal"))
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'XDG_CACHE_HOME=\(cache.path) \(sample) --rows 300; echo EXITED $?; sleep 600'")
        defer { session.kill() }
        _ = try await session.waitForScreen("the list") { $0.contains("300 items") }
        try session.send("q")
        let screen = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        #expect(screen.contains("removing an unfinished demo database"))
        #expect(screen.contains("EXITED 0"))
        #expect(!Self.files(in: folder).contains { $0.contains(".partial") })
        #expect(Self.files(in: folder).contains("mail-300.sqlite"))
    }

    @Test func theCacheFollowsHOMEWhenXDGCacheHomeIsUnset() async throws {
        let home = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let sample = try SampleProcess.executable.path
        let session = try Session(command: "sh -c 'unset XDG_CACHE_HOME; HOME=\(home.path) \(sample) --rows 200; echo EXITED $?; sleep 600'")
        defer { session.kill() }
        _ = try await session.waitForScreen("the list") { $0.contains("200 items") }
        try session.send("q")
        _ = try await session.waitForScreen("the exit") { $0.contains("EXITED") }
        let database = home.appendingPathComponent(".cache/listadapter-sample/mail-200.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path))
    }

    @Test func cacheDirectoryRule() {
        #expect(DemoDatabase.cacheDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache")
        // A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
        #expect(DemoDatabase.cacheDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"]) == "/home/u/.cache")
        #expect(DemoDatabase.cacheDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache")
    }
}
