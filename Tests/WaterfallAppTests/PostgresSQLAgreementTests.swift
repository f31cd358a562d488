import CSQLite
import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// The search and sort translation run for real: the same rows in PostgreSQL
/// and in SQLite, and each query's rows as the server found them, as SQLite
/// found them, and as the in-memory matcher finds them in each loader's JSON.
/// The data keeps to where they must agree (ASCII text, whole numbers; see
/// ``SQLFilter`` and ``SQLOrder`` for where they differ).
@Suite(.postgres) struct PostgresSQLAgreementTests {
  let pg = TestPostgres.current!

  struct Row {
    var id: Int
    var title: String?
    var shop: String?
    var price: Int?
    var note: String?
  }

  static let words = ["mug", "bowl", "Blue", "clay", "oak", "RED", "jug", "ash", "a_b", #"back\slash"#, "o'brien", "Teak", "x%y"]
  static let shops = ["Clay Co", "Oak & Ash", "red_barn", "50% off", #"C:\shops"#, "mug shop"]

  static let rows: [Row] = {
    var rng = SeededGenerator(seed: 29)
    return (1...300).map { id in
      let title = (0..<Int.random(in: 1...3, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
      return Row(
        id: id, title: Int.random(in: 0..<12, using: &rng) == 0 ? nil : title,
        shop: Int.random(in: 0..<5, using: &rng) == 0 ? nil : shops.randomElement(using: &rng),
        price: Int.random(in: 0..<6, using: &rng) == 0 ? nil : Int.random(in: 0..<25, using: &rng),
        note: Int.random(in: 0..<3, using: &rng) == 0 ? words.randomElement(using: &rng) : nil)
    }
  }()

  /// The rows as SQL both databases read (standard quoting: `''`, and a backslash is itself).
  static let insert: String = {
    func literal(_ text: String?) -> String { text.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL" }
    let values = rows.map { "(\($0.id), \(literal($0.title)), \(literal($0.shop)), \($0.price.map(String.init) ?? "NULL"), \(literal($0.note)))" }
    return "INSERT INTO agree VALUES " + values.joined(separator: ", ")
  }()

  static let queries: [String] = {
    var queries = [
      "", "mug", "MUG", "'mug", "^mug", "mug$", "^mug$", "!mug", "mug | bowl", "shop:clay", "!shop:clay", "title:^b",
      "nope:x", "!nope:x", "12", "'1", "price:1", "id:^2", "50%", "'_", "a_b", #"\"#, #"'back\slash"#, "o'b", "'o'b",
      "b u", "clay !red | oak", "note:ash", "!note:ash", "'x%y", "%", "_", #"shop:'C:\s"#, #"mug\ shop"#, "^teak$",
      "ue$ | ^o", "title:'", "bl ue", "y", "!y",
    ]
    var rng = SeededGenerator(seed: 7)
    let forms = ["", "'", "^", "!", "title:", "shop:", "!shop:", "note:"]
    for _ in 0..<60 {
      let terms = (0..<Int.random(in: 1...3, using: &rng)).map { _ -> String in
        let word = words.randomElement(using: &rng)!
        let part = String(word.prefix(Int.random(in: 1...word.count, using: &rng)))
        let form = forms.randomElement(using: &rng)!
        return form + part.replacingOccurrences(of: " ", with: "\\ ") + (Bool.random(using: &rng) ? "" : "$")
      }
      queries.append(terms.joined(separator: Bool.random(using: &rng) ? " " : " | "))
    }
    return queries
  }()

  init() throws {
    try pg.fixture("agree") { [pg] in
      try pg.psql("CREATE TABLE agree (id int PRIMARY KEY, title text, shop text, price int, note text); " + Self.insert)
    }
  }

  /// A SQLite file with the same rows, removed by the caller with its folder.
  private func sqliteFile() throws -> URL {
    let folder = try Scratch.folder()
    let path = folder.appendingPathComponent("agree.db").path
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw TestCommand.Failure(description: "cannot make \(path)") }
    defer { sqlite3_close(db) }
    let sql = "CREATE TABLE agree (id INTEGER PRIMARY KEY, title TEXT, shop TEXT, price INTEGER, note TEXT); " + Self.insert
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw TestCommand.Failure(description: "cannot fill \(path)") }
    return folder
  }

  private func id(_ json: [UInt8]) throws -> Int {
    try Int(JSONParser.parse(json)["id"]?.text ?? "") ?? -1
  }

  /// The ids of `jsons` the in-memory matcher finds for `query`.
  private func matched(_ query: String, in jsons: [[UInt8]]) throws -> [Int] {
    var matcher = ItemMatcher(SearchQuery(query))
    return try jsons.filter { json in json.withUnsafeBufferPointer { matcher.matches(json: $0) } }.map(id)
  }

  /// The ids SQLite gives for `query` and `sort`, through the translation.
  private func sqliteIDs(_ database: SQLiteDatabase, _ query: String, sort: WaterfallApp.SortOrder = .init(field: nil)) throws -> [Int] {
    let columns = try database.sqlColumns(of: "agree")
    let select = SQLSelect(
      from: #""agree""#, columns: [#""id""#], filter: SQLFilter(SearchQuery(query), columns: columns, dialect: .sqlite),
      order: SQLOrder(sort: sort, groupBy: nil, columns: columns, rowKey: ["rowid"], dialect: .sqlite), dialect: .sqlite)
    let statement = select.statement()
    var ids: [Int] = []
    try database.forEveryRow(statement.sql, values: statement.parameters) { row in ids.append(Int(row.integer(0))) }
    return ids
  }

  private func postgresIDs(_ connection: PostgresConnection, _ query: String, sort: WaterfallApp.SortOrder = .init(field: nil)) throws -> [Int] {
    let reader = try PostgresReader(connection: connection, selection: .table("agree"), search: SearchQuery(query), sort: sort, roles: nil)
    var ids: [Int] = []
    while let page = try reader.nextPage() { ids += try page.map { try id($0.json) } }
    return ids
  }

  @Test func searchesFindWhatTheInMemoryMatcherFinds() throws {
    let folder = try sqliteFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sqlite = try SQLiteDatabase(path: folder.appendingPathComponent("agree.db").path)
    let connection = try PostgresConnection(pg.conninfo)
    let postgresJSON = try #require(try PostgresReader(connection: connection, selection: .table("agree"), roles: nil, pageRows: 1000).nextPage()).map(\.json)
    var sqliteJSON: [[UInt8]] = []
    try sqlite.forEveryRow("SELECT * FROM agree ORDER BY rowid") { row in
      var json: [UInt8] = []
      row.appendJSON(to: &json)
      sqliteJSON.append(json)
    }
    #expect(postgresJSON.count == 300 && sqliteJSON.count == 300)
    var nonEmpty = 0
    for query in Self.queries {
      let inMemory = try matched(query, in: postgresJSON)
      let server = try postgresIDs(connection, query)
      #expect(server == inMemory, "PostgreSQL, \(query)")
      #expect(try sqliteIDs(sqlite, query) == matched(query, in: sqliteJSON), "SQLite, \(query)")
      #expect(try sqliteIDs(sqlite, query) == server, "SQLite and PostgreSQL, \(query)")
      if !inMemory.isEmpty && inMemory.count < 300 { nonEmpty += 1 }
    }
    // The queries are not all trivial.
    #expect(nonEmpty > Self.queries.count / 2)
  }

  @Test(arguments: [
    WaterfallApp.SortOrder(field: "price"), .init(field: "price", descending: true), .init(field: nil, descending: true),
    .init(field: "title"), .init(field: "shop", descending: true), .init(field: "note"),
  ])
  func sortsOrderAsTheInMemorySortDoes(sort: WaterfallApp.SortOrder) throws {
    let folder = try sqliteFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sqlite = try SQLiteDatabase(path: folder.appendingPathComponent("agree.db").path)
    let store = ItemStore(roles: FieldRoles())
    try sqlite.forEveryRow("SELECT * FROM agree ORDER BY rowid") { row in
      var json: [UInt8] = []
      row.appendJSON(to: &json)
      try? store.append(json: json)
    }
    let inMemory = try #require(Sorter.sorted(store.itemTexts, by: sort)).map { $0 + 1 }
    #expect(try sqliteIDs(sqlite, "", sort: sort) == inMemory)
    // PostgreSQL orders text by the column's collation (here bytes: `B` before `a`): numbers only.
    if sort.field == "price" || sort.field == nil {
      #expect(try postgresIDs(PostgresConnection(pg.conninfo), "", sort: sort) == inMemory)
    }
  }
}
