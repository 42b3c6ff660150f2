import Foundation

/// A second process that writes the soak's SQLite file: Python's `sqlite3` module, driven
/// over a pipe, one batch of random changes per request. The adapter notices these
/// commits only through the SQLite source's cross-process watch.
final class ChildProcessWriter: @unchecked Sendable {
    // @unchecked Sendable: used only from the soak's serial mutation queue.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    private static let script = #"""
        import random, sqlite3, sys
        db = sqlite3.connect(sys.argv[1], timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        next_id = 1_000_000_000
        for line in sys.stdin:
            seed, count, max_items = (int(part) for part in line.split())
            rng = random.Random(seed)
            sections = ["Alpha", "Bravo", "Charlie", "Delta", None]
            digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
            def key():  # an order key for the person's order: 5 digits, the last not 0
                return "".join(rng.choice(digits) for _ in range(4)) + rng.choice(digits[1:])
            for _ in range(count):
                total = db.execute("SELECT count(*) FROM item").fetchone()[0]
                kind = rng.randrange(8)
                if kind <= 2 and total < max_items:
                    next_id += 1
                    db.execute("INSERT INTO item (id, section, rank, version, position) VALUES (?, ?, ?, 1, ?)", (next_id, rng.choice(sections), rng.random(), key()))
                elif kind == 3:
                    db.execute("DELETE FROM item WHERE id IN (SELECT id FROM item ORDER BY random() LIMIT 1)")
                elif kind == 4:
                    db.execute("UPDATE item SET version = version + 1 WHERE id IN (SELECT id FROM item ORDER BY random() LIMIT 3)")
                elif kind == 5:
                    db.execute("UPDATE item SET rank = ?, position = ? WHERE id IN (SELECT id FROM item ORDER BY random() LIMIT 1)", (rng.random(), key()))
                elif kind == 6:
                    db.execute("UPDATE item SET section = ?, rank = ?, position = ? WHERE id IN (SELECT id FROM item ORDER BY random() LIMIT 1)", (rng.choice(sections), rng.random(), key()))
                else:
                    db.commit()
            db.commit()
            print("done", flush=True)
        """#

    init(databasePath: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, databasePath]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Asks the child for `count` random changes and waits until it has committed them.
    func write(seed: UInt64, count: Int, maxItems: Int) -> Bool {
        guard process.isRunning else { return false }
        input.fileHandleForWriting.write(Data("\(seed % 1_000_000_007) \(count) \(maxItems)\n".utf8))
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { return false }
            if byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self) == "done"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
