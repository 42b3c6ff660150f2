/// The hash both identifier indexes use: `hashValue` (seeded SipHash) in general, and for
/// `Int64` and `Int` identifiers, the common case of database row ids, MurmurHash3's
/// 64-bit finaliser over the value xor a per-index seed, about ten times cheaper than
/// SipHash and as well spread over sequential ids.
@usableFromInline
enum IdentifierHash {
    @inlinable @inline(__always)
    static func hash<ID: Hashable>(_ id: ID, seed: UInt64) -> Int {
        // Metatype comparisons fold away in specialised code and are cheap otherwise.
        if ID.self == Int64.self { return mix(UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)), seed: seed) }
        if ID.self == Int.self { return mix(UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))), seed: seed) }
        return id.hashValue
    }

    /// The home slot of `hash` in a table of `2^(64 - shift)` slots: the hash's top bits.
    ///
    /// Top bits rather than low ones, so that a hash's home in a table twice as large is
    /// its home here followed by one more bit: the slots stay in hash order whatever the
    /// table's size, and entries grouped by their top bits before the size is known (as a
    /// builder does while rows stream in) are grouped by home slot in any table.
    @inlinable @inline(__always)
    static func home(_ hash: Int, shift: Int) -> Int {
        Int(bitPattern: UInt(bitPattern: hash) &>> UInt(bitPattern: shift))
    }

    /// The `shift` of ``home(_:shift:)`` for a table of `slotCount` slots (a power of two).
    @inlinable @inline(__always)
    static func homeShift(slotCount: Int) -> Int { Int.bitWidth - slotCount.trailingZeroBitCount }

    /// MurmurHash3's fmix64 of `value ^ seed`: every input bit affects every output bit.
    @inlinable @inline(__always)
    static func mix(_ value: UInt64, seed: UInt64) -> Int {
        var x = value ^ seed
        x ^= x &>> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x &>> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x &>> 33
        return Int(truncatingIfNeeded: x)
    }
}
