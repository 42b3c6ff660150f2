/// Small pieces of English the sample prints.
enum Wording {
    /// `1 item`, `2 items`, `0 items`: a count with its noun in the right number.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
