import Foundation
import ListAdapter
import ListAdapterTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another process a test starts and talks to over pipes (a Python writer, a peer holding a
/// lock, a compiler): spawned with nothing of the test process but its standard error, and
/// waited for off Swift concurrency's threads, with a deadline.
///
/// Why not Foundation's `Process`: its pipes are inheritable, so a child one test starts
/// inherits the pipes of every child other tests have running, and a peer that finishes when
/// its input closes never sees the end of it while another child holds a copy (a fresh-clone
/// CI run once hung in 30 SQLite tests); and its `waitUntilExit()` runs a run loop on
/// the calling thread, which in an async test is one of the two cooperative threads a 2-core
/// machine has. Here every other descriptor is closed in the child, the pipes are
/// close-on-exec in this process, and the exit is reaped by a thread of its own.
///
/// Thread safety: any thread; ``readLine()`` from one task at a time.
package final class ChildProcess: Sendable {
    /// A call that failed, with its `errno`.
    package struct Failure: Error, CustomStringConvertible {
        package let call: String
        package let code: Int32
        package var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// The child's process identifier.
    package let pid: Int32
    private let inputFD: Guarded<Int32?>
    private let outputFD: Int32
    private let reaped = DispatchGroup()
    private let status = Guarded<Int32?>(nil)

    /// Starts `arguments[0]` (looked up on `PATH`) with `arguments`, `environment` added to
    /// this process's, a pipe for its standard input and one for its standard output, and this
    /// process's standard error (or `/dev/null`, `discardingErrors`); with no signal blocked
    /// (a pool thread that spawns it blocks most signals, and a child inherits that mask) and
    /// the default action for the usual ones (SIGPIPE, which this process ignores, included). Throws ``Failure`` if it cannot be started.
    package init(_ arguments: [String], environment: [String: String] = [:], discardingErrors: Bool = false) throws {
        _ = Self.ignoringBrokenPipes
        let input = try Self.pipe()
        let output: (read: Int32, write: Int32)
        do { output = try Self.pipe() } catch {
            close(input.read); close(input.write)
            throw error
        }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        if discardingErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var noSignals = sigset_t()
        var defaulted = sigset_t()                             // SIGPIPE: this process ignores it
        sigemptyset(&noSignals)
        sigemptyset(&defaulted)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaulted, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaulted)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        // Everything else the test process has open is closed in the child, close-on-exec or
        // not (another library's descriptors are not ours to mark).
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)            // Darwin fails a close of a descriptor not open
        #else
        for descriptor in 3 ... Self.highestOpenDescriptor() + 64 {   // glibc ignores those not open
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(input.read)
        close(output.write)
        guard spawned == 0 else {
            close(input.write); close(output.read)
            throw Failure(call: "posix_spawnp \(arguments[0])", code: spawned)
        }
        self.pid = pid
        inputFD = Guarded(input.write)
        outputFD = output.read
        // The reaper: one thread per child. It waits for the exit without reaping, then reaps
        // and records the status under the lock `kill` takes, so that a kill never reaches a
        // process number the system has handed to another process since.
        reaped.enter()
        let (reaped, status, spawnedPID) = (self.reaped, self.status, pid)
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(spawnedPID), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
            status.withLock { status in
                var raw: Int32 = 0
                while waitpid(spawnedPID, &raw, 0) == -1 && errno == EINTR {}
                status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            }
            reaped.leave()
        }
    }

    deinit {
        // A child nobody finished is not left running.
        killUnlessReaped()
        inputFD.withLock { if let fd = $0 { close(fd) } }
        close(outputFD)
    }

    /// The next line the child writes (without its newline), or `nil` at the end of its
    /// output; if no line comes within `limit`, the child is killed and `nil` returned, so a
    /// hung child fails its test rather than hanging it. Waits on a thread of its own.
    package func readLine(within limit: Duration = .seconds(120)) async -> String? {
        let deadline = ContinuousClock.now + limit
        let (fd, child) = (outputFD, self)
        return await onOwnThread {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while true {
                guard Self.waitForInput(fd, until: deadline) else {
                    child.killUnlessReaped()
                    return nil
                }
                let count = read(fd, &byte, 1)
                if count == 1 {
                    if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
                    bytes.append(byte)
                } else if count == 0 || errno != EINTR {
                    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
                }
            }
        }
    }

    /// Writes `line` and a newline to the child's input. Returns once the pipe took it (a
    /// line is far below the pipe's capacity); does nothing once the input is closed or the
    /// child has gone (this process ignores SIGPIPE).
    package func send(_ line: String) {
        inputFD.withLock { fd in
            guard let fd else { return }
            var bytes = Array((line + "\n").utf8)[...]
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if count > 0 { bytes = bytes.dropFirst(count) } else if errno != EINTR { return }
            }
        }
    }

    /// Closes the child's input: a child that reads to the end of it then sees the end.
    package func closeInput() {
        inputFD.withLock { fd in
            if let open = fd { close(open) }
            fd = nil
        }
    }

    /// Waits for the child to exit, for at most `limit`; its exit status (128 + the signal
    /// if a signal ended it), or `nil` if it was still running at the deadline: it is then
    /// killed, so that a hung child fails its test rather than hanging it. Waits on a thread
    /// of its own; may be called more than once.
    package func exitStatus(within limit: Duration = .seconds(120)) async -> Int32? {
        let child = self
        return await onOwnThread { child.waitForExit(within: limit) }
    }

    /// Closes the child's input and waits for it to exit: ``exitStatus(within:)``.
    package func finish(within limit: Duration = .seconds(120)) async -> Int32? {
        closeInput()
        return await exitStatus(within: limit)
    }

    /// Runs `arguments` to the end with no input and `environment` added to this process's,
    /// for at most `limit` (then it is killed); its exit status (`nil` if killed at the
    /// deadline) and everything it wrote.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], within limit: Duration = .seconds(120)
    ) async throws -> (status: Int32?, output: String) {
        let child = try ChildProcess(arguments, environment: environment)
        return await onOwnThread { child.runToEnd(within: limit) }
    }

    /// Runs `arguments` to the end with no input and its errors discarded, for at most
    /// `limit` (then it is killed), blocking the calling thread: for short tools (tmux) called
    /// from synchronous test code. Its exit status (-1 if killed at the deadline) and
    /// everything it wrote.
    ///
    /// A tool that starts a daemon, as the first `tmux new-session` starts the tmux server,
    /// hands the daemon nothing of this process: with Foundation's `Process`, the daemon
    /// inherited the socket `Process` watches for the exit, `waitUntilExit()` waited for the
    /// daemon, and on a machine with no tmux server running the interactive tests hung.
    package static func runToEnd(_ arguments: [String], within limit: Duration = .seconds(120)) throws -> (status: Int32, output: String) {
        let result = try ChildProcess(arguments, discardingErrors: true).runToEnd(within: limit)
        return (result.status ?? -1, result.output)
    }

    /// Reads the child's output to its end and waits for its exit, both within `limit`.
    /// Blocks the calling thread.
    private func runToEnd(within limit: Duration) -> (status: Int32?, output: String) {
        let deadline = ContinuousClock.now + limit
        closeInput()
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while Self.waitForInput(outputFD, until: deadline) {
            let count = read(outputFD, &buffer, buffer.count)
            if count > 0 { output += buffer[0 ..< count] } else if count == 0 || errno != EINTR { break }
        }
        let status = waitForExit(within: max(.zero, deadline - ContinuousClock.now))
        return (status, String(decoding: output, as: UTF8.self))
    }

    /// Blocks until the child has exited, for at most `limit`; see ``exitStatus(within:)``.
    private func waitForExit(within limit: Duration) -> Int32? {
        guard reaped.wait(timeout: .now() + limit.dispatchInterval) == .success else {
            killUnlessReaped()
            reaped.wait()
            return nil
        }
        return status.withLock { $0 }
    }

    /// Sends SIGKILL unless the child has been reaped (under the lock the reaper records the
    /// status with, so the number is still this child's).
    private func killUnlessReaped() {
        status.withLock { status in
            if status == nil { kill(pid, SIGKILL) }
        }
    }

    /// Waits until `fd` has input (or its end), or `deadline` passes: whether it has.
    private static func waitForInput(_ fd: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let milliseconds = Int32(clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }      // let the read report it
        }
    }

    /// Ignores SIGPIPE in this process, once: a write to a child that has gone then fails
    /// with EPIPE instead of ending the test run.
    private static let ignoringBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = Glibc.pipe(&descriptors)
        #else
        let made = Darwin.pipe(&descriptors)
        #endif
        guard made == 0 else { throw Failure(call: "pipe", code: errno) }
        // Close-on-exec at once: a child another thread spawns with Foundation's `Process`
        // in the instant between would still inherit them (it closes nothing); ours close all.
        _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
        return (descriptors[0], descriptors[1])
    }

    /// The highest descriptor this process has open, from `/proc/self/fd` (or `/dev/fd`).
    private static func highestOpenDescriptor() -> Int32 {
        for folder in ["/proc/self/fd", "/dev/fd"] {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
                return names.compactMap { Int32($0) }.max() ?? 2
            }
        }
        return 1_024
    }
}
