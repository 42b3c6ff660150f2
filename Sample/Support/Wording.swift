import Foundation

/// Small pieces of English the sample prints.
enum Wording {
    /// `1 item`, `2 items`, `0 items`: a count with its noun in the right number.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A count in at most five columns: exact below 10 000 (`9999`), then three
    /// significant digits and a suffix (`12.3k`, `123k`, `1.23M`, `12.3M`, `1.23G`).
    static func compactCount(_ number: Int) -> String {
        let magnitude = abs(number)
        guard magnitude >= 10_000 else { return String(number) }
        let (scale, suffix): (Double, String) = magnitude < 999_500 ? (1e3, "k") : magnitude < 999_500_000 ? (1e6, "M") : (1e9, "G")
        return threeDigits(Double(number) / scale) + suffix
    }

    /// A duration in at most seven columns, three significant digits: `0.31 ms`,
    /// `12.5 ms`, `123 ms`, `1.23 s`, `30.0 s`, `123 s`.
    static func duration(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds < 0.999_5 { return threeDigits(max(0, seconds) * 1e3) + " ms" }
        return threeDigits(seconds) + " s"
    }

    /// `value` with three significant digits (no fraction from 100 up): `1.23`, `12.3`, `123`.
    private static func threeDigits(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 99.95 { return String(format: "%.0f", value) }
        if magnitude >= 9.995 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}
