#if PostgreSQL
import Foundation
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting
import PostgresNIO

/// The soak's PostgreSQL mode (`soak --source postgres`): a table of its own in the server
/// of `LISTADAPTER_POSTGRES_URL`, written by `psql` processes (``PsqlWriter``), listed by
/// several ``ListAdapterPostgres/PostgresListSource``s.
///
/// - The main adapter's sources (``sources``): owned, ordered by section (every commit
///   patched from the change log); owned with a filter and a descending order (patches
///   too); owned, ordered across sections (not contiguous: rescans); followed read-only,
///   `LISTEN`ing on the change log's channel (rescans).
/// - Two more adapters attached for the whole run (``PostgresShadowAdapter``): one owned
///   (patches), one followed that notices commits only by polling the table's statistics.
///   Without transitions (`--postgres-transitions off`) the main adapter stays on the first
///   source, and each of the other three gets an adapter of its own (on a twin source).
/// - At each checkpoint (the writers paused): the adapter's list against a plain `SELECT`
///   run by `psql` (``truth(of:)``); a fresh source's full scan against the same `SELECT`;
///   the other two adapters settled on it (the polling follower at every fifth and the
///   last: PostgreSQL reports an idle writer's counts up to 10 s late).
///
/// Truncates and followed sources: a followed source that only polls statistics never sees
/// a `TRUNCATE` alone (PostgreSQL's `n_tup_ins + n_tup_upd + n_tup_del` do not move), so
/// the writer follows each truncate with a commit that inserts rows.
///
/// The table is `soak_<seed>_<random>`; ``close()`` drops it with its change log, whether
/// the run passed or not.
@MainActor
final class PostgresSoakStore: SoakExternalStore {
    typealias Source = PostgresListSource<Int64, Int64, SoakItem>
    typealias Snapshot = ListSnapshot<Int64, Int64>

    /// A source and what it lists, so that a plain `SELECT` can list the same rows.
    struct Listing {
        let name: String
        let source: Source
        let query: PostgresListQuery
        let access: ListSourceAccess
        let options: Source.Options
        /// The filter with its arguments written in.
        let filter: String?

        /// Another source listing the same, with connections of its own.
        func twin() async throws -> Source {
            try await Source(server: source.server, query: query, access: access, options: options)
        }
    }

    let server: PostgresServer
    let table: String
    let psql: PsqlCommand
    nonisolated let writer: PsqlWriter
    private var listings: [Listing] = []
    /// Each with the listing whose truth it must show.
    private var shadows: [(adapter: PostgresShadowAdapter, listing: Listing)] = []
    let transitions: Bool
    /// Whether a person edits: a listing in the person's order (section, then a position
    /// column of order keys) takes their moves and deletes.
    let edits: Bool
    /// That listing's source, with its ordering.
    private(set) var ordered: Source?
    let settleTimeout: Duration = .seconds(60)
    private var checkpoints = 0
    private var freshScans = 0
    private var cleanup = "not done"
    private var isClosed = false

    /// Patches take at most this many touched rows (the default is 2,000): the writer's big
    /// updates, bursts and mass deletes go past it, so fallbacks happen.
    static let incrementalRowLimit = 500

