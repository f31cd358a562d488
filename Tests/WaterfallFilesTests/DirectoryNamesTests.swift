import Foundation
import Testing
import WaterfallFiles

@Suite struct DirectoryNamesTests {
  /// Names of every length a folder holds, enough of them to fill readdir's
  /// buffer many times: each comes back whole (under `make test-asan` this is
  /// where a read past the buffer's last record is seen).
  @Test func everyNameComesBackWholeAtEveryLength() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var made: Set<String> = ["é", "名前", "a b", "-n"]
    for length in 1...255 {
      for copy in 0..<8 { made.insert(String(copy) + String(repeating: "x", count: length - 1)) }
    }
    for name in made { FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil) }
    let listed = try #require(DirectoryNames.list(folder.path))
    #expect(listed.count == made.count)
    #expect(Set(listed) == made)
  }

  @Test func aFolderThatCannotBeOpenedIsNil() {
    #expect(DirectoryNames.list("/nonexistent-\(UUID().uuidString)") == nil)
  }
}
