import Foundation
import TestSupport
import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallNetwork
import WaterfallView

@testable import WaterfallApp

/// Pictures by URL behind the thumbnail loader: the disk cache first, a
/// revalidation after a week (a 304), a kept copy when the server is gone, and
/// a fetch given up when its card is reused for another item (the reuse pool's
/// `prepareForReuse`) or not drawn for two frames.
@Suite struct RemotePicturesTests {
  /// Options with the cache in `folder`.
  static func options(_ folder: URL) -> RemotePictureOptions {
    var options = RemotePictureOptions()
    options.fetches = true
    options.cacheDirectory = folder.appendingPathComponent("pictures").path
    return options
  }

  /// One frame asking for `urls`.
  static func frame(_ remote: RemotePictures, _ urls: [String]) -> [RemotePictures.Answer] {
    remote.beginFrame()
    defer { remote.endFrame() }
    return urls.map { remote.want($0) }
  }

  static func png(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Repository.root.appendingPathComponent("Tests/WaterfallImagesTests/Fixtures/\(name)")))
  }

  @Test func aCachedPictureIsReadyWithoutTheNetwork() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = "http://127.0.0.1:1/pictures/cat.png"  // nothing listens there
    let options = Self.options(folder)
    let bytes = try Self.png("rgb.png")
    try PictureCache(directory: try #require(options.cacheDirectory)).store(bytes, for: url)
    let remote = RemotePictures(options: options)
    defer { remote.stop() }
    #expect(Self.frame(remote, [url]) == [.pending])
    eventually("the picture ready") { Self.frame(remote, [url]) == [.ready] }
    #expect(remote.bytes(for: url) == bytes)
    #expect(remote.note(for: url) == "from the cache")
    #expect(remote.statistics.fromCache == 1)
  }

  @Test func aWeekOldPictureIsRevalidatedWithA304() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = server.url("/pictures/kept.png")
    let options = Self.options(folder)
    let cache = PictureCache(directory: try #require(options.cacheDirectory))
    let head = HTTPResponseHead(status: 200, headers: HTTPHeaders([HTTPHeader(name: "ETag", value: "\"kept.png\"")]), url: url)
    let bytes = try Self.png("rgb.png")
    try cache.store(bytes, for: url, head: head)
    cache.markValidated(url, at: Int(Date().timeIntervalSince1970) - 8 * 24 * 3600)
    let remote = RemotePictures(options: options)
    defer { remote.stop() }
    eventually("the picture ready") { Self.frame(remote, [url]) == [.ready] }
    #expect(remote.note(for: url) == "HTTP 304 · from the cache")
    #expect(remote.bytes(for: url) == bytes)
    #expect(server.requests(to: "/pictures/kept.png") == 1)
    #expect(cache.entry(for: url)?.needsRevalidation(now: Int(Date().timeIntervalSince1970)) == false)
  }

  @Test func anOldPictureStillShowsWhenTheServerIsGone() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = "http://127.0.0.1:1/pictures/old.png"
    let options = Self.options(folder)
    let cache = PictureCache(directory: try #require(options.cacheDirectory))
    try cache.store(try Self.png("rgb.png"), for: url)
    cache.markValidated(url, at: 1_000_000)
    let remote = RemotePictures(options: options)
    defer { remote.stop() }
    eventually("the picture ready") { Self.frame(remote, [url]) == [.ready] }
    #expect(remote.note(for: url)?.hasPrefix("from the cache · not revalidated: could not connect") == true)
  }

  @Test func aMissingPictureFailsWithItsStatus() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let remote = RemotePictures(options: Self.options(folder))
    defer { remote.stop() }
    let url = server.url("/pictures/missing.png")
    eventually("the failure") { Self.frame(remote, [url]) != [.pending] }
    #expect(Self.frame(remote, [url]) == [.failed(.unreadable("HTTP 404 Not Found"))])
  }

  @Test func aPictureNotDrawnForTwoFramesIsGivenUp() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let remote = RemotePictures(options: Self.options(folder))
    defer { remote.stop() }
    let url = server.url("/pictures/never.png")
    _ = Self.frame(remote, [url])
    eventually("the picture on its way") { remote.note(for: url) == "downloading" }
    // On its way at the server too: a download still queued is dropped unsent when
    // given up, and the server would have no client to see go.
    eventually("the server to be sending it") { server.requests(to: "/pictures/never.png") > 0 }
    // Still drawn: kept.
    _ = Self.frame(remote, [url])
    _ = Self.frame(remote, [url])
    #expect(remote.statistics.cancelled == 0)
    // Not drawn for two frames: given up, and the connection drops.
    _ = Self.frame(remote, [])
    _ = Self.frame(remote, [])
    #expect(remote.statistics.cancelled == 1)
    eventually("the server saw the client go") { server.aborted("/pictures/never.png") }
  }

  /// The seam: a card reused for another item releases its picture, and the
  /// frame that reused it gives the fetch up (a frame before the two-frame rule
  /// would), unless another card draws the same picture in that frame.
  @Test(arguments: [false, true]) func aCardReusedForAnotherItemGivesItsPictureUp(sharedBelow: Bool) throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let never = server.url("/pictures/never.png")
    let items = (0..<40).map { i -> String in
      let picture = i == 0 || (sharedBelow && i >= 8) ? never : server.url("/pictures/p\(i).png")
      return #"{"title": "item \#(i)", "img": "\#(picture)", "w": 4, "h": 3}"#
    }
    let file = folder.appendingPathComponent("items.jsonl")
    try Data(items.joined(separator: "\n").utf8).write(to: file)
    let source = try SourceResolver.resolve(file.path)
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: source, store: store).loadNextPage()
    var browserOptions = Browser.Options()
    browserOptions.animates = false
    let browser = Browser(store: store, options: browserOptions, size: Size(width: 80, height: 24))
    var loaderOptions = ThumbnailLoader.Options()
    loaderOptions.workers = 0
    let remote = RemotePictures(options: Self.options(folder))
    let pictures = Pictures(baseDirectory: folder.path, mode: .palette256, options: loaderOptions, remote: remote)
    defer { pictures.stop() }
    browser.pictures = pictures
    let screen = CellBuffer(width: 80, height: 24)
    func frame() {
      pictures.beginFrame()
      screen.clear()
      browser.draw(in: screen)
      pictures.endFrame()
    }
    frame()
    eventually("the first card's picture on its way") { remote.note(for: never) == "downloading" }
    // On its way at the server too: a download still queued is dropped unsent when
    // given up, and the server would have no client to see go (seen on a busy machine).
    eventually("the server to be sending it") { server.requests(to: "/pictures/never.png") > 0 }
    _ = browser.handle(.key(.pageDown))
    frame()
    // The cards below were made from the ones above: their pictures were released.
    #expect(browser.collectionView.reusePool.reusedCount > 0)
    if sharedBelow {
      // Drawn by the cards below in the same frame: still on its way.
      #expect(remote.note(for: never) == "downloading")
      #expect(!server.aborted("/pictures/never.png"))
    } else {
      #expect(remote.note(for: never) == nil)
      eventually("the server saw the client go") { server.aborted("/pictures/never.png") }
    }
  }
}
