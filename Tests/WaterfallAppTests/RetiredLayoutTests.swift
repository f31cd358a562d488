import Glibc
import Synchronization
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// A layout left behind is freed on a worker, never on the thread that left
/// it: a list of a million groups took 0.6 s to free, between two keys.
@Suite struct RetiredLayoutTests {
  /// The thread a layout was freed on, once it is.
  final class FreeingThread: Sendable {
    private let thread = Mutex<pthread_t?>(nil)

    func record() { thread.withLock { $0 = pthread_self() } }

    /// Waits until the layout is freed; nil if it never is.
    func wait() -> pthread_t? {
      eventually("the layout to be freed") { isFreed }
      return thread.withLock { $0 }
    }

    var isFreed: Bool { thread.withLock { $0 != nil } }
  }

  /// A layout that hands every question to another and tells, when freed, on
  /// which thread.
  final class FreedLayout: CollectionLayout {
    let base: any CollectionLayout
    let freedOn: FreeingThread

    init(_ base: any CollectionLayout, freedOn: FreeingThread) {
      self.base = base
      self.freedOn = freedOn
    }

    deinit { freedOn.record() }

    func prepare(width: Int, source: any LayoutSource) { base.prepare(width: width, source: source) }
    var contentSize: Size { base.contentSize }
    func attributes(in rect: Rect) -> [LayoutAttributes] { base.attributes(in: rect) }
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { base.attributesForItem(at: indexPath) }
    func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? {
      base.attributesForSupplementary(kind, inSection: section)
    }
    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { base.shouldInvalidate(forBoundsChange: newBounds) }
    func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
      base.appendItems(count: count, toSection: section, source: source)
    }
    func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
      base.neighbor(of: indexPath, toward: direction)
    }
  }

  @Test(arguments: [false, true])
  func aLayoutSwitchedFromIsFreedOnAWorker(animates: Bool) {
    var options = Browser.Options()
    options.groups = true
    options.layout = .list
    options.animates = animates
    let b = Browser(store: BackgroundLayoutTests.store(200, groups: 40), options: options, size: BackgroundLayoutTests.size)
    let freedOn = FreeingThread()
    b.collectionView.setLayout(FreedLayout(b.cards.makeLayout(), freedOn: freedOn))
    b.cards.switchLayout(to: .line, large: false)
    if animates {
      #expect(b.advanceAnimation(to: 0), "the switch is animated from the layout left")
      #expect(!freedOn.isFreed, "the animation still shows it")
      b.finishAnimation()
    }
    #expect(b.collectionView.layout is LineLayout)
    let thread = freedOn.wait()
    #expect(thread != nil, "it is freed")
    #expect(thread.map { pthread_equal($0, pthread_self()) == 0 } == true, "on another thread")
  }
}
