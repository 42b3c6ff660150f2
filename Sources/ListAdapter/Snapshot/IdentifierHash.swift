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
