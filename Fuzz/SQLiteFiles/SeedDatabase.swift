import Foundation
import GRDB
import ListAdapterSQLite

/// A small valid database the fuzzer starts from (Fuzz/SQLiteFiles/seeds/, written by
/// Fuzz/make-sqlite-corpus.py), with the list it holds and how a source lists it.
struct SeedDatabase: Sendable {
    let name: String
    let fileName: String
    /// `-wal` or `-journal` when the seed has a file beside the database.
    let sidecarSuffix: String?
    let main: [UInt8]
    let sidecar: [UInt8]?
    let mainLayout: FileLayout
    let sidecarLayout: FileLayout?
    let scenario: any SeedScenario

    /// The seeds, in the order the input's header byte picks them (FuzzInput.swift).
    static func all(oracleDirectory: URL) -> [SeedDatabase] {
        let mail = SQLiteListQuery(table: "message", identifier: "id", section: "day", summary: "version", order: "day, id")
        let mailOracle = "SELECT id, day, version FROM message ORDER BY day, id"
        let rowids: [Int64] = [-1, .max]
        func seed(_ name: String, sidecar: String? = nil, _ make: (String) -> any SeedScenario) -> SeedDatabase {
            load(name, sidecarSuffix: sidecar, oracleDirectory: oracleDirectory, make)
        }
        return [
            seed("sections") { Scenario<Int64, Int64>(query: mail, oracleSQL: mailOracle, absent: rowids, oraclePath: $0) },
            seed("filter") {
                Scenario<Int64, Double>(
                    query: SQLiteListQuery(table: "task", identifier: "id", summary: "updated", order: "title, id", filter: "list = ? AND done = 0", arguments: [2]),
                    oracleSQL: "SELECT id, NULL, updated FROM task WHERE list = 2 AND done = 0 ORDER BY title, id", absent: rowids, oraclePath: $0
                )
            },
            seed("view") {
                Scenario<Int64, Int64>(
                    query: SQLiteListQuery(table: "feed", identifier: "id", section: "author", summary: "rev", order: "author, id"),
                    oracleSQL: "SELECT id, author, rev FROM feed ORDER BY author, id", absent: rowids, oraclePath: $0
                )
            },
            seed("without-rowid") {
                Scenario<String, Int64>(
                    query: SQLiteListQuery(table: "tag", identifier: "name", section: "category", summary: "weight", order: "category, name"),
                    oracleSQL: "SELECT name, category, weight FROM tag ORDER BY category, name", absent: ["", "tag-999"], oraclePath: $0
                )
            },
            seed("wal", sidecar: "-wal") { Scenario<Int64, Int64>(query: mail, oracleSQL: mailOracle, absent: rowids, oraclePath: $0) },
            // A reader cannot roll a hot journal back: a follower must say so (read-only), not read
            // the half-written pages nor write the file.
            seed("hot-journal", sidecar: "-journal") {
                Scenario<Int64, Int64>(query: mail, oracleSQL: mailOracle, absent: rowids, oraclePath: $0, failure: .readOnly)
            },
        ]
    }

    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["FUZZ_SQLITE_SEEDS"] { return URL(fileURLWithPath: path) }
        // Next to this source file: the binary runs from the checkout it was built in.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("seeds")
    }

    private static func load(
        _ name: String, sidecarSuffix: String?, oracleDirectory: URL, _ make: (String) -> any SeedScenario
    ) -> SeedDatabase {
        let fileName = "\(name).sqlite"
        let url = directory.appendingPathComponent(fileName)
        guard let main = FileManager.default.contents(atPath: url.path).map({ [UInt8]($0) }), main.count >= 100 else {
            fatalError("sqlite-files: seed database \(url.path) missing (run Fuzz/make-sqlite-corpus.py, or set FUZZ_SQLITE_SEEDS)")
        }
        // Bytes 16-17: the page size, big-endian; 1 means 65,536.
        let field = Int(main[16]) << 8 | Int(main[17])
        let pageSize = field == 1 ? 65_536 : field
        var sidecar: [UInt8]?
        var sidecarLayout: FileLayout?
        if let sidecarSuffix {
            guard let bytes = FileManager.default.contents(atPath: url.path + sidecarSuffix).map({ [UInt8]($0) }), bytes.count >= 32 else {
                fatalError("sqlite-files: seed file \(url.path + sidecarSuffix) missing")
            }
            sidecar = bytes
            // A journal header's bytes 20-23: the sector size it is padded to.
            let sectorSize = bytes[20 ..< 24].reduce(0) { $0 << 8 | Int($1) }
            sidecarLayout = sidecarSuffix == "-wal" ? .wal(pageSize: pageSize) : .journal(pageSize: pageSize, sectorSize: sectorSize)
        }
        // The oracle reads a copy: SQLite may write beside a database it opens.
        try? FileManager.default.removeItem(at: oracleDirectory)
        try? FileManager.default.createDirectory(at: oracleDirectory, withIntermediateDirectories: true)
        let copy = oracleDirectory.appendingPathComponent(fileName).path
        Workspace.create(main, at: copy)
        if let sidecarSuffix, let sidecar { Workspace.create(sidecar, at: copy + sidecarSuffix) }
        return SeedDatabase(
            name: name, fileName: fileName, sidecarSuffix: sidecarSuffix, main: main, sidecar: sidecar,
            mainLayout: .main(pageSize: pageSize), sidecarLayout: sidecarLayout, scenario: make(copy)
        )
    }
}
