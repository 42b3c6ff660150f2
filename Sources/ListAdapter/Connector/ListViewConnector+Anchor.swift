extension ListViewConnector {
    /// An item on screen before a change, and how far below the top of the visible area
    /// its top was.
    struct AnchorCandidate {
        var id: ID
        var screenOffset: Double
    }

    /// The visible items in list order with their screen offsets: the first of them that
    /// survives a change is kept in place. Empty when anchoring is off.
    ///
    /// - Complexity: O(v log v) for v visible items.
    func firstVisibleItems(in view: View) -> [AnchorCandidate] {
        guard keepsFirstVisibleItemInPlace else { return [] }
        let top = view.listContentOffset
        var candidates: [AnchorCandidate] = []
        for path in view.visibleListPaths.sorted() where shown.contains(path) {
            guard let offset = view.listOffset(ofItemAt: path) else { continue }
            candidates.append(AnchorCandidate(id: shown.identifier(at: path), screenOffset: offset - top))
        }
        return candidates
    }

    /// Scrolls so that the first candidate still listed is where it was on screen.
    func keepInPlace(_ candidates: [AnchorCandidate], in view: View) {
        for candidate in candidates {
            guard let path = shown.path(of: candidate.id), let offset = view.listOffset(ofItemAt: path) else { continue }
            let target = offset - candidate.screenOffset
            if view.listContentOffset != target { view.listContentOffset = target }
            return
        }
    }
}
