import Foundation
import TestSupport
import Testing
import WaterfallImages
import WaterfallLayout

/// The shared thumbnails folder (the freedesktop.org Thumbnail Managing Standard):
/// names and URIs as the standard and GLib make them, thumbnails written once,
/// read back instead of the picture, ignored when stale, never made of a picture
/// that is not a file. Every test has a thumbnails folder of its own under the
/// temporary folder: the real ~/.cache is never touched.
@Suite struct FreedesktopThumbnailTests {
  /// A scratch folder with a copy of a 640x480 JPEG in it (its own modification
  /// time) and a thumbnails folder, both removed by `cleanUp`.
  struct Fixture {
    let folder: String
    let photo: String
    let thumbnails: FreedesktopThumbnails

    init(_ name: String = #function, picture: String = "bars-640x480.jpg") throws {
      folder = try TestFiles.scratchFolder(name)
      photo = folder + "/photo one.jpg"
      try FileManager.default.copyItem(atPath: TestFiles.fixture(picture), toPath: photo)
      let cache = FreedesktopThumbnails(environment: ["XDG_CACHE_HOME": folder + "/cache", "HOME": "/nonexistent"])
      thumbnails = try #require(cache)
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

    /// A loader deciding on this thread, with the thumbnails folder.
    func loader(bytes: (@Sendable (String) -> [UInt8]?)? = nil) -> ThumbnailLoader {
      var options = ThumbnailLoader.Options()
      options.workers = 0
      options.thumbnailFolder = thumbnails
      options.bytesForPath = bytes
      return ThumbnailLoader(options: options)
    }

    /// Makes the thumbnail of `key` once; returns the loader's counts.
    func open(_ key: ThumbnailKey, bytes: (@Sendable (String) -> [UInt8]?)? = nil) -> ThumbnailLoader.Statistics {
      let loader = loader(bytes: bytes)
      defer { loader.stop() }
      loader.beginFrame()
      #expect(loader.thumbnail(key) == .pending)
      loader.decodeWaiting()
      #expect(loader.thumbnail(key).thumbnail != nil)
      return loader.currentStatistics
    }

    /// The photo as it is now (a 0-second original when it cannot be looked at).
    var original: ThumbnailOriginal { ThumbnailOriginal(file: photo) ?? ThumbnailOriginal(path: photo, modified: 0) }
    var normalPath: String { thumbnails.path(of: original, size: .normal) }
  }

  static func card(_ path: String) -> ThumbnailKey {
    ThumbnailKey(path: path, shape: .fill(width: 24, height: 12), mode: .palette256)
  }

  /// The tEXt chunks of a PNG, read by hand (keyword: text).
  static func texts(ofPNG path: String) throws -> [String: String] {
    let bytes = try TestFiles.read(path)
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var texts: [String: String] = [:]
    var at = 8
    while at + 8 <= bytes.count {
      let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
      if type == "tEXt" {
        let body = bytes[at + 8..<at + 8 + length]
        let zero = try #require(body.firstIndex(of: 0))
        texts[String(decoding: body[..<zero], as: UTF8.self)] = String(decoding: body[(zero + 1)...], as: UTF8.self)
      }
      at += 12 + length
    }
    return texts
  }

  static func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  // MARK: Names

  /// The standard's own example, and GLib's escaping of what a path may hold.
  @Test func namesAndURIsAreTheStandards() throws {
    let original = ThumbnailOriginal(path: "/home/jens/photos/me.png", modified: 0)
    #expect(original.uri == "file:///home/jens/photos/me.png")
    #expect(FreedesktopThumbnails.fileName(forURI: original.uri) == "c6ee772d9e49320e97ec29a7eb5b1697.png")
    let home = try #require(FreedesktopThumbnails(environment: ["HOME": "/home/jens"]))
    #expect(home.path(of: original, size: .normal) == "/home/jens/.cache/thumbnails/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
    #expect(home.path(of: original, size: .xxLarge).hasPrefix("/home/jens/.cache/thumbnails/xx-large/"))
    #expect(ThumbnailOriginal.uri(forAbsolutePath: "/tmp/a b#1%?.png") == "file:///tmp/a%20b%231%25%3F.png")
    #expect(ThumbnailOriginal.uri(forAbsolutePath: "/m/Müll;[x].png") == "file:///m/M%C3%BCll%3B%5Bx%5D.png")
    #expect(ThumbnailOriginal.uri(forAbsolutePath: "/a/-_.!~*'()$&+,:=@.png") == "file:///a/-_.!~*'()$&+,:=@.png")
  }

  @Test func theFolderComesFromTheEnvironment() {
    #expect(FreedesktopThumbnails(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.root == "/c/thumbnails")
    // A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
    #expect(FreedesktopThumbnails(environment: ["XDG_CACHE_HOME": "c", "HOME": "/h"])?.root == "/h/.cache/thumbnails")
    #expect(FreedesktopThumbnails(environment: [:]) == nil)
  }