    /// Creates the table, starts the writers and opens every source; on failure removes what
    /// it created.
    static func open(url: String, seed: UInt64, maxItems: Int, transitions: Bool, edits: Bool = false, directory: URL, progress: (String) -> Void) async throws -> PostgresSoakStore {
        let server = try PostgresServer(url: url)
        let table = "soak_\(seed)_\(String(UInt16.random(in: 0 ... .max), radix: 16))"
        let psql = PsqlCommand(server: server, applicationName: "listadapter-soak-psql")
        progress("postgres: server \(server), table \(table)")
        // Indexed for the listings ordered by plain ascending columns ("section, rank" and
        // "rank"), whose patches are then read in one statement (`PostgresDirectPatch`);
        // "section, rank DESC" keeps the search.
        _ = try await psql.runInBackground(
            "CREATE TABLE \(table) (id bigint PRIMARY KEY, section text, rank double precision NOT NULL, version bigint NOT NULL, position text COLLATE \"C\");"
                + " CREATE INDEX ON \(table) (section, rank); CREATE INDEX ON \(table) (rank); CREATE INDEX ON \(table) (section, position)"
        )
        let writer: PsqlWriter
        do {
            writer = try PsqlWriter(command: psql, workload: PsqlWorkload(table: table, seed: seed, maxItems: maxItems), directory: directory)
        } catch {
            _ = try? await psql.runInBackground(dropSQL(table))
            throw error
        }
        SoakInterruption.shared.add("the table \(table), its change log and the psql writers") {
            writer.stop()
            _ = try? psql.run(dropSQL(table))
        }
        let store = PostgresSoakStore(server: server, table: table, psql: psql, writer: writer, transitions: transitions, edits: edits)
        do {
            try await store.openSources()
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    private init(server: PostgresServer, table: String, psql: PsqlCommand, writer: PsqlWriter, transitions: Bool, edits: Bool) {
        self.transitions = transitions
        self.edits = edits
        self.server = server
        self.table = table
        self.psql = psql
        self.writer = writer
    }

    private func options(pollInterval: Duration = .milliseconds(250), notify: Bool = false) -> Source.Options {
        var options = Source.Options()
        options.pollInterval = pollInterval
        options.incrementalRowLimit = Self.incrementalRowLimit
        options.applicationName = "listadapter-soak"
        options.maximumBackoff = .milliseconds(500)
        if notify { options.notifyChannel = "listadapter_log_" + table }
        return options
    }

    private func query(order: String, filter: String? = nil, arguments: PostgresBindings = PostgresBindings()) -> PostgresListQuery {
        PostgresListQuery(table: table, identifier: "id", section: "section", summary: "version", order: order, filter: filter, arguments: arguments)
    }

    private func openSources() async throws {
        var notMultiplesOf3 = PostgresBindings()
        notMultiplesOf3.append(Int64(0))
        let bySection = query(order: "section, rank")
        func listing(_ name: String, _ query: PostgresListQuery, _ access: ListSourceAccess, _ options: Source.Options, filter: String? = nil) async throws -> Listing {
            let source = try await Source(server: server, query: query, access: access, options: options)
            return Listing(name: name, source: source, query: query, access: access, options: options, filter: filter)
        }
        // The owned ones first: they install the change log whose channel a follower listens on.
        listings.append(try await listing("owned, by section", bySection, .owned, options()))
        listings.append(try await listing("owned, filtered, rank descending", query(order: "section, rank DESC", filter: "id % 3 <> $1", arguments: notMultiplesOf3), .owned, options(), filter: "id % 3 <> 0"))
        listings.append(try await listing("owned, by rank across sections", query(order: "rank"), .owned, options()))
        listings.append(try await listing("followed, notified", bySection, .followed, options(notify: true)))
        if edits {
            var ordering = options()
            ordering.ordering = ListOrdering(position: "position", section: "section")
            let inOrder = try await listing("owned, in the person's order", query(order: "section, position"), .owned, ordering)
            listings.append(inOrder)
            ordered = inOrder.source
        }
        shadows.append((PostgresShadowAdapter(name: "owned shadow", source: try await listings[0].twin()), listings[0]))
        let polling = try await Source(server: server, query: bySection, access: .followed, options: options())
        shadows.append((PostgresShadowAdapter(name: "followed shadow (statistics polling only)", source: polling, settleEvery: 5), listings[0]))
        if !transitions {
            for listing in listings.dropFirst() {
                shadows.append((PostgresShadowAdapter(name: listing.name, source: try await listing.twin()), listing))
            }
        }
    }

    var initialSource: any ListDataSource<Int64, Int64, SoakItem> { listings[0].source }

    var personsWrites: SoakPerson.ExternalWrites? {
        guard let ordered else { return nil }
        return SoakPerson.ExternalWrites(
            contains: { id in try await !ordered.fetchItems([id]).isEmpty },
            move: { move in try await ordered.move(move) },
            delete: { ids in try await ordered.delete(ids) }
        )
    }
    var sources: [any ListDataSource<Int64, Int64, SoakItem>] { transitions ? listings.map(\.source) : [] }

    nonisolated func write() -> String? { writer.writeNext() }

    func truth(of source: any ListDataSource<Int64, Int64, SoakItem>) async throws -> Snapshot? {
        guard let listing = listings.first(where: { $0.source === (source as AnyObject) }) else { return nil }
        return try await truth(of: listing)
    }

    /// The rows `listing` lists, by a plain `SELECT` in `psql` (another process, no
    /// ListAdapter code): identifier, section (`NULL` told apart from `''`), summary.
    private func truth(of listing: Listing) async throws -> Snapshot {
        let filter = listing.filter.map { " WHERE \($0)" } ?? ""
        let text = try await psql.runInBackground("SELECT id, section IS NULL, coalesce(section, ''), version FROM \(table)\(filter) ORDER BY \(listing.query.order), id")
        var entries: [ListEntry<Int64, Int64>] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let id = Int64(fields[0]), let version = Int64(fields[3]) else {
                throw PsqlFailure(description: "unexpected psql row: \(line)")
            }
            entries.append(ListEntry(id: id, section: fields[1] == "t" ? nil : String(fields[2]), summary: version))
        }
        return Snapshot(entries)
    }

    func checkpoint(final: Bool) async -> String? {
        let truth: Snapshot
        do {
            truth = try await self.truth(of: listings[0])
            // A source opened now, scanning the whole table, must see what psql sees.
            let fresh = try await Source(server: server, query: listings[0].query, access: .followed, options: options())
            let scanned = try await fresh.loadEntries()
            await fresh.close()
            freshScans += 1
            if scanned != truth {
                return "a fresh source's full scan lists \(scanned.count) items in \(scanned.numberOfSections) sections, psql's SELECT \(truth.count) in \(truth.numberOfSections)"
            }
        } catch {
            return "postgres checkpoint: \(error)"
        }
        var truths = [listings[0].name: truth]
        for (shadow, listing) in shadows {
            let expected: Snapshot
            if let known = truths[listing.name] {
                expected = known
            } else {
                do {
                    expected = try await self.truth(of: listing)
                } catch {
                    return "postgres checkpoint: \(error)"
                }
                truths[listing.name] = expected
            }
            if let problem = await shadow.settle(on: expected, timeout: settleTimeout, final: final) { return problem }
        }
        checkpoints += 1
        return nil
    }

    func describe(_ source: any ListDataSource<Int64, Int64, SoakItem>) -> String? {
        listings.first { $0.source === (source as AnyObject) }.map { "postgres source \($0.name): \(Self.describe($0.source.statistics))" }
    }

    func report() -> [String] {
        var lines = listings.map { "postgres source \($0.name): \(Self.describe($0.source.statistics))" }
        for (shadow, _) in shadows {
            lines.append("postgres \(shadow.report); source: \(Self.describe(shadow.source.statistics))")
        }
        let writes = writer.statistics
        let kinds = writes.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("postgres writer (\(PsqlWorkload.lanes) psql processes): \(writes.requests) requests: \(kinds)")
        lines.append("postgres writer digest after 100 requests \(writes.digestAt100.map { String($0, radix: 16) } ?? "n/a (fewer requests)"), after all \(String(writes.digest, radix: 16))")
        lines.append("postgres checkpoints (psql SELECT == a fresh source's scan, other adapters settled on it) \(checkpoints), fresh scans \(freshScans); table \(table): \(cleanup)")
        return lines
    }

    private static func describe(_ statistics: PostgresSourceStatistics) -> String {
        "\(statistics.patches) patches (\(statistics.directPatches) in one statement), \(statistics.fullLoads) full loads, \(statistics.fallbacks) fallbacks (last: \(statistics.lastFallbackReason ?? "none")), \(statistics.placementRoundTrips) placement round trips, \(statistics.reconnections) reconnections"
    }

    func close() async {
        guard !isClosed else { return }
        isClosed = true
        for (shadow, _) in shadows { await shadow.close() }
        for listing in listings { await listing.source.close() }
        let writer = writer
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                writer.stop()
                continuation.resume()
            }
        }
        do {
            _ = try await psql.runInBackground(Self.dropSQL(table))
            let left = try await psql.runInBackground("SELECT count(*) FROM pg_class WHERE relname LIKE '\(table)%' OR relname LIKE 'listadapter_log_\(table)%'")
            cleanup = left.trimmingCharacters(in: .whitespacesAndNewlines) == "0" ? "dropped with its change log" : "\(left) relations left after the drop"
        } catch {
            cleanup = "could not drop it: \(error)"
        }
    }

    /// Drops the table, its change log and the log's functions.
    private nonisolated static func dropSQL(_ table: String) -> String {
        let log = "listadapter_log_" + table
        return "SET lock_timeout = '20s'; DROP TABLE IF EXISTS \(table) CASCADE; DROP TABLE IF EXISTS \(log) CASCADE; DROP FUNCTION IF EXISTS \(log)_row() CASCADE; DROP FUNCTION IF EXISTS \(log)_stmt() CASCADE;"
    }
}
#endif
