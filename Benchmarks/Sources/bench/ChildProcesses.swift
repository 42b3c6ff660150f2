import Foundation

// What the many-clients scenarios (PostgreSQL, remote) share: client processes, one clock
// for every process, and CPU read from `/proc`.

/// `CLOCK_MONOTONIC` in nanoseconds: one clock for every process on the machine, so a
/// writer's stamp can be read against it in another process.
func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// Another process of this bench (`/proc/self/exe` with `arguments`, a child flag first):
/// the parent talks to it in lines over its standard input and output, and closing its
/// input tells it to end.
///
/// Used from one task at a time (`line()` blocks the calling thread; `nextLine()` reads
/// on a Dispatch thread), hence `@unchecked Sendable`.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Writes `text` and a newline to the child's input.
    func send(_ text: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((text + "\n").utf8))
    }

    /// Closes the child's input (it ends when it reads the end).
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The child's next line; `nil` once it ended.
    func line() -> String? {
        var bytes = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
            if byte == Data("\n".utf8) { return String(decoding: bytes, as: UTF8.self) }
            bytes += byte
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// The child's next line, read on another thread (so the calling task does not block one
    /// of the cooperative pool's threads).
    func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.line()) }
        }
    }
}

/// A client's commit-to-delivery times. Its delivery queue only.
final class Latencies: @unchecked Sendable {
    var milliseconds: [Double] = []
    /// Stamps already counted: a change may come in several batches.
    var seen: Set<Int64> = []
}

/// User and system clock ticks so far of the processes `includes(pid, parent)` accepts
/// (from `/proc/PID/stat`).
func processTicks(of includes: (Int32, Int32) -> Bool) -> Int {
    var total = 0
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        // After "pid (comm) ": state ppid ... utime(14th field) stime(15th).
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 13, let parent = Int32(fields[1]), includes(pid, parent),
              let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
        total += user + system
    }
    return total
}

/// Milliseconds of one clock tick of `processTicks`.
let millisecondsPerTick = 1_000.0 / Double(sysconf(Int32(_SC_CLK_TCK)))

/// How busy the whole machine's CPUs were since `init` (from `/proc/stat`): 1 is every
/// core busy all the time.
struct MachineCPU {
    let start: (busy: Int, total: Int)
    init() { start = Self.read() }

    func busyFraction() -> Double {
        let now = Self.read()
        return Double(now.busy - start.busy) / Double(max(1, now.total - start.total))
    }

    static func read() -> (busy: Int, total: Int) {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return (0, 0) }
        let values = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard values.count >= 5 else { return (0, 0) }
        let idle = values[3] + values[4]              // idle, iowait
        let total = values.prefix(8).reduce(0, +)     // user nice system idle iowait irq softirq steal
        return (total - idle, total)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
