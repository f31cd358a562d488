import Foundation
import TestSupport
import Testing
import WaterfallDigest
import WaterfallNetwork

/// The pictures' disk cache: files named by the URL's MD5, written whole under a
/// temporary name and renamed, private modes, validators kept, a week before
/// revalidation, the oldest out first past the capacity, bad files dropped.
@Suite struct PictureCacheTests {
  static let url = "https://example.com/pictures/cat.png"

  static func head(etag: String? = "\"v1\"", lastModified: String? = "Wed, 21 Oct 2015 07:28:00 GMT") -> HTTPResponseHead {
    var headers = HTTPHeaders([HTTPHeader(name: "Content-Type", value: "image/png")])
    if let etag { headers.append(HTTPHeader(name: "ETag", value: etag)) }
    if let lastModified { headers.append(HTTPHeader(name: "Last-Modified", value: lastModified)) }
    return HTTPResponseHead(status: 200, headers: headers, url: url)
  }

  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  static var now: Int { Int(Date().timeIntervalSince1970) }

  @Test func aStoredPictureReadsBackWithItsValidators() throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = PictureCache(directory: root.path + "/cache/waterfall/pictures")
    let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let stored = try #require(try cache.store(bytes, for: Self.url, head: Self.head()))
    let entry = try #require(cache.entry(for: Self.url))
    #expect(entry == stored)
    #expect(entry.path == cache.directory + "/" + MD5(of: Self.url).hex)
    #expect(entry.etag == "\"v1\"")
    #expect(entry.lastModified == "Wed, 21 Oct 2015 07:28:00 GMT")
    #expect(entry.contentType == "image/png")
    #expect(try cache.body(of: entry) == bytes)
    #expect(cache.entry(for: "https://example.com/other.png") == nil)
    // Private: the folders 0700, the file 0600; no temporary file left behind.
    #expect(try Self.mode(cache.directory) == 0o700)
    #expect(try Self.mode(root.path + "/cache/waterfall") == 0o700)
    #expect(try Self.mode(entry.path) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory) == [MD5(of: Self.url).hex])
    // The revalidation request carries the ETag.
    #expect(entry.revalidationRequest.ifNoneMatch == "\"v1\"")
    #expect(entry.revalidationRequest.ifModifiedSince == nil)
  }

  /// A reader that opened the old file reads the old picture whole while a new one
  /// is stored: the new file is renamed over it, never written in place.
  @Test func aNewPictureReplacesTheOldByRenaming() throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = PictureCache(directory: root.path + "/pictures")
    let old = [UInt8](repeating: 1, count: 3000)
    try cache.store(old, for: Self.url, head: Self.head(etag: "\"v1\""))
    let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: cache.path(for: Self.url)))
    defer { try? reader.close() }
    let new = [UInt8](repeating: 2, count: 4000)
    try cache.store(new, for: Self.url, head: Self.head(etag: "\"v2\""))
    let seen = try reader.readToEnd() ?? Data()
    #expect(seen.suffix(3000) == Data(old))
    let entry = try #require(cache.entry(for: Self.url))
    #expect(entry.etag == "\"v2\"")
    #expect(try cache.body(of: entry) == new)
  }

  @Test func aPictureIsRevalidatedAfterAWeek() throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = PictureCache(directory: root.path + "/pictures")
    try cache.store([1, 2, 3], for: Self.url, head: Self.head(etag: nil))
    let now = Self.now
    #expect(cache.entry(for: Self.url)?.needsRevalidation(now: now) == false)
    #expect(cache.entry(for: Self.url)?.needsRevalidation(now: now + PictureCache.revalidationSeconds) == true)
    cache.markValidated(Self.url, at: now - 8 * 24 * 3600)
    let stale = try #require(cache.entry(for: Self.url))
    #expect(stale.needsRevalidation(now: now))
    // Without an ETag, the date asks.
    #expect(stale.revalidationRequest.ifModifiedSince == "Wed, 21 Oct 2015 07:28:00 GMT")
    // A 304 makes it current again.
    cache.markValidated(Self.url)
    #expect(cache.entry(for: Self.url)?.needsRevalidation(now: Self.now) == false)
  }

  @Test func pastTheCapacityTheOldestGoFirst() throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = PictureCache(directory: root.path + "/pictures", capacity: 4500)
    let urls = (0..<4).map { "https://example.com/\($0).png" }
    let now = Self.now
    // Stored in the order 0 1 2, but 1 is the oldest and 0 the newest.
    for url in urls.prefix(3) { try cache.store([UInt8](repeating: 0, count: 1000), for: url) }
    cache.markValidated(urls[0], at: now - 10)
    cache.markValidated(urls[1], at: now - 30)
    cache.markValidated(urls[2], at: now - 20)
    #expect(cache.totalBytes > 3000)
    try cache.store([UInt8](repeating: 0, count: 1000), for: urls[3])
    // Four files of about 1060 bytes (header and picture) fit in 4500.
    #expect(urls.allSatisfy { cache.entry(for: $0) != nil })
    // A fifth of 1560 does not: the two oldest make room.
    try cache.store([UInt8](repeating: 0, count: 1500), for: "https://example.com/big.png")
    #expect(cache.entry(for: urls[1]) == nil)
    #expect(cache.entry(for: urls[2]) == nil)
    #expect(cache.entry(for: urls[0]) != nil)
    #expect(cache.entry(for: urls[3]) != nil)
    #expect(cache.totalBytes <= 4500)
  }

  @Test func aPictureLargerThanTheCacheIsNotKept() throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = PictureCache(directory: root.path + "/pictures", capacity: 1000)
    #expect(try cache.store([UInt8](repeating: 0, count: 2000), for: Self.url) == nil)
    #expect(cache.entry(for: Self.url) == nil)
  }

  enum Damage: String, CaseIterable, Sendable {
    case garbage, cutShort, anotherURL, empty, longer
  }

  @Test(arguments: Damage.allCases) func aDamagedFileIsAMissAndIsRemoved(_ damage: Damage) throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = PictureCache(directory: root.path + "/pictures")
    try cache.store([UInt8](repeating: 9, count: 2000), for: Self.url, head: Self.head())
    let path = cache.path(for: Self.url)
    let good = try Data(contentsOf: URL(fileURLWithPath: path))
    switch damage {
    case .garbage: try Data("not a cache file\n\nxx".utf8).write(to: URL(fileURLWithPath: path))
    case .cutShort: try good.prefix(good.count - 1).write(to: URL(fileURLWithPath: path))
    case .longer: try (good + Data([0])).write(to: URL(fileURLWithPath: path))
    case .empty: try Data().write(to: URL(fileURLWithPath: path))
    case .anotherURL:
      let other = "https://example.com/dog.png"
      try cache.store([1], for: other)
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.copyItem(atPath: cache.path(for: other), toPath: path)
    }
    #expect(cache.entry(for: Self.url) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func anOpenFolderIsClosedToOthers() throws {
    let root = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.path + "/pictures"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let cache = PictureCache(directory: folder)
    try cache.store([1], for: Self.url)
    #expect(try Self.mode(folder) == 0o700)
  }

  @Test func theFolderFollowsXDG() {
    #expect(PictureCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]) == "/x/cache/waterfall/pictures")
    // A relative XDG_CACHE_HOME is ignored, as the specification says.
    #expect(PictureCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/a"]) == "/home/a/.cache/waterfall/pictures")
    #expect(PictureCache.defaultDirectory(environment: [:]) == nil)
  }
}
