/// A table (or view) of a SQLite database, or a query's rows: one page, read
/// by ``SQLiteLoad`` a thousand rows at a time; pictures in BLOBs are read from
/// the table (``pictureBytes``).
///
/// ```swift
/// let source = try SQLiteSource.resolve("shop.db", table: nil, query: nil)   // its one table
/// source.sourceDescription.name   // "shop.db"
/// ```
struct SQLiteSource: ItemSource {
  let path: String
  let selection: DatabaseSelection

  var sourceDescription: SourceDescription {
    var description = SourceDescription(name: path, baseDirectory: SourceDescription.folder(of: path))
    description.rowsAreTable = true
    return description
  }

  func open(_ settings: ReadSettings) -> any PageCursor {
    OnePageCursor { [self] sink in
      SQLiteLoad(path: path, selection: selection, scanner: settings.scanner).run(
        shouldStop: { sink.shouldStop() },
        opened: { sink.opened(OpenedPage(file: $0)) },
        described: { sink.described($0, note: $1) },
        deliver: { sink.deliver($0, skipped: $1, bytesRead: $2) })
    }
  }

  /// For a table, what reads the pictures its rows hold in BLOBs (``BlobPicture``).
  var pictureBytes: (@Sendable (String) -> [UInt8]?)? {
    guard case .table(let name) = selection, let table = try? SQLiteTable(path: path, name: name) else { return nil }
    return { reference in BlobPicture(reference: reference).flatMap { table.bytes(of: $0) } }
  }

  /// The database at `path`, read by `table` or `query`, or by its one table or view.
  static func resolve(_ path: String, table: String?, query: String?) throws(LoadError) -> SQLiteSource {
    if let query { return SQLiteSource(path: path, selection: .query(query)) }
    let schema: SQLiteSchema
    do { schema = try SQLiteDatabase(path: path).schema() } catch {
      throw LoadError.unreadable(path: path, reason: error.description)
    }
    if let table {
      guard schema.contains(table) else { throw LoadError.unreadable(path: path, reason: schema.missing(table)) }
      return SQLiteSource(path: path, selection: .table(table))
    }
    guard schema.names.count == 1 else { throw LoadError.unreadable(path: path, reason: schema.choiceNeeded) }
    return SQLiteSource(path: path, selection: .table(schema.names[0]))
  }
}
