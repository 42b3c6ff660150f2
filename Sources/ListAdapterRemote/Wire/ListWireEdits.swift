public import ListAdapter

/// The body of an edit request (`POST` a person's move or delete to the list's server,
/// which writes it through its source) in the list protocol.
///
/// | Body | Byte | Then |
/// |---|---|---|
/// | move | 18 | identifier, source path, destination path, source title, destination title, previous, next |
/// | delete | 19 | identifiers, in list order |
///
/// The answer to an edit is empty, or the version of a list that has the edit in it
/// (``response(version:)``).
///
/// A path is two counts (section, item); a title is optional text; `previous` and `next`
/// are a byte (0 absent, 1 present) and then the identifier.
///
/// Thread safety: stateless; call from any queue.
public enum ListWireEdits<ID: Hashable & Sendable & ListWireValue> {
    static var moveKind: UInt8 { 18 }
    static var deleteKind: UInt8 { 19 }

    /// The request that writes `edit`.
    ///
    /// - Parameter edit: the move (with its paths, section titles and new neighbours) or the delete
    ///   (identifiers in list order) to send.
    /// - Returns: the request's body, for `POST {list URL}/edits`.
    public static func request(_ edit: ListEdit<ID>) -> [UInt8] {
        var writer = ListWireWriter(capacity: 32 + edit.identifiers.count * 4)
        switch edit {
        case .move(let move):
            writer.write(byte: moveKind)
            move.id.write(to: &writer)
            for index in [move.source.section, move.source.item, move.destination.section, move.destination.item] { writer.write(count: index) }
            writer.write(optionalText: move.sourceSection)
            writer.write(optionalText: move.destinationSection)
            for neighbour in [move.previous, move.next] {
                writer.write(byte: neighbour == nil ? 0 : 1)
                neighbour?.write(to: &writer)
            }
        case .delete(let ids):
            writer.write(byte: deleteKind)
            writer.write(count: ids.count)
            for id in ids { id.write(to: &writer) }
        }
        return writer.bytes
    }

    /// The edit a request names: a delete of at most `limits.requestedItems` identifiers,
    /// each once; a move whose paths fit `limits.rows` and whose item is not its own
    /// neighbour.
    ///
    /// - Parameters:
    ///   - body: an edit request's body, as received.
    ///   - limits: the most identifiers a delete may name (``ListWireLimits/requestedItems``), the
    ///     largest path index (``ListWireLimits/rows``) and text (``ListWireLimits/textBytes``);
    ///     the defaults by default.
    /// - Returns: the edit the body names.
    /// - Throws: a ``ListWireError`` for a body that is truncated, of an unknown kind, past
    ///   `limits`, with bytes after its end, naming an identifier twice or an item as its own
    ///   neighbour.
    public static func decodeRequest(_ body: [UInt8], limits: ListWireLimits = ListWireLimits()) throws(ListWireError) -> ListEdit<ID> {
        var reader = ListWireReader(body, message: "edit request", limits: limits)
        switch try reader.readByte() {
        case moveKind:
            let id = try ID(from: &reader)
            var indexes: [Int] = []
            for what in ["source section", "source item", "destination section", "destination item"] {
                indexes.append(try reader.readCount(of: what, bytesEach: 0, limit: limits.rows))
            }
            let sourceSection = try reader.readOptionalText()
            let destinationSection = try reader.readOptionalText()
            var neighbours: [ID?] = []
            for _ in 0 ..< 2 {
                switch try reader.readByte() {
                case 0: neighbours.append(nil)
                case 1: neighbours.append(try ID(from: &reader))
                case let flag: throw reader.error(.malformed, "a neighbour flag of \(flag)")
                }
            }
            try reader.expectEnd()
            guard neighbours[0] != id, neighbours[1] != id else { throw reader.error(.malformed, "an item named as its own neighbour") }
            return .move(ListMove(
                id: id, source: ItemPath(section: indexes[0], item: indexes[1]), destination: ItemPath(section: indexes[2], item: indexes[3]),
                sourceSection: sourceSection, destinationSection: destinationSection, previous: neighbours[0], next: neighbours[1]
            ))
        case deleteKind:
            let ids: [ID] = try reader.readDistinctIdentifiers(limit: limits.requestedItems)
            try reader.expectEnd()
            return .delete(ids)
        case let kind:
            throw ListWireError(.malformed, message: "edit request", offset: 0, detail: "no edit kind \(kind)")
        }
    }

    /// The answer to a written edit: `version` (a list with the edit in it), or nothing
    /// when the server could not say.
    ///
    /// - Parameter version: the version of a list that has the edit in it; `nil` when the server
    ///   could not say (its wait for a read timed out).
    /// - Returns: the answer's body: `version`'s two varints, or no bytes for `nil`.
    public static func response(version: ListVersion?) -> [UInt8] {
        guard let version else { return [] }
        var writer = ListWireWriter(capacity: 24)
        version.write(to: &writer)
        return writer.bytes
    }

    /// The version an edit's answer names, if any.
    ///
    /// - Parameter body: the body of a successful (2xx) answer to an edit request.
    /// - Returns: the version the answer names; `nil` for an empty body.
    /// - Throws: a ``ListWireError`` for a body that is not one version and nothing after it.
    public static func decodeResponse(_ body: [UInt8]) throws(ListWireError) -> ListVersion? {
        guard !body.isEmpty else { return nil }
        var reader = ListWireReader(body, message: "edit response")
        let version = try ListVersion.read(from: &reader)
        try reader.expectEnd()
        return version
    }
}
