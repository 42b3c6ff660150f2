import Testing

/// The runnable examples do what README says they do: each prints the list after its first
/// load, makes a change, and prints the batch and the list after it.
@Suite("Examples: runs")
struct ExampleRunTests {
    @Test func theQuickStartPrintsTheListThenTheBatchOfItsChange() async throws {
        let (status, output, left) = try await ExampleProgram.run("QuickStart")
        #expect(status == 0)
        #expect(left.isEmpty)
        #expect(output == """
            Today
              Lunch?
              The build is green
            Yesterday
              Welcome
            deleted [0 - 0], inserted [1 - 1]
            Today
              The build is green
            Yesterday
              Welcome
              Your order has shipped

            """)
    }

    @Test func theSQLiteExampleListsItsTableThenThePatchOfANewRow() async throws {
        let (status, output, left) = try await ExampleProgram.run("SQLiteInbox")
        #expect(status == 0)
        // Its database, in a folder of its own in the temporary folder, as the example says.
        #expect(left.count >= 2 && left.allSatisfy { $0.hasPrefix("inbox-") }, "\(left)")
        #expect(left.contains { $0.hasSuffix("/mail.sqlite") }, "\(left)")
        #expect(output == """
            3 messages in 2 days
            inserted at 0 - 0: Your order has shipped

            """)
    }
}
