import ListAdapter
import ListAdapterSQLite
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// When a fault strikes a source.
enum FaultMoment: String, CaseIterable, Sendable {
    /// Before the source is opened: the open or the first load meets it; there is no
    /// good list yet.
    case atOpen
    /// While a scan (a load after a good one) is part-way through: the hook injects it
    /// at row 100 of 1,200.
    case duringScan
    /// After a good load, before the next.
    case betweenLoads
}

/// What the source and the adapter do in one cell of the table.
enum FaultOutcome: Sendable, Equatable {
    /// Every load succeeds with the unchanged list. A write (`createCoveringIndex()`)
    /// then fails with `write`'s kind, or succeeds when `write` is `nil`.
    case works(write: SQLiteSourceError.Kind?)
    /// Opening the source throws this kind.
    case openFails(SQLiteSourceError.Kind)
    /// The load that meets the fault fails with this kind (during a scan: the scan itself,
    /// after reading the rows before the damage).
    case loadFails(SQLiteSourceError.Kind)
    /// During a scan: the scan completes with the list as it was when it began (a read
    /// transaction is a snapshot), and the next load fails with this kind.
    case scanCompletesThenFails(SQLiteSourceError.Kind)
    /// The cell cannot exist, for the reason given.
    case impossible(String)
}

/// One cell: a fault, an opening, a moment.
struct FaultCell: Sendable, CustomTestStringConvertible {
    let fault: Fault
    let access: ListSourceAccess
    let moment: FaultMoment

    var outcome: FaultOutcome { FaultTable.outcome(of: fault, access, moment) }

    var testDescription: String {
        "\(fault.rawValue), \(access == .owned ? "owned" : "followed"), \(moment.rawValue)"
    }
}

/// The fault table: for every fault × opening × moment, what must happen.
///
/// Common to every cell that runs (checked by `SQLiteFaultTableTests`): errors are
/// typed `SQLiteSourceError`s that name the path, the adapter keeps its last good list
/// and reports the failure in its load state, no invalid batch reaches the reference
/// views, every connection waits for a lock for the busy timeout (0.1 s, checked as each
/// connection's setting, not as wall time), a transient fault (a lock)
/// recovers once lifted, and a followed file and its directory stay byte-for-byte
/// unchanged (for a WAL file, apart from SQLite's shared-memory index, see
/// `FaultFixture.contents()`).
enum FaultTable {
    static let cells: [FaultCell] = Fault.allCases.flatMap { fault in
        [ListSourceAccess.followed, .owned].flatMap { access in
            FaultMoment.allCases.map { FaultCell(fault: fault, access: access, moment: $0) }
        }
    }

    static var runnable: [FaultCell] {
        cells.filter { if case .impossible = $0.outcome { false } else { true } }
    }

    static var impossible: [FaultCell] {
        cells.filter { if case .impossible = $0.outcome { true } else { false } }
    }

    /// Tests run as root here, and root ignores file modes.
    static let isRoot = getuid() == 0

