public import ListAdapter

/// Why a ``ReferenceListView`` rejected a batch, or why its cells disagree with a data
/// source.
///
/// The first three cases come from ``ReferenceListView/performBatchUpdates(_:dataSource:)``
/// and carry the message UIKit would print (or, for the unsafe verdicts, a message naming
/// the operations involved); the last four come from
/// ``ReferenceListView/verifyCells(against:)`` and carry the offending path and values.
///
/// ```swift
/// do { try view.apply(batch) } catch {
///     print(error)   // R4: attempt to delete row 5 from section 0 which only contains 5 rows …
/// }
/// ```
///
/// Thread safety: a value type; use it on any queue.
public enum ReferenceListViewError<ID: Hashable & Sendable, Summary: Equatable & Sendable>:
    Error, Equatable, CustomStringConvertible
{
    /// UIKit would raise `NSInternalInconsistencyException` with `message`, its own text.
    case invalid(rule: UIKitRule, message: String)
    /// UIKit's validation passes, but the batch crashes, corrupts memory, is silently replaced
    /// by `reloadData`, or is unverified.
    case unsafe(reason: UnsafeBatchReason, message: String)
    /// A reconfigured path does not exist before the update. No public source records UIKit's
    /// text for it, so `message` is the model's own, worded like R3 and R4.
    case reconfigureOutOfBounds(path: ItemPath, message: String)
    /// The view shows a different number of sections (`section == nil`) or of items in
    /// `section` than the data source reports.
    case countMismatch(section: Int?, shown: Int, expected: Int)
    /// A section header shows a different title than the data source reports.
    case sectionTitleMismatch(section: Int, shown: String?, expected: String?)
    /// The cell at `path` was configured for `actual`, but the data source has `expected`
    /// there.
    case wrongIdentity(path: ItemPath, expected: ID, actual: ID)
    /// The cell at `path` shows the right item, `id`, but with an outdated summary.
    case staleCell(path: ItemPath, id: ID, shown: Summary, expected: Summary)

    /// The UIKit rule involved: the rule of an ``invalid(rule:message:)`` error, or the rule
    /// behind an ``unsafe(reason:message:)`` verdict when there is one.
    public var rule: UIKitRule? {
        switch self {
        case .invalid(let rule, _): rule
        case .unsafe(let reason, _): reason.rule
        default: nil
        }
    }

    /// The message of a batch rejection; `nil` for the errors of `verifyCells(against:)`.
    public var message: String? {
        switch self {
        case .invalid(_, let message), .unsafe(_, let message), .reconfigureOutOfBounds(_, let message):
            message
        default: nil
        }
    }

    /// A one-line explanation, led by the rule or reason.
    public var description: String {
        switch self {
        case .invalid(let rule, let message):
            return "UIKit raises NSInternalInconsistencyException (\(rule)): \(message)"
        case .unsafe(let reason, let message):
            let rule = reason.rule.map { ", \($0)" } ?? ""
            return "Unsafe batch (\(reason)\(rule)): \(message)"
        case .reconfigureOutOfBounds(let path, let message):
            return "Invalid reconfigure at \(path): \(message)"
        case .countMismatch(nil, let shown, let expected):
            return "The view shows \(shown) sections, but the data source reports \(expected)."
        case .countMismatch(let section?, let shown, let expected):
            return "Section \(section) shows \(shown) items, but the data source reports \(expected)."
        case .sectionTitleMismatch(let section, let shown, let expected):
            return "Section \(section) shows the title \(Self.quoted(shown)), but the data source reports \(Self.quoted(expected))."
        case .wrongIdentity(let path, let expected, let actual):
            return "The cell at \(path) shows \(actual), but the data source has \(expected) there."
        case .staleCell(let path, let id, let shown, let expected):
            return "The cell at \(path) shows \(id) with the stale summary \(shown); the data source has \(expected)."
        }
    }

    private static func quoted(_ title: String?) -> String {
        title.map { "\"\($0)\"" } ?? "nil"
    }

    init(_ rejection: BatchRejection) {
        switch rejection {
        case .invalid(let rule, let message): self = .invalid(rule: rule, message: message)
        case .unsafe(let reason, let message): self = .unsafe(reason: reason, message: message)
        case .reconfigureOutOfBounds(let path, let message):
            self = .reconfigureOutOfBounds(path: path, message: message)
        }
    }
}

/// A batch rejection before it is tied to a view's identifier and summary types: what the
/// non-generic validation throws.
enum BatchRejection: Error, Equatable {
    case invalid(UIKitRule, String)
    case unsafe(UnsafeBatchReason, String)
    case reconfigureOutOfBounds(ItemPath, String)
}
