// Apple-only: the conversion between the package's ItemPath and Foundation's IndexPath,
// whose `IndexPath(item:section:)` and `item`/`section` come from UIKit's and AppKit's
// overlays.
#if canImport(UIKit)
public import UIKit
#elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
public import AppKit
#endif

#if canImport(UIKit) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
extension ItemPath {
    /// The path of `indexPath` (its `section` and `item`). Any queue.
    ///
    /// - Parameter indexPath: an index path with a `section` and an `item` (or `row`).
    public init(_ indexPath: IndexPath) { self.init(section: indexPath.section, item: indexPath.item) }
    /// The path as UIKit's and AppKit's `IndexPath`. Any queue.
    public var indexPath: IndexPath { IndexPath(item: item, section: section) }
}
#endif
