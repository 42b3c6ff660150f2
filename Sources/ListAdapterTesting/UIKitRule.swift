/// A rule of UIKit's batch-update validation, numbered R1–R17 as in the package's
/// batch-update rules (`uikit-batch-updates.md`, section c).
///
/// ``ReferenceListViewError/invalid(rule:message:)`` names the rule whose
/// `NSInternalInconsistencyException` UIKit would raise; ``UnsafeBatchReason/rule`` names
/// the rule behind an unsafe verdict when there is one (R6, R11, R17).
///
/// Thread safety: a value type; use it on any queue.
public enum UIKitRule: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A reload equals a delete (the same item, or the same section).
    case r1 = 1
    /// A section delete (including the delete half of a reload) is past the old section count.
    case r2
    /// An item delete names a section past the old section count.
    case r3
    /// An item delete is past the old item count of its section.
    case r4
    /// A move source equals a delete (including the delete half of a reload).
    case r5
    /// An item moves out of a deleted section (collection view; a table view falls back to
    /// `reloadData`, reported as ``UnsafeBatchReason/moveFromDeletedSection``).
    case r6
    /// A section insert is past the new section count.
    case r7
    /// An item insert names a section past the new section count.
    case r8
    /// An item insert is past the new item count of its section.
    case r9
    /// A move destination equals an insert (including the insert half of a reload).
    case r10
    /// An item moves into an inserted section (collection view; a table view falls back to
    /// `reloadData`, reported as ``UnsafeBatchReason/moveIntoInsertedSection``).
    case r11
    /// A move source or destination is out of bounds.
    case r12
    /// Two moves share a source (fan-out) or a destination (fan-in).
    case r13
    /// The new section count is not the old one plus inserted minus deleted sections.
    case r14
    /// A surviving section's new item count does not add up.
    case r15
    /// R14 or R15 reported in the iOS 16.4 and later format.
    case r16
    /// The same item deleted or inserted twice: a table view coalesces the duplicates, an
    /// older collection view counts both and can corrupt memory.
    case r17

    /// The rule's number as the documentation writes it, such as `R4`.
    public var description: String { "R\(rawValue)" }
}
