extension ListSnapshotPatch {
    /// The smallest patch that turns `old` into `new`: what a server sends its watchers
    /// when a source can only list everything, or what a source that polls reports.
    ///
    /// A row is left untouched when it keeps its section title and summary and belongs to
    /// one longest run of rows that keep their relative order; every other row of `new` is
    /// put in, and every row of `old` missing from `new` is taken out. So
    /// `old.applying(ListSnapshotPatch(from: old, to: new))?.snapshot == new`, with empty
    /// sections of `new` left out (a patch lists rows; no source lists an empty section).
    ///
    /// - Complexity: O((n + m) log(n + m)) for lists of n and m rows.
    ///
    /// Pure; any queue.
    ///
    /// - Parameters:
    ///   - old: the list the receiver of the patch has.
    ///   - new: the list to reach. Equal lists give a patch that touches nothing.
    // Specialised for the common identifier and summary types (a server diffs a polled list
    // of a million rows with it); calls from generic code dispatch to these at run time.
    @_specialize(where ID == Int64, Summary == Int64)
    @_specialize(where ID == Int64, Summary == NoSummary)
    @_specialize(where ID == Int64, Summary == Int64?)
    @_specialize(where ID == Int64, Summary == String?)
    @_specialize(where ID == Int64, Summary == String)
    @_specialize(where ID == Int, Summary == Int)
    @_specialize(where ID == String, Summary == Int64)
    @_specialize(where ID == String, Summary == String)
    public init(from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) {
        // The old section of each new section's title (titles are unique in a snapshot).
        var oldSectionOfTitle: [String?: Int] = [:]
        for section in 0 ..< old.numberOfSections { oldSectionOfTitle[old.title(ofSection: section)] = section }
        // Rows of `new` that kept their section and summary, with their old positions.
        var keptNewPositions: [Int] = []
        var keptOldPositions: [Int] = []
        var position = 0
        for section in 0 ..< new.numberOfSections {
            let oldSection = oldSectionOfTitle[new.title(ofSection: section)]
            for (item, id) in new.identifiers(inSection: section).enumerated() {
                defer { position += 1 }
                guard let oldSection, let oldPosition = old.flatPosition(of: id),
                      old.section(containing: oldPosition) == oldSection,
                      old.summary(atFlatPosition: oldPosition) == new.summary(at: ItemPath(section: section, item: item))
                else { continue }
                keptNewPositions.append(position)
                keptOldPositions.append(oldPosition)
            }
        }
        // Of those, one longest run in old order stays; the rest are touched.
        var isUntouched = [Bool](repeating: false, count: new.count)
        var isMember = [Bool](repeating: false, count: keptOldPositions.count)
        keptOldPositions.withUnsafeBufferPointer { values in
            isMember.withUnsafeMutableBufferPointer { members in
                _ = LongestIncreasingSubsequence.mark(values, isMember: members)
            }
        }
        for (index, newPosition) in keptNewPositions.enumerated() where isMember[index] { isUntouched[newPosition] = true }
        var touched: [ID] = []
        var rows: [Row] = []
        var untouchedSoFar = 0
        position = 0
        for section in 0 ..< new.numberOfSections {
            let title = new.title(ofSection: section)
            for (item, id) in new.identifiers(inSection: section).enumerated() {
                defer { position += 1 }
                if isUntouched[position] {
                    untouchedSoFar += 1
                } else {
                    touched.append(id)
                    rows.append(Row(id: id, section: title, summary: new.summary(at: ItemPath(section: section, item: item)), gap: untouchedSoFar))
                }
            }
        }
        for section in 0 ..< old.numberOfSections {
            for id in old.identifiers(inSection: section) where !new.contains(id) { touched.append(id) }
        }
        self.init(touched: touched, rows: rows)
    }

    /// The patch from an earlier list to `new`, given every identifier touched in between:
    /// each of them present in `new` is put in where `new` has it. Patches in a row
    /// compose this way (the union of their ``touched``), so a list a few changes behind
    /// catches up in one patch without keeping the lists in between.
    ///
    /// - Precondition: every row whose section, summary or place among the other rows
    ///   differs between the earlier list and `new` is in `touched` (a row may be listed
    ///   more than once).
    /// - Complexity: O(k log k) for k touched identifiers.
    ///
    /// Pure; any queue.
    ///
    /// - Parameters:
    ///   - touched: every identifier touched since the earlier list, in any order, repeats
    ///     allowed; those not in `new` are only taken out.
    ///   - new: the list to reach.
    public init(touching touched: some Sequence<ID>, in new: ListSnapshot<ID, Summary>) {
        var seen = Set<ID>()
        var unique: [ID] = []
        var positions: [Int] = []
        for id in touched where seen.insert(id).inserted {
            unique.append(id)
            if let position = new.flatPosition(of: id) { positions.append(position) }
        }
        positions.sort()
        let rows = positions.enumerated().map { index, position in
            Row(
                id: new.identifier(atFlatPosition: position), section: new.title(ofSection: new.section(containing: position)),
                summary: new.summary(atFlatPosition: position), gap: position - index
            )
        }
        self.init(touched: unique, rows: rows)
    }
}
