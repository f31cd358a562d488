import Foundation
import TestSupport
import Testing

/// Pictures named by URL in the real binary, against the test HTTP server:
/// shown, each fetched once; one scrolled away before it arrived cancelled;
/// shown from the disk cache with the server gone; and nothing fetched without
/// `--fetch-pictures`, which the status bar names.
@Suite(.serialized) struct RemotePictureEndToEndTests {
  /// A scratch folder with `items.json`, whose items name pictures on `server`
  /// (`pictures` overrides some by index), and a cache folder.
  struct Setup {
    let folder: URL
    var items: String { folder.appendingPathComponent("items.json").path }
    var cache: String { folder.appendingPathComponent("cache").path }

    init(server: TestHTTPServer, count: Int, pictures: [Int: String] = [:], name: String = #function) throws {
      folder = try Scratch.folder(name)
      let items = (1...count).map { i in
        #"{"id": \#(i), "title": "item \#(i)", "img": "\#(server.url(pictures[i] ?? "/pictures/item-\(i).png"))"}"#
      }
      try Data(("[" + items.joined(separator: ",\n") + "]").utf8).write(to: folder.appendingPathComponent("items.json"))
    }

    func command(_ options: String) -> String {
      "env -u NO_COLOR XDG_CACHE_HOME=\(Tmux.shellQuote(cache)) waterfall \(options) --pictures blocks \(Tmux.shellQuote(items))"
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// Whether a row of the screen is drawn with pictures (block symbols).
  static func pictureRows(_ screen: [String]) -> Int {
    screen.filter { $0.contains("▀▀▀▀▀▀▀▀▀▀") }.count
  }

  /// Whether every card on `screen` shows its picture: no placeholder's label
  /// (`item-3.png`) is left.
  static func allPicturesShown(_ screen: [String]) -> Bool {
    pictureRows(screen) >= 10 && !screen.joined(separator: "\n").contains(".png")
  }

  @Test func picturesByURLShowAndAreEachFetchedOnce() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let setup = try Setup(server: server, count: 30)
    defer { setup.remove() }
    let tmux = try Tmux(setup.command("--fetch-pictures"), width: 100, height: 30)
    defer { tmux.kill() }
    try tmux.waitFor("pictures in the first cards") { Self.pictureRows($0) >= 20 && Self.allPicturesShown($0) }
    let first = server.requestLines.count
    #expect(first >= 6)
    // Down to the end and back: every picture shown is fetched once, and the first
    // screen's come from memory the second time.
    try tmux.send("G")
    try tmux.waitFor(text: "30/30")
    try tmux.waitFor("pictures at the end") { Self.allPicturesShown($0) }
    try tmux.send("g")
    try tmux.waitFor("pictures at the top again") { $0.joined().contains("item 1 ") && Self.pictureRows($0) >= 20 }
    let paths = server.requestLines.map { $0.split(separator: " ")[1] }
    #expect(paths.allSatisfy { $0.hasPrefix("/pictures/item-") })
    #expect(Set(paths).count == paths.count, "fetched twice: \(paths)")
    // The details say where the picture came from.
    try tmux.send("Enter")
    try tmux.waitFor(text: "\(server.url("/pictures/item-1.png")) · HTTP 200 · downloaded")
    // The cache holds them, private.
    let files = try FileManager.default.contentsOfDirectory(atPath: setup.cache + "/waterfall/pictures")
    #expect(files.count == paths.count)
    let mode = try FileManager.default.attributesOfItem(atPath: setup.cache + "/waterfall")[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  @Test func aPictureScrolledAwayBeforeItArrivedIsCancelled() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let setup = try Setup(server: server, count: 60, pictures: [1: "/pictures/never.png"])
    defer { setup.remove() }
    let tmux = try Tmux(setup.command("--fetch-pictures"), width: 100, height: 30)
    defer { tmux.kill() }
    eventually("the endless picture asked for") { server.requests(to: "/pictures/never.png") == 1 }
    #expect(!server.aborted("/pictures/never.png"))
    try tmux.send("G")
    try tmux.waitFor(text: "60/60")
    eventually("the endless picture given up") { server.aborted("/pictures/never.png") }
    // Only what was on screen was fetched: not the 60.
    #expect(server.requestLines.count < 40)
  }

  @Test func cachedPicturesShowWithTheServerGone() throws {
    let server = try TestHTTPServer()
    let setup = try Setup(server: server, count: 6)
    defer { setup.remove() }
    do {
      let tmux = try Tmux(setup.command("--fetch-pictures"), width: 100, height: 30)
      defer { tmux.kill() }
      try tmux.waitFor("pictures in the cards") { Self.pictureRows($0) >= 20 && Self.allPicturesShown($0) }
      try tmux.send("q")
      _ = try tmux.waitForExit()
    }
    server.stop()
    let tmux = try Tmux(setup.command("--fetch-pictures"), width: 100, height: 30)
    defer { tmux.kill() }
    try tmux.waitFor("pictures from the cache") { Self.pictureRows($0) >= 20 }
    try tmux.send("Enter")
    try tmux.waitFor(text: "· from the cache")
  }

  @Test func withoutTheFlagNothingIsFetchedAndTheStatusSaysHow() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let setup = try Setup(server: server, count: 12)
    defer { setup.remove() }
    let tmux = try Tmux(setup.command(""), width: 100, height: 30)
    defer { tmux.kill() }
    try tmux.waitFor(text: "pictures by URL are not fetched")
    try tmux.send("Enter")
    try tmux.waitFor(text: "· pictures by URL are not fetched")
    #expect(server.requestLines.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: setup.cache))
  }
}
