public import ListAdapterRemote

/// The lists a server serves by name, and who may see them: what a web framework's routes
/// call. Framework-independent: the Hummingbird routes (`ListAdapterHummingbird`) are one
/// binding; a Vapor app calls the same three methods from its own routes.
///
/// ```swift
/// let server = ListServer(lists: [mailFeed, ticketFeed], access: .tokens(["mail": [token]]))
/// // a route: let list = try await server.authorize(list: name, authorization: header)
/// //          for await message in list.watch(after: version, compression: accepted) { send message }
/// ```
///
/// Threading: every method may be called from any task.
public final class ListServer: Sendable {
    /// The lists, by name.
    public let lists: [String: any ServedList]
    /// Who may see them.
    public let access: ListAccess

    /// A server of `lists` (their names distinct) under `access`.
    ///
    /// - Parameters:
    ///   - lists: the lists to serve, usually ``ListFeed``s; their names must be distinct (two with
    ///     one name trap).
    ///   - access: who may see each list; checked on every request before the list is looked up.
    public init(lists: [any ServedList], access: ListAccess) {
        var byName: [String: any ServedList] = [:]
        for list in lists {
            precondition(byName[list.name] == nil, "two lists are named \"\(list.name)\"")
            byName[list.name] = list
        }
        self.lists = byName
        self.access = access
    }

    /// The list named `name`, if the `Authorization` header's bearer token opens it.
    ///
    /// Throws ``ListServerError/Kind/unauthorized`` for a missing or refused token (checked
    /// first, so an app without a token learns nothing, not even which lists exist), then
    /// ``ListServerError/Kind/listNotFound``.
    ///
    /// - Parameters:
    ///   - name: the list the request names (a path component of its URL).
    ///   - authorization: the request's `Authorization` header (`Bearer <token>`); `nil` when it
    ///     sent none.
    /// - Returns: the list, for the route to watch, or to answer a payload or edit request from.
    public func authorize(list name: String, authorization: String?) async throws(ListServerError) -> any ServedList {
        guard await access.allows(list: name, authorization: authorization) else {
            throw ListServerError(.unauthorized, list: name, message: "a bearer token that opens this list is required")
        }
        guard let list = lists[name] else {
            throw ListServerError(.listNotFound, list: name, message: "no list of this name is served")
        }
        return list
    }

    /// The version a watch request resumes from: the `after` query value (see
    /// `ListVersion.description`), `nil` when absent. Throws
    /// ``ListServerError/Kind/badRequest`` for a value that is not a version.
    ///
    /// - Parameters:
    ///   - list: the list the request names, for the error's message.
    ///   - text: the request's `after` query value, as `ListVersion.description` writes it
    ///     (`1f2e-42`); `nil` when the request has none.
    /// - Returns: the version the watcher holds; `nil` when `text` is `nil` (a watcher that starts
    ///   with the whole list).
    public static func resumeVersion(list: String, after text: String?) throws(ListServerError) -> ListVersion? {
        guard let text else { return nil }
        guard let version = ListVersion(text) else {
            throw ListServerError(.badRequest, list: list, message: "\"after\" must be a version like 1f2e-42")
        }
        return version
    }

    /// Follows every list's source until the calling task is cancelled; then every watcher
    /// is told the server is shutting down. Runs on the calling task (one child task per
    /// list).
    public func run() async {
        await withDiscardingTaskGroup { group in
            for list in lists.values { group.addTask { await list.run() } }
        }
    }
}
