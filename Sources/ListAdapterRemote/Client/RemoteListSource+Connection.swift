import Foundation
import ListAdapter

extension RemoteListSource {
    /// Starts the connection task unless one runs (or the source failed for good).
    func connectIfNeeded() {
        state.withLock { state in
            guard state.connection == nil else { return }
            if case .failed = state.status { return }
            state.status = .connecting(lastError: nil)
            state.connection = Task { [weak self] in await self?.connect() }
        }
    }

    /// The watch URL: `/watch` under the list's URL, on `ws`/`wss`, resuming after
    /// `version`.
    func watchURL(after version: ListVersion?) -> URL {
        var components = URLComponents(url: url.appendingPathComponent("watch"), resolvingAgainstBaseURL: false)!
        switch components.scheme {
        case "https": components.scheme = "wss"
        case "http": components.scheme = "ws"
        default: break
        }
        if let version { components.queryItems = [URLQueryItem(name: "after", value: version.description)] }
        return components.url!
    }

    /// Watches until cancelled: each connection resumes from the version held; failures
    /// wait a growing, randomised delay before the next attempt.
    private func connect() async {
        var failures = 0
        while !Task.isCancelled {
            let request = ListTransportRequest(url: watchURL(after: version), headers: headers)
            state.withLock { $0.receivedOnThisConnection = false }
            let failure: RemoteListError
            do {
                try await transport.watch(request) { [weak self] message in
                    guard let self else { throw CancellationError() }
                    try self.receive(message)
                }
                failure = RemoteListError(.serverUnavailable, url: url, message: "the server closed the connection")
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                failure = RemoteListError.from(error, url: url)
            }
            failures = state.withLock { $0.receivedOnThisConnection } ? 0 : failures + 1
            if report(failure) { return }
            let base = configuration.reconnectDelay * (1 << min(max(failures - 1, 0), 20))
            let delay = min(configuration.maximumReconnectDelay, base) * Double.random(in: 0.5 ... 1.0)
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
        }
    }

    /// Reads one message into the replica; tells the adapters when the list changed.
    private func receive(_ message: [UInt8]) throws {
        let (outcome, invalidations, waiters) = try state.withLock { state in
            let outcome = try state.replica.receive(message)
            switch outcome {
            case .list, .change:
                state.status = .live(state.replica.version!)
                state.receivedOnThisConnection = true
                defer { state.waiters = [] }
                return (outcome, state.invalidations, state.waiters)
            case .partial, .failure:
                return (outcome, [], [])
            }
        }
        for waiter in waiters { waiter.resume() }
        for invalidation in invalidations { invalidation.invalidate() }
        if case .failure(let failure) = outcome {
            throw RemoteListError(.serverStopped(failure), url: url, message: "the server stopped serving the list: \(failure)")
        }
    }

    /// Records a failed connection; wakes loads waiting for a first list and, when the
    /// connection was live, tells the adapters (their next load reports the error and
    /// keeps the list). Returns whether the source stops for good.
    private func report(_ error: RemoteListError) -> Bool {
        let (waiters, invalidations) = state.withLock { state in
            let wasLive = if case .live = state.status { true } else { false }
            state.status = error.isFinal ? .failed(error) : .connecting(lastError: error)
            if error.isFinal { state.connection = nil }
            defer { state.waiters = [] }
            return (state.waiters, wasLive || error.isFinal ? state.invalidations : [])
        }
        for waiter in waiters { waiter.resume() }
        for invalidation in invalidations { invalidation.invalidate() }
        return error.isFinal
    }
}
