public import ListAdapter

/// A headless model of a `UITableView` or `UICollectionView` that performs batch updates
/// exactly as UIKit would, so tests on Linux can prove a batch safe.
///
/// The view holds the state it last committed: its sections, each with a title and cells,
/// and each cell remembers the identifier and summary it was configured with. Like UIKit, it
/// never re-reads the data source before a batch: ``performBatchUpdates(_:dataSource:)``
/// validates the batch with UIKit's rules (R1–R17 of `uikit-batch-updates.md`) against the
/// committed counts and the data source's new counts, then moves the existing cells the way
/// UIKit does and creates fresh ones only for inserts and reloads. ``verifyCells(against:)``
/// then proves that what the view shows is what the data source holds.
///
/// ```swift
/// var view = ReferenceListView<String, Int>(kind: .collection)
/// view.reloadData(from: before)
/// try view.apply(batch)                   // throws UIKit's verdict, with UIKit's message
/// try view.verifyCells(against: batch.after)
/// ```
///
/// A failed batch leaves the view unchanged.
///
/// Thread safety: a value type; use it on any queue (one queue at a time per value).
public struct ReferenceListView<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    /// Which UIKit view is modelled; see ``ReferenceListViewKind``.
    public typealias Kind = ReferenceListViewKind
    /// How count mismatches are worded; see ``ReferenceListViewMessageStyle``.
    public typealias MessageStyle = ReferenceListViewMessageStyle
    /// The error a batch or a verification throws.
    public typealias Failure = ReferenceListViewError<ID, Summary>

    /// A cell as the view displays it: the identifier and summary it was configured with.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct Cell: Equatable, Sendable {
        /// The identifier of the item the cell was configured for.
        public var id: ID
        /// The summary the cell was configured (or last reconfigured) with.
        public var summary: Summary

        /// Creates a cell.
        ///
        /// - Parameters:
        ///   - id: the identifier of the item the cell is configured for.
        ///   - summary: the summary it is configured with.
        public init(id: ID, summary: Summary) {
            self.id = id
            self.summary = summary
        }
    }

    /// A section as the view displays it: its header title and its cells.
    ///
    /// Thread safety: a value type; use it on any queue.
    public struct Section: Equatable, Sendable {
        /// The header title the section was created with; `nil` for the untitled section.
        public var title: String?
        /// The section's cells, in order.
        public var cells: [Cell]

        /// Creates a section.
        ///
        /// - Parameters:
        ///   - title: the section's header title; `nil` for the untitled section.
        ///   - cells: the section's cells, in order.
        public init(title: String?, cells: [Cell]) {
            self.title = title
            self.cells = cells
        }
    }

    /// The modelled view kind.
    public let kind: Kind
    /// The wording of count mismatches.
    public let messageStyle: MessageStyle
    /// The sections the view currently displays.
    public internal(set) var sections: [Section] = []

    /// Creates an empty view, as a view is before its first `reloadData`.
    ///
    /// - Parameters:
    ///   - kind: the UIKit view modelled: ``ReferenceListViewKind/table`` or
    ///     ``ReferenceListViewKind/collection``.
    ///   - messageStyle: how count mismatches are worded; ``ReferenceListViewMessageStyle/legacy``
    ///     by default.
    public init(kind: Kind, messageStyle: MessageStyle = .legacy) {
        self.kind = kind
        self.messageStyle = messageStyle
    }

    /// The number of sections the view displays.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// The number of items the view displays in `section`.
    ///
    /// - Parameter section: a section the view displays.
    /// - Returns: the number of cells the view displays in `section`.
    /// - Precondition: `section` is in `0 ..< numberOfSections`.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Int) -> Int {
        sections[section].cells.count
    }

    /// The cell displayed at `path`.
    ///
    /// - Parameter path: the path of a displayed cell.
    /// - Returns: the identifier and summary the cell was configured with.
    /// - Precondition: `path` names a displayed cell.
    /// - Complexity: O(1).
    public func cell(at path: ItemPath) -> Cell {
        sections[path.section].cells[path.item]
    }

    /// Discards every cell and creates each one fresh from `snapshot`, like
    /// `reloadData()`.
    ///
    /// - Parameter snapshot: the list the data source holds; every cell is configured from it.
    /// - Complexity: O(n) for n items.
    public mutating func reloadData(from snapshot: ListSnapshot<ID, Summary>) {
        sections = (0 ..< snapshot.numberOfSections).map { Self.freshSection($0, of: snapshot) }
    }

    /// Performs one `performBatchUpdates` call exactly as UIKit would.
    ///
    /// The view's committed state is the state before the batch; `dataSource` is what the
    /// data source reports once the block returns: its counts, and the content of the cells
    /// the batch creates (inserts, reloads) or reconfigures. Reconfigured cells keep their
    /// identifier and take the summary of the item at their pre-update path in `dataSource`,
    /// as UIKit resolves a reconfigure at the pre-update path.
    ///
    /// - Parameters:
    ///   - update: the batch's deletes, inserts, moves, reloads and reconfigures, in UIKit's terms.
    ///   - dataSource: the data source's state once the batch's block returns.
    /// - Throws: ``ReferenceListViewError/invalid(rule:message:)`` with UIKit's message when
    ///   UIKit would raise; ``ReferenceListViewError/unsafe(reason:message:)`` when UIKit
    ///   would accept a batch that crashes or corrupts later or is unverified;
    ///   ``ReferenceListViewError/reconfigureOutOfBounds(path:message:)``. The view is then
    ///   unchanged.
    /// - Complexity: O(p log p + S + S′) for p operations and S, S′ sections, plus
    ///   O(r·(d + i)) for r reloads among d deletes and i inserts, plus the cells moved in
    ///   bulk inside the sections the batch touches (and the cells of inserted sections).
    ///   Untouched sections are not visited cell by cell.
    public mutating func performBatchUpdates(
        _ update: BatchUpdate, dataSource: ListSnapshot<ID, Summary>
    ) throws(ReferenceListViewError<ID, Summary>) {
        var oldCounts: [Int] = []
        oldCounts.reserveCapacity(sections.count)
        var section = 0
        while section < sections.count {
            oldCounts.append(sections[section].cells.count)
            section += 1
        }
        var newCounts: [Int] = []
        newCounts.reserveCapacity(dataSource.numberOfSections)
        section = 0
        while section < dataSource.numberOfSections {
            newCounts.append(dataSource.numberOfItems(inSection: section))
            section += 1
        }
        var validation = BatchValidation(kind: kind, style: messageStyle, oldCounts: oldCounts, newCounts: newCounts)
        let batch: ValidatedBatch
        do {
            batch = try validation.validate(update)
        } catch {
            throw Failure(error)
        }
        // Nothing below can fail, so the view changes only once the batch is accepted.
        commit(batch, dataSource: dataSource)
    }

    /// Performs `batch.update` with `batch.after` as the data source; see
    /// ``performBatchUpdates(_:dataSource:)``.
    ///
    /// - Parameter batch: an adapter's batch: its update, and the list after it.
    /// - Throws: as ``performBatchUpdates(_:dataSource:)``; the view is then unchanged.
    public mutating func apply(_ batch: ListBatch<ID, Summary>) throws(ReferenceListViewError<ID, Summary>) {
        try performBatchUpdates(batch.update, dataSource: batch.after)
    }

    // MARK: Fresh cells

    static func freshSection(_ section: Int, of snapshot: ListSnapshot<ID, Summary>) -> Section {
        let cells = (0 ..< snapshot.numberOfItems(inSection: section)).map {
            freshCell(at: ItemPath(section: section, item: $0), of: snapshot)
        }
        return Section(title: snapshot.title(ofSection: section), cells: cells)
    }

    static func freshCell(at path: ItemPath, of snapshot: ListSnapshot<ID, Summary>) -> Cell {
        Cell(id: snapshot.identifier(at: path), summary: snapshot.summary(at: path))
    }
}
