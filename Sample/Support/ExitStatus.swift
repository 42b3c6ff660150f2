/// The exit statuses of `sample`, the same for every command, documented in `--help` and
/// the README.
enum ExitStatus: Int32 {
    /// Done, or stopped by the user (`q`, Ctrl-C, SIGTERM, end of input).
    case success = 0
    /// Bad arguments, or the database or table cannot be opened.
    case cannotStart = 2
    /// The first load failed: there is no list to show or follow.
    case firstLoadFailed = 3
    /// The database file was deleted or replaced while followed.
    case fileGone = 4
    /// A later load failed and the source did not recover within `--patience` (5 s by default).
    case sourceFailed = 5

    /// The statuses as `--help` and the README list them.
    static let documentation = """
        Exit status: 0 stopped by the user (Ctrl-C, SIGTERM, q, end of input); 2 bad arguments, \
        or the database or table cannot be opened; 3 the first load failed; 4 the database file \
        was deleted or replaced; 5 a later load failed and the source did not recover within 5 s.
        """
}
