import ListAdapter

/// What a soak run did, for its progress lines and summary.
struct SoakStatistics {
    var steps = 0
    var changeSets = 0
    var reloads = 0
    var batches = 0
    var operations: [String: Int] = [:]
    var mutations: [String: Int] = [:]
    var transitions = 0
    var storms = 0
    var fetchesRequested = 0
    var fetchesChecked = 0
    var checkpoints = 0
    var longestDelivery = Duration.zero
    /// The main thread's CPU time during the longest delivery: the rest of it was the
    /// scheduler running other threads.
    var longestDeliveryCPU = Duration.zero
    /// The most CPU time one delivery took on the main thread.
    var mostDeliveryCPU = Duration.zero
    var longestCheck = Duration.zero
    var largestList = 0
    var scrolls = 0
    var selections = 0
    var offScreen = 0
    var cellsFilled = 0
    var placeholders = 0
    var anchorsChecked = 0

    mutating func count(_ update: BatchUpdate) {
        for (name, count) in [
            ("deleteSections", update.deleteSections.count), ("insertSections", update.insertSections.count),
            ("moveSections", update.moveSections.count), ("deleteItems", update.deleteItems.count),
            ("insertItems", update.insertItems.count), ("moveItems", update.moveItems.count),
            ("reloadItems", update.reloadItems.count), ("reconfigureItems", update.reconfigureItems.count),
        ] where count > 0 {
            operations[name, default: 0] += count
        }
    }

    var summary: String {
        let operationText = operations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let mutationText = mutations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            steps \(steps), change sets applied \(changeSets), batches \(batches), reloads \(reloads)
            operations: \(operationText.isEmpty ? "none" : operationText)
            mutations: \(mutationText.isEmpty ? "none" : mutationText)
            transitions \(transitions), invalidation storms \(storms), payload fetches \(fetchesRequested) (\(fetchesChecked) answers checked)
            checkpoints (final state == source of truth) \(checkpoints), largest list \(largestList) items
            connector: scrolls \(scrolls), selection changes \(selections), views taken off or back on screen \(offScreen), cells configured with a placeholder \(placeholders) and with a payload \(cellsFilled), first visible item's place checked after \(anchorsChecked) batches
            longest main-thread delivery (the adapter's and the connectors' work) \(longestDelivery), of which \(longestDeliveryCPU) on the CPU; most CPU time of one delivery \(mostDeliveryCPU); longest check of one event by the soak \(longestCheck)
            """
    }
}
