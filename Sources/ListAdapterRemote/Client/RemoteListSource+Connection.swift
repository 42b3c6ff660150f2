import Foundation
import ListAdapter

extension RemoteListSource {
    /// The source as the connection task sees it: weakly, so that an app that lets go of
    /// its source (and adapter) also lets go of the connection (`deinit` cancels it).
    final class Reference: Sendable {
        weak let source: RemoteListSource?
        init(_ source: RemoteListSource) { self.source = source }
    }

    /// One connection attempt's inputs, copied out so that no strong reference to the source
    /// is held across the attempt's waits.
    struct Attempt: Sendable {
        let transport: any ListTransport
        let request: ListTransportRequest
        let url: URL
    }

    /// Starts the connection task unless one runs (or the source failed for good).
    func connectIfNeeded() {
        let reference = Reference(self)
        state.withLock { state in
            guard state.connection == nil else { return }
            if case .failed = state.status { return }
            state.status = .connecting(lastError: nil)
            state.connection = Task { await Self.connect(reference) }
        }
    }

    /// The watch URL: `/watch` under the list's URL, on `ws`/`wss`, resuming after
    /// `version`, accepting the configuration's compression.
    func watchURL(after version: ListVersion?) -> URL {
        var components = URLComponents(url: url.appendingPathComponent("watch"), resolvingAgainstBaseURL: false)!
        switch components.scheme {
        case "https": components.scheme = "wss"
        case "http": components.scheme = "ws"
        default: break
        }
        var query: [URLQueryItem] = []
        if let version { query.append(URLQueryItem(name: "after", value: version.description)) }
        if let compression = configuration.compression { query.append(URLQueryItem(name: "compression", value: compression.rawValue)) }
        if !query.isEmpty { components.queryItems = query }
        return components.url!
    }

    /// Watches until cancelled or the source is gone: each connection resumes from the
    /// version held; failures wait a growing, randomised delay before the next attempt.
    private static func connect(_ reference: Reference) async {
        var failures = 0
        while !Task.isCancelled {
            guard let attempt = reference.source?.beginAttempt() else { return }
            let failure: RemoteListError
            do {
                try await attempt.transport.watch(attempt.request) { message in
                    guard let source = reference.source else { throw CancellationError() }
                    try source.receive(message)
                }
                failure = RemoteListError(.serverUnavailable, url: attempt.url, message: "the server closed the connection")
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                failure = RemoteListError.from(error, url: attempt.url)
            }
            guard let delay = reference.source?.endAttempt(failure, failures: &failures) else { return }
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
        }
    }

    private func beginAttempt() -> Attempt {
        state.withLock { $0.receivedOnThisConnection = false }
        return Attempt(transport: transport, request: ListTransportRequest(url: watchURL(after: version), headers: headers), url: url)
    }

    /// Records a failed attempt; returns the wait before the next, or `nil` when the source
    /// stops for good.
    private func endAttempt(_ failure: RemoteListError, failures: inout Int) -> Duration? {
        failures = state.withLock { $0.receivedOnThisConnection } ? 0 : failures + 1
        if report(failure) { return nil }
        // Jittered, so that the apps a server dropped together do not come back together.
        let backoff = Backoff(initial: configuration.reconnectDelay, maximum: configuration.maximumReconnectDelay, jitter: 0.5 ... 1.0)
        return backoff.delay(afterFailures: failures)
    }

    /// Reads one message into the replica; tells the adapters when the list changed.
    private func receive(_ message: [UInt8]) throws {
        let (outcome, invalidations, waiters) = try state.withLock { state in
            let outcome = try state.replica.receive(message)
            switch outcome {
            case .list, .change, .upToDate:
                // Up to date: nothing changed, but the connection is live again (the
                // adapters' next load clears the error they reported while it was down).
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
