/// Why a batch that UIKit's validation lets through must still never be performed: it
/// crashes or corrupts memory later, UIKit silently replaces it with `reloadData`, or its
/// outcome is unverified.
///
/// Each case names the failure it stands for; ``ReferenceListViewError/unsafe(reason:message:)``
/// carries one with a message naming the operations involved.
///
/// Thread safety: a value type; use it on any queue.
public enum UnsafeBatchReason: Hashable, Sendable, Codable, CustomStringConvertible {
    /// An item delete, reload or move inside a moved section (a move's source section or
    /// destination section). IGListKit: "heap corruptions, exceptions, and
    /// animation/snapshot bugs".
    case itemOperationInMovedSection
    /// An item insert (including the insert half of a reload) into the destination section
    /// of a section move: heap corruption (openradar 26021018, IGListKit #691).
    case itemInsertIntoMovedSection
    /// A section moved onto its own index plus an item move out of that section:
    /// `request for index path for global index …` (openradar 48941906).
    case noOpSectionMoveWithItemMoveOut
    /// The same item or section deleted twice on a collection view, where the count check
    /// passed: the older collection view counts both and can corrupt memory (R17).
    case duplicateDelete
    /// The same item or section inserted twice on a collection view, where the count check
    /// passed (R17).
    case duplicateInsert
    /// On a table view, an item move out of a deleted section: UIKit performs a
    /// non-animated `reloadData` instead of the batch (R6).
    case moveFromDeletedSection
    /// On a table view, an item move into an inserted section: UIKit performs a
    /// non-animated `reloadData` instead of the batch (R11).
    case moveIntoInsertedSection
    /// A reconfigure combined with a delete, move or reload of the same path: no public
    /// source shows what UIKit does with it.
    case reconfigureUnverified
    /// A reconfigure whose pre-update path names no item in the data source after the
    /// update: the cell provider would be asked for a path that does not exist.
    case reconfigureOutsideDataSource

    /// The UIKit rule behind the verdict, when one applies: R6, R11 or R17.
    public var rule: UIKitRule? {
        switch self {
        case .moveFromDeletedSection: .r6
        case .moveIntoInsertedSection: .r11
        case .duplicateDelete, .duplicateInsert: .r17
        default: nil
        }
    }

    /// The case name, such as `itemInsertIntoMovedSection`.
    public var description: String {
        switch self {
        case .itemOperationInMovedSection: "itemOperationInMovedSection"
        case .itemInsertIntoMovedSection: "itemInsertIntoMovedSection"
        case .noOpSectionMoveWithItemMoveOut: "noOpSectionMoveWithItemMoveOut"
        case .duplicateDelete: "duplicateDelete"
        case .duplicateInsert: "duplicateInsert"
        case .moveFromDeletedSection: "moveFromDeletedSection"
        case .moveIntoInsertedSection: "moveIntoInsertedSection"
        case .reconfigureUnverified: "reconfigureUnverified"
        case .reconfigureOutsideDataSource: "reconfigureOutsideDataSource"
        }
    }
}
