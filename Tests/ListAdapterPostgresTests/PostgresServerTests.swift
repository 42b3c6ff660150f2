#if PostgreSQL
import ListAdapterPostgres
import Testing

@Suite("PostgreSQL: server URLs")
struct PostgresServerTests {
    @Test func aURLGivesItsPartsAndItsDescriptionNeverThePassword() throws {
        let server = try PostgresServer(url: "postgres://app:s%40cret@db.example:6543/mail")
        #expect(server.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(server.username == "app")
        #expect(server.password == "s@cret")
        #expect(server.database == "mail")
        #expect(server.description == "postgres://app@db.example:6543/mail")
        #expect(!"\(server)".contains("cret"))
    }

    @Test func aUnixSocketDirectoryIsReadAsLibpqReadsIt() throws {
        let server = try PostgresServer(url: "postgresql://app@localhost/mail?host=/var/run/postgresql")
        #expect(server.endpoint == .unixSocket(path: "/var/run/postgresql/.s.PGSQL.5432"))
        #expect(server.password == nil)
    }

    @Test(arguments: ["mysql://app:pw@host/db", "postgres://host/db", "postgres://app:pw@host/", "not a url at all"])
    func aBadURLIsAnInvalidURLErrorThatHidesThePassword(url: String) {
        let error = #expect(throws: PostgresSourceError.self) { try PostgresServer(url: url) }
        #expect(error?.kind == .invalidURL)
        #expect(!"\(String(describing: error))".contains(":pw@"), "\(String(describing: error))")
    }
}
#endif
