import ListAdapter
import ListAdapterRemote
#if canImport(Glibc)
import Glibc
#endif

/// Names the target in failure messages (``fail(_:)``).
let fuzzTargetName = "wire"

/// libFuzzer's entry point: the input is a run of messages (each a 2-byte little-endian
/// length, then that many bytes) that an app's replica reads in order, as if a server (or
/// an attacker in its place) sent them; and the same bytes as a payload request and
/// response and as an edit request and its answer, as the server and the app read them.
///
/// Properties: nothing crashes, hangs or allocates past the limits (a third replica reads
/// with the library's default limits, 50,000,000 rows, and `run.sh` fails any single
/// allocation past 64 MB: what a list start announces is not reserved before its rows
/// arrive); a refused message
/// leaves the replica as it was; whenever the replica holds a list it is a list the
/// protocol can carry (encoded and read back, it is equal); a change that is read moves
/// the version one way only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ListWireLimits(rows: 100_000, textBytes: 4_096, requestedItems: 64)
    var replica = ListReplica<Int64, Int64>(limits: limits)
    var textReplica = ListReplica<String, Int64?>(limits: limits)
    var defaultReplica = ListReplica<Int64, Int64>()
    var checked: ListVersion?
    for message in messages(in: bytes) {
        let before = (replica.version, replica.snapshot)
        do {
            let outcome = try replica.receive(message)
            if outcome == .change, let old = before.0, let new = replica.version, !(new.epoch == old.epoch && new.sequence > old.sequence) {
                fail("a change took the replica from \(old) to \(new)")
            }
        } catch {
            if replica.version != before.0 || replica.snapshot != before.1 { fail("a refused message (\(error)) changed the replica") }
        }
        // Once per list the replica comes to hold (a version held is one list).
        if let snapshot = replica.snapshot, let version = replica.version, version != checked {
            checkRoundTrip(snapshot, version, compressed: false)
            checked = version
        }
        _ = try? textReplica.receive(message)
        _ = try? defaultReplica.receive(message)
        _ = try? ListWirePayloads<Int64>.decodeRequest(message, limits: limits)
        _ = try? ListWirePayloads<Int64>.decodeResponse(message, requested: [1, 2, 3, -1, 1 << 40], limits: limits)
        checkEdit(message, limits: limits)
    }
    // Compressed once per input: each compressed message starts a DEFLATE stream, whose
    // state (a quarter of a megabyte, cleared) took most of an input's time when every
    // message of every check was compressed.
    if let snapshot = replica.snapshot, let version = replica.version { checkRoundTrip(snapshot, version, compressed: true) }
    _ = replica.takeChanges()
    return 0
}

/// An edit request the server accepts is one the app could have sent: written again, it
/// reads back the same; the answer to an edit reads as a version or is refused.
func checkEdit(_ message: [UInt8], limits: ListWireLimits) {
    _ = try? ListWireEdits<Int64>.decodeResponse(message)
    for edit in [try? ListWireEdits<Int64>.decodeRequest(message, limits: limits)].compactMap({ $0 }) {
        if (try? ListWireEdits<Int64>.decodeRequest(ListWireEdits<Int64>.request(edit), limits: limits)) != edit { fail("the edit \(edit) does not round-trip") }
    }
    if let edit = try? ListWireEdits<String>.decodeRequest(message, limits: limits),
       (try? ListWireEdits<String>.decodeRequest(ListWireEdits<String>.request(edit), limits: limits)) != edit {
        fail("the edit \(edit) does not round-trip")
    }
}

/// The messages of an input: a 2-byte little-endian length, then the message, repeatedly.
func messages(in bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var offset = 0
    while offset + 2 <= bytes.count {
        let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        offset += 2
        let end = min(bytes.count, offset + length)
        result.append(Array(bytes[offset ..< end]))
        offset = end
    }
    return result
}

/// The list, sent as a server sends it (`compressed`: each message compressed, as to an app
/// that accepts it) and read back, must be itself.
func checkRoundTrip(_ snapshot: ListSnapshot<Int64, Int64>, _ version: ListVersion, compressed: Bool) {
    var decoder = ListWireDecoder<Int64, Int64>()
    var read: ListSnapshot<Int64, Int64>?
    // Compressed whatever its size (threshold 0).
    let messages = ListWireMessages<Int64, Int64>.list(snapshot, version: version, rowsPerPart: 7)
    for message in compressed ? messages.map({ ListWireMessages<Int64, Int64>.compressed($0, threshold: 0) }) : messages {
        do {
            if case .list(_, let list)? = try decoder.decode(message) { read = list }
        } catch {
            fail("the replica's own list does not read back: \(error); list \(describe(snapshot))")
        }
    }
    if read != snapshot { fail("the replica's list reads back as another: \(describe(snapshot))") }
}
