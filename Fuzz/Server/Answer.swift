import Foundation

/// An HTTP/1.1 response as the server sent it.
struct Answer: CustomStringConvertible {
    var status: Int
    /// Header fields, names lowercased, in order.
    var fields: [(name: String, value: String)]
    var body: [UInt8]

    func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    var description: String { "\(status) \(fields.map { "\($0.name): \($0.value)" }) \(printable(body.prefix(200)))" }

    /// What the server sent on one connection: its responses in order, and after a `101`
    /// the WebSocket bytes that followed. Fails the input when the bytes are not HTTP/1.1
    /// responses (each a status line, fields, and the body its `Content-Length` or chunks
    /// say). `headRequested`: whether a request was `HEAD` (its response has a length and
    /// no body).
    static func parse(_ bytes: [UInt8], headRequested: Bool) -> (answers: [Answer], webSocket: [UInt8]) {
        var answers: [Answer] = []
        var offset = 0
        while offset < bytes.count {
            guard let (answer, end) = parseOne(bytes, at: offset, bodiless: false)
                ?? (headRequested ? parseOne(bytes, at: offset, bodiless: true) : nil) else {
                fail("the server's bytes at \(offset) are not an HTTP/1.1 response: \(printable(bytes[offset...].prefix(300))) (after \(answers))")
            }
            answers.append(answer)
            offset = end
            if answer.status == 101 { return (answers, Array(bytes[offset...])) }
        }
        return (answers, [])
    }

    /// The response at `offset` and where it ends, or `nil` if it is not one (or a response
    /// after it would not start where it ends).
    private static func parseOne(_ bytes: [UInt8], at offset: Int, bodiless: Bool) -> (Answer, Int)? {
        guard let headEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: bytes, from: offset) else { return nil }
        let lines = String(decoding: bytes[offset ..< headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", statusLine[1].count == 3, let status = Int(statusLine[1]) else { return nil }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            fields.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var answer = Answer(status: status, fields: fields, body: [])
        var end = headEnd + 4
        if status == 101 || status == 204 || status == 304 || bodiless {
            // No body.
        } else if let length = answer.field("content-length") {
            guard let count = Int(length), count >= 0, end + count <= bytes.count else { return nil }
            answer.body = Array(bytes[end ..< end + count])
            end += count
        } else if answer.field("transfer-encoding")?.lowercased() == "chunked" {
            while true {
                guard let sizeEnd = find([0x0D, 0x0A], in: bytes, from: end),
                      let size = Int(String(decoding: bytes[end ..< sizeEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16),
                      sizeEnd + 2 + size + 2 <= bytes.count else { return nil }
                answer.body += bytes[sizeEnd + 2 ..< sizeEnd + 2 + size]
                end = sizeEnd + 2 + size + 2
                if size == 0 { break }
            }
        } else {
            answer.body = Array(bytes[end...])
            end = bytes.count
        }
        if status != 101, end < bytes.count, !bytes[end...].starts(with: Array("HTTP/1.1 ".utf8)) { return nil }
        return (answer, end)
    }
}

/// Where `needle` first occurs in `bytes` at or after `start`.
func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
        if bytes[index] == needle[0], bytes[index ..< index + needle.count].elementsEqual(needle) { return index }
        index += 1
    }
    return nil
}
