/// Fractional order keys: text positions for rows a person can move, such that a key
/// between any two distinct keys always exists, so a move writes one row and no row is
/// ever renumbered for correctness.
///
/// A key is a non-empty string over the 62 digits `0-9A-Za-z`, read as the base-62
/// fraction `0.d₁d₂d₃…`, with no trailing `0` (so that distinct keys are distinct
/// fractions and every key has keys below it). Because the digits are in ASCII order,
/// comparing keys byte by byte (SQLite's `BINARY` collation, PostgreSQL's `COLLATE "C"`,
/// Swift's `String` `<` on these ASCII strings) orders them as fractions.
///
/// ```swift
/// let first = try OrderKey.key(between: nil, and: nil)       // "V"
/// let second = try OrderKey.key(between: first, and: nil)    // "W"
/// let middle = try OrderKey.key(between: first, and: second) // "VV"
/// let fill = try OrderKey.keys(count: 1_000_000, between: nil, and: nil) // 4 digits each
/// ```
///
/// This follows fractional indexing (David Greenspan, "Implementing Fractional Indexing",
/// and the `fractional-indexing` npm package) without the integer part: keys at the open
/// ends grow by one digit per 30 or so appends at the same end, keys between two neighbours by
/// one digit per 6 or so insertions at the same spot; ``OrderKeyRebalancePolicy`` bounds
/// that growth by rewriting a few neighbours.
///
/// Thread safety: pure functions of their arguments; call them on any queue.
public enum OrderKey {
    /// The 62 digits in ascending order, which is also their ASCII order.
    public static let digits: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    /// The most keys one call to ``keys(count:between:and:)`` spreads.
    public static let maximumCount = 1 << 40

    /// Checks that `key` is a valid order key: non-empty, only the digits `0-9A-Za-z`, not
    /// ending in `0`. Pure; any queue.
    ///
    /// - Throws: ``OrderKeyError`` naming the key and what is wrong with it.
    ///
    /// - Parameter key: the text to check.
    public static func validate(_ key: String) throws(OrderKeyError) {
        _ = try Digits(key)
    }

    /// Whether `key` is a valid order key (see ``validate(_:)``). Pure; any queue.
    ///
    /// - Parameter key: the text to check.
    /// - Returns: `true` when ``validate(_:)`` would not throw.
    public static func isValid(_ key: String) -> Bool {
        (try? Digits(key)) != nil
    }

    /// The shortest convenient key strictly between `lower` and `upper`; `nil` is an open
    /// end (before every key, after every key).
    ///
    /// Between two keys it is the middle of the gap at the fewest digits that leave one;
    /// at an open end it is the shortest key past the other bound (`"W"` after `"V"`, `"U"`
    /// before it), so appending or prepending repeatedly grows keys slowly. Pure; any queue.
    ///
    /// - Complexity: O(length of the keys).
    /// - Throws: ``OrderKeyError`` when a bound is not a valid key, or when `lower` is not
    ///   below `upper`.
    ///
    /// - Parameters:
    ///   - lower: the key to stay above, or `nil` for no lower bound.
    ///   - upper: the key to stay below, or `nil` for no upper bound.
    /// - Returns: a valid key strictly between the bounds; `"V"` when both are `nil`.
    public static func key(between lower: String?, and upper: String?) throws(OrderKeyError) -> String {
        let (low, high) = try bounds(lower, upper)
        switch (low, high) {
        case (nil, nil): return String(decoding: [digits[31]], as: UTF8.self)
        case (let low?, nil): return low.successor().text
        case (nil, let high?): return high.predecessor().text
        case (let low?, let high?): return Digits.spread(count: 1, above: low, below: high)[0].text
        }
    }

    /// `count` keys in ascending order strictly between `lower` and `upper` (`nil`: an open
    /// end), evenly spread over the gap, all of the fewest digits that fit them.
    ///
    /// For the initial fill of a table: a million keys between two open ends have four
    /// digits (62⁴ is about 14.8 million, so about 13 free keys of four digits lie between
    /// each two). Pure; any queue.
    ///
    /// - Complexity: O(`count` × key length).
    /// - Throws: ``OrderKeyError`` when a bound is not a valid key, or when `lower` is not
    ///   below `upper`.
    /// - Precondition: `0 <= count <= maximumCount`.
    ///
    /// - Parameters:
    ///   - count: how many keys to make; 0 returns an empty array.
    ///   - lower: the key to stay above, or `nil` for no lower bound.
    ///   - upper: the key to stay below, or `nil` for no upper bound.
    /// - Returns: `count` distinct valid keys, ascending, strictly between the bounds.
    public static func keys(count: Int, between lower: String?, and upper: String?) throws(OrderKeyError) -> [String] {
        precondition(count >= 0 && count <= maximumCount, "OrderKey.keys(count:): count \(count) is outside 0...\(maximumCount)")
        let (low, high) = try bounds(lower, upper)
        if count == 0 { return [] }
        return Digits.spread(count: count, above: low ?? Digits(zero: ()), below: high).map(\.text)
    }

