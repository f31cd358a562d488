#if canImport(Glibc)
  import Glibc
#endif

/// How a database file is opened so that nothing is ever written beside it: the
/// `file:` URI ``SQLiteDatabase`` opens, chosen from the file's header and the
/// files next to it.
///
/// A read-only connection to a database in rollback-journal mode writes nothing
/// (`mode=ro`). One in WAL mode would create `FILE-wal` and `FILE-shm` and leave
/// them there, and in a read-only folder it cannot open at all, so:
///
/// - no `-wal`, or an empty one: every committed row is in the file itself, so it
///   is read as `immutable=1`, which takes no locks and opens no other file;
/// - a `-wal` holding frames (changes not yet copied into the file): `immutable`
///   would not read them and their rows would be lost, so the connection reads the
///   WAL through the existing `-shm` opened read-only (`readonly_shm=1`), which
///   SQLite then indexes in its own memory when no writer is there;
/// - a `-wal` with frames and no `-shm`: SQLite could only read it by creating the
///   `-shm`, so the database is refused with a message saying why.
///
/// ```swift
/// SQLiteReadOnlyOpen(path: "shop.db").uri   // "file:shop.db?mode=ro" (rollback journal)
/// ```
struct SQLiteReadOnlyOpen: Equatable {
  /// What the files say about how to open the database.
  enum Mode: Equatable {
    /// Rollback journal (or not a database at all: SQLite will say so).
    case readOnly
    /// WAL mode with nothing in the WAL.
    case immutable
    /// WAL mode with frames in the WAL, read through the `-shm` read-only.
    case readOnlySharedMemory
    /// WAL mode with frames in the WAL but no `-shm`: cannot be read unwritten.
    case missingSharedMemory
  }

  var path: String
  var mode: Mode

  init(path: String) {
    self.path = path
    mode = Self.mode(path: path)
  }

  static func mode(path: String) -> Mode {
    guard Self.isWAL(path: path) else { return .readOnly }
    guard let walSize = Self.size(of: path + "-wal"), walSize > 0 else { return .immutable }
    return Self.size(of: path + "-shm") != nil ? .readOnlySharedMemory : .missingSharedMemory
  }

  /// The URI to open, or nil when the database cannot be read without writing.
  var uri: String? {
    let file = Self.fileURI(path)
    switch mode {
    case .readOnly: return file + "?mode=ro"
    case .immutable: return file + "?mode=ro&immutable=1"
    case .readOnlySharedMemory: return file + "?mode=ro&readonly_shm=1"
    case .missingSharedMemory: return nil
    }
  }

  /// Why the database cannot be opened, when ``uri`` is nil.
  var refusal: String {
    "its write-ahead log \(path)-wal holds changes not yet in the file, and \(path)-shm, "
      + "which reading them without writing needs, is missing (open it once with sqlite3 to fold them in)"
  }

  /// Whether the file's header says WAL mode (its read and write versions, bytes 18 and 19, are 2).
  static func isWAL(path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: 20)
    guard pread(fd, &header, 20, 0) == 20 else { return false }
    return header[18] == 2 || header[19] == 2
  }

  /// The size of the regular file at `path`, or nil when there is none.
  static func size(of path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// `path` as a `file:` URI: every byte but the unreserved ones and `/`
  /// percent-encoded, so that `?`, `#` and `%` in a name stay part of it; an
  /// absolute path gets an empty authority (`file:///…`), so that one starting
  /// `//` is not read as a host.
  ///
  /// ```swift
  /// SQLiteReadOnlyOpen.fileURI("/tmp/a b?.db")   // "file:///tmp/a%20b%3F.db"
  /// ```
  static func fileURI(_ path: String) -> String {
    var out = path.hasPrefix("/") ? "file://" : "file:"
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    out += String(decoding: bytes, as: UTF8.self)
    return out
  }
}
