/// A failure the user can fix (a missing file, bad JSON, bad input), reported as one line
/// on standard error with exit status 2.
struct SampleError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
