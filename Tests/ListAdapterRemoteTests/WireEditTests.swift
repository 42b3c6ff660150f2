import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterTesting
import Testing

/// Edit requests read back exactly the edit written, for every shape of move and delete;
/// a request cut short or padded anywhere is refused, never misread.
@Suite("List protocol: edit requests")
struct WireEditTests {
    static let edits: [ListEdit<String>] = [
        .move(ListMove(id: "a", source: ItemPath(section: 0, item: 3), destination: ItemPath(section: 2, item: 0),
                       sourceSection: "Inbox", destinationSection: nil, previous: nil, next: "b")),
        .move(ListMove(id: "ünï", source: ItemPath(section: 5, item: 0), destination: ItemPath(section: 5, item: 9),
                       sourceSection: "", destinationSection: "", previous: "O'Brien", next: nil)),
        .move(ListMove(id: "x", source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 0, item: 1),
                       sourceSection: nil, destinationSection: nil, previous: "y", next: "z")),
        .delete([]),
        .delete(["one"]),
        .delete((0 ..< 1_000).map { "item \($0)" }),
    ]

    @Test(arguments: edits)
    func anEditRoundTrips(_ edit: ListEdit<String>) throws {
        let body = ListWireEdits<String>.request(edit)
        #expect(try ListWireEdits<String>.decodeRequest(body) == edit)
        // Every proper prefix is refused, and so is any extra byte.
        for length in 0 ..< body.count {
            #expect(throws: ListWireError.self) { try ListWireEdits<String>.decodeRequest(Array(body.prefix(length))) }
        }
        #expect(throws: ListWireError.self) { try ListWireEdits<String>.decodeRequest(body + [0]) }
    }

    @Test func aDeleteBeyondTheLimitOrNamingAnItemTwiceIsRefused() {
        #expect(throws: ListWireError.self) { try ListWireEdits<Int64>.decodeRequest(ListWireEdits<Int64>.request(.delete(Array(1 ... 1_001)))) }
        #expect(throws: ListWireError.self) {
            try ListWireEdits<Int64>.decodeRequest(ListWireEdits<Int64>.request(.delete([1, 2])), limits: ListWireLimits(requestedItems: 1))
        }
        #expect(throws: ListWireError.self) { try ListWireEdits<Int64>.decodeRequest(ListWireEdits<Int64>.request(.delete([4, 5, 4]))) }
    }

    @Test func aMoveWithABadNeighbourFlagOrItselfAsNeighbourIsRefused() {
        let move = ListMove<Int64>(id: 7, source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 0, item: 1),
                                   sourceSection: nil, destinationSection: nil, previous: 7, next: nil)
        #expect(throws: ListWireError.self) { try ListWireEdits<Int64>.decodeRequest(ListWireEdits<Int64>.request(.move(move))) }
        var body = ListWireEdits<Int64>.request(.move(ListMove(id: 7, source: ItemPath(section: 0, item: 0), destination: ItemPath(section: 0, item: 1),
                                                               sourceSection: nil, destinationSection: nil, previous: nil, next: nil)))
        body[body.count - 1] = 2
        #expect(throws: ListWireError.self) { try ListWireEdits<Int64>.decodeRequest(body) }
        #expect(throws: ListWireError.self) { try ListWireEdits<Int64>.decodeRequest([17]) }
    }
}