    static func outcome(of fault: Fault, _ access: ListSourceAccess, _ moment: FaultMoment) -> FaultOutcome {
        let followed = access == .followed
        // A follower never writes; an owner's write succeeds on a healthy database.
        let write: SQLiteSourceError.Kind? = followed ? .readOnly : nil
        switch (fault, moment) {
        case (.missing, .atOpen):
            return .openFails(.missingFile)
        case (.missing, _):
            return .impossible("a file that goes missing after the open was deleted: see the rows of `deleted`")

        // An empty file is a valid empty database to SQLite: it has no table.
        case (.empty, .atOpen), (.empty, .betweenLoads):
            return moment == .atOpen ? .openFails(.missingTable) : .loadFails(.missingTable)
        // Cut to 0 bytes mid-scan: the pages the scan has yet to read come back as zeros.
        case (.empty, .duringScan):
            return .loadFails(.corrupt)

        case (.directory, .atOpen):
            return .openFails(.notADatabase)
        // A directory where the file was is a replaced file: the source stays failed.
        case (.directory, .betweenLoads):
            return .loadFails(.fileReplaced)
        case (.directory, .duringScan):
            return .scanCompletesThenFails(.fileReplaced)

        case (.notADatabase, .atOpen):
            return .openFails(.notADatabase)
        // An owner's WAL holds page 1 (GRDB commits a small transaction at open): SQLite
        // reads a valid header from the WAL and garbage after it.
        case (.notADatabase, .betweenLoads):
            return .loadFails(followed ? .notADatabase : .corrupt)
        // Mid-scan, the header page is already read: the next pages are garbage.
        case (.notADatabase, .duringScan):
            return .loadFails(.corrupt)

        // The open reads the schema (page 1) and checks the file's size against its
        // header, so it catches a cut file but not damage further in, which the first
        // scan meets.
        case (.truncated, .atOpen):
            return .openFails(.corrupt)
        case (.truncated, _), (.corruptTablePage, _), (.corruptIndexPage, _):
            return .loadFails(.corrupt)

        // Rollback journal: a reader's SHARED lock does not stop another reader, but an
        // owner's open switches the file to WAL, which needs the exclusive lock.
        case (.lockedByReader, .atOpen):
            return followed ? .works(write: write) : .openFails(.locked)
        // By now the owner has switched the file to WAL, where readers block nothing.
        case (.lockedByReader, _):
            return .works(write: write)

        // WAL: readers read the last commit while another process writes; only the
        // owner's writes wait for the lock, and give up after the busy timeout. An owner's
        // open writes too: GRDB's DatabasePool commits a small transaction when the WAL
        // file is empty (GRDB issues 102 and 1383).
        case (.lockedByWriterWAL, .atOpen):
            return followed ? .works(write: .readOnly) : .openFails(.locked)
        case (.lockedByWriterWAL, _):
            return .works(write: followed ? .readOnly : .locked)

        // Rollback journal, EXCLUSIVE lock: nothing can read, nor switch it to WAL.
        case (.lockedByWriterRollback, .atOpen):
            return .openFails(.locked)
        // An owner switched the file to WAL at open: the writer blocks only its writes.
        case (.lockedByWriterRollback, .betweenLoads):
            return followed ? .loadFails(.locked) : .works(write: .locked)
        // The writer's EXCLUSIVE lock waits for the scan's SHARED lock: the scan ends
        // whole, the next load meets the lock.
        case (.lockedByWriterRollback, .duringScan):
            return followed ? .scanCompletesThenFails(.locked) : .works(write: .locked)

        case (.deleted, .atOpen):
            return .impossible("before the open, a deleted file is a missing one: see `missing, at open`")
        case (.replaced, .atOpen):
            return .impossible("before the open there is no earlier file to replace: the source opens the file at the path")
        // The source stays failed; it does not follow a new file at the path.
        case (.deleted, .betweenLoads), (.replaced, .betweenLoads):
            return .loadFails(.fileReplaced)
        case (.deleted, .duringScan), (.replaced, .duringScan):
            return .scanCompletesThenFails(.fileReplaced)

        // Root ignores file modes, so as root an owner still opens and writes; what root
        // tests is that a follower works on a 0444 file in a 0555 directory without
        // writing. Not root, an owner cannot switch a read-only file to WAL (SQLITE_READONLY);
        // checked as `nobody`: `setpriv --reuid=65534 --regid=65534 --clear-groups
        // .build/debug/ListAdapterPackageTests.xctest --testing-library swift-testing --filter SQLiteFaultTableTests`.
        case (.madeReadOnly, .atOpen):
            return followed || isRoot ? .works(write: write) : .openFails(.readOnly)
        // The owner's connections were opened read-write before the change of mode.
        case (.madeReadOnly, _):
            return .works(write: write)

        case (.diskFull, .betweenLoads):
            return .works(write: followed ? .readOnly : .diskFull)
        case (.diskFull, .atOpen):
            return .impossible(
                "SQLITE_FULL is injected with PRAGMA max_page_count, a setting of an open connection; a full filesystem"
                    + " needs a mount (privileges). Reads need no space, so the first write is where a full disk shows: between loads"
            )
        case (.diskFull, .duringScan):
            return .impossible("a scan only reads, and reading needs no space: a full disk fails writes, which are not part of a scan")

        case (.columnDropped, _), (.columnRenamed, _):
            return schemaChange(moment, kind: .missingColumn)
        case (.tableDropped, _):
            return schemaChange(moment, kind: .missingTable)
        }
    }

    /// Another process changes the schema: the open's check catches it, a load after it
    /// fails, and a scan it lands in completes (a read transaction keeps its schema; on a
    /// rollback journal the change even waits for the scan) before the next load fails.
    private static func schemaChange(_ moment: FaultMoment, kind: SQLiteSourceError.Kind) -> FaultOutcome {
        switch moment {
        case .atOpen: .openFails(kind)
        case .betweenLoads: .loadFails(kind)
        case .duringScan: .scanCompletesThenFails(kind)
        }
    }
}
