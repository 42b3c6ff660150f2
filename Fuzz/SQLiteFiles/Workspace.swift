import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The fuzzer's files: one temporary directory per process, reused for every input
/// (creating and removing a directory per input would cost more than the input), with a
/// `followed` and an `owned` directory emptied between inputs.
///
/// In memory (`/dev/shm`, a tmpfs) where there is one: on a disk, emptying the directories
/// and SQLite's syncs took two thirds of an input's time on a busy machine (21 ms of
/// 30 ms), in memory they take a fraction of a millisecond.
final class Workspace: Sendable {
    let root: URL
    let followed: URL
    let owned: URL

    init() {
        var isDirectory: ObjCBool = false
        let shm = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
        let parent = shm ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        root = parent.appendingPathComponent("listadapter-fuzz-sqlite-\(getpid())")
        followed = root.appendingPathComponent("followed")
        owned = root.appendingPathComponent("owned")
    }

    /// Empties (or creates) both directories.
    func reset() {
        for directory in [followed, owned] {
            try? FileManager.default.removeItem(at: directory)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                fatalError("sqlite-files: cannot create \(directory.path): \(error)")
            }
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Creates `name` in `directory` with `bytes`.
    static func create(_ bytes: [UInt8], at path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("sqlite-files: cannot write \(path)")
        }
    }

    /// Rewrites an existing file in place, as another process writing to it would: same
    /// inode (so the source does not see a replaced file), new bytes, new length.
    static func overwrite(_ bytes: [UInt8], at path: String) {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { fatalError("sqlite-files: cannot open \(path) to change it: errno \(errno)") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == bytes.count, ftruncate(descriptor, off_t(bytes.count)) == 0 else {
            fatalError("sqlite-files: cannot rewrite \(path): errno \(errno)")
        }
    }

    /// Every file in `directory`, byte for byte.
    static func contents(of directory: URL) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            files[name] = read(directory.appendingPathComponent(name).path)
        }
        return files
    }

    /// A file's bytes, read with POSIX calls: Foundation's `FileManager.contents(atPath:)`
    /// leaks its buffer for some files here (LeakSanitizer caught 8 KB from
    /// `readBytesFromFile`), and a leak report would stop the fuzzer on Foundation's account.
    static func read(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0 ..< count]
        }
        return bytes
    }
}
