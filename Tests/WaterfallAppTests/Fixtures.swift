import Foundation
import TestSupport
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

@testable import WaterfallApp

/// What the browser's tests share: stores of generated cards, browsers whose
/// workers the test steps, and the frames and screens they assert on.
enum Fixture {
  /// The screen most tests use.
  static let size = Size(width: 120, height: 30)

  /// `count` cards of text of many lengths (seeded, so every run is the same);
  /// in `groups` groups (field `shelf`) when given.
  static func store(_ count: Int, groups: Int? = nil, seed: UInt64 = 11) -> ItemStore {
    var rng = SeededGenerator(seed: seed)
    var roles = FieldRoles()
    if groups != nil { roles.group = ["shelf"] }
    let store = ItemStore(roles: roles)
    var text = "["
    let words = ["wool", "clay", "oak", "linen", "brass", "teapot", "lantern", "basket", "quilt", "jar"]
    for i in 0..<count {
      let title = (0..<Int.random(in: 1...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
      let description = (0..<Int.random(in: 0...40, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
      let shelf = groups.map { "shelf \(i % $0)" } ?? ""
      text += (i > 0 ? "," : "") + #"{"id":\#(i),"title":"\#(title)","description":"\#(description)","shelf":"\#(shelf)"}"#
    }
    text += "]"
    let page = PageParser.parse(Array(text.utf8), path: "cards.json", roles: roles)
    store.append(page.items, toPage: store.addMemoryPage(path: "cards.json"))
    return store
  }

  /// A browser whose workers run only when the test says
  /// (``Browser/runPendingWork()``, or a worker's `runPending()`), and that
  /// takes the paths of a million items from `threshold` items up.
  static func browser(
    _ store: ItemStore, options: Browser.Options = Browser.Options(), size: Size = size, threshold: Int = 1_000,
    prefetch: Int = .max, animates: Bool = false
  ) -> Browser {
    var options = options
    options.animates = animates
    var configuration = Browser.Configuration(workers: .stepped)
    configuration.backgroundLayoutThreshold = threshold
    configuration.prefetchThreshold = prefetch
    return Browser(store: store, options: options, size: size, configuration: configuration)
  }

  /// The same cards with everything done here, at once.
  static func reference(_ store: ItemStore, options: Browser.Options = Browser.Options(), size: Size = size) -> Browser {
    var options = options
    options.animates = false
    return Browser(store: store, options: options, size: size)
  }

  /// Every item's frame, as `browser` lays it out.
  static func frames(_ b: Browser) -> [Rect?] {
    let view = b.collectionView
    return (0..<view.numberOfSections).flatMap { section in
      (0..<view.numberOfItems(inSection: section)).map { view.frameForItem(at: IndexPath(item: $0, section: section)) }
    }
  }

  /// Where two lists of frames first differ, for a short message; nil: equal.
  static func firstDifference(_ a: [Rect?], _ b: [Rect?]) -> String? {
    guard a != b else { return nil }
    guard a.count == b.count else { return "\(a.count) frames against \(b.count)" }
    let i = a.indices.first { a[$0] != b[$0] }!
    return "item \(i): \(String(describing: a[i])) against \(String(describing: b[i]))"
  }

  /// The browser's screen as text.
  static func screen(_ b: Browser) -> CellBuffer {
    let screen = CellBuffer(width: b.size.width, height: b.size.height)
    b.draw(in: screen)
    return screen
  }

  /// The status bar's text.
  static func status(_ b: Browser) -> String {
    screen(b).line(b.size.height - 1)
  }
}
