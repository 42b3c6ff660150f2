import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import Testing

/// A feed follows a real in-memory source on its own task while watchers read its messages
/// into replicas, as apps do. Oracle: the source's own list (`loadEntries()`), which each
/// replica must equal; and the messages each watcher needed, which show whether it caught up
/// by one change, by a composed one, or by the whole list.
@Suite("List feeds", .hangGuard)
struct ListFeedTests {
    @Test func aWatcherGetsTheListThenEachChangeThenTheStop() async throws {
        let source = MailSource((1 ... 50).map { MailRecords.record($0, section: $0 <= 20 ? "Today" : "Yesterday") })
        let feed = MailFeed(name: "mail", source: source)
        let runner = Task { await feed.run() }
        var watcher = Watcher(feed)
        #expect(try await watcher.read(until: try await source.loadEntries()))
        #expect(watcher.outcomes.last == .list && watcher.outcomes.dropLast().allSatisfy { $0 == .partial })
        source.mutate { records in
            records.swapAt(0, 30)
            records[5].entry.summary += 1
            records.remove(at: 9)
        }
        let changed = try await source.loadEntries()
        watcher.outcomes = []
        #expect(try await watcher.read(until: changed))
        #expect(watcher.outcomes == [.change], "one commit, one change message")
        runner.cancel()
        await runner.value
        #expect(try await watcher.read { _ in false } == false)
        #expect(watcher.outcomes.last == .failure(ListWireFailure(.shuttingDown, "the server stopped serving \"mail\"")))
        #expect(feed.status == .stopped)
    }

