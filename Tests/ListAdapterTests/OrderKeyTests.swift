import ListAdapter
import ListAdapterTesting
import Testing

/// Fractional order keys: every key lies strictly between its bounds, compares bytewise as
/// its fraction does, and stays valid; fills are short and even.
@Suite("Order keys")
struct OrderKeyTests {
    /// Checks `key` is valid and strictly between the bounds (bytewise, as SQLite's BINARY
    /// collation compares).
    static func expectBetween(_ key: String, _ lower: String?, _ upper: String?, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(OrderKey.isValid(key), "\(key) invalid \(context)", sourceLocation: sourceLocation)
        if let lower { #expect(Array(lower.utf8).lexicographicallyPrecedes(Array(key.utf8)), "\(lower) !< \(key) \(context)", sourceLocation: sourceLocation) }
        if let upper { #expect(Array(key.utf8).lexicographicallyPrecedes(Array(upper.utf8)), "\(key) !< \(upper) \(context)", sourceLocation: sourceLocation) }
    }

    @Test func firstKeysAreShortAndOrdered() throws {
        #expect(try OrderKey.key(between: nil, and: nil) == "V")
        #expect(try OrderKey.key(between: "V", and: nil) == "W")
        #expect(try OrderKey.key(between: nil, and: "V") == "U")
        #expect(try OrderKey.key(between: "V", and: "W") == "VV")
        #expect(try OrderKey.key(between: "z", and: nil) == "zV")
        #expect(try OrderKey.key(between: nil, and: "1") == "0V")
        #expect(try OrderKey.key(between: nil, and: "12") == "1")
        #expect(try OrderKey.key(between: "Vzz", and: nil) == "W")
        #expect(try OrderKey.key(between: "VV", and: "W") == "Vk")
    }

    @Test func aKeyExistsBetweenAdjacentKeys() throws {
        // Keys with no key of their length between them, and bounds that are long.
        let pairs: [(String, String)] = [
            ("V", "V1"), ("V", "W"), ("Vz", "W"), ("Vzzzzzzzzzzzzzzzzzzzzzzzz", "W"),
            ("0001", "0002"), ("1", "2"), ("y", "z"), ("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzy", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"),
            ("00000000000000000000000001", "00000000000000000000000002"), ("V", "V0000000000000000000000000000001"),
        ]
        for (lower, upper) in pairs {
            let key = try OrderKey.key(between: lower, and: upper)
            Self.expectBetween(key, lower, upper, "between \(lower) and \(upper)")
            let keys = try OrderKey.keys(count: 100, between: lower, and: upper)
            #expect(keys.count == 100)
            for (index, key) in keys.enumerated() {
                Self.expectBetween(key, index == 0 ? lower : keys[index - 1], upper, "fill between \(lower) and \(upper)")
            }
        }
    }

    @Test func repeatedInsertionAtOneSpotStaysOrderedAndGrowsSlowly() throws {
        // Always right after `lower`, pushing the previous insertions down.
        let lower = "V", upper = "W"
        var upperBound = upper
        var inserted: [String] = []
        for _ in 0 ..< 600 {
            let key = try OrderKey.key(between: lower, and: upperBound)
            Self.expectBetween(key, lower, upperBound)
            inserted.append(key)
            upperBound = key
        }
        // About log2(62) ≈ 6 insertions per digit.
        #expect(inserted.last!.utf8.count <= 600 / 5 + 2)
        #expect(inserted.reversed() == inserted.sorted())
    }

    @Test func repeatedInsertionAtTheEndsGrowsOneDigitPerThirtyOrMore() throws {
        var last: String? = nil
        var first: String? = nil
        for round in 0 ..< 3_100 {
            let after = try OrderKey.key(between: last, and: nil)
            Self.expectBetween(after, last, nil, "append \(round)")
            last = after
            let before = try OrderKey.key(between: nil, and: first)
            Self.expectBetween(before, nil, first, "prepend \(round)")
            first = before
        }
        #expect(last!.utf8.count <= 3_100 / 30 + 2)
        #expect(first!.utf8.count <= 3_100 / 30 + 2)
    }

    @Test func aMillionKeysFillInFourDigitsEvenly() throws {
        let keys = try OrderKey.keys(count: 1_000_000, between: nil, and: nil)
        #expect(keys.count == 1_000_000)
        #expect(keys.allSatisfy { $0.utf8.count <= 4 && OrderKey.isValid($0) })
        for index in 1 ..< keys.count where !(keys[index - 1] < keys[index]) {
            Issue.record("not ascending at \(index): \(keys[index - 1]) \(keys[index])")
            break
        }
        // Even: a key of at most five digits fits between any two neighbours.
        for index in stride(from: 1, to: keys.count, by: 9_973) {
            #expect(try OrderKey.key(between: keys[index - 1], and: keys[index]).utf8.count <= 5)
        }
        #expect(try OrderKey.keys(count: 61, between: nil, and: nil).allSatisfy { $0.utf8.count == 1 })
        #expect(try OrderKey.keys(count: 62, between: nil, and: nil).contains { $0.utf8.count == 2 })
        #expect(try OrderKey.keys(count: 0, between: "V", and: "W").isEmpty)
    }

    @Test func randomInsertionsKeepEveryKeyOrderedAndDistinct() throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("OrderKeyTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var keys: [String] = []
        for step in 0 ..< 5_000 {
            // Mostly near a few hot spots, so keys get long; sometimes a fill.
            let position = random.next() % 4 == 0 ? Int(random.next() % UInt64(keys.count + 1)) : min(keys.count, Int(random.next() % 3) * keys.count / 2)
            let lower = position > 0 ? keys[position - 1] : nil
            let upper = position < keys.count ? keys[position] : nil
            if step % 500 == 499 {
                let fill = try OrderKey.keys(count: 1 + Int(random.next() % 40), between: lower, and: upper)
                for key in fill { Self.expectBetween(key, lower, upper, "seed \(seed) step \(step)") }
                keys.insert(contentsOf: fill, at: position)
            } else {
                let key = try OrderKey.key(between: lower, and: upper)
                Self.expectBetween(key, lower, upper, "seed \(seed) step \(step)")
                keys.insert(key, at: position)
            }
        }
        #expect(keys == keys.sorted(), "seed \(seed)")
        #expect(Set(keys).count == keys.count, "seed \(seed)")
    }

    @Test func invalidKeysAreNamed() {
        func kind(_ key: String) -> OrderKeyError? {
            do { try OrderKey.validate(key); return nil } catch { return error }
        }
        #expect(kind("")?.kind == .empty)
        #expect(kind("V0")?.kind == .trailingZero)
        #expect(kind("0")?.kind == .trailingZero)
        #expect(kind("Va-b")?.kind == .invalidCharacter(offset: 2))
        #expect(kind("é")?.kind == .invalidCharacter(offset: 0))
        #expect(kind("V W")?.key == "V W")
        #expect(kind("Vz1") == nil)
        #expect(throws: OrderKeyError(.notAscending, key: "W", other: "V")) { try OrderKey.key(between: "W", and: "V") }
        #expect(throws: OrderKeyError(.notAscending, key: "V", other: "V")) { try OrderKey.keys(count: 3, between: "V", and: "V") }
        #expect(throws: OrderKeyError(.trailingZero, key: "W0")) { try OrderKey.key(between: "V", and: "W0") }
        #expect(throws: OrderKeyError(.invalidCharacter(offset: 0), key: "-")) { try OrderKey.key(between: "-", and: nil) }
        #expect("\(OrderKeyError(.trailingZero, key: "W0"))".contains("\"W0\""))
    }
}
