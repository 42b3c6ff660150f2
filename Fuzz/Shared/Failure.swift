import ListAdapter

/// A violated property: a trap libFuzzer saves as a crash, its message naming the target
/// (each target defines `fuzzTargetName`) and what failed.
func fail(_ message: String) -> Never {
    fatalError("\(fuzzTargetName): \(message)")
}

/// A list for a failure message: every section with its `id=summary` items while it is
/// short, else its size (a crash log of a 1,500-item list helps nobody).
func describe<ID, Summary>(_ snapshot: ListSnapshot<ID, Summary>) -> String {
    guard snapshot.count <= 40 else { return "\(snapshot.numberOfSections) sections, \(snapshot.count) items" }
    return (0 ..< snapshot.numberOfSections).map { section in
        let items = snapshot.identifiers(inSection: section).map { id in "\(id)=\(snapshot.summary(of: id)!)" }
        return "\(snapshot.title(ofSection: section) ?? "nil"):[\(items.joined(separator: " "))]"
    }.joined(separator: " ")
}
