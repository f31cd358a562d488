import Foundation
import Testing
import TestSupport
@testable import WaterfallApp

/// The search's compact texts fit under `--memory-limit`: a quarter of what the
/// limit leaves above the program's start, in the store read first and in every
/// store a reload makes.
@Suite struct SearchTextBudgetTests {
  @Test func theLimitBoundsTheCompactTextsOfEveryStore() throws {
    let text = (0..<30).map { #"{"title":"item \#($0)"}"# }.joined(separator: "\n") + "\n"
    let file = try Scratch.file("items.jsonl") { $0.write(Data(text.utf8)) }
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let limit = MemoryLimit(bytes: 64 << 20, baseline: 24 << 20)
    #expect(limit.searchTextBudget == 10 << 20)

    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(
      source: FileSource(path: file.path), store: store, memoryLimit: limit, memoryInUse: { 0 }, workers: .stepped)
    #expect(store.searchTexts.budget == 10 << 20)
    _ = controller.start()
    _ = controller.reload()
    let reread = try #require(controller.readToEnd())
    #expect(reread !== store)
    #expect(reread.searchTexts.budget == 10 << 20, "a reload's store keeps the budget")

    // Without a limit, the machine's default budget.
    let free = ItemStore(roles: FieldRoles())
    _ = LoadController(source: FileSource(path: file.path), store: free, workers: .stepped)
    #expect(free.searchTexts.budget == SearchTextCache.defaultBudget)
  }
}
