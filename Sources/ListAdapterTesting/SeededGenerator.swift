/// A small, fast, seedable random number generator (SplitMix64), so that randomised tests
/// can print their seed and replay a failure exactly.
///
/// ```swift
/// let seed = UInt64.random(in: 0 ... .max)
/// print("seed \(seed)")
/// var random = SeededGenerator(seed: seed)
/// let count = Int.random(in: 0 ..< 1_000, using: &random)
/// ```
///
/// Thread safety: a value type; use each copy from one thread at a time.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: any value; the same seed gives the same sequence, on every platform.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Returns: 64 bits, uniformly distributed.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
