import CListAdapterZlib

/// How an app lets a server compress the messages of a watch: it names the compressions it
/// reads in the watch request (the query value `compression=deflate`), and the server sends
/// large messages (a list's parts, a long catch-up change) compressed, as message kind 7
/// (see ``ListWireMessages``); small ones stay as they are.
///
/// A server that knows none of the names sends every message uncompressed, and an app that
/// names none is sent none compressed: both ends may be upgraded apart.
///
/// Thread safety: a value type; use it on any queue.
public enum ListWireCompression: String, Sendable, Hashable, CaseIterable {
    /// Raw DEFLATE (RFC 1951) as zlib writes it: the system's zlib on Linux and on Apple
    /// platforms. A list of a million rows: about 4 MB, compressed about 1.2 MB.
    case deflate

    /// The compression a server uses for a watch request's `compression` query value (names
    /// separated by commas, the first known one wins); `nil` (send nothing compressed) when
    /// the value is absent or names none this version knows.
    ///
    /// - Parameter names: a watch request's `compression` query value: compression names separated
    ///   by commas, spaces around them ignored; `nil` when the request has none.
    public init?(accepting names: String?) {
        guard let names else { return nil }
        guard let known = names.split(separator: ",").lazy.compactMap({ ListWireCompression(rawValue: $0.trimmingSpaces()) }).first else { return nil }
        self = known
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension ListWireMessages {
    /// The smallest message a server compresses by default: below it DEFLATE saves too
    /// little to be worth a receiver's time.
    public static var compressionThreshold: Int { 2_048 }

    /// `message` compressed with `compression` (message kind 7: the message's length, then
    /// its raw DEFLATE), or `message` itself when it is shorter than `threshold` or
    /// compression saves less than an eighth of it (not worth the receiver's time).
    ///
    /// `level` is zlib's, 1 (fastest) to 9 (smallest). The default, 1: a list of a million
    /// rows deflates to about the same size at level 6 and takes ten times as long.
    ///
    /// - Parameters:
    ///   - message: one message of the protocol, not already compressed (a compressed one is
    ///     returned as it is).
    ///   - compression: the compression to use; ``ListWireCompression/deflate``, the only one, by
    ///     default.
    ///   - level: zlib's level, clamped to 1 (fastest, the default) through 9 (smallest).
    ///   - threshold: the shortest message compressed, in bytes; ``compressionThreshold`` (2,048)
    ///     by default.
    /// - Returns: the compressed message (kind 7), or `message` itself when it is shorter than
    ///   `threshold`, already compressed, or compresses by less than an eighth.
    public static func compressed(_ message: [UInt8], with compression: ListWireCompression = .deflate, level: Int = 1, threshold: Int = compressionThreshold) -> [UInt8] {
        guard message.count >= threshold, message.first != Kind.compressed.rawValue,
              let deflated = Deflate.compress(message, level: Int32(clamping: level)) else { return message }
        var writer = ListWireWriter(capacity: deflated.count + 12)
        writer.write(byte: Kind.compressed.rawValue)
        writer.write(byte: 0)                       // the compression: 0, raw DEFLATE
        writer.write(count: message.count)
        writer.write(bytes: deflated)
        return writer.bytes.count <= message.count - message.count / 8 ? writer.bytes : message
    }
}

extension ListWireDecoder {
    /// The message a compressed message (kind 7) carries, checked: its announced length
    /// within ``ListWireLimits/inflatedMessageBytes`` and within what DEFLATE can expand
    /// its bytes to (so a small message cannot make the app allocate much), the data valid
    /// DEFLATE that ends exactly at the message's end and inflates to exactly that length,
    /// and not itself compressed.
    func inflated(_ message: [UInt8]) throws(ListWireError) -> [UInt8] {
        var reader = ListWireReader(message, from: 1, message: "compressed", limits: limits)
        let method = try reader.readByte()
        guard method == 0 else { throw reader.error(.malformed, "no compression \(method) (0 is raw DEFLATE)") }
        let length = try reader.readCount(of: "inflated bytes", bytesEach: 0, limit: limits.inflatedMessageBytes)
        // DEFLATE expands at most 1,032 times (a 258-byte match in one bit).
        guard length <= reader.remaining * 1_032 + 64 else {
            throw reader.error(.malformed, "\(reader.remaining) bytes of DEFLATE cannot inflate to the \(length) announced")
        }
        let start = reader.offset
        switch Deflate.inflate(message[start...], count: length) {
        case .inflated(let inner):
            guard !inner.isEmpty else { throw reader.error(.truncated, "inflates to an empty message") }
            guard inner.first != Kind.compressed.rawValue else {
                throw reader.error(.malformed, "a compressed message inside a compressed message")
            }
            return inner
        case .invalid(let why):
            throw reader.error(.malformed, "not raw DEFLATE (zlib: \(why))")
        case .longer:
            throw reader.error(.malformed, "inflates to more than the \(length) bytes announced")
        case .shorter(let count):
            throw reader.error(.truncated, "inflates to \(count) of the \(length) bytes announced")
        case .trailing(let count):
            throw ListWireError(.trailingBytes, message: "compressed", offset: message.count - count, detail: "\(count) bytes after the DEFLATE data's end")
        }
    }
}

/// zlib's raw DEFLATE, one whole buffer at a time.
enum Deflate {
    enum Inflation {
        case inflated([UInt8])
        case invalid(String)
        /// The data goes on past the announced length.
        case longer
        /// The data ended after this many bytes, fewer than announced.
        case shorter(Int)
        /// The data ended with this many bytes of the input left.
        case trailing(Int)
    }

    /// `input` deflated, or `nil` if zlib fails (it has no memory).
    static func compress(_ input: [UInt8], level: Int32) -> [UInt8]? {
        guard input.count < Int(UInt32.max) / 2 else { return nil }
        var stream = z_stream()
        guard listadapter_deflate_init(&stream, max(1, min(9, level))) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        let (output, status) = finish(&stream, input[...], capacity: bound) { deflate(&$0, Z_FINISH) }
        return status == Z_STREAM_END ? output : nil
    }

    /// `input` inflated to exactly `count` bytes.
    static func inflate(_ input: ArraySlice<UInt8>, count: Int) -> Inflation {
        var stream = z_stream()
        guard listadapter_inflate_init(&stream) == Z_OK else { return .invalid("no memory") }
        defer { inflateEnd(&stream) }
        // One byte more than announced: data that goes on past it is told from data that ends there.
        let (output, status) = finish(&stream, input, capacity: count + 1) { CListAdapterZlib.inflate(&$0, Z_FINISH) }
        switch status {
        case Z_STREAM_END:
            if output.count > count { return .longer }
            if output.count < count { return .shorter(output.count) }
            if stream.avail_in > 0 { return .trailing(Int(stream.avail_in)) }
            return .inflated(output)
        case Z_BUF_ERROR where stream.avail_out == 0, Z_OK where stream.avail_out == 0:
            return .longer
        case Z_BUF_ERROR, Z_OK:
            return .shorter(output.count)   // the input ended before the data did
        default:
            return .invalid(stream.msg.map { String(cString: $0) } ?? "error \(status)")
        }
    }

    /// Runs `step` (zlib's `deflate` or `inflate` with `Z_FINISH`) once over the whole of
    /// `input` into a new buffer of `capacity` bytes: the bytes it wrote and its status.
    private static func finish(_ stream: inout z_stream, _ input: ArraySlice<UInt8>, capacity: Int, _ step: (inout z_stream) -> Int32) -> ([UInt8], Int32) {
        var status = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            input.withUnsafeBufferPointer { source in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                status = step(&stream)
            }
            initialized = capacity - Int(stream.avail_out)
        }
        return (output, status)
    }
}
