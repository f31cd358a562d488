import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Nothing is lost without a word outside the loaders (issue 30): a folder of
/// folders with one that cannot be read shows the others and names it.
///
/// The folder is made unreadable with `chmod 000`; run as root, whom that does
/// not stop, the program runs as `nobody` (`setpriv --reuid`), for whom it does.
@Suite struct SilentLossEndToEndTests {
  /// `arguments` for waterfall as a user whom file modes bind.
  static func unprivileged(_ arguments: [String]) throws -> (out: String, err: String, status: Int32) {
    guard getuid() == 0 else { return try Tmux.waterfall(arguments) }
    return try Tmux.launch(
      "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Tmux.waterfall] + arguments,
      input: nil, environment: ["LANG": "C.UTF-8"])
  }

  @Test(arguments: ["a", "b", "c"])
  func anUnreadableFolderOfATreeIsNamedAndTheOthersShown(_ unreadable: String) throws {
    let root = try Scratch.folder()
    defer {
      chmod(root.appendingPathComponent(unreadable).path, 0o755)
      try? FileManager.default.removeItem(at: root)
    }
    let page = Array(repeating: #"{"title":"x"}"#, count: 3).joined(separator: "\n") + "\n"
    for name in ["a", "b", "c"] {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(page.utf8).write(to: folder.appendingPathComponent("1.jsonl"))
    }
    let hidden = root.appendingPathComponent(unreadable).path
    #expect(chmod(hidden, 0) == 0)
    // The program's user can really not list it (the test's own may, as root).
    let probe = try Self.unprivileged(["render", "-r", hidden, "--width", "40", "--height", "5"])
    #expect(probe.err.contains("Permission denied"), "the folder is unreadable for the program: \(probe.err)")

    let run = try Self.unprivileged(["layout", "-r", root.path, "--width", "80", "--all-pages"])
    #expect(run.status == 2, "\(run.err)")
    #expect(run.err == "waterfall: \(hidden): cannot read the folder: Permission denied\n")
    let cells = run.out.split(separator: "\n").filter { $0.contains(#""kind":"cell""#) }
    #expect(cells.count == 6, "the other two folders' items")
    let headers = run.out.split(separator: "\n").filter { $0.contains(#""kind":"header""#) }
    #expect(headers.count == 2, "a section for each folder read")
  }
}
