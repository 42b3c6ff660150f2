/// Appends the values of a list protocol message to a byte array: unsigned integers as
/// LEB128 varints, signed ones zigzag-encoded first, texts as a length and UTF-8 bytes.
///
/// Thread safety: a value type; use it on any queue.
public struct ListWireWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] { storage }
    @usableFromInline var storage: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    ///
    /// - Parameter capacity: the bytes to reserve room for, 64 by default; the writer grows past it
    ///   as needed.
    public init(capacity: Int = 64) {
        storage.reserveCapacity(capacity)
    }

    /// Appends one byte.
    ///
    /// - Parameter byte: the byte to append.
    @inlinable
    public mutating func write(byte: UInt8) {
        storage.append(byte)
    }

    /// Appends raw bytes.
    ///
    /// - Parameter more: the bytes to append, as they are: no length is written before them.
    public mutating func write(bytes more: some Sequence<UInt8>) {
        storage.append(contentsOf: more)
    }

    /// Appends `value` as a varint: 7 bits a byte, low bits first, the high bit set on all
    /// but the last byte (1 byte below 128, at most 10).
    ///
    /// - Parameter value: the unsigned value to append, in 1 to 10 bytes.
    @inlinable
    public mutating func write(varint value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            storage.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        storage.append(UInt8(rest))
    }

    /// Appends `value` zigzag-encoded as a varint (small magnitudes, either sign, take few
    /// bytes).
    ///
    /// - Parameter value: the signed value to append; -1 takes one byte, as 1 does.
    @inlinable
    public mutating func write(signed value: Int64) {
        write(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends a count or a length (never negative).
    ///
    /// - Parameter count: the count or length to append, as a varint; must not be negative.
    @inlinable
    public mutating func write(count: Int) {
        write(varint: UInt64(count))
    }

    /// Appends `text` as its UTF-8 byte count and bytes.
    ///
    /// - Parameter text: the text to append, any length; a reader refuses one longer than its
    ///   ``ListWireLimits/textBytes``.
    public mutating func write(text: String) {
        var text = text
        text.withUTF8 { utf8 in
            write(count: utf8.count)
            storage.append(contentsOf: utf8)
        }
    }

    /// Appends an optional text: `0` for `nil`, else `1` and the text.
    ///
    /// - Parameter text: the text to append, or `nil` for the flag byte alone.
    public mutating func write(optionalText text: String?) {
        if let text {
            write(byte: 1)
            write(text: text)
        } else {
            write(byte: 0)
        }
    }
}
