import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a server on loopback that sends exactly the bytes a test writes, as
/// an attacker or a broken client would: no client library to fix up a header, finish a
/// request or retry. Blocking; use it from a test's task.
package final class RawHTTPConnection {
    /// An HTTP response as it arrived.
    package struct Response: Sendable, CustomStringConvertible {
        /// The status code (`101`, `401`, ...).
        package var status: Int
        /// The header fields, names lowercased.
        package var headers: [String: String]
        /// The body (`Content-Length` bytes; none for 101).
        package var body: [UInt8]

        package var bodyText: String { String(decoding: body, as: UTF8.self) }
        package var description: String { "HTTP \(status) \(headers) \(bodyText.prefix(300))" }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to `127.0.0.1:port`.
    package init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
    }

    deinit { close(descriptor) }

    /// Writes `text` as it is.
    package func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let written = bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count, flags) }
            guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Reads one response (its head, then `Content-Length` bytes of body unless it is 101),
    /// waiting at most `limit` for each read.
    package func readResponse(within limit: Duration = .seconds(30)) throws -> Response {
        let deadline = ContinuousClock.now + limit
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.endOfHead(pending)
            if headEnd == nil {
                switch try fill(until: deadline) {
                case .data: continue
                case .closed: throw Failure(description: "the connection closed before a whole response head: \(String(decoding: pending, as: UTF8.self))")
                case .timedOut: throw Failure(description: "no whole response head within \(limit): \(String(decoding: pending, as: UTF8.self))")
                }
            }
        }
        let head = String(decoding: pending[..<headEnd!], as: UTF8.self)
        pending.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "not an HTTP status line: \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var response = Response(status: status, headers: headers, body: [])
        guard status != 101 else { return response }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while pending.count < length {
            guard try fill(until: deadline) == .data else { throw Failure(description: "the connection closed or stalled in the body of \(response)") }
        }
        response.body = Array(pending.prefix(length))
        pending.removeFirst(length)
        return response
    }

    /// Whether the server closes the connection within `limit` (bytes that arrive before
    /// the close are kept for ``readResponse(within:)``).
    package func closesWithin(_ limit: Duration) throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while true {
            switch try fill(until: deadline) {
            case .data: continue
            case .closed: return true
            case .timedOut: return false
            }
        }
    }

    private enum Filled { case data, closed, timedOut }

    /// Reads what arrives before `deadline` into `pending`.
    private func fill(until deadline: ContinuousClock.Instant) throws -> Filled {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(60_000, max(1, left / .milliseconds(1)))))
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            guard ready > 0 else { throw Failure(description: "poll: \(String(cString: strerror(errno)))") }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { pending += buffer[..<count]; return .data }
            if count < 0 && errno == EINTR { continue }
            return .closed                              // 0: closed; < 0: reset
        }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0 ... bytes.count - 4 where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

extension RawHTTPConnection: @unchecked Sendable {
    // @unchecked Sendable: a test uses a connection from one task at a time.

    /// ``readResponse(within:)`` on a thread of its own, so that a server in the same process
    /// runs while the test waits (the blocking read would hold one of the few threads that
    /// Swift's tasks share).
    package func response(within limit: Duration = .seconds(30)) async throws -> Response {
        try await Self.offThePool { try self.readResponse(within: limit) }
    }

    /// ``closesWithin(_:)`` on a thread of its own (see ``response(within:)``).
    package func closes(within limit: Duration) async throws -> Bool {
        try await Self.offThePool { try self.closesWithin(limit) }
    }

    private static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// `send(2)`, named apart from the method that calls it.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
