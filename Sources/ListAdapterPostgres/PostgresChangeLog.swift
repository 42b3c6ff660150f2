#if PostgreSQL
import PostgresNIO

/// The change log an owned source installs beside its table: a log table, a row trigger
/// that records the identifier of every row inserted, updated or deleted (both identifiers
/// when an update changes it; none for a `TRUNCATE`, which makes readers rescan), and a
/// statement trigger that `NOTIFY`s the log's channel. Any writer, in any language, is
/// seen; readers `LISTEN` and read the log past their cursor.
///
/// Each entry carries the writer's transaction id (`xid8`). Entries become visible in
/// commit order, not in `seq` order (a transaction that took a lower `seq` may commit
/// later), so a reader's cursor is a snapshot's `xmin`, not a `seq`: every transaction
/// that commits after a snapshot has an id at or above its `xmin`, so reading the entries
/// of transactions from the last cursor's `xmin` on, minus those already applied, loses
/// nothing (``LogCursor``).
///
/// Cost to a writer: one log row per changed row (two for an update of the identifier)
/// and one notification per statement (PostgreSQL folds a transaction's identical ones),
/// in the writer's own transaction. Readers prune entries older than an hour beyond the
/// last ``keptEntries``.
struct PostgresChangeLog: Sendable {
    /// Entries kept when pruning, whatever their age.
    static let keptEntries = 20_000

    let schema: String?
    let table: String
    let identifier: String
    /// The statements every patch runs, built once (quoting allocates).
    let positionSQL: String
    let positionAndEntriesSQL: String
    /// `positionAndEntriesSQL`, prepared once per connection.
    let positionAndEntries: PreparedText

    init(schema: String?, table: String, identifier: String) {
        self.schema = schema
        self.table = table
        self.identifier = identifier
        let log = Self.qualified(Self.baseName(table: table), schema: schema)
        positionSQL = Self.positionSQL(log: log)
        positionAndEntriesSQL = Self.positionAndEntriesSQL(log: log, position: positionSQL)
        positionAndEntries = PreparedText(positionAndEntriesSQL)
    }

    /// `listadapter_log_<table>`, cut to PostgreSQL's 63-byte names.
    var baseName: String { Self.baseName(table: table) }
    var qualifiedLog: String { qualified(baseName) }

    private static func baseName(table: String) -> String {
        String(("listadapter_log_" + table).utf8.prefix(56)) ?? "listadapter_log"
    }
    /// The channel the statement trigger notifies.
    var channel: String { baseName }

    private func qualified(_ name: String) -> String {
        Self.qualified(name, schema: schema)
    }

    private static func qualified(_ name: String, schema: String?) -> String {
        (schema.map { $0.quotedIdentifier + "." } ?? "") + name.quotedIdentifier
    }

    var qualifiedTable: String { qualified(table) }

