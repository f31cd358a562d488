#if canImport(Glibc)
  import Glibc
#endif
import WaterfallFiles

/// The PostgreSQL cluster the bench starts for itself: Debian's server
/// (/usr/lib/postgresql/N/bin), its data kept in a folder of the bench's data
/// (made with `initdb` the first time, so the big table is made once), and
/// listening only on a Unix socket in a temporary folder. When the bench runs
/// as root, the server runs as the `postgres` user, which owns both folders.
/// ``stop()`` stops it; a watchdog stops it too if the bench dies first.
///
/// ```swift
/// let cluster = try BenchCluster.start(data: "bench-data/postgres")
/// defer { cluster.stop() }
/// cluster.conninfo   // "host=/tmp/waterfall-bench-pg-4242 port=5432 dbname=postgres user=postgres"
/// ```
final class BenchCluster {
  let bin: String
  let dataFolder: String
  let socketFolder: String
  let port = 5432
  private let asPostgres = geteuid() == 0
  private var watchdog: pid_t = 0
  private var stopped = false

  var conninfo: String { "host=\(socketFolder) port=\(port) dbname=postgres user=postgres" }
  var psql: String { bin + "/psql" }

  /// The newest server's programs.
  static func binFolder() -> String? {
    let root = "/usr/lib/postgresql"
    guard let names = DirectoryNames.list(root) else { return nil }
    var versions: [Int] = []
    for name in names {
      if let version = Int(name), access("\(root)/\(name)/bin/initdb", X_OK) == 0 { versions.append(version) }
    }
    return versions.max().map { "\(root)/\($0)/bin" }
  }

  /// Makes the cluster in `data` unless it is there, and starts it.
  static func start(data: String) throws(BenchData.Failure) -> BenchCluster {
    guard let bin = binFolder() else {
      throw BenchData.Failure(description: "no PostgreSQL server in /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    }
    let cluster = BenchCluster(bin: bin, data: data)
    do {
      try cluster.prepare()
      try cluster.startWatchdog()
      // The socket's folder is this run's: said at each start, not in the kept settings.
      try cluster.server(
        bin + "/pg_ctl",
        ["-D", cluster.dataFolder, "-w", "-t", "120", "-l", cluster.dataFolder + "/../server.log",
         "-o", "-c listen_addresses='' -k \(cluster.socketFolder) -p \(cluster.port)", "start"])
    } catch {
      cluster.stop()
      throw error
    }
    return cluster
  }

  private init(bin: String, data: String) {
    self.bin = bin
    var absolute = data
    if !data.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
      if getcwd(&buffer, buffer.count) != nil {
        absolute = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + data
      }
    }
    dataFolder = absolute + "/data"
    socketFolder = "/tmp/waterfall-bench-pg-\(getpid())"
  }

  deinit { stop() }

  /// Stops the server (fast: its sessions are ended) and removes the socket's folder.
  func stop() {
    guard !stopped else { return }
    stopped = true
    if access(dataFolder + "/postmaster.pid", F_OK) == 0 {
      _ = try? server(bin + "/pg_ctl", ["-D", dataFolder, "-w", "-t", "120", "stop", "-m", "fast"])
    }
    if watchdog > 0 {
      kill(-watchdog, SIGKILL)
      var status: Int32 = 0
      while waitpid(watchdog, &status, 0) < 0, errno == EINTR {}
    }
    rmdir(socketFolder)
  }

  /// The folders, owned by `postgres` when root, and `initdb` the first time.
  private func prepare() throws(BenchData.Failure) {
    let parent = String(dataFolder.dropLast("/data".count))
    _ = try server("/bin/mkdir", ["-p", parent, socketFolder], asServer: false)
    if asPostgres { _ = try server("/bin/chown", ["postgres:postgres", parent, socketFolder], asServer: false) }
    guard access(dataFolder + "/PG_VERSION", F_OK) != 0 else { return }
    try server(bin + "/initdb", ["-D", dataFolder, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
    let settings = [
      "listen_addresses=''", "fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_wal_size=4GB",
    ]
    try server("/bin/sh", ["-c", "printf '%s\\n' \"$@\" >> \"$0\"", dataFolder + "/postgresql.conf"] + settings)
  }

  /// A process of its own session that stops the server once the bench has ended.
  private func startWatchdog() throws(BenchData.Failure) {
    let stop = "\"\(bin)/pg_ctl\" -D \"\(dataFolder)\" -w stop -m fast"
    let script = "tail --pid=\(getpid()) -f /dev/null; " + (asPostgres ? "runuser -u postgres -- \(stop)" : stop)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc's, behind _GNU_SOURCE)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
    let words: [String] = ["/bin/sh", "-c", script]
    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&watchdog, "/bin/sh", &actions, &attributes, argv, environ) == 0 else {
      throw BenchData.Failure(description: "cannot start the cluster's watchdog")
    }
  }

  /// Runs one of the server's programs (as `postgres` when root) to its end.
  @discardableResult
  private func server(_ path: String, _ arguments: [String], asServer: Bool = true) throws(BenchData.Failure) -> Int32 {
    let argv = asPostgres && asServer ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else {
      throw BenchData.Failure(description: "cannot start \(argv[0])")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard status == 0 else { throw BenchData.Failure(description: "\(path) \(arguments.prefix(3).joined(separator: " ")) failed (status \(status))") }
    return status
  }
}
