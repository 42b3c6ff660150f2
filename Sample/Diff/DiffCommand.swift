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
        {"batches": [...], "stats": {...}}, with UIKit's index semantics; each batch is one \
        performBatchUpdates call, in order, with the state the data source reports after it. \
        By default the batches keep every surviving cell (a section that moves and changes \
        inside moves in one batch and changes in the next); --batching single puts \
        everything in one batch, deleting and inserting what cannot move.
        """
    )

    @Argument(help: "The list before the change (JSON).")
    var old: String

    @Argument(help: "The list after the change (JSON).")
    var new: String

    @Option(help: "How updated items are shown: reconfigure (in place where possible) or reload.")
    var updateStyle: UpdateStyleArgument = .reconfigure

    @Option(help: "How the change is split into batches: keeping-identity (the fewest batches that keep every surviving cell) or single (one batch).")
    var batching: BatchingArgument = .keepingIdentity

    func run() throws {
        let before = try DiffInput.load(path: old)
        let after = try DiffInput.load(path: new)
        let start = DispatchTime.now().uptimeNanoseconds
        let update = ListUpdate(from: before, to: after, updateStyle: updateStyle.style, batching: batching.policy)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        print(update.json(milliseconds: milliseconds, batching: batching.rawValue) { $0.json }.serialized())
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

/// The `--batching` values.
enum BatchingArgument: String, ExpressibleByArgument, CaseIterable {
    case keepingIdentity = "keeping-identity"
    case single

    var policy: BatchingPolicy {
        switch self {
        case .keepingIdentity: .keepingIdentity
        case .single: .single
        }
    }
}
