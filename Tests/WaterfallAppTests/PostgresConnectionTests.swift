import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// Connecting to a real server (a throwaway cluster), credentials the libpq way,
/// the catalogue, and read-only by construction.
@Suite(.postgres) struct PostgresConnectionTests {
  let pg = TestPostgres.current!

  init() throws {
    try pg.fixture("connection") { [pg] in
      try pg.psql(
      """
      CREATE TABLE IF NOT EXISTS items (id int PRIMARY KEY, title text);
      INSERT INTO items VALUES (1, 'Mug'), (2, 'Bowl') ON CONFLICT DO NOTHING;
      CREATE SCHEMA IF NOT EXISTS shop;
      CREATE TABLE IF NOT EXISTS shop."Odd Name" (n int);
      CREATE OR REPLACE VIEW shop.cheap AS SELECT * FROM items WHERE id < 2;
      CREATE SEQUENCE IF NOT EXISTS counter;
      CREATE TABLE IF NOT EXISTS many AS SELECT n FROM generate_series(1, 5000) AS n;
      ANALYZE items; ANALYZE many;
      DO $$ BEGIN CREATE ROLE waterfall_password LOGIN PASSWORD 's3cret-Pa55'; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
      GRANT SELECT ON items TO waterfall_password;
      """)
    }
  }

  private func count(_ table: String) throws -> String { try pg.psql("SELECT count(*) FROM \(table)") }

  @Test func connectsByConnectionStringAndURI() throws {
    for target in [pg.conninfo, pg.uri()] {
      let connection = try PostgresConnection(target)
      #expect(connection.isOpen)
      #expect(connection.description == "postgres@\(pg.folder.path):\(pg.port)/waterfall")
      let result = try connection.query("SELECT title FROM items WHERE id = $1", ["2"])
      #expect(result.text(0, 0) == "Bowl")
    }
  }

  @Test func aPasswordInTheURIWorksAndIsShownNowhere() throws {
    let secret = "s3cret-Pa55"
    let connection = try PostgresConnection(pg.uri(user: "waterfall_password", password: secret))
    #expect(try connection.query("SELECT count(*) FROM items").text(0, 0) == "2")
    #expect(!connection.description.contains(secret))
    #expect(!connection.target.description.contains(secret))
    #expect(connection.target.redacted.contains("waterfall_password:***@"))

    let wrong = "Wr0ng-Pa55word"
    for target in [
      pg.uri(user: "waterfall_password", password: wrong),
      pg.conninfo(user: "waterfall_password") + " password='\(wrong)'",
    ] {
      let error = #expect(throws: PostgresError.self) { try PostgresConnection(target) }
      #expect(error?.kind == .connect)
      #expect(error?.message.contains("password authentication failed") == true)
      #expect(error.map { !"\($0)".contains(wrong) } == true)
    }
  }

