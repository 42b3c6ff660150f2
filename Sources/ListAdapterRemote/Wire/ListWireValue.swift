public import Foundation
public import ListAdapter

/// A value that travels in the list protocol: an item identifier or a summary.
///
/// The library conforms the integer types, `String`, `Bool`, `Double`, `UUID`,
/// ListAdapter's `NoSummary` and `Optional` of any of them. Conform a type of your own by
/// writing its parts with the writer's primitives:
///
/// ```swift
/// struct TicketID: Hashable, Sendable, ListWireValue {
///     var project: Int64
///     var number: Int64
///     func write(to writer: inout ListWireWriter) {
///         writer.write(signed: project)
///         writer.write(signed: number)
///     }
///     init(from reader: inout ListWireReader) throws(ListWireError) {
///         project = try reader.readSigned()
///         number = try reader.readSigned()
///     }
/// }
/// ```
///
/// Both ends must agree on the encoding: a server and its apps share the type.
public protocol ListWireValue: Sendable {
    /// Appends the value. Called on whatever queue encodes the message.
    ///
    /// - Parameter writer: the writer of the message being encoded; append the value's parts with
    ///   its primitives (``ListWireWriter/write(varint:)``, ``ListWireWriter/write(text:)``, ...),
    ///   in the order ``init(from:)`` reads them.
    func write(to writer: inout ListWireWriter)
    /// Reads a value written by ``write(to:)``. Called on whatever queue decodes the message.
    ///
    /// - Parameter reader: the reader of the message being decoded, at the value's first byte; read
    ///   exactly the bytes ``write(to:)`` wrote, leaving it at the next value.
    /// - Throws: a ``ListWireError``: the reader's own (``ListWireError/Kind/truncated``,
    ///   ``ListWireError/Kind/tooLarge``), or one made with ``ListWireReader/error(_:_:)`` for
    ///   bytes that are not a valid value.
    init(from reader: inout ListWireReader) throws(ListWireError)
}

extension Int64: ListWireValue {
    /// Zigzag varint.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a zigzag
    ///   varint.
    public func write(to writer: inout ListWireWriter) { writer.write(signed: self) }
    /// Reads a zigzag varint.
    ///
    /// - Parameter reader: the reader, at a zigzag varint; left after it.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self = try reader.readSigned() }
}

extension Int: ListWireValue {
    /// Zigzag varint.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a zigzag
    ///   varint.
    public func write(to writer: inout ListWireWriter) { writer.write(signed: Int64(self)) }
    /// Reads a zigzag varint; refused when it does not fit.
    ///
    /// - Parameter reader: the reader, at a zigzag varint; left after it. A value that does not fit
    ///   an `Int` throws ``ListWireError/Kind/malformed``.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let value = try reader.readSigned()
        guard let exact = Int(exactly: value) else { throw reader.error(.malformed, "\(value) does not fit an Int") }
        self = exact
    }
}

extension Int32: ListWireValue {
    /// Zigzag varint.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a zigzag
    ///   varint.
    public func write(to writer: inout ListWireWriter) { writer.write(signed: Int64(self)) }
    /// Reads a zigzag varint; refused when it does not fit.
    ///
    /// - Parameter reader: the reader, at a zigzag varint; left after it. A value that does not fit
    ///   an `Int32` throws ``ListWireError/Kind/malformed``.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let value = try reader.readSigned()
        guard let exact = Int32(exactly: value) else { throw reader.error(.malformed, "\(value) does not fit an Int32") }
        self = exact
    }
}

extension UInt64: ListWireValue {
    /// Varint.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a varint.
    public func write(to writer: inout ListWireWriter) { writer.write(varint: self) }
    /// Reads a varint.
    ///
    /// - Parameter reader: the reader, at a varint; left after it.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self = try reader.readVarint() }
}

