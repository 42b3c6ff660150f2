import ArgumentParser
import Dispatch
import ListAdapter

/// `sample diff OLD.json NEW.json`: prints the batches that turn one list into another.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Print the UIKit-safe batch updates that turn one list into another.",
        discussion: """
        Each file is {"items": [{"id": "a", "section": "S", "summary": "1"}, ...]} \
        (section and summary optional, ids unique). The output is one JSON object: \
        {"batches": [...], "stats": {...}}, with UIKit's index semantics.
        """
    )

    @Argument(help: "The list before the change (JSON).")
    var old: String

    @Argument(help: "The list after the change (JSON).")
    var new: String

    @Option(help: "How updated items are shown: reconfigure (in place where possible) or reload.")
    var updateStyle: UpdateStyleArgument = .reconfigure

    func run() throws {
        let before = try DiffInput.load(path: old)
        let after = try DiffInput.load(path: new)
        let start = DispatchTime.now().uptimeNanoseconds
        let update = ListUpdate(from: before, to: after, updateStyle: updateStyle.style)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        print(update.json(milliseconds: milliseconds) { $0.text }.serialized())
    }
}

/// The `--update-style` values.
enum UpdateStyleArgument: String, ExpressibleByArgument, CaseIterable {
    case reconfigure
    case reload

    var style: UpdateStyle {
        switch self {
        case .reconfigure: .reconfigure
        case .reload: .reload
        }
    }
}
