/// The bodies of a payload request (`POST` the identifiers, get their items) in the list
/// protocol: identifiers in the list's wire form, items as the bytes the server encoded
/// them to (JSON, by default).
///
/// | Body | Byte | Then |
/// |---|---|---|
/// | request | 16 | identifiers |
/// | response | 17 | found (identifier, item byte count, item bytes), missing identifiers |
///
/// Thread safety: stateless; call from any queue.
public enum ListWirePayloads<ID: Hashable & Sendable & ListWireValue> {
    static var requestKind: UInt8 { 16 }
    static var responseKind: UInt8 { 17 }

    /// A request for the items of `ids`.
    ///
    /// - Parameter ids: the identifiers whose items to ask for, each once; a server refuses more
    ///   than its ``ListWireLimits/requestedItems`` (1,000 by default).
    /// - Returns: the request's body, for `POST {list URL}/items`.
    public static func request(_ ids: [ID]) -> [UInt8] {
        var writer = ListWireWriter(capacity: 8 + ids.count * 4)
        writer.write(byte: requestKind)
        writer.write(count: ids.count)
        for id in ids { id.write(to: &writer) }
        return writer.bytes
    }

    /// The identifiers a request names: at most `limits.requestedItems`, each once.
    ///
    /// - Parameters:
    ///   - body: a payload request's body, as received.
    ///   - limits: the most identifiers the request may name (``ListWireLimits/requestedItems``)
    ///     and the longest text identifier (``ListWireLimits/textBytes``); the defaults by default.
    /// - Returns: the identifiers, in the request's order.
    /// - Throws: a ``ListWireError`` for a body that is not a payload request, names more than
    ///   `limits.requestedItems` identifiers or one twice, or has bytes after its end.
    public static func decodeRequest(_ body: [UInt8], limits: ListWireLimits = ListWireLimits()) throws(ListWireError) -> [ID] {
        var reader = ListWireReader(body, message: "payload request", limits: limits)
        guard try reader.readByte() == requestKind else { throw ListWireError(.malformed, message: "payload request", offset: 0, detail: "not a payload request") }
        let ids: [ID] = try reader.readDistinctIdentifiers(limit: limits.requestedItems)
        try reader.expectEnd()
        return ids
    }

    /// A response: the encoded items found, and the identifiers that are not in the list
    /// (or have no item).
    ///
    /// - Parameters:
    ///   - found: each item found, by identifier, already encoded (JSON, by default).
    ///   - missing: the identifiers the list does not hold or that have no item.
    /// - Returns: the response's body.
    public static func response(found: [(id: ID, item: [UInt8])], missing: [ID]) -> [UInt8] {
        var writer = ListWireWriter(capacity: 16 + found.reduce(0) { $0 + $1.item.count + 8 })
        writer.write(byte: responseKind)
        writer.write(count: found.count)
        for (id, item) in found {
            id.write(to: &writer)
            writer.write(count: item.count)
            writer.write(bytes: item)
        }
        writer.write(count: missing.count)
        for id in missing { id.write(to: &writer) }
        return writer.bytes
    }

    /// The items and missing identifiers of a response to a request for `requested`:
    /// refused when it answers an identifier not asked for, or one twice.
    ///
    /// - Parameters:
    ///   - body: a payload response's body, as received.
    ///   - requested: the identifiers the request asked for; the response may answer each at most
    ///     once and no other.
    ///   - limits: the longest text identifier accepted (``ListWireLimits/textBytes``); the
    ///     defaults by default.
    /// - Returns: the items found, each as its encoded bytes (slices of `body`), and the
    ///   identifiers reported missing; an identifier asked for but in neither is absent from both.
    /// - Throws: a ``ListWireError`` for a body that is not a payload response, answers an
    ///   identifier not asked for or one twice, or has bytes after its end.
    public static func decodeResponse(_ body: [UInt8], requested: [ID], limits: ListWireLimits = ListWireLimits()) throws(ListWireError) -> (found: [(id: ID, item: ArraySlice<UInt8>)], missing: [ID]) {
        var reader = ListWireReader(body, message: "payload response", limits: limits)
        guard try reader.readByte() == responseKind else { throw ListWireError(.malformed, message: "payload response", offset: 0, detail: "not a payload response") }
        var open = Set(requested)
        let foundCount = try reader.readCount(of: "items", bytesEach: 1, limit: requested.count)
        var found: [(id: ID, item: ArraySlice<UInt8>)] = []
        found.reserveCapacity(foundCount)
        for _ in 0 ..< foundCount {
            let id = try ID(from: &reader)
            guard open.remove(id) != nil else { throw reader.error(.malformed, "an item that was not asked for, or twice") }
            let length = try reader.readCount(of: "item bytes", bytesEach: 1)
            found.append((id, try reader.readBytes(length)))
        }
        let missingCount = try reader.readCount(of: "missing identifiers", bytesEach: 0, limit: requested.count)
        var missing: [ID] = []
        for _ in 0 ..< missingCount {
            let id = try ID(from: &reader)
            guard open.remove(id) != nil else { throw reader.error(.malformed, "a missing identifier that was not asked for, or twice") }
            missing.append(id)
        }
        try reader.expectEnd()
        return (found, missing)
    }
}

extension ListWireReader {
    /// A count (at most `limit`) and that many identifiers, each named once: the body of a
    /// payload request and of a delete.
    mutating func readDistinctIdentifiers<ID: Hashable & ListWireValue>(limit: Int) throws(ListWireError) -> [ID] {
        let count = try readCount(of: "identifiers", bytesEach: 0, limit: limit)
        var ids: [ID] = []
        ids.reserveCapacity(count)
        var seen = Set<ID>()
        for _ in 0 ..< count {
            let id = try ID(from: &self)
            guard seen.insert(id).inserted else { throw error(.malformed, "an identifier named twice") }
            ids.append(id)
        }
        return ids
    }
}
