import Foundation
import TestSupport
import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Pictures in the browser: cards draw their thumbnails once decoded and their
/// placeholders until then, only what is on screen is decoded, details show the
/// picture across the panel, and a folder of pictures is a data source.
@Suite struct PictureTests {
  static let root = Repository.root.path

  /// The sample shop (its first page), with synchronous pictures.
  static func shop(size: Size = Size(width: 80, height: 24), symbols: SymbolSet = .half) throws -> (Browser, Pictures) {
    let source = try SourceResolver.resolve(root + "/Data/shops")
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: source, store: store).loadNextPage()
    var options = Browser.Options()
    options.animates = false
    let browser = Browser(store: store, options: options, size: size)
    let pictures = Pictures.synchronous(baseDirectory: source.sourceDescription.baseDirectory, symbols: symbols)
    browser.pictures = pictures
    return (browser, pictures)
  }

  /// Draws a frame, decodes what it asked for, and draws the next.
  static func settle(_ browser: Browser, _ pictures: Pictures) -> CellBuffer {
    let screen = CellBuffer(width: browser.size.width, height: browser.size.height)
    browser.drawDecodingPictures(in: screen)
    return screen
  }

  @Test func cardsShowPlaceholdersUntilTheirPicturesAreDecoded() throws {
    let (browser, pictures) = try Self.shop()
    let first = CellBuffer(width: 80, height: 24)
    pictures.beginFrame()
    browser.draw(in: first)
    // Nothing decoded yet: the first card's picture area is its placeholder.
    #expect(first.lines.joined().contains("rug-001.png"))
    #expect(!first.lines.joined().contains("▀"))
    let second = Self.settle(browser, pictures)
    let frame = try #require(browser.collectionView.frameForItem(at: IndexPath(item: 0)))
    // Inside the border, the picture area is half blocks in palette colours.
    let cell = second[Point(x: frame.minX + 1, y: frame.minY + 1)]
    #expect(cell.glyph.scalar == "▀")
    guard case .indexed = cell.style.foreground, case .indexed = cell.style.background else {
      Issue.record("expected palette colours, got \(cell.style)")
      return
    }
    #expect(!second.lines.joined().contains("rug-001.png"))
    // The title is still under the picture.
    #expect(second.lines.joined().contains("Linen rug"))
  }

  @Test func onlyPicturesOnScreenAreRequested() throws {
    let (browser, pictures) = try Self.shop()
    pictures.beginFrame()
    browser.draw(in: CellBuffer(width: 80, height: 24))
    let visible = browser.collectionView.indexPathsForVisibleItems.count
    let asked = pictures.loader.currentStatistics.pending
    #expect(asked > 0 && asked <= visible && asked < browser.store.count)
  }

  @Test func picturesScrolledPastAreDroppedUndecoded() throws {
    let (browser, pictures) = try Self.shop()
    let screen = CellBuffer(width: 80, height: 24)
    // Page down through everything, a frame each, decoding nothing on the way.
    for _ in 0..<12 {
      pictures.beginFrame()
      screen.clear()
      browser.draw(in: screen)
      _ = browser.handle(.key(.pageDown))
    }
    pictures.beginFrame()
    browser.draw(in: screen)
    pictures.decodeWaiting()
    let statistics = pictures.loader.currentStatistics
    #expect(statistics.dropped > 0)
    #expect(statistics.decoded <= 2 * browser.collectionView.indexPathsForVisibleItems.count)
  }

  @Test func scrollingBackFindsThePicturesInTheCache() throws {
    let (browser, pictures) = try Self.shop()
    _ = Self.settle(browser, pictures)
    let decoded = pictures.loader.currentStatistics.decoded
    _ = browser.handle(.key(.pageDown))
    _ = Self.settle(browser, pictures)
    _ = browser.handle(.key(.home))
    let screen = CellBuffer(width: 80, height: 24)
    pictures.beginFrame()
    browser.draw(in: screen)
    // Back at the top, the first frame already has the pictures.
    #expect(!screen.lines.joined().contains("rug-001.png"))
    #expect(pictures.loader.currentStatistics.pending == 0)
    #expect(pictures.loader.currentStatistics.decoded > decoded)
  }

  /// Fields first, then the picture in at most about half the panel, keeping
  /// its shape; `p` gives it the whole panel, and takes it back.
  @Test func detailsShowTheFieldsThenThePictureInHalfThePanel() throws {
    let (browser, pictures) = try Self.shop(size: Size(width: 80, height: 40))
    browser.openDetails()  // the rug: 332 x 205, wider than tall
    var screen = Self.settle(browser, pictures)
    let inside = DetailsView.inside(browser.detailsRect)
    #expect(screen.line(inside.minY).contains("id"), "the fields come first: \(screen.line(inside.minY))")
    #expect(screen.lines.joined().contains("Linen rug"))
    let pictureRows = (0..<screen.size.height).filter { screen.line($0).contains("▀▀▀▀") }
    let half = (inside.height + 1) / 2
    #expect(pictureRows.count == half, "at most half the panel: \(pictureRows.count) of \(inside.height)")
    #expect((pictureRows.first ?? 0) > inside.minY + 8, "below the fields")
    // The picture keeps its shape: as wide as half the height allows.
    let width = screen.line(pictureRows[0]).filter { $0 == "▀" }.count
    #expect(abs(width - half * 2 * 332 / 205) <= 2, "\(width) cells wide")

    _ = browser.handle(.key(.character("p")))
    screen = Self.settle(browser, pictures)
    let full = (0..<screen.size.height).filter { screen.line($0).contains("▀▀▀▀") }.count
    #expect(full == (inside.width * 205 + 332) / 664, "full: as wide as the panel")
    #expect(!screen.lines.joined().contains("Linen rug"), "no fields while the picture is full")
    _ = browser.handle(.key(.character("p")))
    screen = Self.settle(browser, pictures)
    #expect(screen.lines.joined().contains("Linen rug"))
  }

  /// A picture shown full size stays full size on the next item (`n`, `→`, `N`,
  /// `←`): this aborted with "Simultaneous accesses" (exit 134) when the
  /// details were written through an optional chain that read them too.
  @Test(arguments: ["n", "N"]) func theNextItemKeepsThePictureFullSize(key: Character) throws {
    let (browser, pictures) = try Self.shop(size: Size(width: 80, height: 40))
    if key == "N" { _ = browser.handle(.key(.down)) }
    browser.openDetails()
    _ = browser.handle(.key(.character("p")))
    let before = browser.details?.item
    _ = browser.handle(.key(.character(key)))
    #expect(browser.mode == .details)
    #expect(browser.details?.item != before, "another item")
    #expect(browser.details?.pictureFull == true, "still full size")
    _ = browser.handle(.key(key == "n" ? .right : .left))
    #expect(browser.details?.pictureFull == true)
    _ = Self.settle(browser, pictures)
  }

  /// The details draw the picture with the browser's symbols, as large as the
  /// panel allows: sextants here, half the panel's height (the rug is wide), and
  /// with `p` the panel's whole width.
  @Test func detailsDrawThePictureWithFinerSymbols() throws {
    let (browser, pictures) = try Self.shop(size: Size(width: 80, height: 40), symbols: .sextant)
    browser.openDetails()
    var screen = Self.settle(browser, pictures)
    let inside = DetailsView.inside(browser.detailsRect)
    func isSextant(_ c: Character) -> Bool { c.unicodeScalars.allSatisfy { (0x1FB00...0x1FB3B).contains($0.value) } }
    func isSymbol(_ c: Character) -> Bool { isSextant(c) || "▀▄▌▐▘▝▖▗▚▞▙▛▜▟█".contains(c) }
    func pictureRows(_ screen: CellBuffer) -> [Int] {
      (inside.minY..<inside.maxY).filter { screen.line($0).filter(isSymbol).count >= 4 }
    }
    var rows = pictureRows(screen)
    #expect(rows.count == (inside.height + 1) / 2)
    #expect(screen.lines.joined().contains(where: isSextant), "sextants in the details")
    _ = browser.handle(.key(.character("p")))
    screen = Self.settle(browser, pictures)
    rows = pictureRows(screen)
    #expect(rows.count == (inside.width * 205 + 332) / 664)
    #expect(screen.line(rows[0]).filter(isSymbol).count == inside.width, "the whole width")
  }

  /// A tall picture takes at most half the panel too, and `p` makes it as tall
  /// as the panel.
  @Test func aTallPictureFitsThePanelsHeight() throws {
    let (browser, pictures) = try Self.shop(size: Size(width: 80, height: 24))
    browser.select(item: 1)  // the teapot: 388 x 610
    browser.openDetails()
    _ = browser.handle(.key(.end))
    var screen = Self.settle(browser, pictures)
    let inside = DetailsView.inside(browser.detailsRect)
    var rows = (0..<screen.size.height).filter { screen.line($0).contains("▀▀▀") }.count
    #expect(rows == (inside.height + 1) / 2)
    _ = browser.handle(.key(.character("p")))
    screen = Self.settle(browser, pictures)
    rows = (0..<screen.size.height).filter { screen.line($0).contains("▀▀▀") }.count
    #expect(rows == inside.height)
  }

  @Test func aBadPictureGivesThePlaceholderAndAReasonInTheDetails() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"title":"Missing","img":"nowhere/missing.png","w":100,"h":50}"#.utf8))
    try store.append(json: Array(#"{"title":"Not a picture","img":"Package.swift","w":100,"h":50}"#.utf8))
    var options = Browser.Options()
    options.animates = false
    let browser = Browser(store: store, options: options, size: Size(width: 80, height: 24))
    let pictures = Pictures.synchronous(baseDirectory: Self.root)
    browser.pictures = pictures
    let cards = Self.settle(browser, pictures).lines.joined(separator: "\n")
    #expect(cards.contains("missing.png") && cards.contains("Package.swift"))
    #expect(!cards.contains("▀"))
    browser.openDetails()
    let details = Self.settle(browser, pictures).lines.joined(separator: "\n")
    #expect(details.contains("picture") && details.contains("No such file or directory"), "\n\(details)")
    #expect(details.contains("missing.png"))  // the placeholder's label
    _ = browser.handle(.key(.escape))
    browser.select(item: 1)
    browser.openDetails()
    #expect(Self.settle(browser, pictures).lines.joined().contains("not a PNG, JPEG, GIF or WebP file"))
  }

  /// Counts wake-ups from the picture workers: each would be a frame in the run loop.
  final class WakeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var wakes: Int { lock.withLock { count } }
  }

  /// Pictures that are not there fail on the workers, and a failed picture looks on
  /// a card as a pending one does: Down keys over them wake the loop for no extra
  /// frame. The details panel shows the failure, so there it wakes the loop once.
  @Test func missingPicturesWakeTheLoopOnlyWhereTheFailureShows() throws {
    let store = ItemStore(roles: FieldRoles())
    for i in 0..<200 {
      try store.append(json: Array(#"{"title":"Item \#(i)","img":"nowhere/missing-\#(i).png","w":100,"h":\#(40 + i % 7 * 10)}"#.utf8))
    }
    var options = Browser.Options()
    options.animates = false
    let browser = Browser(store: store, options: options, size: Size(width: 120, height: 40))
    let counter = WakeCounter()
    let pictures = Pictures(baseDirectory: Self.root, mode: .palette256, symbols: .half, onReady: { counter.add() })
    defer { pictures.stop() }
    browser.pictures = pictures
    let screen = CellBuffer(width: 120, height: 40)
    let keys = 30
    for _ in 0..<keys {
      _ = browser.handle(.key(.down))
      pictures.beginFrame()
      screen.clear()
      browser.draw(in: screen)
      #expect(pictures.loader.waitUntilIdle(milliseconds: 10_000))
    }
    pictures.beginFrame()
    browser.draw(in: screen)
    #expect(pictures.loader.waitUntilIdle(milliseconds: 10_000))
    let statistics = pictures.loader.currentStatistics
    #expect(statistics.failed >= 20, "\(statistics)")
    #expect(statistics.decoded == 0)
    // N keys, N frames: not one more for the failures (counted as each decode ends).
    #expect(statistics.wakeUps == 0)
    #expect(counter.wakes == 0)
    #expect(screen.text.contains("missing-"))  // the placeholders' labels
    // The details of a card whose picture fails (not drawn yet, so not known yet to
    // fail): the panel shows why, once known.
    let unseen = try #require((0..<200).last { pictures.failure(of: "nowhere/missing-\($0).png") == nil })
    browser.select(item: unseen)
    browser.openDetails()
    pictures.beginFrame()
    browser.draw(in: screen)
    #expect(pictures.loader.waitUntilIdle(milliseconds: 10_000))
    #expect(pictures.loader.currentStatistics.wakeUps == 1)
    eventually("the failure's wake-up") { counter.wakes >= 1 }
    #expect(counter.wakes == 1)
    pictures.beginFrame()
    screen.clear()
    browser.draw(in: screen)
    #expect(screen.text.contains("No such file or directory"), "\n\(screen.text)")
  }

  @Test func withoutPicturesCardsKeepTheirPlaceholders() throws {
    let (browser, _) = try Self.shop()
    browser.pictures = nil
    let screen = CellBuffer(width: 80, height: 24)
    browser.draw(in: screen)
    #expect(screen.lines.joined().contains("rug-001.png"))
    #expect(!screen.lines.joined().contains("▀"))
  }

  @Test func aFolderOfPicturesBecomesOneItemPerPicture() throws {
    let source = try SourceResolver.resolve(Self.root + "/Data/pictures")
    #expect(source is FolderSource, "a folder of pictures, listed when read")
    #expect(source.sourceDescription.name.hasSuffix("Data/pictures"))
    #expect(source.sourceDescription.baseDirectory.hasSuffix("Data/pictures"))
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: source, store: store)
    try loader.loadAll()
    #expect(store.count == 24)
    let first = store.content(at: 0)
    #expect(first.title == "01-sky.jpg" && first.image == "01-sky.jpg")
    #expect(first.aspect == CardContent.Aspect(width: 240, height: 240))
    let fields = store.value(at: 0)
    #expect(fields["size"]?.text == "240×240")
    #expect(fields["format"]?.text == "JPEG")
    #expect(fields["bytes"]?.doubleValue.map { $0 > 0 } == true)
    // Natural order, and nothing but pictures.
    #expect(store.content(at: 1).title == "02-plasma.jpg" && store.content(at: 23).title == "24-waves.png")
    #expect(store.printed(at: 0) == Array((Self.root + "/Data/pictures/01-sky.jpg").utf8), "a picture prints as its path")
  }

  @Test func aPictureWhoseHeaderCannotBeReadIsStillAnItem() throws {
    let folder = NSTemporaryDirectory() + "wf-picture-folder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/2.png"))
    try FileManager.default.copyItem(atPath: Self.root + "/Data/pictures/03-op-art.png", toPath: folder + "/10.png")
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: try SourceResolver.resolve(folder), store: store).loadAll()
    #expect(store.count == 2)
    #expect(store.content(at: 0).title == "2.png" && store.content(at: 0).aspect == nil)
    #expect(store.value(at: 0)["error"]?.text == "not a PNG, JPEG, GIF or WebP file")
    #expect(store.content(at: 1).title == "10.png" && store.content(at: 1).aspect != nil)
  }

  @Test(arguments: [
    (FileSource(path: "Data/notes.jsonl") as any ItemSource, "Data"), (FileSource(path: "notes.jsonl"), "."),
    (FileSource(path: "/notes.jsonl"), "/"), (FolderSource(path: "Data/shops/"), "Data/shops"),
    (FolderTreeSource(path: "Data/"), "Data"), (StandardInputSource(), "."),
    (SQLiteSource(path: "db/shop.db", selection: .table("items")), "db"),
  ])
  func relativePicturesStartFromTheDataFolder(_ source: any ItemSource, _ base: String) {
    #expect(source.sourceDescription.baseDirectory == base)
  }

  @Test func picturePathsResolveAgainstTheBase() {
    let pictures = Pictures.synchronous(baseDirectory: "Data/shops")
    #expect(pictures.path(for: "img/a.png") == "Data/shops/img/a.png")
    #expect(pictures.path(for: "/abs/a.png") == "/abs/a.png")
    #expect(Pictures.synchronous(baseDirectory: ".").path(for: "a.png") == "a.png")
  }

  @Test func anEmptyFolderStillSaysSo() throws {
    let folder = NSTemporaryDirectory() + "wf-empty-folder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/readme.txt"))
    // Said when the folder is listed, off the main thread, at its first page.
    let loader = Loader(source: try SourceResolver.resolve(folder), store: ItemStore(roles: FieldRoles()))
    #expect(throws: LoadError.noPages(path: folder)) { try loader.loadNextPage() }
    #expect(!loader.hasMorePages)
  }
}
