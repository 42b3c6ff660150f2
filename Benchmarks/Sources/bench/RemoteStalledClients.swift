#if WebSocket && os(Linux)
import Foundation

/// One process of stalled watchers: `COUNT` TCP connections that ask to watch the list
/// (its whole list first) with a small receive buffer, then never read a byte. The server
/// must hold them without its memory growing. Prints `ready` once every request is sent;
/// ends when its standard input does.
///
/// Runs on the main thread only.
enum RemoteStalledClients {
    static let childFlag = "--remote-stalled-clients"

    /// `bench --remote-stalled-clients COUNT PORT TOKEN`.
    static func runChild(_ arguments: [String]) throws {
        guard arguments.count == 3, let count = Int(arguments[0]), let port = UInt16(arguments[1]) else {
            throw BenchError("usage: \(childFlag) COUNT PORT TOKEN")
        }
        let request = """
            GET /lists/bench/watch HTTP/1.1\r
            Host: 127.0.0.1:\(port)\r
            Upgrade: websocket\r
            Connection: Upgrade\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
            Sec-WebSocket-Version: 13\r
            Authorization: Bearer \(arguments[2])\r
            \r

            """
        var sockets: [Int32] = []
        for _ in 0 ..< count {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw BenchError("socket() failed: errno \(errno)") }
            var size: Int32 = 4_096
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw BenchError("connect() to port \(port) failed: errno \(errno)") }
            let sent = request.utf8CString.withUnsafeBufferPointer { send(descriptor, $0.baseAddress, $0.count - 1, 0) }
            guard sent == request.utf8.count else { throw BenchError("send() failed: errno \(errno)") }
            sockets.append(descriptor)
        }
        say("ready")
        _ = FileHandle.standardInput.readDataToEndOfFile()
        for descriptor in sockets { close(descriptor) }
    }
}
#endif
