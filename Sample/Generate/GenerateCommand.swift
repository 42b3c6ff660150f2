import ArgumentParser
import Foundation

/// `sample generate`: creates a demo mail database.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Create a demo mail database (messages with sender, subject, body, date, flags, version; FTS5 search)."
    )

    @Option(help: "The database file to create.")
    var db: String

    @Option(help: "How many messages.")
    var rows: Int = 1_000_000

    @Option(help: "How many days (sections) the messages span.")
    var sections: Int = 1_000

    func run() throws {
        guard rows >= 0 else { throw ValidationError("--rows must not be negative") }
        guard sections > 0 else { throw ValidationError("--sections must be positive") }
        let bar = ProgressBar(label: "generating")
        let start = Date()
        let files = ["", "-wal", "-shm", "-journal"].map { db + $0 }
        let interrupted = TerminationSignals.Phase.removeFiles(files, note: "removed the unfinished \(db)")
        do {
            // Checked before the phase that removes the files on SIGINT or SIGTERM: a file that
            // was there before is never ours to remove.
            if FileManager.default.fileExists(atPath: db) {
                throw SampleError("\(db) already exists; remove it or choose another --db")
            }
            try TerminationSignals.during(interrupted) {
                try MailGenerator(path: db, rows: rows, days: sections).generate { bar.update($0, of: $1) }
            }
        } catch let error as SampleError {
            throw error
        } catch {
            throw SampleError("cannot create \(db): \(error)")
        }
        print(String(format: "created %@: %d messages over %d days in %.1f s", db, rows, sections, Date().timeIntervalSince(start)))
    }
}
