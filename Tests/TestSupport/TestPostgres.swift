import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A throwaway PostgreSQL cluster for the tests: `initdb` and `pg_ctl` from
/// /usr/lib/postgresql/*/bin into a temporary folder, listening only on a Unix
/// socket in that folder (`listen_addresses=''`), with a database made and
/// every statement logged (`log_statement=all`) so tests can see the SQL the
/// server ran.
///
/// When the tests run as root the server runs as the `postgres` user (it will
/// not run as root), which owns the folder. Each cluster has its own folder,
/// socket and port, so several test processes each run their own. `pg_ctl -w`
/// waits for the start. ``stop()`` (also called by `deinit`) stops it at once
/// (`pg_ctl stop -m immediate`) and removes the folder; a watchdog started with
/// it does the same if the test process dies without stopping it.
///
/// initdb takes seconds: start one cluster per suite, with the `.postgres`
/// trait, and reach it as ``current``:
///
/// ```swift
/// @Suite(.postgres) struct ReadingTests {
///   let pg = TestPostgres.current!
///   @Test func reads() throws {
///     try pg.psql("CREATE TABLE items (id int PRIMARY KEY)")
///     let connection = try PostgresConnection(pg.conninfo)
///   }
/// }
/// ```
public final class TestPostgres: @unchecked Sendable {
  /// The cluster of the suite running (the `.postgres` trait's).
  @TaskLocal public static var current: TestPostgres?

  /// The folder holding the cluster's data, socket and log.
  public let folder: URL
  public let port: Int
  public let database: String
  public let bin: String
  private let asPostgresUser: Bool
  private var watchdog: pid_t = 0
  private var stopped = false
  private let lock = NSLock()
  private let fixtureLock = NSLock()
  private var fixtures: Set<String> = []

