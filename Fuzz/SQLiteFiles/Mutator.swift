import Foundation

/// Applies ``FuzzInput/Mutation``s to a file's bytes.
enum Mutator {
    static func apply(_ mutation: FuzzInput.Mutation, to bytes: inout [UInt8], layout: FileLayout) {
        if mutation.kind == .truncate, mutation.v & 1 == 1 {
            // A file longer than its header says: a page of zeros past the end.
            bytes += [UInt8](repeating: 0, count: layout.pageSize)
            return
        }
        guard let offset = layout.offset(mutation.a, region: mutation.region, b: mutation.b, fine: mutation.fine, count: bytes.count) else {
            return
        }
        switch mutation.kind {
        case .set:
            bytes[offset] = UInt8(mutation.v)
        case .xor:
            bytes[offset] ^= mutation.v == 0 ? 0xFF : UInt8(mutation.v)
        case .word:
            let word = FuzzInput.interestingWords[mutation.v % FuzzInput.interestingWords.count]
            for index in 0 ..< 4 where offset + index < bytes.count {
                bytes[offset + index] = UInt8(truncatingIfNeeded: word >> (24 - 8 * index))
            }
        case .truncate:
            bytes.removeSubrange(offset...)
        }
    }
}
