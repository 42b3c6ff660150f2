/// What the connector's debug-build check found before a batch reached the view: the
/// view, its data source and the batch are out of step, so UIKit would raise (or worse).
/// The view gets `reloadData` instead of the batch.
///
/// Thread safety: a value type; use it on any queue (the connector reports it on the
/// main actor).
public struct ListViewInconsistency: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is out of step.
    public enum Kind: Sendable, Equatable {
        /// The view does not show what the connector last gave it: it was reloaded or
        /// updated behind the connector's back.
        case viewOutOfStep
        /// The view's data source does not report the adapter's counts: it does not
        /// answer from the adapter.
        case dataSourceOutOfStep
        /// The batch does not take the view's counts to the new ones (a ListAdapter bug).
        case batchDoesNotFit
    }

    /// What is out of step.
    public var kind: Kind
    /// The section whose counts differ; `nil` for the number of sections or a batch.
    public var section: Int?
    /// A plain explanation, with what to do about it.
    public var message: String

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - kind: what is out of step.
    ///   - section: the section whose counts differ; `nil` for the number of sections or a
    ///     batch.
    ///   - message: a plain explanation, with what to do about it.
    public init(_ kind: Kind, section: Int?, message: String) {
        self.kind = kind
        self.section = section
        self.message = message
    }

    /// The plain explanation, ``message``. Any queue.
    public var description: String { message }
}
