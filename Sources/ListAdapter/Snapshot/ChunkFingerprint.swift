/// A 64-bit hash of a chunk's identifiers and summaries, made when the chunk is made, so
/// that comparing two lists built apart (a rescan of an unchanged table, a transition to
/// an equal list) need not read their items: a million items are 16 MB a list, 32 MB to
/// compare, more than a core reads in the millisecond the no-change diff may take.
///
/// Only for integer identifiers with integer or empty summaries (the common case of row
/// ids and versions), whose equal values are equal bits: the hash reads the chunk's bytes,
/// 16 at a time, through a 64 × 64 → 128-bit multiply (wyhash's mix), seeded once per
/// process at random. Equal chunks always have equal fingerprints; unequal ones have equal
/// fingerprints with a probability of about 2⁻⁶⁴ per compared pair, and the comparison
/// takes equal fingerprints for equal chunks (at a million items and a diff a second, a
/// collision is expected once in about 10¹¹ years). 0 means "not known": chunks made
/// elsewhere, or any chunk whose arrays were written (``ItemChunk`` resets it), are
/// compared item by item.
///
/// Not public.
@usableFromInline
enum ChunkFingerprint {
    @usableFromInline static let seeds: (UInt64, UInt64, UInt64) = (
        .random(in: .min ... .max), .random(in: .min ... .max), .random(in: .min ... .max)
    )

    /// Whether chunks of these types get fingerprints.
    @inlinable
    static func applies<ID, Summary>(to _: ID.Type, _: Summary.Type) -> Bool {
        ID.self is any FixedWidthInteger.Type && (Summary.self is any FixedWidthInteger.Type || MemoryLayout<Summary>.size == 0)
    }

    /// The fingerprint of a chunk of `ids` and `summaries` (never 0), or 0 when the types
    /// get none.
    @inlinable
    static func of<ID, Summary>(ids: ContiguousArray<ID>, summaries: ContiguousArray<Summary>) -> UInt64 {
        guard applies(to: ID.self, Summary.self) else { return 0 }
        let (first, second, third) = seeds
        var state = first
        ids.withUnsafeBytes { absorb($0, into: &state, second) }
        summaries.withUnsafeBytes { absorb($0, into: &state, second) }
        return mix(state ^ third, UInt64(truncatingIfNeeded: ids.count) ^ first) | 1
    }

    /// Folds `bytes` into `state`, 16 bytes per multiply: four independent lanes over each
    /// 64 bytes (so the multiplies overlap instead of waiting on each other), then the
    /// rest one lane at a time.
    @inlinable @inline(__always)
    static func absorb(_ bytes: UnsafeRawBufferPointer, into state: inout UInt64, _ seed: UInt64) {
        var offset = 0
        let count = bytes.count
        if count >= 64 {
            var lanes = (state, state ^ seeds.0, state ^ seeds.1, state ^ seeds.2)
            while offset + 64 <= count {
                lanes.0 = mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ lanes.0,
                              bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ seed)
                lanes.1 = mix(bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self) ^ lanes.1,
                              bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self) ^ seed)
                lanes.2 = mix(bytes.loadUnaligned(fromByteOffset: offset + 32, as: UInt64.self) ^ lanes.2,
                              bytes.loadUnaligned(fromByteOffset: offset + 40, as: UInt64.self) ^ seed)
                lanes.3 = mix(bytes.loadUnaligned(fromByteOffset: offset + 48, as: UInt64.self) ^ lanes.3,
                              bytes.loadUnaligned(fromByteOffset: offset + 56, as: UInt64.self) ^ seed)
                offset += 64
            }
            state = mix(lanes.0 ^ lanes.2, lanes.1 ^ lanes.3 ^ seed)
        }
        while offset + 16 <= count {
            let a = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let b = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            state = mix(a ^ state, b ^ seed)
            offset += 16
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
            if shift == 64 {
                state = mix(tail ^ state, seed)
                tail = 0
                shift = 0
            }
        }
        if shift > 0 { state = mix(tail ^ state, seed ^ shift) }
    }

    /// The high and low halves of the 128-bit product, xored.
    @inlinable @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}