    /// Parses both bounds and checks their order.
    private static func bounds(_ lower: String?, _ upper: String?) throws(OrderKeyError) -> (Digits?, Digits?) {
        let low = try lower.map { (key) throws(OrderKeyError) in try Digits(key) }
        let high = try upper.map { (key) throws(OrderKeyError) in try Digits(key) }
        if let lower, let upper, !(lower < upper) {
            throw OrderKeyError(.notAscending, key: lower, other: upper)
        }
        return (low, high)
    }
}

/// A key as digit values (0...61), for arithmetic.
struct Digits {
    var values: [UInt8]

    /// The value of each ASCII byte as a digit, or 255.
    static let valueOfByte: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in OrderKey.digits.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    init(_ key: String) throws(OrderKeyError) {
        var values: [UInt8] = []
        values.reserveCapacity(key.utf8.count)
        for (offset, byte) in key.utf8.enumerated() {
            let value = Self.valueOfByte[Int(byte)]
            if value == 255 { throw OrderKeyError(.invalidCharacter(offset: offset), key: key) }
            values.append(value)
        }
        if values.isEmpty { throw OrderKeyError(.empty, key: key) }
        if values.last == 0 { throw OrderKeyError(.trailingZero, key: key) }
        self.values = values
    }

    init(values: [UInt8]) {
        self.values = values
    }

    /// The fraction 0 (not a valid key: the lower end of every gap).
    init(zero: ()) {
        values = []
    }

    var text: String {
        String(decoding: values.map { OrderKey.digits[Int($0)] }, as: UTF8.self)
    }

    /// The shortest key above `self` (the first digit below `z` incremented, the rest
    /// dropped), or `self` followed by the middle digit when every digit is `z`.
    func successor() -> Digits {
        if let index = values.firstIndex(where: { $0 < 61 }) {
            return Digits(values: values[..<index] + [values[index] + 1])
        }
        return Digits(values: values + [31])
    }

    /// The shortest key below `self`: the first digit above `0` decremented (or kept, when
    /// it is a `1` with digits after it), the rest dropped; `…0V` when that is not a key.
    func predecessor() -> Digits {
        // A valid key has a non-zero digit.
        let index = values.firstIndex(where: { $0 > 0 })!
        if values[index] > 1 { return Digits(values: values[..<index] + [values[index] - 1]) }
        if index < values.count - 1 { return Digits(values: Array(values[...index])) }
        return Digits(values: values[..<index] + [0, 31])
    }

    /// `count` keys evenly spread strictly between `low` (a key, or zero) and `high` (a
    /// key, or one when `nil`), all of the fewest digits that fit them.
    ///
    /// At `length` digits, the keys are the integers above `low` truncated and at most
    /// `high` truncated (less one when `high` has no digits past `length`): the loop finds
    /// the fewest digits at which there are `count` of them.
    static func spread(count: Int, above low: Digits, below high: Digits?) -> [Digits] {
        var length = 1
        if let high {
            // Below the first digit where the bounds differ, no key fits.
            while length <= high.values.count, low.digit(length - 1) == high.values[length - 1] { length += 1 }
        }
        while true {
            var difference = [UInt8](repeating: 0, count: length)
            var borrow: UInt8 = 0
            for index in stride(from: length - 1, through: 0, by: -1) {
                let top = high?.digit(index) ?? 61
                let bottom = low.digit(index) + borrow
                if top >= bottom {
                    difference[index] = top - bottom
                    borrow = 0
                } else {
                    difference[index] = top + 62 - bottom
                    borrow = 1
                }
            }
            // `difference` < 62^10 fits in 64 bits; a larger one is counted as 62^10 - 1 (too
            // few: the keys then use part of the gap), which fits any count.
            let cut = max(0, length - 10)
            var available: UInt64 = 839_299_365_868_340_223
            if !difference[..<cut].contains(where: { $0 != 0 }) {
                available = difference[cut...].reduce(0) { $0 * 62 + UInt64($1) }
                if let high, high.values.count <= length { available -= 1 }
            }
            if available >= UInt64(count) {
                return place(count: count, above: Array(low.values.prefix(length)), available: available, length: length)
            }
            length += 1
        }
    }

    /// `count` keys of `length` digits evenly spread over the `available` integers just
    /// above `low`, trailing zeros trimmed.
    private static func place(count: Int, above low: [UInt8], available: UInt64, length: Int) -> [Digits] {
        var base = low
        base += [UInt8](repeating: 0, count: length - base.count)
        // Positions i / (count + 1) of the open interval (low, low + available + 1).
        let span = available + 1
        let parts = UInt64(count) + 1
        var keys: [Digits] = []
        keys.reserveCapacity(count)
        for index in 1 ... UInt64(count) {
            var offset = parts.dividingFullWidth(index.multipliedFullWidth(by: span)).quotient
            var values = base
            var position = length - 1
            var carry: UInt64 = 0
            while offset > 0 || carry > 0 {
                let sum = UInt64(values[position]) + offset % 62 + carry
                values[position] = UInt8(sum % 62)
                carry = sum / 62
                offset /= 62
                position -= 1
            }
            while values.last == 0 { values.removeLast() }
            keys.append(Digits(values: values))
        }
        return keys
    }

    /// Digit `index`, or 0 past the end.
    func digit(_ index: Int) -> UInt8 {
        index < values.count ? values[index] : 0
    }
}
