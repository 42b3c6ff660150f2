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
    func write(to writer: inout ListWireWriter)
    /// Reads a value written by ``write(to:)``. Called on whatever queue decodes the message.
    init(from reader: inout ListWireReader) throws(ListWireError)
}

extension Int64: ListWireValue {
    /// Zigzag varint.
    public func write(to writer: inout ListWireWriter) { writer.write(signed: self) }
    /// Reads a zigzag varint.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self = try reader.readSigned() }
}

extension Int: ListWireValue {
    /// Zigzag varint.
    public func write(to writer: inout ListWireWriter) { writer.write(signed: Int64(self)) }
    /// Reads a zigzag varint; refused when it does not fit.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let value = try reader.readSigned()
        guard let exact = Int(exactly: value) else { throw reader.error(.malformed, "\(value) does not fit an Int") }
        self = exact
    }
}

extension Int32: ListWireValue {
    /// Zigzag varint.
    public func write(to writer: inout ListWireWriter) { writer.write(signed: Int64(self)) }
    /// Reads a zigzag varint; refused when it does not fit.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let value = try reader.readSigned()
        guard let exact = Int32(exactly: value) else { throw reader.error(.malformed, "\(value) does not fit an Int32") }
        self = exact
    }
}

extension UInt64: ListWireValue {
    /// Varint.
    public func write(to writer: inout ListWireWriter) { writer.write(varint: self) }
    /// Reads a varint.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self = try reader.readVarint() }
}

extension UInt32: ListWireValue {
    /// Varint.
    public func write(to writer: inout ListWireWriter) { writer.write(varint: UInt64(self)) }
    /// Reads a varint; refused when it does not fit.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let value = try reader.readVarint()
        guard let exact = UInt32(exactly: value) else { throw reader.error(.malformed, "\(value) does not fit a UInt32") }
        self = exact
    }
}

extension Bool: ListWireValue {
    /// One byte, 0 or 1.
    public func write(to writer: inout ListWireWriter) { writer.write(byte: self ? 1 : 0) }
    /// Reads a byte that must be 0 or 1.
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
    public func write(to writer: inout ListWireWriter) {
        let bits = bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { writer.write(byte: UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
    /// Reads 8 bytes, little-endian.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        let bytes = try reader.readBytes(8)
        var bits: UInt64 = 0
        for (index, byte) in bytes.enumerated() { bits |= UInt64(byte) << UInt64(8 * index) }
        self = Double(bitPattern: bits)
    }
}

extension String: ListWireValue {
    /// Its UTF-8 byte count and bytes.
    public func write(to writer: inout ListWireWriter) { writer.write(text: self) }
    /// Reads a text; refused unless valid UTF-8.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self = try reader.readText() }
}

extension UUID: ListWireValue {
    /// Its 16 bytes.
    public func write(to writer: inout ListWireWriter) {
        withUnsafeBytes(of: uuid) { writer.write(bytes: $0) }
    }
    /// Reads 16 bytes.
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
    public func write(to writer: inout ListWireWriter) {}
    /// Reads nothing.
    public init(from reader: inout ListWireReader) throws(ListWireError) { self.init() }
}

extension Optional: ListWireValue where Wrapped: ListWireValue {
    /// A flag byte (`0` for `nil`, `1`), then the value.
    public func write(to writer: inout ListWireWriter) {
        if let self {
            writer.write(byte: 1)
            self.write(to: &writer)
        } else {
            writer.write(byte: 0)
        }
    }
    /// Reads the flag, then the value when it is `1`.
    public init(from reader: inout ListWireReader) throws(ListWireError) {
        switch try reader.readByte() {
        case 0: self = nil
        case 1: self = try Wrapped(from: &reader)
        case let flag: throw reader.error(.malformed, "an optional's flag must be 0 or 1, not \(flag)")
        }
    }
}
