import Foundation
import Testing
import WaterfallWorkers
import TestSupport

@testable import WaterfallApp

/// Errors that stop pages are kept like skipped lines: the first twenty listed,
/// the rest counted, however many pages fail.
@Suite struct PageErrorsTests {
  @Test(arguments: [0, 1, 20, 21, 1_000, 100_000])
  func theFirstTwentyAreListedTheRestCounted(_ count: Int) {
    var errors = PageErrors()
    for n in 0..<count { errors.append(.unreadable(path: "\(n).json", reason: "Permission denied")) }
    #expect(errors.count == count)
    #expect(errors.isEmpty == (count == 0))
    #expect(errors.listed.count == min(count, PageErrors.listedLimit))
    #expect(errors.listed.map(\.description) == (0..<min(count, 20)).map { "\($0).json: Permission denied" })
    #expect(errors.first == (count == 0 ? nil : .unreadable(path: "0.json", reason: "Permission denied")))
    let report = errors.report
    #expect(report.count == min(count, 20) + (count > 20 ? 1 : 0))
    if count > 20 { #expect(report.last == "… and \((count - 20).grouped) more pages stopped by errors") }
  }

  /// A folder of thirty broken pages and one good one: the controller keeps twenty
  /// errors and counts thirty, and the good page's items load.
  @Test func aFolderOfBrokenPagesKeepsTwentyErrors() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for n in 1...30 {
      try #"{"id": 1, "title": "#.write(to: folder.appendingPathComponent("bad\(n).json"), atomically: true, encoding: .utf8)
    }
    try #"[{"id":"g","title":"good"}]"#.write(to: folder.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
    let origin = try SourceResolver.resolve(folder.path)
    let store = ItemStore(roles: FieldRoles())
    // Each page is read at once, when asked for.
    let controller = LoadController(source: origin, store: store, workers: .synchronous)
    _ = controller.start()
    var step: UInt64 = 0
    repeat {
      _ = controller.drain()
      step += 1
      _ = controller.tick(now: step * 1_000, nearEnd: true)
    } while controller.hasMorePages || !controller.isIdle || controller.hasPendingEvents
    #expect(controller.errors.count == 30)
    #expect(controller.errors.listed.count == 20)
    #expect(controller.errors.report.last == "… and 10 more pages stopped by errors")
    #expect(store.count == 1)
  }
}