  @Test func aPasswordFileIsLibpqsOwn() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let passfile = folder.appendingPathComponent("pgpass").path
    try "*:*:*:waterfall_password:s3cret-Pa55\n".write(toFile: passfile, atomically: true, encoding: .utf8)
    chmod(passfile, 0o600)
    let connection = try PostgresConnection(pg.conninfo(user: "waterfall_password") + " passfile=\(passfile)")
    #expect(try connection.query("SELECT current_user").text(0, 0) == "waterfall_password")
  }

  @Test func aServerThatIsNotThereSaysSo() throws {
    let error = #expect(throws: PostgresError.self) {
      try PostgresConnection("host=\(pg.folder.path) port=1 dbname=nowhere user=postgres")
    }
    #expect(error?.kind == .connect)
    #expect(error?.call == "PQconnectPoll" || error?.call == "PQconnectStartParams")
    let unreadable = #expect(throws: PostgresError.self) { try PostgresConnection("host=x password='unterminated") }
    #expect(unreadable?.call == "PQconninfoParse")
    #expect(unreadable.map { !"\($0)".contains("unterminated") } == true)
  }

  @Test func givingUpWhileConnecting() throws {
    let error = #expect(throws: PostgresError.self) { try PostgresConnection(pg.conninfo, shouldStop: { true }) }
    #expect(error?.kind == .cancelled)
  }

  // MARK: The catalogue

  @Test func relationsAreListedWithTheCataloguesEstimates() throws {
    let connection = try PostgresConnection(pg.conninfo)
    let relations = try connection.relations()
    let names = relations.map(\.qualifiedName)
    #expect(names.contains("public.items") && names.contains("shop.Odd Name") && names.contains("shop.cheap"))
    #expect(!names.contains { $0.hasPrefix("pg_catalog.") || $0.hasPrefix("information_schema.") })
    let many = try #require(relations.first { $0.name == "many" })
    #expect(many.estimatedRows == 5000)
    #expect(relations.first { $0.name == "cheap" }?.kind == .view)
    #expect(relations.first { $0.name == "cheap" }?.estimatedRows == nil)
    #expect(!pg.log().lowercased().contains("count(*) from \"many\""))
  }

  @Test(arguments: ["items", "public.items", "ITEMS", "shop.Odd Name", "shop.\"Odd Name\"", "shop.cheap"])
  func relationsAreFoundByName(name: String) throws {
    let connection = try PostgresConnection(pg.conninfo)
    let relation = try connection.relation(named: name)
    #expect(name.lowercased().contains(relation.name.lowercased()))
  }

  @Test func aHostileTableNameIsOnlyANameNotThere() throws {
    let connection = try PostgresConnection(pg.conninfo)
    for name in ["items\"; DROP TABLE items; --", "items; DROP TABLE items", "x') OR 1=1 --"] {
      let error = #expect(throws: PostgresError.self) { try connection.relation(named: name) }
      #expect(error?.message.hasPrefix("no table or view named") == true)
    }
    #expect(try count("items") == "2")
    #expect(try connection.quoted("a\"b") == "\"a\"\"b\"")
  }

  @Test func primaryKeysAndTheLastResorts() throws {
    let connection = try PostgresConnection(pg.conninfo)
    #expect(try connection.rowKey(of: connection.relation(named: "items")) == .primaryKey(["id"]))
    #expect(try connection.rowKey(of: connection.relation(named: "many")) == .ctid)
    #expect(try connection.rowKey(of: connection.relation(named: "shop.cheap")) == PostgresRowKey.none)
  }

  // MARK: Read-only

  @Test(arguments: [
    ("INSERT INTO items VALUES (3, 'Jug')", "read-only transaction"),
    ("insert into items values (3, 'Jug') returning *", "read-only transaction"),
    ("UPDATE items SET title = 'x' RETURNING id", "read-only transaction"),
    ("DELETE FROM items", "read-only transaction"),
    ("WITH gone AS (DELETE FROM items RETURNING *) SELECT * FROM gone", "read-only transaction"),
    ("SELECT nextval('counter')", "read-only transaction"),
    ("CREATE TABLE stolen AS SELECT * FROM items", "syntax error"),
    ("SELECT * INTO stolen FROM items", "INTO"),
    ("COPY items TO PROGRAM 'touch /tmp/waterfall-pwned'", "syntax error"),
    ("SET TRANSACTION READ WRITE", "syntax error"),
    ("SELECT 1; DELETE FROM items", "multiple commands"),
    ("DROP TABLE items", "syntax error"),
  ])
  func aStatementThatWouldWriteFailsWithTheServersMessage(sql: String, message: String) throws {
    let connection = try PostgresConnection(pg.conninfo)
    let error = #expect(throws: PostgresError.self) {
      let reader = try PostgresReader(connection: connection, selection: .query(sql))
      _ = try reader.nextPage()
    }
    #expect(error?.kind == .statement)
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    #expect(try count("items") == "2")
    #expect(try pg.psql("SELECT count(*) FROM pg_class WHERE relname = 'stolen'") == "0")
    #expect(try pg.psql("SELECT last_value FROM counter") == "1")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/waterfall-pwned"))
  }

  @Test func aWriteWrappedForASearchIsRefusedToo() throws {
    let connection = try PostgresConnection(pg.conninfo)
    let error = #expect(throws: PostgresError.self) {
      try PostgresReader(connection: connection, selection: .query("DELETE FROM items RETURNING *"), search: SearchQuery("mug"))
    }
    #expect(error?.message.contains("read-only transaction") == true)
    #expect(try count("items") == "2")
  }

  @Test func everyStatementRunsInAReadOnlyTransaction() throws {
    let connection = try PostgresConnection(pg.conninfo)
    #expect(try connection.query("SHOW transaction_read_only").text(0, 0) == "on")
    let error = #expect(throws: PostgresError.self) { try connection.query("INSERT INTO items VALUES (9, 'x')") }
    #expect(error?.sqlState == "25006")
    #expect("\(error!)" == "cannot execute INSERT in a read-only transaction (PQsendQueryParams, SQLSTATE 25006)")
  }
}
