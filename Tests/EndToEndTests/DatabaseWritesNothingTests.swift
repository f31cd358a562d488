import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Browsing a database never writes beside it (issue 30): in rollback-journal
/// mode, in WAL mode (with its WAL folded into the file, or still holding rows
/// only it has), in a folder that can be written and in one that cannot, the
/// folder's listing (names, sizes, modification times, bytes) is the same after
/// as before, and every row shows, those in the WAL too.
///
/// The read-only folder is real for the program: run as root (whom `chmod`
/// does not stop), the folder is bound read-only onto itself in a mount
/// namespace of its own (`unshare -rm`, `mount --bind -o ro`), and the wrapper
/// first proves that a file cannot be made there; otherwise it is `chmod 555`.
@Suite struct DatabaseWritesNothingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var journal: TestDatabase.Journal
    var readOnlyFolder: Bool
    var testDescription: String { "\(journal.rawValue)\(readOnlyFolder ? " in a read-only folder" : "")" }
  }

  static let cases: [Case] = [TestDatabase.Journal.rollback, .wal, .walWithFrames].flatMap { journal in
    [Case(journal: journal, readOnlyFolder: false), Case(journal: journal, readOnlyFolder: true)]
  }

  static let rows = 1_500

  /// A file as the listing sees it.
  struct Entry: Equatable, CustomStringConvertible {
    var size: Int
    var modified: Int
    var bytes: Data
    var description: String { "\(size) bytes, modified \(modified)" }
  }

  /// The folder's files, and the folder itself as ".".
  static func listing(_ folder: URL) throws -> [String: Entry] {
    var entries: [String: Entry] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) + ["."] {
      let path = folder.appendingPathComponent(name).path
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      let bytes = name == "." ? Data() : FileManager.default.contents(atPath: path) ?? Data()
      entries[name] = Entry(size: Int(info.st_size), modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec, bytes: bytes)
    }
    return entries
  }

  /// Sets every file's and the folder's times to 2001, so that any write moves them.
  static func age(_ folder: URL) throws {
    let old = [timespec(tv_sec: 978_307_200, tv_nsec: 0), timespec(tv_sec: 978_307_200, tv_nsec: 0)]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      #expect(utimensat(AT_FDCWD, folder.appendingPathComponent(name).path, old, 0) == 0)
    }
    #expect(utimensat(AT_FDCWD, folder.path, old, 0) == 0)
  }

  /// Runs waterfall with `arguments`, the folder read-only for it when `readOnly`.
  static func run(_ arguments: [String], in folder: URL, readOnly: Bool) throws -> (out: String, err: String, status: Int32) {
    guard readOnly else { return try Tmux.waterfall(arguments) }
    if getuid() != 0 {
      #expect(chmod(folder.path, 0o555) == 0)
      defer { chmod(folder.path, 0o755) }
      return try Tmux.waterfall(arguments)
    }
    let script = #"mount --bind -o ro "$1" "$1" || exit 97; if touch "$1/.probe" 2>/dev/null; then exit 98; fi; shift; exec "$@""#
    return try Tmux.launch(
      "/usr/bin/unshare", ["-rm", "sh", "-c", script, "sh", folder.path, Tmux.waterfall] + arguments,
      input: nil, environment: ["LANG": "C.UTF-8"])
  }

  @Test(arguments: cases)
  func browsingWritesNothingBesideTheDatabase(_ test: Case) throws {
    let folder = try Scratch.folder()
    defer {
      chmod(folder.path, 0o755)
      try? FileManager.default.removeItem(at: folder)
    }
    let path = folder.appendingPathComponent("shop.db").path
    let inserts = (0..<Self.rows).map { "INSERT INTO items VALUES ('item \($0)');" }.joined()
    try TestDatabase.make(at: path, sql: "CREATE TABLE items(name TEXT); BEGIN;" + inserts + "COMMIT;", journal: test.journal)
    let made = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(made == (test.journal == .walWithFrames ? ["shop.db", "shop.db-wal", "shop.db-shm"] : ["shop.db"]), "the fixture")
    try Self.age(folder)
    let before = try Self.listing(folder)

    let layout = try Self.run(["layout", path, "--width", "80", "--all-pages"], in: folder, readOnly: test.readOnlyFolder)
    #expect(layout.status == 0, "\(layout.err)")
    let cells = layout.out.split(separator: "\n").filter { $0.contains(#""kind":"cell""#) }
    #expect(cells.count == Self.rows, "every row, those only in the WAL too")
    let details = try Self.run(
      ["render", path, "--all-pages", "--select", "\(Self.rows - 1)", "--details", "--width", "60", "--height", "10"], in: folder,
      readOnly: test.readOnlyFolder)
    #expect(details.status == 0, "\(details.err)")
    // A table is read a page at a time: --all-pages reads every page, as layout does.
    #expect(details.out.contains("item \(Self.rows - 1)"), "the last row's details, read again: \(details.out)")

    let after = try Self.listing(folder)
    #expect(Set(after.keys) == Set(before.keys), "no file made beside the database: \(after.keys.sorted())")
    for (name, entry) in before { #expect(after[name] == entry, "\(name): was \(entry), now \(after[name].map(\.description) ?? "gone")") }
  }
}