extension UInt32: ListWireValue {
    /// Varint.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a varint.
    public func write(to writer: inout ListWireWriter) { writer.write(varint: UInt64(self)) }
    /// Reads a varint; refused when it does not fit.
    ///
    /// - Parameter reader: the reader, at a varint; left after it. A value that does not fit a
    ///   `UInt32` throws ``ListWireError/Kind/malformed``.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let value = try reader.readVarint()
        guard let exact = UInt32(exactly: value) else { throw reader.error(.malformed, "\(value) does not fit a UInt32") }
        self = exact
    }
}

extension Bool: ListWireValue {
    /// One byte, 0 or 1.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends one byte.
    public func write(to writer: inout ListWireWriter) { writer.write(byte: self ? 1 : 0) }
    /// Reads a byte that must be 0 or 1.
    ///
    /// - Parameter reader: the reader, at one byte; left after it. A byte other than 0 or 1 throws
    ///   ``ListWireError/Kind/malformed``.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        switch try reader.readByte() {
        case 0: self = false
        case 1: self = true
        case let byte: throw reader.error(.malformed, "a Bool must be 0 or 1, not \(byte)")
        }
    }
}

extension Double: ListWireValue {
    /// The 8 bytes of its bit pattern, little-endian.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends 8 bytes.
    public func write(to writer: inout ListWireWriter) {
        let bits = bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { writer.write(byte: UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
    /// Reads 8 bytes, little-endian.
    ///
    /// - Parameter reader: the reader, at 8 bytes; left after them.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let bytes = try reader.readBytes(8)
        var bits: UInt64 = 0
        for (index, byte) in bytes.enumerated() { bits |= UInt64(byte) << UInt64(8 * index) }
        self = Double(bitPattern: bits)
    }
}

extension String: ListWireValue {
    /// Its UTF-8 byte count and bytes.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a length and
    ///   UTF-8 bytes.
    public func write(to writer: inout ListWireWriter) { writer.write(text: self) }
    /// Reads a text; refused unless valid UTF-8.
    ///
    /// - Parameter reader: the reader, at a length and UTF-8 bytes; left after them. A length past
    ///   ``ListWireLimits/textBytes`` throws ``ListWireError/Kind/tooLarge``, bytes that are not
    ///   UTF-8 ``ListWireError/Kind/malformed``.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self = try reader.readText() }
}

extension UUID: ListWireValue {
    /// Its 16 bytes.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends 16 bytes.
    public func write(to writer: inout ListWireWriter) {
        withUnsafeBytes(of: uuid) { writer.write(bytes: $0) }
    }
    /// Reads 16 bytes.
    ///
    /// - Parameter reader: the reader, at 16 bytes; left after them.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let bytes = Array(try reader.readBytes(16))
        self = UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
}

extension NoSummary: ListWireValue {
    /// Nothing: the value takes no bytes.
    ///
    /// - Parameter writer: the writer of the message being encoded; nothing is appended to it.
    public func write(to writer: inout ListWireWriter) {}
    /// Reads nothing.
    ///
    /// - Parameter reader: the reader; nothing is read from it.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self.init() }
}

extension Optional: ListWireValue where Wrapped: ListWireValue {
    /// A flag byte (`0` for `nil`, `1`), then the value.
    ///
    /// - Parameter writer: the writer of the message being encoded; the value appends a flag byte
    ///   and, for a value, the wrapped value.
    public func write(to writer: inout ListWireWriter) {
        if let self {
            writer.write(byte: 1)
            self.write(to: &writer)
        } else {
            writer.write(byte: 0)
        }
    }
    /// Reads the flag, then the value when it is `1`.
    ///
    /// - Parameter reader: the reader, at a flag byte; left after the wrapped value, or after the
    ///   flag for `nil`. A flag other than 0 or 1 throws ``ListWireError/Kind/malformed``.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        switch try reader.readByte() {
        case 0: self = nil
        case 1: self = try Wrapped(from: &reader)
        case let flag: throw reader.error(.malformed, "an optional's flag must be 0 or 1, not \(flag)")
        }
    }
}
