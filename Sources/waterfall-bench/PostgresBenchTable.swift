#if canImport(Glibc)
  import Glibc
#endif

/// Makes the PostgreSQL benchmark's table in a cluster it is given: `rows`
/// shop-like rows (`id` primary key, `title`, `price`, `shop`, `tags`,
/// `description`) made by the server itself with `generate_series`, then
/// analysed so the catalogue's estimate is right.
///
/// The reader only ever reads (``PostgresConnection`` runs everything `READ
/// ONLY`), so the table is made with `psql`, which comes with the server. A
/// table of that name with as many rows (by the catalogue) is kept as it is.
/// A million rows took 17 s and 185 MB here (a busy 2-core VM); ten million,
/// ten times that.
///
/// ```swift
/// try PostgresBenchTable(psql: "/usr/lib/postgresql/15/bin/psql", conninfo: "host=/tmp/pg port=5432 dbname=bench")
///   .ensure(rows: 10_000_000)
/// ```
struct PostgresBenchTable {
  var psql: String
  var conninfo: String
  var name = "bench_items"

  /// The statements that make the table (the name is the bench's own, never a
  /// user's): rows `first` to `rows`.
  func script(rows: Int, first: Int = 1) -> String {
    """
    DROP TABLE IF EXISTS \(name);
    CREATE TABLE \(name) AS SELECT
      n AS id,
      (ARRAY['Blue', 'Clay', 'Oak', 'Teak', 'Ash', 'Red'])[1 + n % 6] || ' '
        || (ARRAY['mug', 'bowl', 'jug', 'plate', 'vase', 'lamp', 'chair'])[1 + (n / 6) % 7] || ' ' || n AS title,
      ((n::bigint * 7919) % 100000) / 100.0 AS price,
      (ARRAY['Clay Co', 'Oak & Ash', 'Blue Mug', 'Teak House', 'Red Barn'])[1 + (n / 42) % 5] AS shop,
      (ARRAY['new', 'sale', 'handmade', 'vintage'])[1 + n % 4 : 1 + n % 4 + (n / 4) % 2] AS tags,
      md5(n::text) || ' ' || md5((n + 1)::text) AS description
    FROM generate_series(\(first), \(rows)) AS n;
    ALTER TABLE \(name) ADD PRIMARY KEY (id);
    ANALYZE \(name);
    """
  }

  /// Makes the table unless one with `rows` rows is there: the catalogue's
  /// estimate within 1 % (ANALYZE's is a sample's, not always exact) and the
  /// last id, read from the primary key's index, `rows`.
  func ensure(rows: Int) throws(BenchData.Failure) {
    let estimate = try run(["-c", "SELECT coalesce((SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass('\(name)')), -1)"])
    if let estimate = Int(estimate.filter { !$0.isWhitespace }), estimate >= 0, abs(estimate - rows) <= rows / 100 {
      let last = try run(["-c", "SELECT max(id) FROM \(name)"])
      if Int(last.filter { !$0.isWhitespace }) == rows { return }
    }
    _ = try run(["-c", script(rows: rows)])
  }

  /// Runs `psql` on the cluster (stopping at the first error), returning what it printed.
  func run(_ arguments: [String]) throws(BenchData.Failure) -> String {
    let output = "/tmp/waterfall-bench-psql-\(getpid()).out"
    defer { unlink(output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = [psql, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-d", conninfo] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, psql, &actions, nil, cArguments, environ) == 0 else {
      throw BenchData.Failure(description: "cannot start \(psql)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let text = Self.read(output)
    guard status == 0 else { throw BenchData.Failure(description: "psql failed: \(text)") }
    return text
  }

  private static func read(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