    /// The statements that install (or repair) the log, in one transaction, serialised
    /// with other installers by an advisory lock. `identifierType`: the identifier
    /// column's SQL type (`format_type`), so the log's column matches it.
    func installSQL(identifierType: String) -> [String] {
        let log = qualifiedLog
        let id = identifier.quotedIdentifier
        let rowFunction = qualified(baseName + "_row")
        let statementFunction = qualified(baseName + "_stmt")
        return [
            "SELECT pg_advisory_xact_lock(hashtext(\(("listadapter:" + baseName).quotedLiteral)))",
            """
            CREATE TABLE IF NOT EXISTS \(log) (
                seq bigserial PRIMARY KEY,
                xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
                id \(identifierType),
                at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX IF NOT EXISTS \((baseName + "_xid").quotedIdentifier) ON \(log) (xid)",
            """
            CREATE OR REPLACE FUNCTION \(rowFunction)() RETURNS trigger LANGUAGE plpgsql AS $listadapter$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO \(log) (id) VALUES (NEW.\(id));
                ELSIF TG_OP = 'DELETE' THEN
                    INSERT INTO \(log) (id) VALUES (OLD.\(id));
                ELSE
                    INSERT INTO \(log) (id) VALUES (OLD.\(id));
                    IF NEW.\(id) IS DISTINCT FROM OLD.\(id) THEN
                        INSERT INTO \(log) (id) VALUES (NEW.\(id));
                    END IF;
                END IF;
                RETURN NULL;
            END
            $listadapter$
            """,
            """
            CREATE OR REPLACE FUNCTION \(statementFunction)() RETURNS trigger LANGUAGE plpgsql AS $listadapter$
            BEGIN
                IF TG_OP = 'TRUNCATE' THEN
                    INSERT INTO \(log) (id) VALUES (NULL);
                END IF;
                PERFORM pg_notify(\(channel.quotedLiteral), '');
                RETURN NULL;
            END
            $listadapter$
            """,
            "DROP TRIGGER IF EXISTS listadapter_log_row ON \(qualifiedTable)",
            "CREATE TRIGGER listadapter_log_row AFTER INSERT OR UPDATE OR DELETE ON \(qualifiedTable) FOR EACH ROW EXECUTE FUNCTION \(rowFunction)()",
            "DROP TRIGGER IF EXISTS listadapter_log_statement ON \(qualifiedTable)",
            "CREATE TRIGGER listadapter_log_statement AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(qualifiedTable) FOR EACH STATEMENT EXECUTE FUNCTION \(statementFunction)()",
        ]
    }

    /// The statements that remove the log (its triggers, their functions, the log table),
    /// in one transaction, serialised with installers by the same advisory lock.
    var removeSQL: [String] {
        [
            "SELECT pg_advisory_xact_lock(hashtext(\(("listadapter:" + baseName).quotedLiteral)))",
            "DROP TRIGGER IF EXISTS listadapter_log_row ON \(qualifiedTable)",
            "DROP TRIGGER IF EXISTS listadapter_log_statement ON \(qualifiedTable)",
            "DROP FUNCTION IF EXISTS \(qualified(baseName + "_row"))()",
            "DROP FUNCTION IF EXISTS \(qualified(baseName + "_stmt"))()",
            "DROP TABLE IF EXISTS \(qualifiedLog)",
        ]
    }

    /// `$1`: the table's `regclass` text. One row per trigger of ours the table has.
    static let installedTriggersSQL = """
        SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname IN ('listadapter_log_row', 'listadapter_log_statement') AND tgenabled <> 'D'
        """

    /// The identifier column's type: `$1` the table's `regclass` text, `$2` the column.
    static let identifierTypeSQL = """
        SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2 AND NOT attisdropped
        """

    /// The `seq`s of the entries at or above the caller's snapshot's `xmin` (already
    /// reflected by a list scanned in that snapshot).
    var recentSQL: String {
        "SELECT seq FROM \(qualifiedLog) WHERE xid >= pg_snapshot_xmin(pg_current_snapshot())"
    }

    /// The caller's snapshot's `xmin` (text), and the smallest and largest `seq` in the log.
    private static func positionSQL(log: String) -> String {
        "SELECT pg_snapshot_xmin(pg_current_snapshot())::text, coalesce((SELECT min(seq) FROM \(log)), 0), coalesce((SELECT max(seq) FROM \(log)), 0)"
    }

    /// A patch's first read, one statement: the position (``positionSQL``) on every row, then
    /// `seq, id IS NULL, at-or-above-the-snapshot's-xmin, id` of the entries of transactions
    /// from `$1::xid8` on (`id` NULL: a truncate), in `seq` order; one row of NULL entry
    /// columns when there is none.
    private static func positionAndEntriesSQL(log: String, position: String) -> String {
        """
        SELECT position.xmin, position.lowest, position.highest, entry.seq, entry.truncate, entry.recent, entry.id \
        FROM (\(position)) AS position(xmin, lowest, highest) \
        LEFT JOIN LATERAL (SELECT seq, id IS NULL AS truncate, xid >= pg_snapshot_xmin(pg_current_snapshot()) AS recent, id \
        FROM \(log) WHERE xid >= $1::text::xid8) AS entry ON true ORDER BY entry.seq
        """
    }

    /// Deletes entries older than an hour beyond the last ``keptEntries``.
    var pruneSQL: String {
        "DELETE FROM \(qualifiedLog) WHERE at < now() - interval '1 hour' AND seq <= (SELECT max(seq) FROM \(qualifiedLog)) - \(Self.keptEntries)"
    }
}

/// Where a reader of the change log is: the `xmin` of the snapshot its list reflects, the
/// entries at or above it already applied, and the highest `seq` seen.
struct LogCursor: Sendable, Equatable {
    var xmin: String
    var applied: Set<Int64>
    var highest: Int64

    /// Why a patch past this cursor cannot come from the log (the caller rescans), given
    /// the log's position and what its entries hold; `nil` when it can.
    func obstacle(position: (xmin: String, lowest: Int64, highest: Int64), truncated: Bool, touched: Int, limit: Int) -> String? {
        if position.lowest > highest + 1, position.highest > highest { return "the log was pruned past the cursor" }
        if position.highest < highest { return "the log was emptied or re-created" }
        if truncated { return "the table was truncated" }
        if touched > limit { return "\(touched) rows changed (more than \(limit))" }
        return nil
    }

    /// The cursor past a patch read at `position`, with the entries `applied` already.
    func next(at position: (xmin: String, lowest: Int64, highest: Int64), applied: Set<Int64>) -> LogCursor {
        LogCursor(xmin: position.xmin, applied: applied, highest: max(position.highest, highest))
    }
}
#endif
