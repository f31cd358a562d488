import Foundation
import Testing
import WaterfallWorkers
import WaterfallImages
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Pictures named without sizes get them from their headers, off the main
/// thread; `--recursive` reads a folder of folders, each a section; SVG and remote
/// pictures say why they show nothing; a picture folder's items carry a path the
/// next command can open.
@Suite(.serialized) struct PictureSizeAndFolderTests {
  static let fixtures = PictureTests.root + "/Tests/WaterfallImagesTests/Fixtures"

  static func scratch(_ name: String = #function) throws -> String {
    let path = NSTemporaryDirectory() + "wf-sizes-\(name.filter(\.isLetter))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func copy(_ fixture: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: fixtures + "/" + fixture, toPath: path)
  }

  /// A data file whose items name a PNG (16x12), a JPEG (640x480), a GIF (16x12),
  /// a WebP (64x32), an SVG, a remote picture and a missing one, none with a size.
  static func itemsWithoutSizes(in folder: String) throws -> String {
    try copy("rgb.png", to: folder + "/img/a.png")
    try copy("bars-640x480.jpg", to: folder + "/img/b.jpg")
    try copy("ramp.gif", to: folder + "/img/c.gif")
    try copy("bars-lossy.webp", to: folder + "/img/d.webp")
    try copy("drawing.svg", to: folder + "/img/e.svg")
    let items = ["a.png", "b.jpg", "c.gif", "d.webp", "e.svg", "https://example.com/f.png", "missing.png"].enumerated().map { i, name in
      #"{"id":\#(i),"title":"item \#(i)","img":"\#(name.hasPrefix("http") ? name : "img/" + name)","description":"some text"}"#
    }
    let path = folder + "/items.jsonl"
    try items.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The SVG and the missing file have none; the picture by URL the default
  /// (``Pictures/remoteAspect``), nothing fetched to measure it.
  static let expectedAspects: [CardContent.Aspect?] = [
    .init(width: 16, height: 12), .init(width: 640, height: 480), .init(width: 16, height: 12), .init(width: 64, height: 32), nil,
    Pictures.remoteAspect, nil,
  ]

  @Test func headersGiveEachFormatItsSize() throws {
    for (name, size) in [("rgb.png", (16, 12)), ("bars-640x480.jpg", (640, 480)), ("ramp.gif", (16, 12)), ("bars-lossy.webp", (64, 32))] {
      let header = try ImageHeader.read(Self.fixtures + "/" + name)
      #expect(header.width == size.0 && header.height == size.1, "\(name)")
    }
  }

  @Test func renderAndLayoutMeasureInPlace() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try Self.itemsWithoutSizes(in: folder)
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: FileSource(path: path), store: store)
    try loader.loadAll()
    #expect((0..<7).allSatisfy { store.content(at: $0).aspect == nil })
    let before = store.cardHeight(at: 1, width: 26)
    loader.measurePictureSizes()
    #expect((0..<7).map { store.content(at: $0).aspect } == Self.expectedAspects)
    // The JPEG's card is now a picture card: its picture rows, not its text.
    #expect(store.cardHeight(at: 1, width: 26) == CardPlan(content: store.content(at: 1), width: 26).height)
    #expect(store.cardHeight(at: 1, width: 26) != before)
    #expect(CardPlan(content: store.content(at: 1), width: 26).imageRows == 9)
  }

  @Test func theBrowserTakesSizesFromTheBackgroundKeepingTheSelectedRow() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Forty text cards first, then the pictures: the selection is deep in the list.
    let pictures = try String(contentsOfFile: try Self.itemsWithoutSizes(in: folder), encoding: .utf8)
    let text = (0..<40).map { #"{"id":"t\#($0)","title":"text \#($0)","description":"a line of text"}"# }.joined(separator: "\n")
    let path = folder + "/mixed.jsonl"
    try (pictures + "\n" + text).write(toFile: path, atomically: true, encoding: .utf8)

    let store = ItemStore(roles: FieldRoles())
    var options = Browser.Options()
    options.columns = 2
    options.animates = false
    let browser = Browser(store: store, options: options, size: Size(width: 60, height: 20))
    // The page and the pictures' headers are read when the test says.
    let controller = LoadController(source: FileSource(path: path), store: store, workers: .stepped)
    browser.apply(controller.start())
    // Load everything, sizes too, but keep the sizes from the browser for now.
    var resized = false
    repeat {
      controller.runPendingWork()
      var update = controller.drain()
      resized = resized || update.resized
      update.resized = false
      browser.apply(update)
    } while !(controller.isIdle && !controller.isMeasuringPictures && !controller.hasPendingEvents)
    #expect(store.count == 47)
    // Select a card far down, a few rows from the top of the screen.
    browser.select(item: 30)
    let selected = try #require(browser.collectionView.selectedIndexPath)
    browser.scroll(to: max(0, (browser.collectionView.frameForItem(at: selected)?.minY ?? 0) - 5))
    let row = browser.collectionView.frameForItem(at: selected).map { $0.minY - browser.contentOffset }
    var sized = LoadUpdate()
    sized.resized = true
    browser.apply(sized, now: 1_000_000)
    let after = try #require(browser.collectionView.selectedIndexPath)
    #expect(browser.collectionView.frameForItem(at: after).map { $0.minY - browser.contentOffset } == row, "the selected card stays at its screen row")
    #expect(resized)
    #expect(browser.selectedItem == 30)
    #expect((0..<7).map { store.content(at: $0).aspect } == Self.expectedAspects)
    // Every card's frame is its measured height.
    for item in 0..<47 {
      let frame = try #require(browser.collectionView.frameForItem(at: IndexPath(item: item)))
      #expect(frame.height == store.cardHeight(at: item, width: frame.width), "item \(item)")
    }
  }

  @Test func svgAndRemotePicturesSayWhy() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try Self.itemsWithoutSizes(in: folder)
    let pictures = Pictures.synchronous(baseDirectory: folder)
    #expect(pictures.failure(of: "https://example.com/f.png") == Pictures.remoteFailure)
    #expect(pictures.thumbnail("HTTP://EXAMPLE.COM/f.png", shape: .fill(width: 4, height: 2)).error?.reason == "pictures by URL are not fetched (--fetch-pictures fetches them)")
    _ = pictures.thumbnail("img/e.svg", shape: .fill(width: 4, height: 2))
    pictures.decodeWaiting()
    #expect(pictures.failure(of: "img/e.svg")?.reason == "SVG pictures are not drawn")
    _ = path
  }

  // MARK: Folders of folders

  /// root/ with a page, a/ of pictures (and a hidden folder), b/c/ of pictures and
  /// an SVG, d/ with nothing, e/ a link back to the root.
  static func tree(in root: String) throws {
    try #"{"title":"top"}"#.write(toFile: root + "/1.json", atomically: true, encoding: .utf8)
    try copy("rgb.png", to: root + "/a/1.png")
    try copy("ramp.gif", to: root + "/a/2.gif")
    try copy("rgb.png", to: root + "/a/.hidden/3.png")
    try copy("rgb-lossless.webp", to: root + "/b/c/4.webp")
    try copy("drawing.svg", to: root + "/b/c/5.svg")
    try FileManager.default.createDirectory(atPath: root + "/d", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: root + "/e", withDestinationPath: root)
  }

  @Test func aFolderOfFoldersIsReadFolderByFolderEachASection() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Self.tree(in: root)
    // Without --recursive, the root's own page alone.
    let alone = Loader(source: try SourceResolver.resolve(root), store: ItemStore(roles: FieldRoles()))
    try alone.loadAll()
    #expect(alone.pagesLoaded == 1 && alone.store.count == 1)
    let source = try SourceResolver.resolve(root, recursive: true)
    #expect(source is FolderTreeSource)
    let pages = try FolderTree.pages(root: root)
    let rootName = (root as NSString).lastPathComponent
    #expect(pages.map(\.section) == [rootName, "a", "b/c"])
    #expect(pages.map(\.folder) == [root, root + "/a", root + "/b/c"])

    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: source, store: store)
    try loader.loadAll()
    #expect(loader.pagesLoaded == 3, "a page a folder")
    #expect(store.count == 5)
    #expect((0..<5).map { store.group(at: $0) } == [rootName, "a", "a", "b/c", "b/c"])
    #expect((0..<5).map { store.content(at: $0).title } == ["top", "1.png", "2.gif", "4.webp", "5.svg"])
    #expect(store.value(at: 4)["error"]?.text == "SVG pictures are not drawn")
    #expect(store.value(at: 2)["format"]?.text == "GIF" && store.value(at: 3)["format"]?.text == "WebP")
    // Each picture is named from its own folder.
    #expect(store.pictureFolder(at: 3) == root + "/b/c")

    var options = Browser.Options()
    options.groups = true
    let browser = Browser(store: store, options: options, size: Size(width: 80, height: 30))
    #expect(browser.sections.map(\.key) == [rootName, "a", "b/c"])
    #expect(browser.sections.map(\.count) == [1, 2, 2])
    let pictures = Pictures.synchronous(baseDirectory: source.sourceDescription.baseDirectory)
    browser.pictures = pictures
    let screen = CellBuffer(width: 80, height: 30)
    browser.drawDecodingPictures(in: screen)
    // The PNG, GIF and WebP decode; the SVG has no picture area (no size).
    #expect(pictures.loader.currentStatistics.failed == 0)
    #expect(pictures.loader.currentStatistics.decoded == 3)
    #expect(screen.lines.joined().contains("b/c · 2"))
  }

  @Test func anEmptyTreeSaysSo() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/x/y", withIntermediateDirectories: true)
    // Said when the tree is walked, off the main thread, at its first page.
    let loader = Loader(source: try SourceResolver.resolve(root, recursive: true), store: ItemStore(roles: FieldRoles()))
    #expect(throws: LoadError.noPages(path: root)) { try loader.loadNextPage() }
  }

  @Test func pictureItemsCarryAPathTheNextCommandCanOpen() throws {
    let folder = "Tests/WaterfallImagesTests/Fixtures"
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(PictureTests.root)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: try SourceResolver.resolve(folder), store: store).loadAll()
    #expect(store.count > 20)
    for item in 0..<store.count {
      let path = try #require(store.value(at: item)["path"]?.text)
      #expect(path == PictureTests.root + "/" + folder + "/" + store.content(at: item).title)
      #expect(FileManager.default.fileExists(atPath: path))
      #expect(store.printed(at: item) == Array(path.utf8))
    }
    // A data item prints as it was.
    let data = ItemStore(roles: FieldRoles())
    try Loader(source: FileSource(path: "Data/notes.jsonl"), store: data).loadNextPage()
    #expect(data.printed(at: 0) == data.json(at: 0))
    #expect(PictureFolder.absolute("./a/b.png") == PictureTests.root + "/a/b.png")
    #expect(PictureFolder.absolute("/x.png") == "/x.png")
  }
}
