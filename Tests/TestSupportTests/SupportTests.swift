import Foundation
import TestSupport
import Testing

/// The rest of what the tests share: seeded randomness repeats, the repository's
/// root is found, and scratch folders are new, empty and apart.
@Suite struct SupportTests {
  @Test func seededGeneratorsRepeat() {
    var a = SeededGenerator(seed: 42)
    var b = SeededGenerator(seed: 42)
    var c = SeededGenerator(seed: 43)
    let first = (0..<8).map { _ in a.next() }
    #expect(first == (0..<8).map { _ in b.next() })
    #expect(first != (0..<8).map { _ in c.next() })
  }

  @Test func theRepositoryRootHoldsThePackage() {
    #expect(FileManager.default.fileExists(atPath: Repository.path("Package.swift")))
    #expect(FileManager.default.fileExists(atPath: Repository.path("Tests/TestSupport/Repository.swift")))
  }

  @Test func scratchFoldersAreNewEmptyAndApart() throws {
    let one = try Scratch.folder()
    let two = try Scratch.folder()
    defer {
      try? FileManager.default.removeItem(at: one)
      try? FileManager.default.removeItem(at: two)
    }
    #expect(one != two)
    #expect(one.lastPathComponent.hasPrefix("waterfall-scratchFoldersAreNewEmpty"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: one.path).isEmpty)
    let file = try Scratch.file("x.txt") { try $0.write(contentsOf: Data("hi".utf8)) }
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    #expect(try String(contentsOf: file, encoding: .utf8) == "hi")
  }
}
