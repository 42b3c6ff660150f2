#if canImport(Glibc)
import Glibc
#endif

/// One connection to the server, as a client that sends its bytes and then says it has no
/// more (a half-close) sees it: every byte the server answers until it closes. Blocking, on
/// libFuzzer's thread.
enum Exchange {
    /// How long the server may take to answer and close once the client has sent all and
    /// half-closed: far past any answer (most take a millisecond), far under the server's
    /// header and idle timeouts (``FuzzServer``: 120 s), so that a connection held until one
    /// of them closes it fails.
    static let patience: Int32 = 15_000

    /// Sends `request` to `127.0.0.1:port`, half-closes, and returns what the server sent
    /// until it closed. A connection still open after ``patience`` fails the input.
    static func exchange(_ request: [UInt8], port: Int) -> [UInt8] {
        let descriptor = connectToLoopback(port)
        defer { close(descriptor) }
        var offset = 0
        while offset < request.count {
            let written = request[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            // The server may close before reading it all (a refused upgrade, a body past
            // the cap): what it sent is still to be read.
            if written <= 0 { break }
            offset += written
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, patience)
            if ready == 0 {
                fail("the server kept the connection open \(patience) ms after the request ended; it had sent \(answer.count) bytes: \(printable(answer.prefix(300)))")
            }
            if ready < 0 {
                if errno == EINTR { continue }
                fail("poll: \(String(cString: strerror(errno)))")
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            // A reset (the server closed with unread bytes) ends the answer as a close does.
            if count <= 0 { return answer }
            answer += chunk[0 ..< count]
        }
    }

    /// A well-formed watch with the token, as an app opens it: the upgrade is made and the
    /// list (its section titles) arrives within ``patience``. The client does not half-close
    /// (a watch ends when the app leaves); it closes once it has seen the list.
    static func checkGoodWatcher(port: Int) {
        let descriptor = connectToLoopback(port)
        defer { close(descriptor) }
        let request = Array(("GET /lists/mail/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(FuzzServer.token)\r\n"
            + "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").utf8)
        var sent = -1
        repeat { sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } } while sent < 0 && errno == EINTR
        guard sent == request.count else {
            fail("a good watcher could not send its request: \(String(cString: strerror(errno)))")
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !(answer.starts(with: Array("HTTP/1.1 101 ".utf8)) && find(Array("\(FuzzServer.secret)inbox".utf8), in: answer, from: 0) != nil) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, patience)
            if ready < 0, errno == EINTR { continue }
            let count = ready > 0 ? chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) } : 0
            if count < 0, errno == EINTR { continue }
            if count <= 0 { fail("a good watcher did not get the list (after \(Outcomes.count) inputs): \(printable(answer.prefix(400)))") }
            answer += chunk[0 ..< count]
        }
    }

    private static func connectToLoopback(_ port: Int) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { fail("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // libFuzzer's timer (SIGALRM, every second) can interrupt the connect, which then
        // goes on by itself: wait until the socket is writable, and read how it ended.
        if connected != 0, errno == EINTR {
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            while poll(&poller, 1, patience) < 0, errno == EINTR {}
            var failure: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size)
            guard poller.revents & Int16(POLLOUT) != 0, failure == 0 else {
                fail("connect to the server's port \(port): \(String(cString: strerror(failure == 0 ? ETIMEDOUT : failure)))")
            }
            return descriptor
        }
        guard connected == 0 else { fail("connect to the server's port \(port): \(String(cString: strerror(errno)))") }
        return descriptor
    }
}

/// Bytes as text for a failure message, control bytes escaped.
func printable(_ bytes: some Collection<UInt8>) -> String {
    String(bytes.map { byte -> String in
        switch byte {
        case 0x0D: "\\r"
        case 0x0A: "\\n"
        case 0x20 ..< 0x7F: String(UnicodeScalar(byte))
        default: "\\x" + String(byte, radix: 16)
        }
    }.joined())
}
