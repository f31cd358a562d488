import ArgumentParser
import WaterfallApp

/// The option naming a PostgreSQL server by a libpq connection string, and
/// how the command line's search, sort and grouping are asked of a source
/// that does them where the data lives.
///
/// A server is named by a URI given as the data (`postgresql://…`,
/// `postgres://…`) or by `--pg 'host=… dbname=…'`; libpq fills in the rest as
/// its users expect (`PG*` variables, `~/.pgpass`, `service=`). `--table`
/// and `--sql` choose what to browse; with neither, a picker lists the tables
/// and views.
///
/// ```sh
/// waterfall postgresql://ann@db.example/shop --table items
/// waterfall --pg 'service=shop' --sql 'SELECT * FROM orders WHERE total > 100'
/// ```
struct PostgresOptions: ParsableArguments {
  @Option(
    name: .customLong("pg"),
    help: ArgumentHelp(
      "A PostgreSQL server by libpq connection string ('host=db dbname=shop user=ann', 'service=shop'); a postgresql:// URI can be given as the data instead. Passwords come from ~/.pgpass, PGPASSWORD or a service file.",
      valueName: "conninfo"))
  var conninfo: String?

  /// The source `--pg` names (with `--table` or `--sql`), or nil without it;
  /// exits 2 when a FILE is given too.
  func source(_ argument: String?, _ options: SourceOptions) -> (any ItemSource)? {
    guard let conninfo else { return nil }
    if let argument { fail("--pg names the data: give no \(argument) with it") }
    do { return try PostgresSource.resolve(PostgresTarget(conninfo), table: options.table, query: options.sql) } catch {
      fail(error.description)
    }
  }
}

extension LayoutOptions {
  /// What a source that searches and sorts where the data lives is opened
  /// with: the search typed at the start (`--query`), `--sort`, `--group-by`.
  func refinement(query: String?) -> SourceRefinement {
    SourceRefinement(
      search: query.flatMap { $0.isEmpty ? nil : $0 }, exactSearch: exact, sort: sort.flatMap { try? SortOrder(parsing: $0) },
      groupBy: groupBy)
  }
}
