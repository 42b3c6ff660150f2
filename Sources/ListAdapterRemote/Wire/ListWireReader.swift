/// Reads the values of one list protocol message, checking every length and count
/// against the bytes left and the ``ListWireLimits`` before it allocates anything.
///
/// Each failure is a ``ListWireError`` naming the message and the byte offset.
///
/// Thread safety: a value type; use it on any queue.
public struct ListWireReader: Sendable {
    /// The message's bytes.
    public let bytes: [UInt8]
    /// Where the next value starts.
    public private(set) var offset: Int
    /// The message's name, for errors.
    public let message: String
    /// The limits in force.
    public let limits: ListWireLimits

    /// A reader of `bytes`, from `offset` on, reporting errors about `message`.
    ///
    /// - Parameters:
    ///   - bytes: the whole message.
    ///   - offset: the index of the first byte to read, 0 by default (1 skips a message's kind
    ///     byte).
    ///   - message: the message's name, such as `"change"`, for the errors the reader throws.
    ///   - limits: the limits counts and texts are checked against; the defaults by default.
    public init(_ bytes: [UInt8], from offset: Int = 0, message: String, limits: ListWireLimits = ListWireLimits()) {
        self.bytes = bytes
        self.offset = offset
        self.message = message
        self.limits = limits
    }

    /// The bytes not yet read.
    public var remaining: Int { bytes.count - offset }

    /// An error at the current offset.
    ///
    /// - Parameters:
    ///   - kind: what is wrong with the bytes.
    ///   - detail: what was expected or found, for a person.
    /// - Returns: an error naming the reader's message and its current offset; the caller throws
    ///   it.
    public func error(_ kind: ListWireError.Kind, _ detail: String) -> ListWireError {
        ListWireError(kind, message: message, offset: offset, detail: detail)
    }

    /// Reads one byte.
    ///
    /// - Returns: the next byte.
    /// - Throws: ``ListWireError/Kind/truncated`` when no byte is left.
    public mutating func readByte() throws(ListWireError) -> UInt8 {
        guard offset < bytes.count else { throw error(.truncated, "a byte was expected") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads `count` raw bytes.
    ///
    /// - Parameter count: how many bytes to read; refused when negative or more than ``remaining``.
    /// - Returns: the bytes, as a slice of ``bytes``.
    /// - Throws: ``ListWireError/Kind/truncated`` when fewer than `count` bytes are left (or
    ///   `count` is negative).
    public mutating func readBytes(_ count: Int) throws(ListWireError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw error(.truncated, "\(count) bytes were expected, \(remaining) are left") }
        defer { offset += count }
        return bytes[offset ..< offset + count]
    }

    /// Reads a varint (at most 10 bytes, at most 64 bits).
    ///
    /// - Returns: the value.
    /// - Throws: ``ListWireError/Kind/truncated`` when the message ends within it,
    ///   ``ListWireError/Kind/malformed`` when it exceeds 64 bits.
    public mutating func readVarint() throws(ListWireError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            if shift == 63 && byte > 1 { throw error(.malformed, "a varint longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// Reads a zigzag-encoded signed varint.
    ///
    /// - Returns: the value, decoded from its zigzag form.
    /// - Throws: as ``readVarint()``.
    public mutating func readSigned() throws(ListWireError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Reads a count of elements that take at least `bytesEach` bytes apiece: refused when
    /// more than the bytes left could hold, or more than `limit`.
    ///
    /// - Parameters:
    ///   - what: what is counted (`"rows"`, `"text bytes"`), for the error's detail.
    ///   - bytesEach: the fewest bytes each element takes on the wire, 1 by default; 0 skips the
    ///     check against the bytes left (elements that may take no bytes).
    ///   - limit: the largest count accepted; no limit by default.
    /// - Returns: the count, at most `limit` and at most ``remaining`` / `bytesEach`.
    /// - Throws: ``ListWireError/Kind/tooLarge`` for a count past `limit`,
    ///   ``ListWireError/Kind/truncated`` for one the bytes left cannot hold.
    public mutating func readCount(of what: String, bytesEach: Int = 1, limit: Int = .max) throws(ListWireError) -> Int {
        let raw = try readVarint()
        guard raw <= UInt64(Int.max), Int(raw) <= limit else {
            throw error(.tooLarge, "\(raw) \(what), more than the limit of \(limit)")
        }
        let count = Int(raw)
        guard bytesEach == 0 || count <= remaining / bytesEach else {
            throw error(.truncated, "\(count) \(what) announced, but only \(remaining) bytes are left")
        }
        return count
    }

    /// Reads a text: a byte count and that many bytes of valid UTF-8.
    ///
    /// - Returns: the text.
    /// - Throws: ``ListWireError/Kind/tooLarge`` for a length past ``ListWireLimits/textBytes``,
    ///   ``ListWireError/Kind/truncated`` when the message ends first,
    ///   ``ListWireError/Kind/malformed`` for bytes that are not UTF-8 (the offset then points at
    ///   the text's first byte).
    public mutating func readText() throws(ListWireError) -> String {
        let length = try readCount(of: "text bytes", limit: limits.textBytes)
        let start = offset
        let utf8 = try readBytes(length)
        guard let text = String(validating: utf8, as: UTF8.self) else {
            offset = start
            throw error(.malformed, "text that is not valid UTF-8")
        }
        return text
    }

    /// Reads an optional text (a flag byte, then the text when it is `1`).
    ///
    /// - Returns: the text; `nil` when the flag byte is 0.
    /// - Throws: ``ListWireError/Kind/malformed`` for a flag other than 0 or 1, or what
    ///   ``readText()`` throws.
    public mutating func readOptionalText() throws(ListWireError) -> String? {
        switch try readByte() {
        case 0: return nil
        case 1: return try readText()
        case let flag:
            offset -= 1
            throw error(.malformed, "an optional's flag must be 0 or 1, not \(flag)")
        }
    }

    /// Throws unless every byte was read.
    public func expectEnd() throws(ListWireError) {
        guard remaining == 0 else { throw error(.trailingBytes, "\(remaining) bytes after the message's last value") }
    }
}