  /// The newest server's programs: /usr/lib/postgresql/N/bin.
  public static var binFolder: String? {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return versions.compactMap(Int.init).sorted().last.map { "\(root)/\($0)/bin" }
      .flatMap { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") ? $0 : nil }
  }

  /// Makes, starts and fills a cluster with `database`; throws when any step fails.
  public static func start(database: String = "waterfall", name: String = #function) throws -> TestPostgres {
    guard let bin = binFolder else { throw TestCommand.Failure(description: "no PostgreSQL server in /usr/lib/postgresql/*/bin") }
    let folder = try Scratch.folder("pg" + name)
    let cluster = TestPostgres(folder: folder, bin: bin, database: database)
    do {
      try cluster.initialise()
      try cluster.psql("CREATE DATABASE \(database)", database: "postgres")
    } catch {
      cluster.stop()
      throw error
    }
    return cluster
  }

  private init(folder: URL, bin: String, database: String) {
    self.folder = folder
    self.bin = bin
    self.database = database
    port = Int.random(in: 20_000...60_000)
    asPostgresUser = geteuid() == 0
  }

  deinit {
    stop()
  }

  public var dataFolder: String { folder.appendingPathComponent("data").path }
  public var logPath: String { folder.appendingPathComponent("server.log").path }

  /// A libpq connection string to `database` (this cluster's by default), as
  /// the superuser `postgres`.
  public func conninfo(database: String? = nil, user: String = "postgres") -> String {
    "host=\(folder.path) port=\(port) dbname=\(database ?? self.database) user=\(user)"
  }

  public var conninfo: String { conninfo() }

  /// The same as a URI: the socket folder percent-encoded as the host.
  public func uri(user: String = "postgres", password: String? = nil) -> String {
    let host = folder.path.replacingOccurrences(of: "/", with: "%2F")
    return "postgresql://\(user)\(password.map { ":" + $0 } ?? "")@\(host):\(port)/\(database)"
  }

  /// Runs `sql` with `psql` (stopping at the first error) and returns what it
  /// printed, unaligned (`-At`).
  @discardableResult
  public func psql(_ sql: String, database: String? = nil) throws -> String {
    let result = try TestCommand.run(
      bin + "/psql",
      ["-X", "-At", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-p", String(port), "-U", "postgres",
       "-d", database ?? self.database, "-c", sql])
    guard result.status == 0 else { throw TestCommand.Failure(description: "psql failed: \(result.errors)") }
    return result.output.trimmingCharacters(in: .newlines)
  }

  /// Runs `body` the first time a test of the cluster asks for fixture `name`;
  /// the others wait for it, and then do nothing (tests run in parallel, and
  /// `CREATE … IF NOT EXISTS` at once from two sessions can still collide).
  public func fixture(_ name: String, _ body: () throws -> Void) throws {
    fixtureLock.lock()
    defer { fixtureLock.unlock() }
    guard !fixtures.contains(name) else { return }
    try body()
    fixtures.insert(name)
  }

  /// The server's log: every statement it ran (`log_statement=all`).
  public func log() -> String {
    (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
  }

  /// Stops the server at once and removes its folder; again is nothing.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    stopped = true
    if FileManager.default.fileExists(atPath: dataFolder + "/postmaster.pid") {
      _ = try? server(bin + "/pg_ctl", ["-D", dataFolder, "-w", "-t", "60", "stop", "-m", "immediate"])
    }
    if watchdog > 0 {
      // Its session's group: the shell and the `tail` it waits in.
      Glibc.kill(-watchdog, SIGKILL)
      _ = try? TestCommand.reap(watchdog, timeout: .seconds(10), what: "the cluster's watchdog")
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the server only, as a crash or an administrator would (the folder
  /// stays until ``stop()``): for a server that goes away mid-read.
  public func stopServer() throws {
    try server(bin + "/pg_ctl", ["-D", dataFolder, "-w", "-t", "60", "stop", "-m", "immediate"])
  }

  /// Starts the server again after ``stopServer()``, on the same socket and port.
  public func startServer() throws {
    try server(bin + "/pg_ctl", ["-D", dataFolder, "-w", "-t", "60", "-l", logPath, "start"])
  }

  // MARK: Making it

  private func initialise() throws {
    if asPostgresUser {
      guard let user = getpwnam("postgres") else { throw TestCommand.Failure(description: "no postgres user to run the server as") }
      guard chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
        throw TestCommand.Failure(description: "cannot give \(folder.path) to postgres")
      }
    }
    try server(
      bin + "/initdb",
      ["-D", dataFolder, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
    // A role with a password needs it; every other local connection is trusted.
    let hba = "local all waterfall_password scram-sha-256\nlocal all all trust\n"
    try server("/bin/sh", ["-c", "printf '%s' \"$1\" > \"$2\"", "sh", hba, dataFolder + "/pg_hba.conf"])
    let settings = [
      "listen_addresses=''", "unix_socket_directories='\(folder.path)'", "port=\(port)", "log_statement=all",
      "log_line_prefix='%m [%p] %a: '", "timezone='UTC'", "fsync=off", "synchronous_commit=off", "full_page_writes=off",
      "shared_buffers=16MB", "max_connections=30",
    ]
    try server("/bin/sh", ["-c", "printf '%s\\n' \"$@\" >> \"$0\"", dataFolder + "/postgresql.conf"] + settings)
    try startWatchdog()
    try server(bin + "/pg_ctl", ["-D", dataFolder, "-w", "-t", "60", "-l", logPath, "start"])
  }

  /// A process of its own session that waits for this one to end, then stops
  /// the server and removes the folder, in case ``stop()`` never ran (a crash).
  private func startWatchdog() throws {
    let stop = "\"\(bin)/pg_ctl\" -D \"\(dataFolder)\" -w stop -m immediate"
    let script = "tail --pid=\(getpid()) -f /dev/null; "
      + (asPostgresUser ? "runuser -u postgres -- \(stop)" : stop) + "; rm -rf \"\(folder.path)\""
    watchdog = try TestCommand.spawn("/bin/sh", ["-c", script], newSession: true)
  }

  /// Runs one of the server's programs, as `postgres` when this process is root.
  @discardableResult
  private func server(_ path: String, _ arguments: [String]) throws -> String {
    let command = asPostgresUser ? ("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments) : (path, arguments)
    let result = try TestCommand.run(command.0, command.1, environment: ["LC_ALL": "C.UTF-8"])
    guard result.status == 0 else {
      throw TestCommand.Failure(description: "\(path) \(arguments.joined(separator: " ")) failed: \(result.errors)\(result.output)")
    }
    return result.output
  }
}

/// Starts a ``TestPostgres`` cluster around a suite (or a test), stops and
/// removes it after, whatever happened: `@Suite(.postgres)`.
public struct PostgresTrait: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { false }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if TestPostgres.current != nil {
      try await function()
      return
    }
    let cluster = try TestPostgres.start(name: test.name)
    defer { cluster.stop() }
    try await TestPostgres.$current.withValue(cluster) { try await function() }
  }
}

extension Trait where Self == PostgresTrait {
  /// A throwaway PostgreSQL cluster for the suite: ``TestPostgres/current``.
  public static var postgres: PostgresTrait { PostgresTrait() }
}
