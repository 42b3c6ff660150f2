import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite

/// What the fuzzer does with one seed's files, whatever its identifier and summary types.
protocol SeedScenario: Sendable {
    /// Opens the files `.followed`, scans, fetches, follows the `later` mutations, and checks
    /// that every answer is a list or a typed error and that no file was written.
    func follow(_ files: FollowedFiles, _ input: FuzzInput, _ progress: Progress) async -> String
    /// The same on a copy opened `.owned` (which may write): answers only.
    func own(path: String, _ input: FuzzInput, _ progress: Progress) async -> String
}

/// The flow for a seed whose source lists `ID`s with `Summary`s.
struct Scenario<ID: Hashable & SQLiteValue & DatabaseValueConvertible, Summary: Equatable & SQLiteValue & DatabaseValueConvertible>: SeedScenario {
    typealias Source = SQLiteListSource<ID, Summary, FuzzRow>

    /// What the undamaged seed gives a follower.
    enum Expectation: Sendable {
        case list(ListSnapshot<ID, Summary>)
        case fails(SQLiteSourceError.Kind)
    }

    let query: SQLiteListQuery
    /// Identifiers no seed row has: a fetch asks for them too, and must leave them out.
    let absent: [ID]
    let expected: Expectation

    /// `oracleSQL` (id, section, summary, in list order) read by plain GRDB from the seed's
    /// copy at `oraclePath` is the list an undamaged seed must give; with `failure`, the
    /// seed cannot be read by a follower and must fail with that kind instead.
    init(query: SQLiteListQuery, oracleSQL: String, absent: [ID], oraclePath: String, failure: SQLiteSourceError.Kind? = nil) {
        self.query = query
        self.absent = absent
        if let failure {
            expected = .fails(failure)
            return
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: oraclePath, configuration: configuration)
            let entries = try queue.read { db in
                try Row.fetchAll(db, sql: oracleSQL).map { row -> ListEntry<ID, Summary> in
                    guard let id = ID.fromDatabaseValue(row[0]), let summary = Summary.fromDatabaseValue(row[2]) else {
                        fatalError("sqlite-files: the oracle cannot read \(row) of \(oraclePath)")
                    }
                    return ListEntry(id: id, section: row[1] as String?, summary: summary)
                }
            }
            try queue.close()
            expected = .list(ListSnapshot(entries))
        } catch {
            fatalError("sqlite-files: the oracle cannot read the seed \(oraclePath): \(error)")
        }
    }

    func options(_ input: FuzzInput) -> Source.Options {
        var options = Source.Options()
        // Nothing else holds a lock on these files: a short timeout keeps a hang visible.
        options.busyTimeout = .milliseconds(100)
        options.changeLog = input.changeLog
        return options
    }

    func follow(_ files: FollowedFiles, _ input: FuzzInput, _ progress: Progress) async -> String {
        var files = files
        let path = files.mainPath
        let intact = input.leavesFilesIntactAtFirstScan
        progress.enter("open .followed")
        let opened = Result { () throws(SQLiteSourceError) in try Source(path: path, query: query, access: .followed, options: options(input)) }
        guard case .success(let source) = opened else {
            if case .failure(let error) = opened { checkError(error, path: path, "open") }
            if intact { checkClean(opened.map { _ in ListSnapshot<ID, Summary>() }, opened: false) }
            files.checkUntouched("after a failed open")
            return "open=\(Self.describe(opened.map { _ in 0 }))"
        }
        if input.follows { source.attach(.inert) }
        progress.enter("first scan (loadBaseline)")
        let first = await call("loadBaseline", path) { try await source.loadBaseline() }
        var report = "open=ok scan=\(Self.describe(first.map(\.count)))"
        if intact { checkClean(first, opened: true) }
        if case .success(let list) = first {
            progress.enter("fetch after the first scan")
            report += " fetch=\(await fetch(source, list, input, mustFindAll: intact))"
        }
        if input.follows || files.hasLaterMutations {
            progress.enter("later mutations")
            files.applyLater()
            if case .success(let list) = first {
                progress.enter("loadChanges(since:)")
                let patch = await call("loadChanges", path) { try await source.loadChanges(since: list) }
                report += " patch=\(Self.describe(patch.map { $0 == nil ? 0 : 1 }))"
            }
            progress.enter("second scan (loadEntries)")
            let second = await call("loadEntries", path) { try await source.loadEntries() }
            report += " rescan=\(Self.describe(second.map(\.count)))"
            if case .success(let list) = second {
                progress.enter("fetch after the second scan")
                report += " refetch=\(await fetch(source, list, input, mustFindAll: false))"
            }
        }
        progress.enter("detach and close")
        source.detach()
        close(source)
        files.checkUntouched("after \(report)")
        return report
    }

    func own(path: String, _ input: FuzzInput, _ progress: Progress) async -> String {
        progress.enter("open .owned")
        let opened = Result { () throws(SQLiteSourceError) in try Source(path: path, query: query, access: .owned, options: options(input)) }
        guard case .success(let source) = opened else {
            if case .failure(let error) = opened { checkError(error, path: path, "open .owned") }
            return "owned open=\(Self.describe(opened.map { _ in 0 }))"
        }
        if input.follows { source.attach(.inert) }
        progress.enter("owned: loadBaseline")
        let first = await call("owned loadBaseline", path) { try await source.loadBaseline() }
        var report = "owned scan=\(Self.describe(first.map(\.count)))"
        if case .success(let list) = first {
            progress.enter("owned: fetch")
            report += " fetch=\(await fetch(source, list, input, mustFindAll: false))"
            progress.enter("owned: createCoveringIndex")
            let index = await call("owned createCoveringIndex", path) { try source.createCoveringIndex() }
            report += " index=\(Self.describe(index.map { $0 ? 1 : 0 }))"
            progress.enter("owned: loadChanges(since:)")
            let patch = await call("owned loadChanges", path) { try await source.loadChanges(since: list) }
            report += " patch=\(Self.describe(patch.map { $0 == nil ? 0 : 1 }))"
        }
        progress.enter("owned: detach and close")
        source.detach()
        close(source)
        return report
    }

    // MARK: - Checks

    /// Fetches some listed identifiers and two absent ones: only what was asked comes back;
    /// from undamaged files, every listed one with the summary the scan read.
    private func fetch(_ source: Source, _ list: ListSnapshot<ID, Summary>, _ input: FuzzInput, mustFindAll: Bool) async -> String {
        var listed: [ID] = []
        for section in 0 ..< list.numberOfSections {
            listed += list.identifiers(inSection: section)
            if let count = input.fetchCount, listed.count >= count { break }
        }
        if let count = input.fetchCount { listed = Array(listed.prefix(count)) }
        let asked = listed + absent.filter { !list.contains($0) }
        let result = await call("fetchSummarizedItems", source.path) { try await source.fetchSummarizedItems(asked) }
        guard case .success(let items) = result else { return Self.describe(result.map(\.count)) }
        let askedSet = Set(asked)
        if let stray = items.keys.first(where: { !askedSet.contains($0) }) {
            fatalError("sqlite-files: fetchSummarizedItems returned \(stray), which was not asked for")
        }
        if mustFindAll {
            for id in listed {
                guard let item = items[id] else { fatalError("sqlite-files: undamaged seed: the fetch lost listed \(id)") }
                if item.summary != list.summary(of: id) {
                    fatalError("sqlite-files: undamaged seed: \(id) fetched with summary \(item.summary), listed with \(String(describing: list.summary(of: id)))")
                }
            }
            if items.count != listed.count { fatalError("sqlite-files: undamaged seed: fetched \(items.count) of \(listed.count) (absent ones came back)") }
        }
        return "\(items.count)/\(asked.count)"
    }

    /// An undamaged seed gives exactly its list (or its known failure).
    private func checkClean(_ result: Result<ListSnapshot<ID, Summary>, SQLiteSourceError>, opened: Bool) {
        switch (expected, result) {
        case (.list(let list), .success(let got)) where opened:
            if got != list { fatalError("sqlite-files: undamaged seed listed \(got.count) items in \(got.numberOfSections) sections; expected \(list.count) in \(list.numberOfSections)") }
        case (.fails(let kind), .failure(let error)):
            if error.kind != kind { fatalError("sqlite-files: undamaged seed failed with \(error); expected \(kind)") }
        default:
            fatalError("sqlite-files: undamaged seed gave \(result) (opened: \(opened)); expected \(expected)")
        }
    }

    /// A typed error that names the file.
    private func checkError(_ error: SQLiteSourceError, path: String, _ call: String) {
        if error.path != path { fatalError("sqlite-files: \(call) failed naming \(String(describing: error.path)), not \(path): \(error)") }
    }

    /// Runs one call of the source: its value, or its error, which must be a `SQLiteSourceError`.
    private func call<T>(_ name: String, _ path: String, _ body: () async throws -> T) async -> Result<T, SQLiteSourceError> {
        do {
            return .success(try await body())
        } catch let error as SQLiteSourceError {
            checkError(error, path: path, name)
            return .failure(error)
        } catch {
            fatalError("sqlite-files: \(name) threw \(type(of: error)), not a SQLiteSourceError: \(error)")
        }
    }

    /// Closes the source's connections now, so that the untouched check sees what closing
    /// does (SQLite's last connection checkpoints and deletes a WAL it may write).
    private func close(_ source: Source) {
        do {
            try (source.database as? DatabasePool)?.close()
        } catch {
            fatalError("sqlite-files: closing \(source.path) failed: \(error)")
        }
    }

    static func describe(_ result: Result<Int, SQLiteSourceError>) -> String {
        switch result {
        case .success(let count): "\(count)"
        case .failure(let error): "\(error.kind)"
        }
    }
}
