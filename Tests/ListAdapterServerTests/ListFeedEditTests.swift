import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import Testing

/// A feed writes the edits apps send through its editor, after checking them against the
/// list it holds: the oracle is the source's own list after the write.
@Suite(.hangGuard)
struct ListFeedEditTests {
    /// A feed of 1...10 ("Today" 1-5, "Yesterday" 6-10) whose editor writes to the source
    /// and counts the writes; running.
    static func editableFeed() async throws -> (MailSource, MailFeed, Task<Void, Never>, Counter) {
        let source = MailSource((1 ... 10).map { MailRecords.record($0, section: $0 <= 5 ? "Today" : "Yesterday") })
        let writes = Counter()
        let editor = ListFeedEditor<Int64>(
            move: { move in
                writes.add()
                try source.move(move)
            },
            delete: { ids in
                writes.add()
                _ = source.delete(ids)
            }
        )
        let feed = MailFeed(name: "mail", source: source, editor: editor)
        let runner = Task { await feed.run() }
        var watcher = Watcher(feed)
        #expect(try await watcher.read(until: try await source.loadEntries()))
        return (source, feed, runner, writes)
    }

    static func move(_ id: Int64, to section: String, after previous: Int64?, before next: Int64?) -> ListEdit<Int64> {
        .move(ListMove(id: id, source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 1, item: 0),
                       sourceSection: "Today", destinationSection: section, previous: previous, next: next))
    }

    @Test func aMoveAndADeleteAreWrittenThroughTheEditor() async throws {
        let (source, feed, runner, writes) = try await Self.editableFeed()
        defer { runner.cancel() }
        // Each answer names a version whose list has the write.
        let moved = try await feed.edit(requestBody: ListWireEdits<Int64>.request(Self.move(2, to: "Yesterday", after: 7, before: 8)))
        var list = try await source.loadEntries()
        #expect(list.identifiers(inSection: 1) == [6, 7, 2, 8, 9, 10])
        #expect(try ListWireEdits<Int64>.decodeResponse(moved) == feed.current?.version && feed.current?.snapshot == list)
        let deleted = try await feed.edit(requestBody: ListWireEdits<Int64>.request(.delete([9, 1])))
        list = try await source.loadEntries()
        #expect(list.identifiers(inSection: 0) == [3, 4, 5] && list.identifiers(inSection: 1) == [6, 7, 2, 8, 10])
        #expect(try ListWireEdits<Int64>.decodeResponse(deleted) == feed.current?.version && feed.current?.snapshot == list)
        #expect(writes.value == 2)
    }

    @Test func anEditNamingAnItemTheListDoesNotHoldIsRefusedUnwritten() async throws {
        let (source, feed, runner, writes) = try await Self.editableFeed()
        defer { runner.cancel() }
        let before = try await source.loadEntries()
        for edit in [Self.move(42, to: "Today", after: nil, before: 1), Self.move(2, to: "Today", after: 77, before: nil), .delete([3, 99])] {
            await #expect {
                _ = try await feed.edit(requestBody: ListWireEdits<Int64>.request(edit))
            } throws: { error in
                guard let error = error as? ListServerError else { return false }
                return error.kind == .editRefused && error.httpStatus == 409 && error.message.hasPrefix("missing: ") && !error.message.contains("Message")
            }
        }
        #expect(try await source.loadEntries() == before)
        #expect(writes.value == 0)
    }

    @Test func aFailingWriteIsRefusedWithoutItsError() async throws {
        let source = MailSource((1 ... 3).map { MailRecords.record($0, section: nil) })
        struct StoreFailure: Error, CustomStringConvertible { var description: String { "SQLITE_BUSY in /secret/path.sqlite" } }
        let editor = ListFeedEditor<Int64>(move: { _ in throw StoreFailure() }, delete: { _ in throw StoreFailure() })
        let feed = MailFeed(name: "mail", source: source, editor: editor)
        let runner = Task { await feed.run() }
        defer { runner.cancel() }
        var watcher = Watcher(feed)
        #expect(try await watcher.read(until: try await source.loadEntries()))
        await #expect {
            _ = try await feed.edit(requestBody: ListWireEdits<Int64>.request(.delete([2])))
        } throws: { error in
            guard let error = error as? ListServerError else { return false }
            return error.kind == .editRefused && error.message == "the list's store did not take the delete" && !"\(error)".contains("secret")
        }
    }

    @Test func anEditThatChangesNothingIsAnsweredWithTheVersionOfTheNextRead() async throws {
        let (source, feed, runner, _) = try await Self.editableFeed()
        defer { runner.cancel() }
        // 2 is already right after 1: the write changes nothing, and the feed publishes no
        // new version, yet the answer comes (from a read that started after the write).
        let answer = try await feed.edit(requestBody: ListWireEdits<Int64>.request(Self.move(2, to: "Today", after: 1, before: 3)))
        #expect(try ListWireEdits<Int64>.decodeResponse(answer) == feed.current?.version)
        #expect(try await source.loadEntries() == feed.current?.snapshot)
    }

    @Test func aFeedThatStopsAnswersWithNoVersion() async throws {
        let source = MailSource((1 ... 3).map { MailRecords.record($0, section: nil) })
        let feed = MailFeed(name: "mail", source: source, editor: ListFeedEditor<Int64>(move: { _ in }, delete: { _ in }))
        let runner = Task { await feed.run() }
        var watcher = Watcher(feed)
        #expect(try await watcher.read(until: try await source.loadEntries()))
        feed.stop()
        #expect(try await feed.edit(requestBody: ListWireEdits<Int64>.request(.delete([2]))) == [])
        await runner.value
    }

    @Test func aFeedWithoutAnEditorTakesNoEdits() async throws {
        let source = MailSource((1 ... 3).map { MailRecords.record($0, section: nil) })
        let feed = MailFeed(name: "mail", source: source)
        await #expect {
            _ = try await feed.edit(requestBody: ListWireEdits<Int64>.request(.delete([2])))
        } throws: { error in
            (error as? ListServerError).map { $0.kind == .editsNotAccepted && $0.httpStatus == 405 } ?? false
        }
        #expect(try await source.loadEntries().count == 3)
    }

    @Test func malformedEditsAreBadRequests() async throws {
        let (source, feed, runner, writes) = try await Self.editableFeed()
        defer { runner.cancel() }
        var tooMany = ListWireWriter()
        tooMany.write(byte: 19)
        tooMany.write(count: 1_001)
        var twice = ListWireWriter()
        twice.write(byte: 19)
        twice.write(count: 2)
        for _ in 0 ..< 2 { Int64(3).write(to: &twice) }
        let ownNeighbour = ListWireEdits<Int64>.request(Self.move(2, to: "Today", after: 2, before: nil))
        for body in [[], [18], [20, 1], tooMany.bytes, twice.bytes, ownNeighbour, ListWireEdits<Int64>.request(.delete([1])) + [0]] {
            await #expect {
                _ = try await feed.edit(requestBody: body)
            } throws: { error in
                (error as? ListServerError).map { $0.kind == .badRequest && $0.wireError != nil } ?? false
            }
        }
        #expect(try await source.loadEntries().count == 10)
        #expect(writes.value == 0)
    }
}

/// Counts calls from any task.
final class Counter: Sendable {
    private let count = Guarded(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