  @Test func pathsAreMadeAbsoluteByTheirWords() {
    #expect(ThumbnailOriginal.absolutePath("a/./b/../c.png", workingDirectory: "/home/jens") == "/home/jens/a/c.png")
    #expect(ThumbnailOriginal.absolutePath("//x//y/../../z.png") == "/z.png")
  }

  // MARK: Writing and reading

  /// A photo larger than the size a card needs is kept once: a PNG with the two
  /// texts, 0600 in 0700 folders, 128 pixels on its longest side; the next open
  /// reads it instead of decoding the photo.
  @Test func aThumbnailIsWrittenOnceAndReadBack() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let key = Self.card(fixture.photo)
    let first = fixture.open(key)
    #expect(first.writtenToFolder == 1)
    #expect(first.readFromFolder == 0)
    let path = fixture.normalPath
    let texts = try Self.texts(ofPNG: path)
    #expect(texts["Thumb::URI"] == fixture.original.uri)
    #expect(texts["Thumb::URI"]?.hasSuffix("/photo%20one.jpg") == true)
    #expect(texts["Thumb::MTime"] == String(fixture.original.modified))
    #expect(try Self.mode(path) == 0o600)
    #expect(try Self.mode(fixture.thumbnails.root) == 0o700)
    #expect(try Self.mode(fixture.thumbnails.root + "/normal") == 0o700)
    let header = try ImageHeader.read(path)
    #expect((header.format, header.width, header.height) == (.png, 128, 96))
    // Nothing else is left in the folder (the temporary file was renamed).
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.thumbnails.root + "/normal").count == 1)

    let second = fixture.open(key)
    #expect(second.readFromFolder == 1)
    #expect(second.writtenToFolder == 0)
    #expect(second.decoded == 1)
  }

  /// A thumbnail made before the photo last changed is not used, and is replaced.
  @Test func aStaleThumbnailIsIgnoredAndRewritten() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let key = Self.card(fixture.photo)
    #expect(fixture.open(key).writtenToFolder == 1)
    let later = Date(timeIntervalSince1970: TimeInterval(fixture.original.modified + 60))
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: fixture.photo)
    let reopened = fixture.open(key)
    #expect(reopened.readFromFolder == 0)
    #expect(reopened.writtenToFolder == 1)
    #expect(try Self.texts(ofPNG: fixture.normalPath)["Thumb::MTime"] == String(fixture.original.modified))
    #expect(fixture.original.modified == Int64(later.timeIntervalSince1970))
    #expect(fixture.open(key).readFromFolder == 1)
  }

  /// A thumbnail smaller than the picture must be drawn is not used: the photo is
  /// decoded and the larger size kept too.
  @Test func aThumbnailTooSmallForTheDrawingIsNotUsed() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    #expect(fixture.open(Self.card(fixture.photo)).writtenToFolder == 1)
    // 24x12 cells of 8x16 pixels: 192 pixels wide, more than the normal size's 128.
    var pixels = Self.card(fixture.photo)
    pixels.cellPixels = Size(width: 8, height: 16)
    let opened = fixture.open(pixels)
    #expect(opened.readFromFolder == 0)
    #expect(opened.writtenToFolder == 1)
    #expect(try ImageHeader.read(fixture.thumbnails.path(of: fixture.original, size: .large)).width == 256)
    #expect(fixture.open(pixels).readFromFolder == 1)
  }

  /// Pictures that are not files (a database's BLOB), and pictures no larger than
  /// the size, leave the folder alone.
  @Test func nothingIsWrittenForAPictureThatIsNotAFile() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let bytes = try TestFiles.read(fixture.photo)
    let blob = fixture.open(Self.card("photos:1"), bytes: { _ in bytes })
    #expect(blob.writtenToFolder == 0)
    // Even when the BLOB's name is a file's path.
    #expect(fixture.open(Self.card(fixture.photo), bytes: { _ in bytes }).writtenToFolder == 0)
    #expect(!FileManager.default.fileExists(atPath: fixture.thumbnails.root))
    let small = try Fixture(picture: "rgb.png")
    defer { small.cleanUp() }
    #expect(small.open(Self.card(small.photo)).writtenToFolder == 0)
    #expect(!FileManager.default.fileExists(atPath: small.thumbnails.root))
  }

  /// A picture inside the thumbnails folder is never thumbnailed there.
  @Test func thumbnailsAreNotThumbnailed() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let inside = fixture.thumbnails.root + "/large/photo.jpg"
    try FileManager.default.createDirectory(atPath: fixture.thumbnails.root + "/large", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: fixture.photo, toPath: inside)
    #expect(fixture.open(Self.card(inside)).writtenToFolder == 0)
    #expect(!FileManager.default.fileExists(atPath: fixture.thumbnails.root + "/normal"))
  }
}