    @Test(arguments: 0 ..< 8)
    func watchersThatFallBehindCatchUpInOneStep(run: Int) async throws {
        let seed = UInt64.random(in: 1 ... UInt64.max)
        print("ListFeedTests seed \(seed) (run \(run))")
        var random = SeededGenerator(seed: seed)
        var records = (0 ..< Int64.random(in: 0 ... 300, using: &random)).map { MailRecords.record($0 + 1, section: MailRecords.titles.randomElement(using: &random)!) }
        var nextID = Int64(records.count + 1)
        let source = MailSource(records)
        var configuration = ListFeedConfiguration()
        configuration.windowChanges = 6
        configuration.coalescing = .zero
        configuration.rowsPerListPart = 37
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var prompt = Watcher(feed)
        var stalled = Watcher(feed)
        #expect(try await prompt.read(until: try await source.loadEntries()), "seed \(seed)")
        #expect(try await stalled.read(until: try await source.loadEntries()), "seed \(seed)")
        var versions: [ListVersion] = [try #require(prompt.replica.version)]
        for round in 0 ..< 24 {
            MailRecords.change(&records, nextID: &nextID, using: &random)
            source.replace(with: records)
            let truth = try await source.loadEntries()
            #expect(try await prompt.read(until: truth), "seed \(seed) round \(round)")
            if versions.last != prompt.replica.version { versions.append(try #require(prompt.replica.version)) }
            // Every few rounds, the stalled watcher reads again: behind by fewer versions
            // than the window holds, it needs one composed change. It reads to the prompt
            // watcher's version, not just to the list: random changes can bring the list
            // back to one the stalled watcher holds, and it would then read nothing.
            if round % 4 == 3 {
                let behind = versions.count - 1 - versions.firstIndex(of: try #require(stalled.replica.version))!
                stalled.outcomes = []
                let latest = prompt.replica.version
                #expect(try await stalled.read { $0.version == latest && $0.snapshot == truth }, "seed \(seed) round \(round)")
                if behind > 0 { #expect(stalled.outcomes == [.change], "seed \(seed) round \(round): \(behind) behind took \(stalled.outcomes)") }
            }
        }
        // Resuming (a new connection) from the version a replica holds, still in the window:
        // one change (after "up to date" when the feed has not read the change yet).
        MailRecords.change(&records, nextID: &nextID, using: &random)
        source.replace(with: records)
        let truth = try await source.loadEntries()
        var resumed = Watcher(feed, after: stalled.replica.version)
        resumed.replica = stalled.replica
        #expect(try await resumed.read(until: truth), "seed \(seed)")
        let changes = resumed.outcomes.first == .upToDate ? Array(resumed.outcomes.dropFirst()) : resumed.outcomes
        #expect(changes.count <= 1 && changes.allSatisfy { $0 == .change }, "seed \(seed): \(resumed.outcomes)")
        // Resuming at the latest version: told so at once, and nothing else.
        var current = Watcher(feed, after: resumed.replica.version)
        current.replica = resumed.replica
        let first = try #require(await current.messages.next(), "seed \(seed)")
        #expect(try current.replica.receive(first) == .upToDate && current.replica.version == feed.current?.version, "seed \(seed)")
        // Resuming from a version the window passed, or from another epoch: the list again
        // (the one the feed encoded ahead, within the window's reach), then at most one
        // composed change.
        #expect(feed.retainedChanges <= configuration.windowChanges, "seed \(seed): the window grew")
        let passed = versions.count > configuration.windowChanges + 2 ? [versions[0]] : []
        for old in passed + [ListVersion(epoch: 12_345, sequence: 3)] {
            var late = Watcher(feed, after: old)
            #expect(try await late.read(until: truth), "seed \(seed)")
            let afterList = late.outcomes.drop { $0 == .partial }
            #expect(afterList.first == .list && afterList.dropFirst().count <= 1 && afterList.dropFirst().allSatisfy { $0 == .change }, "seed \(seed): \(late.outcomes)")
        }
    }

    @Test func aWatcherAtTheWindowsEdgeGetsOneChangeAndOnePastItGetsTheList() async throws {
        let source = MailSource((1 ... 40).map { MailRecords.record($0, section: $0 <= 20 ? "Today" : "Yesterday") })
        var configuration = ListFeedConfiguration()
        configuration.windowChanges = 4
        configuration.coalescing = .zero
        configuration.compression = nil
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var prompt = Watcher(feed)
        #expect(try await prompt.read(until: try await source.loadEntries()))
        // The replica at each version: versions 0 to 6, one change each.
        var replicas = [prompt.replica]
        for round in 1 ... 6 {
            source.mutate { $0[round].entry.summary += 1 }
            #expect(try await prompt.read(until: try await source.loadEntries()), "round \(round)")
            replicas.append(prompt.replica)
            #expect(prompt.replica.version?.sequence == UInt64(round), "round \(round): \(String(describing: prompt.replica.version))")
        }
        let truth = try await source.loadEntries()
        // The window holds the last 4 changes exactly: those to versions 3 to 6.
        #expect(feed.retainedChanges == 4)
        // At version 2, exactly 4 behind: one change, composed from the window's four.
        var atEdge = Watcher(feed, after: replicas[2].version)
        atEdge.replica = replicas[2]
        #expect(try await atEdge.read(until: truth))
        #expect(atEdge.outcomes == [.change] && atEdge.received.map(\.kind) == [ListWireMessages<Int64, Int64>.Kind.change.rawValue], "\(atEdge.outcomes)")
        // At version 1, 5 behind: the window no longer reaches it; the whole list.
        var pastEdge = Watcher(feed, after: replicas[1].version)
        pastEdge.replica = replicas[1]
        #expect(try await pastEdge.read(until: truth))
        let afterParts = pastEdge.outcomes.drop { $0 == .partial }
        #expect(afterParts.first == .list && afterParts.dropFirst().allSatisfy { $0 == .change }, "\(pastEdge.outcomes)")
    }

    @Test(arguments: [true, false])
    func aFeedKeepsItsListEncodedAheadOfItsWatchers(ahead: Bool) async throws {
        let source = MailSource((1 ... 300).map { MailRecords.record($0, section: $0 <= 100 ? "Today" : "Yesterday") })
        var configuration = ListFeedConfiguration()
        configuration.windowChanges = 4
        configuration.coalescing = .zero
        configuration.encodesListAhead = ahead
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        // A watcher that resumes from a version it cannot hold waits for the first read
        // without asking for a list; only the feed's own encoding ahead makes one.
        var resuming = Watcher(feed, after: ListVersion(epoch: 1, sequence: 1))
        #expect(try await resuming.read(until: try await source.loadEntries()))
        var prompt = Watcher(feed)
        #expect(try await prompt.read(until: try await source.loadEntries()))
        for round in 0 ..< 12 {
            source.mutate { $0[round].entry.summary += 1 }
            #expect(try await prompt.read(until: try await source.loadEntries()), "round \(round)")
            let current = try #require(prompt.replica.version)
            let encoded = try #require(await feed.encodedListVersion())
            if ahead {
                // Within the window's reach of the latest version, whatever watchers asked.
                #expect(current.sequence - encoded.sequence <= 4, "round \(round): encoded at \(encoded), latest \(current)")
            } else {
                #expect(encoded.sequence == 0, "round \(round): encoded at \(encoded) though no watcher asked")
            }
        }
        // A new watcher is sent the list encoded ahead, then the changes after it.
        if ahead {
            let encoded = try #require(await feed.encodedListVersion())
            var late = Watcher(feed)
            #expect(try await late.read(until: try await source.loadEntries()))
            let changes = late.outcomes.filter { $0 == .change }.count
            #expect(changes == (prompt.replica.version!.sequence > encoded.sequence ? 1 : 0), "\(late.outcomes)")
        }
    }

    @Test func aListFarBehindIsEncodedAgainForTheWatchersAfter() async throws {
        let source = MailSource((1 ... 200).map { MailRecords.record($0, section: "Today") })
        var configuration = ListFeedConfiguration()
        configuration.windowChanges = 16        // a list more than 2 changes behind is far
        configuration.coalescing = .zero
        configuration.encodesListAhead = false
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var prompt = Watcher(feed)
        #expect(try await prompt.read(until: try await source.loadEntries()))
        #expect(await feed.encodedListVersion()?.sequence == 0)
        for round in 0 ..< 5 {
            source.mutate { $0[round].entry.summary += 1 }
            #expect(try await prompt.read(until: try await source.loadEntries()), "round \(round)")
        }
        let latest = try #require(prompt.replica.version)
        // Sent the list 5 changes behind, and one composed change; the feed encodes again.
        var second = Watcher(feed)
        #expect(try await second.read(until: try await source.loadEntries()))
        #expect(second.outcomes.filter { $0 == .change }.count == 1, "\(second.outcomes)")
        #expect(await feed.encodedListVersion() == latest)
        // One change later, the next watcher is sent that list: close enough, kept.
        source.mutate { $0[7].entry.summary += 1 }
        #expect(try await prompt.read(until: try await source.loadEntries()))
        var third = Watcher(feed)
        #expect(try await third.read(until: try await source.loadEntries()))
        #expect(await feed.encodedListVersion() == latest)
    }

    @Test func itemsAreServedForListedIdentifiersOnly() async throws {
        let source = MailSource((1 ... 10).map { MailRecords.record($0, section: "Inbox") })
        var configuration = ListFeedConfiguration()
        configuration.maximumItemsPerRequest = 4
        let feed = MailFeed(name: "mail", source: source, configuration: configuration)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var watcher = Watcher(feed)
        #expect(try await watcher.read(until: try await source.loadEntries()))
        let asked: [Int64] = [3, 99, 7]
        let body = try await feed.items(requestBody: ListWirePayloads<Int64>.request(asked))
        let answer = try ListWirePayloads<Int64>.decodeResponse(body, requested: asked)
        let decoder = JSONDecoder()
        #expect(try answer.found.map { try decoder.decode(Mail.self, from: Data($0.item)) } == [Mail(id: 3, subject: "Message 3"), Mail(id: 7, subject: "Message 7")])
        #expect(answer.missing == [99])
        await #expect(throws: ListServerError.self) { try await feed.items(requestBody: ListWirePayloads<Int64>.request([1, 2, 3, 4, 5])) }
        do {
            _ = try await feed.items(requestBody: [0x10, 0x02, 0x02])
            Issue.record("a malformed request was answered")
        } catch {
            #expect(error.kind == .badRequest && error.httpStatus == 400 && error.list == "mail")
        }
        do {
            _ = try await feed.items(requestBody: ListWirePayloads<Int64>.request([1, 2, 3, 4, 5]))
        } catch {
            #expect(error.httpStatus == 413, "\(error)")
        }
    }

    @Test func aSourceThatNeverListedEndsItsWatchersWithItsError() async throws {
        let source = UnreadableSource()
        let feed = ListFeed(name: "broken", source: source)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var messages = feed.watch().makeAsyncIterator()
        var replica = ListReplica<Int64, Int64>()
        let message = try #require(await messages.next())
        guard case .failure(let failure) = try replica.receive(message) else { Issue.record("no failure"); return }
        #expect(failure.code == .sourceFailed && failure.message.contains("the table \"mail\" is missing"), "\(failure)")
        #expect(await messages.next() == nil)
        guard case .failing(nil, let text) = feed.status else { Issue.record("status \(feed.status)"); return }
        #expect(text.contains("mail"))
    }

    @Test func aWaitingWatcherEndsWhenItsTaskIsCancelled() async throws {
        let source = MailSource([MailRecords.record(1, section: nil)])
        let feed = MailFeed(name: "mail", source: source)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        // The feed has its list before the watcher starts: the watcher's only wait is the
        // one up to date.
        var first = Watcher(feed)
        #expect(try await first.read { $0.version != nil })
        let watching = Task {
            var watcher = Watcher(feed)
            guard try await watcher.read(until: { $0.version != nil }) else { return "no list" }
            // Up to date: the next read waits for a change that never comes.
            let readOn = try await watcher.read(until: { _ in false })
            return readOn ? "read on" : "ended"
        }
        // Cancelled while it waits (the feed holds its continuation), it ends, and the feed
        // lets go of it.
        await feed.waitUntilWatchersWait(1)
        watching.cancel()
        #expect(try await watching.value == "ended")
        #expect(feed.waitingWatchers == 0)
    }
}

/// A source whose table is missing: every read fails with an error naming it.
struct UnreadableSource: ListDataSource {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "the table \"mail\" is missing" }
    }

    func loadEntries() async throws -> ListSnapshot<Int64, Int64> { throw Missing() }
    func fetchItems(_ ids: [Int64]) async throws -> [Int64: Mail] { throw Missing() }
    func attach(_ invalidation: ListInvalidation) {}
}
