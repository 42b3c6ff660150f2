#if WebSocket
import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterServer
import ListAdapterTesting
import Testing

/// A person's moves and deletes in an app whose list a real server serves on loopback: the
/// app's adapter writes them through ``RemoteListSource`` to the server's edit route, the
/// server's editor writes its source, and the change comes back over the WebSocket like any
/// other writer's. Oracle: the server's source, and the reference views' checks.
@MainActor
@Suite("Remote lists: a person's edits", .hangGuard)
struct RemoteEditTests {
    static let token = "editor-token-7c1"

    /// A server over `source` whose editor writes to it; an app adapter showing its list.
    static func start(_ source: MailSource, editable: Bool = true) async throws
        -> (LoopbackServer, RemoteMail, ListViewAdapter<Int64, Int64, Mail>, ListViewAdapterProbe<Int64, Int64, Mail>) {
        let editor = ListFeedEditor<Int64>(move: { try source.move($0) }, delete: { _ = source.delete($0) })
        let feed = ListFeed(name: "mail", source: source, editor: editable ? editor : nil)
        let server = try await LoopbackServer.start(ListServer(lists: [feed], access: .tokens(["mail": [token]])))
        let remote = RemoteMail(url: server.url("mail"), token: token, transport: WebSocketClientListTransport.patient)
        let adapter = ListViewAdapter(source: remote)
        let probe = ListViewAdapterProbe(adapter)
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        return (server, remote, adapter, probe)
    }

    @Test func movesAndDeletesAreWrittenOnTheServerAndConfirmedUnchangedOnScreen() async throws {
        let seed = UInt64.random(in: 0 ... .max)
        print("RemoteEditTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        // Each section's records together, as a list ordered by its section has them (what
        // the in-memory source's moves keep).
        let titles = ["Today", "Yesterday", "O'Brien", "ünïcödé"]
        let records = Mailbox.records(120).sorted { (titles.firstIndex(of: $0.entry.section ?? "") ?? 0, $0.entry.id) < (titles.firstIndex(of: $1.entry.section ?? "") ?? 0, $1.entry.id) }
        let source = MailSource(records)
        let (server, remote, adapter, probe) = try await Self.start(source)
        for round in 0 ..< 30 {
            let snapshot = adapter.snapshot
            if round % 3 == 2 {
                let section = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
                guard snapshot.numberOfItems(inSection: section) > 0 else { continue }
                let path = ItemPath(section: section, item: Int.random(in: 0 ..< snapshot.numberOfItems(inSection: section), using: &random))
                let result = probe.deleteBySwipe(at: [path]) { ids in try await remote.delete(ids) }
                #expect((try? result.get()) != nil, "seed \(seed), round \(round): \(result)")
            } else {
                let from = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
                guard snapshot.numberOfItems(inSection: from) > 0 else { continue }
                let to = Int.random(in: 0 ..< snapshot.numberOfSections, using: &random)
                let limit = snapshot.numberOfItems(inSection: to) - (to == from ? 1 : 0)
                let result = probe.moveInteractively(
                    from: ItemPath(section: from, item: Int.random(in: 0 ..< snapshot.numberOfItems(inSection: from), using: &random)),
                    to: ItemPath(section: to, item: Int.random(in: 0 ... limit, using: &random))
                ) { move in try await remote.move(move) }
                #expect((try? result.get()) != nil, "seed \(seed), round \(round): \(result)")
            }
            if Bool.random(using: &random) { await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty } }
        }
        await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "seed \(seed): \(probe.failures)")
        #expect(probe.editResults.count > 0 && probe.editResults.allSatisfy { (try? $0.get()) != nil }, "seed \(seed): \(probe.editResults)")
        #expect(probe.recorder.batchCount == probe.editResults.count - probe.editResults.filter { if case .success(.move) = $0 { true } else { false } }.count,
                "seed \(seed): only the deletes' own batches reach the screen; a confirmed edit changes nothing: \(probe.recorder.events.compactMap { if case .batch(_, let info) = $0 { "\(info.reason) \(info.changes)" } else { nil } })")
        probe.cancel()
        remote.close()
        await server.stop()
    }

    @Test func anEditOfARowAnotherWriterDeletedIsRefusedAndTheListPutBack() async throws {
        let source = MailSource(Mailbox.records(20))
        let (server, remote, adapter, probe) = try await Self.start(source)
        // Another writer deletes the row on the server after the app showed it; the app's
        // move of it is refused (409) and the app shows the server's list.
        let path = ItemPath(section: 0, item: 1)
        let doomed = adapter.snapshot.identifier(at: path)
        let refusal = Guarded<RemoteListError?>(nil)
        source.delete([doomed])
        let result = probe.moveInteractively(from: path, to: ItemPath(section: 0, item: 0)) { move in
            do throws(RemoteListError) { try await remote.move(move) } catch {
                refusal.withLock { $0 = error }
                throw error
            }
        }
        #expect((try? result.get()) != nil)
        await probe.recorder.wait { _ in adapter.pendingEditCount == 0 || !probe.failures.isEmpty }
        #expect(await probe.waitUntilShowing(try await source.loadEntries()), "\(probe.failures)")
        #expect(refusal.withLock { $0 }?.kind == .editRefused(status: 409), "\(String(describing: refusal.withLock { $0 }))")
        // The server's list may not have the delete yet: then its store refuses the move.
        let message = refusal.withLock { $0 }?.message ?? ""
        #expect(message.contains("missing: \(doomed)") || message.contains("did not take the move"), "\(message)")
        #expect(probe.editResults.count == 1 && (try? probe.editResults[0].get()) == nil, "\(probe.editResults)")
        probe.cancel()
        remote.close()
        await server.stop()
    }

    @Test func aListThatTakesNoEditsRefusesThemAndABadTokenWritesNothing() async throws {
        let source = MailSource(Mailbox.records(10))
        let (server, remote, _, probe) = try await Self.start(source, editable: false)
        let before = try await source.loadEntries()
        await #expect { try await remote.delete([1]) } throws: { ($0 as? RemoteListError)?.kind == .editRefused(status: 405) }
        let stranger = RemoteMail(url: server.url("mail"), token: "not-the-token", transport: WebSocketClientListTransport.patient)
        await #expect { try await stranger.delete([1, 2]) } throws: { error in
            guard let error = error as? RemoteListError else { return false }
            return error.kind == .unauthorized && !error.description.contains(Self.token)
        }
        #expect(try await source.loadEntries() == before)
        probe.cancel()
        remote.close()
        stranger.close()
        await server.stop()
    }
}
#endif
