import Dispatch
import Foundation
import ListAdapter
import ListAdapterTesting

/// A mailbox in an `InMemoryListSource`, written from a background thread the way the
/// sample's simulated mail writes its database: new mail at the top, and messages near
/// the top read (summary bumped), deleted, or refiled to the previous day (section
/// changed, summary bumped). Items spell out their summary and section,
/// `"m000123|4|day 039"`, so a test can tell which version of a row a payload is.
///
/// The writer runs one burst of changes each time it is signalled (the test signals it
/// on every delivery, so the writes race the fetches the delivery sets off). Every burst
/// ends with new mail, so every burst changes the list.
final class MailboxWriter: Sendable {
    let source: InMemoryListSource<String, Int, String>
    let seed: UInt64
    private let signal = DispatchSemaphore(value: 0)
    private let state = Guarded(State())
    private let finished = Guarded<CheckedContinuation<Void, Never>?>(nil)

    private struct State {
        var stopped = false
        var done = false
        var bursts = 0
    }

    /// A mailbox of `days` days of `perDay` messages, newest first.
    init(days: Int, perDay: Int, seed: UInt64) {
        var records: [Record] = []
        for day in stride(from: days, to: 0, by: -1) {
            for index in stride(from: perDay - 1, through: 0, by: -1) {
                records.append(Self.record(sequence: day * 1_000 + index, day: day, summary: 1))
            }
        }
        source = InMemoryListSource(records)
        self.seed = seed
    }

    static func record(sequence: Int, day: Int, summary: Int) -> Record {
        let id = "m" + String(format: "%06d", sequence)
        let section = "day " + String(format: "%03d", day)
        return Record(entry: ListEntry(id: id, section: section, summary: summary), item: "\(id)|\(summary)|\(section)")
    }

    /// The summary and section a payload was made for.
    static func parse(_ item: String) -> (summary: Int, section: String)? {
        let parts = item.split(separator: "|")
        guard parts.count == 3, let summary = Int(parts[1]) else { return nil }
        return (summary, String(parts[2]))
    }

    var bursts: Int { state.withLock { $0.bursts } }

    /// Starts the writer thread.
    func start() {
        let thread = Thread { self.run() }
        thread.name = "MailboxWriter"
        thread.start()
    }

    /// Lets the writer run one more burst. Any thread.
    func proceed() {
        signal.signal()
    }

    /// Stops the writer and returns once its thread has finished.
    func stop() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                state.stopped = true
                return state.done
            }
            if done {
                continuation.resume()
            } else {
                finished.withLock { $0 = continuation }
                signal.signal()
            }
        }
    }

    private func run() {
        var random = SeededGenerator(seed: seed)
        var sequence = 900_000
        while true {
            signal.wait()
            if state.withLock({ $0.stopped }) { break }
            let changes = Int.random(in: 1 ... 4, using: &random)
            source.mutate { records in
                for _ in 0 ..< changes {
                    Self.change(&records, using: &random)
                }
                sequence += 1
                let today = records.first.flatMap { Self.day(of: $0) } ?? 1
                records.insert(Self.record(sequence: sequence, day: today, summary: 1), at: 0)
            }
            state.withLock { $0.bursts += 1 }
        }
        state.withLock { $0.done = true }
        finished.withLock { continuation in
            continuation?.resume()
            continuation = nil
        }
    }

    private static func day(of record: Record) -> Int? {
        record.entry.section.flatMap { Int($0.dropFirst(4)) }
    }

    /// One read, delete or refile among the newest messages.
    private static func change(_ records: inout [Record], using random: inout SeededGenerator) {
        guard records.count > 30 else { return }
        let index = Int.random(in: 0 ..< 25, using: &random)
        let old = records[index]
        let id = old.entry.id
        let sequence = Int(id.dropFirst()) ?? 0
        let day = Self.day(of: old) ?? 1
        switch Int.random(in: 0 ..< 3, using: &random) {
        case 0:                                                         // read
            records[index] = record(sequence: sequence, day: day, summary: old.entry.summary + 1)
        case 1:                                                         // delete
            records.remove(at: index)
        default:                                                        // refile to the day before
            records.remove(at: index)
            let moved = record(sequence: sequence, day: day - 1, summary: old.entry.summary + 1)
            // Newest first: by day, then by identifier, both descending.
            let place = records.firstIndex { other in
                let otherDay = Self.day(of: other) ?? 0
                return otherDay < day - 1 || (otherDay == day - 1 && other.entry.id < id)
            } ?? records.count
            records.insert(moved, at: place)
        }
    }
}
