import Foundation
import ListAdapter
import ListAdapterRemote

extension ListFeed {
    /// Answers a payload request (`ListWirePayloads`): the items of the identifiers it
    /// names that the list holds, each encoded as JSON, and the others as missing. An
    /// identifier the list does not hold is never looked up in the source.
    ///
    /// Throws a ``ListServerError``: ``ListServerError/Kind/badRequest`` for a malformed
    /// body or one naming more than ``ListFeedConfiguration/maximumItemsPerRequest``
    /// identifiers, ``ListServerError/Kind/sourceFailed`` when the source's fetch fails.
    ///
    /// Any task; calls the source's `fetchItems(_:)` on the calling task.
    ///
    /// - Parameter requestBody: the body of a payload request as the app sent it, a
    ///   `ListWirePayloads` request naming at most ``ListFeedConfiguration/maximumItemsPerRequest``
    ///   identifiers.
    /// - Returns: the body of the answer (`ListWirePayloads.response(found:missing:)`): each found
    ///   item as JSON, in the order the request named them, and the identifiers the list does not
    ///   hold or the source did not return as missing.
    /// - Throws: ``ListServerError/Kind/itemNotEncodable`` too, when an item's `Encodable`
    ///   conformance throws.
    public func items(requestBody: [UInt8]) async throws(ListServerError) -> [UInt8] {
        let ids: [ID]
        do {
            ids = try ListWirePayloads<ID>.decodeRequest(requestBody, limits: ListWireLimits(requestedItems: configuration.maximumItemsPerRequest))
        } catch {
            throw ListServerError(.badRequest, list: name, message: "\(error)", wireError: error)
        }
        let listed = state.withLock { state in ids.filter { state.snapshot?.contains($0) == true } }
        let fetched: [ID: Source.Item]
        do {
            fetched = listed.isEmpty ? [:] : try await source.fetchItems(listed)
        } catch {
            throw ListServerError(.sourceFailed, list: name, message: "its items cannot be read: \(error)")
        }
        let encoder = JSONEncoder()
        var found: [(id: ID, item: [UInt8])] = []
        var missing: [ID] = []
        for id in ids {
            guard let item = fetched[id] else {
                missing.append(id)
                continue
            }
            do {
                found.append((id, Array(try encoder.encode(item))))
            } catch {
                throw ListServerError(.itemNotEncodable, list: name, message: "an item cannot be encoded as JSON: \(error)")
            }
        }
        return ListWirePayloads<ID>.response(found: found, missing: missing)
    }
}
