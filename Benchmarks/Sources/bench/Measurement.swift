import Foundation

/// One line of the results table: a scenario's figure, its baseline measured in the same
/// run, their ratio, and the target.
struct Measurement: Sendable {
    var scenario: String
    var size: Int
    var figure: Double
    var baseline: Double?
    var unit: String
    var target: String
    var passed: Bool?
    var note: String = ""

    var ratio: Double? { baseline.map { $0 > 0 ? figure / $0 : .infinity } }
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
    static func markdown(_ results: [Measurement], machine: String, command: String) -> String {
        var text = "| scenario | size | figure | baseline | ratio | target | verdict |\n|---|---:|---:|---:|---:|---|---|\n"
        for result in results {
            let baseline = result.baseline.map { format($0) + " " + result.unit } ?? "-"
            let ratio = result.ratio.map { String(format: "%.2fx", $0) } ?? "-"
            let verdict = result.passed.map { $0 ? "met" : "missed" } ?? "reported"
            text += "| \(result.scenario) | \(result.size) | \(format(result.figure)) \(result.unit) | \(baseline) | \(ratio) | \(result.target) | \(verdict)\(result.note.isEmpty ? "" : " (\(result.note))") |\n"
        }
        return "Machine: \(machine)\n\nCommand: `\(command)`\n\n" + text
    }

    static func json(_ results: [Measurement]) -> String {
        let objects = results.map { result -> String in
            var fields = [
                "\"scenario\": \"\(result.scenario)\"", "\"size\": \(result.size)",
                "\"figure\": \(jsonNumber(result.figure))", "\"unit\": \"\(result.unit)\"",
                "\"target\": \"\(result.target)\"",
            ]
            if let baseline = result.baseline { fields.append("\"baseline\": \(jsonNumber(baseline))") }
            if let ratio = result.ratio { fields.append("\"ratio\": \(jsonNumber(ratio))") }
            if let passed = result.passed { fields.append("\"passed\": \(passed)") }
            if !result.note.isEmpty { fields.append("\"note\": \"\(result.note)\"") }
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.3f", value)
    }

    private static func jsonNumber(_ value: Double) -> String {
        value.isFinite ? String(format: "%.4f", value) : "null"
    }
}
