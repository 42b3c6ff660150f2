import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A violated property: a trap libFuzzer saves as a crash, its message saying what failed.
func fail(_ message: String) -> Never {
    fatalError("server: \(message)")
}

/// libFuzzer's entry point: the input is what a client sends a list server on one TCP
/// connection, byte for byte (request lines, headers, bodies, pipelined requests, WebSocket
/// frames after an upgrade), then a half-close; the server is a real Hummingbird server in
/// this process (``FuzzServer``), serving two lists under one bearer token.
///
/// Properties, each a way the entrances could fail an operator:
/// - the server answers and closes every connection once the client is done, within
///   ``Exchange/patience``, far under its timeouts (nothing waits for one), with HTTP/1.1
///   responses only;
/// - no status outside those the routes and the connection guard document (a 5xx other
///   than 503 is a fault of ours);
/// - a request without the token gets no 101, no 200 and no byte of a list or a payload
///   (their section titles and subjects hold a marker no answer to a stranger may carry);
/// - every 401 says `WWW-Authenticate: Bearer` and has the routes' JSON error body;
/// - every 256 inputs a well-formed watcher with the token still gets the list, and the
///   process's open files do not grow (a connection the server forgot).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let request = Array(UnsafeBufferPointer(start: data, count: size))
    let server = FuzzServer.shared
    let bytes = Exchange.exchange(request, port: server.port)
    if Outcomes.shows { FileHandle.standardError.write(Data("request: \(printable(request))\nanswer: \(printable(bytes))\n".utf8)) }
    let (answers, _) = Answer.parse(bytes, headRequested: find(Array("HEAD".utf8), in: request, from: 0) != nil)
    check(answers, bytes, to: request)
    Outcomes.record(answers, of: request)
    if Outcomes.count.isMultiple(of: 256) {
        Exchange.checkGoodWatcher(port: server.port)
        checkOpenFiles()
    }
    return 0
}

/// The statuses the server may answer: 101 (upgraded), 200, the routes' and the connection
/// guard's refusals, and Hummingbird's own: 400, 404, 405, 413, 414, 431 and 501 for a
/// request it cannot route or read, 307 (to the same target, closing) for an upgrade asked
/// on a connection's second request, which it can only make on a new connection.
let documentedStatuses: Set<Int> = [101, 200, 307, 400, 401, 404, 405, 408, 409, 413, 414, 426, 431, 501, 503]

func check(_ answers: [Answer], _ bytes: [UInt8], to request: [UInt8]) {
    let hasToken = find(Array(FuzzServer.token.utf8), in: request, from: 0) != nil
    let namesSecret = find(Array(FuzzServer.secret.utf8), in: request, from: 0) != nil
    for answer in answers {
        guard documentedStatuses.contains(answer.status) else { fail("status \(answer.status): \(answer) (request: \(printable(request.prefix(400))))") }
        if !hasToken, answer.status == 101 || answer.status == 200 {
            fail("a request without the token was answered \(answer.status): \(printable(request.prefix(400)))")
        }
        if answer.status == 307, answer.field("connection") != "close" || answer.field("location") == nil {
            fail("a redirect that does not close or says not where: \(answer)")
        }
        if answer.status == 401 {
            guard answer.field("www-authenticate") == "Bearer" else { fail("401 without WWW-Authenticate: Bearer: \(answer)") }
            guard answer.body.starts(with: Array(#"{"error":{"message":"#.utf8)) else { fail("401 without the JSON error body: \(answer)") }
        }
    }
    if !hasToken, !namesSecret, find(Array(FuzzServer.secret.utf8), in: bytes, from: 0) != nil {
        fail("a request without the token got part of a list: \(printable(bytes.prefix(400))) (request: \(printable(request.prefix(400))))")
    }
}

/// Open files (sockets among them) past this many mean connections are not being closed:
/// the run holds about a dozen of its own.
let openFilesLimit = 256

func checkOpenFiles() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
    if names.count > openFilesLimit { fail("\(names.count) open files after \(Outcomes.count) inputs: connections are left open") }
}

/// Counts of what the inputs got, printed with `FUZZ_OUTCOMES=1` (every 10,000 inputs):
/// whether the fuzzer reaches the routes, the upgrade and the refusals at all.
enum Outcomes {
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var statuses: [Int: Int] = [:]
    static let prints = ProcessInfo.processInfo.environment["FUZZ_OUTCOMES"] == "1"
    /// `FUZZ_SHOW=1`: every input and what the server answered, for replaying one.
    static let shows = ProcessInfo.processInfo.environment["FUZZ_SHOW"] == "1"

    static func record(_ answers: [Answer], of request: [UInt8]) {
        count += 1
        for answer in answers { statuses[answer.status, default: 0] += 1 }
        if answers.isEmpty { statuses[0, default: 0] += 1 }
        if prints, count.isMultiple(of: 10_000) {
            print("server outcomes after \(count): " + statuses.sorted { $0.key < $1.key }.map { "\($0.key == 0 ? "none" : String($0.key)) \($0.value)" }.joined(separator: ", "))
        }
    }
}

/// The executable's entry point. SwiftPM links an executable target's `main` as an alias of
/// `<module>_main` (`ServerFuzz_main`), so libFuzzer's own `main` is not the one that runs:
/// this hands libFuzzer's driver the arguments and the entry point above, as its `main` does.
@_cdecl("ServerFuzz_main")
public func serverFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    typealias Driver = @convention(c) (
        UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt
    // RTLD_DEFAULT (a null handle on Linux): the executable and what it links.
    guard let symbol = dlsym(nil, "LLVMFuzzerRunDriver") else { fail("libFuzzer's driver is not linked in") }
    var count = argc
    var arguments = argv
    return unsafeBitCast(symbol, to: Driver.self)(&count, &arguments, { fuzz($0, $1) })
}
