/// A bounded least-recently-used cache of item payloads, each remembered with the summary
/// its item had when it was fetched.
///
/// A lookup hits only when the summary matches, so a payload whose item changed is never
/// served. A payload kept under another summary than its row's is left alone by lookups:
/// it may be newer than the row (see ``LaggingRows``); the adapter drops the payloads of
/// changed and deleted items on delivery. Limits are a count and a total cost; inserting
/// past either evicts the least recently used payloads.
///
/// Storage is a slot array threaded by index links (no per-entry class allocation) plus a
/// dictionary from identifier to slot. Not thread-safe: the adapter confines it to its
/// delivery queue.
@usableFromInline
struct PayloadCache<ID: Hashable, Summary: Equatable, Item> {
    @usableFromInline
    struct Slot {
        @usableFromInline var id: ID
        @usableFromInline var summary: Summary
        @usableFromInline var item: Item
        @usableFromInline var cost: Int
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable
        init(id: ID, summary: Summary, item: Item, cost: Int, newer: Int, older: Int) {
            (self.id, self.summary, self.item, self.cost, self.newer, self.older) = (id, summary, item, cost, newer, older)
        }
    }

    @usableFromInline var slots: [Slot?] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var slotOfID: [ID: Int] = [:]
    /// Most and least recently used slots, or -1 when empty.
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    /// The most payloads kept.
    @usableFromInline let countLimit: Int
    /// The most total cost kept.
    @usableFromInline let costLimit: Int
    /// The payloads kept.
    @inlinable var count: Int { slotOfID.count }
    /// The total cost kept.
    @usableFromInline private(set) var totalCost = 0

    init(countLimit: Int, costLimit: Int) {
        self.countLimit = max(0, countLimit)
        self.costLimit = max(0, costLimit)
    }

    /// The payload of `id` if it was fetched while the item had `summary`; marks it most
    /// recently used.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func item(for id: ID, summary: Summary) -> Item? {
        guard let slot = slotOfID[id], let entry = slots[slot], entry.summary == summary else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return entry.item
    }

    /// The payload of `id` whatever its summary, without marking it used (for checks).
    @inlinable
    func peek(_ id: ID) -> (summary: Summary, item: Item)? {
        slotOfID[id].flatMap { slots[$0] }.map { ($0.summary, $0.item) }
    }

    /// Keeps `item` for `id`, replacing any payload it had, then evicts the least recently
    /// used payloads until both limits hold.
    ///
    /// - Complexity: Expected O(1) amortised.
    @inlinable
    mutating func insert(_ item: Item, for id: ID, summary: Summary, cost: Int = 1) {
        remove(id)
        guard countLimit > 0, cost <= costLimit else { return }
        let entry = Slot(id: id, summary: summary, item: item, cost: cost, newer: -1, older: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        slotOfID[id] = slot
        totalCost += cost
        linkAsNewest(slot)
        while count > countLimit || totalCost > costLimit, oldest >= 0, let victim = slots[oldest] {
            remove(victim.id)
        }
    }

    /// Drops the payload of `id`, if any.
    ///
    /// - Complexity: Expected O(1).
    @inlinable
    mutating func remove(_ id: ID) {
        guard let slot = slotOfID.removeValue(forKey: id), let entry = slots[slot] else { return }
        unlink(slot)
        totalCost -= entry.cost
        slots[slot] = nil
        freeSlots.append(slot)
    }

    /// Drops every payload for which `shouldRemove` returns true.
    ///
    /// - Complexity: O(count).
    mutating func removeAll(where shouldRemove: (ID, Summary) -> Bool) {
        let doomed = slotOfID.compactMap { id, slot in slots[slot].flatMap { shouldRemove(id, $0.summary) ? id : nil } }
        for id in doomed { remove(id) }
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        guard let entry = slots[slot] else { return }
        if entry.newer >= 0 { slots[entry.newer]?.older = entry.older } else { newest = entry.older }
        if entry.older >= 0 { slots[entry.older]?.newer = entry.newer } else { oldest = entry.newer }
        slots[slot]?.newer = -1
        slots[slot]?.older = -1
    }

    @inlinable
    mutating func linkAsNewest(_ slot: Int) {
        slots[slot]?.older = newest
        slots[slot]?.newer = -1
        if newest >= 0 { slots[newest]?.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
