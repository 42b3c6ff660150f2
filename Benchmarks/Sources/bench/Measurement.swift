import Foundation

/// One line of the results table: a scenario's figure, its baseline measured in the same
/// run, their ratio, and the target.
struct Measurement: Sendable, Codable, Equatable {
    var scenario: String
    var size: Int
    var figure: Double
    var baseline: Double?
    var unit: String
    var target: String
    var passed: Bool?
    var note: String = ""
    /// The figure against the last quiet run's (``RegressionCheck``): said on the console and
    /// kept in the results file, not in BENCHMARKS.md's tables.
    var regression: String?

    var ratio: Double? { baseline.map { $0 > 0 ? figure / $0 : .infinity } }

    var verdict: String { passed.map { $0 ? "met" : "missed" } ?? "reported" }
}

/// Times `body` `repetitions` times and returns the median in milliseconds.
func medianMilliseconds(repetitions: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0 ..< repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return percentile(samples, 0.5)
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded(.up)))
    return sorted[index]
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// Resident memory of this process, in bytes.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Hands memory the process freed back to the system (glibc's `malloc_trim`), as the
/// adapter does after a large load: so that a resident-memory delta measures what is live,
/// not what an earlier step freed but the allocator kept.
func releaseFreedMemory() {
    #if canImport(Glibc)
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    #endif
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

extension Measurement {
    /// A figure as the tables show it: three significant digits at most, three decimals below 10.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.3f", value)
    }
}
