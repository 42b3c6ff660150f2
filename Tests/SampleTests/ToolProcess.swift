import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a short-lived command-line tool (tmux) and returns its standard output, without
/// Foundation's `Process`.
///
/// `Process` leaves a socket open in the child to learn when it exits. A tool that starts a
/// daemon, as the first `tmux new-session` starts the tmux server, hands that socket on to the
/// daemon, and `waitUntilExit()` then waits for the daemon rather than the tool: on a machine
/// where no tmux server was running, the interactive tests hung until CI's time limit. Here the
/// child gets `/dev/null` for input and errors, a pipe for output, and every other descriptor
/// is closed before it runs, so nothing of this test process outlives the call.
enum ToolProcess {
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [-1, -1]
        guard Self.makePipe(&pipe) == 0 else { throw Failure(call: "pipe", code: errno) }
        // Close-on-exec: only the copy made for the child's standard output survives the spawn.
        _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
        defer { close(pipe[0]) }

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Close everything else the test process has open, whether or not it is marked
        // close-on-exec (closing a descriptor that is not open is not an error for posix_spawn).
        for descriptor in 3 ... highestOpenDescriptor() + 64 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
        close(pipe[1])
        guard spawned == 0 else { throw Failure(call: "posix_spawnp \(arguments[0])", code: spawned) }

        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { output += buffer[0 ..< count] } else if count == 0 || errno != EINTR { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }

    private static func makePipe(_ descriptors: UnsafeMutablePointer<Int32>) -> Int32 {
        #if canImport(Glibc)
        Glibc.pipe(descriptors)
        #else
        Darwin.pipe(descriptors)
        #endif
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
