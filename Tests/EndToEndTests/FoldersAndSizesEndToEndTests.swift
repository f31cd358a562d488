import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real folders and real data in the real binary: a folder of folders of icons
/// (Debian's adwaita-icon-theme, which `make` installs) browsed with `-r`, each
/// folder a section; a data file whose items name pictures without sizes, which
/// take their sizes from the pictures' headers; SVG and remote pictures that say
/// why they show nothing; `--print` on a picture folder printing a path the next
/// command can open; and a field no item has, named in the status bar.
///
/// `swift test` may run with NO_COLOR set, which keeps every picture a
/// placeholder, so the commands here unset it.
@Suite(.serialized) struct FoldersAndSizesEndToEndTests {
  /// Icons in folders by kind (actions, apps, categories, …), PNG, 16x16.
  static let icons = "/usr/share/icons/Adwaita/16x16"


  static func scratch(_ name: String = #function) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wf-folders-\(name.filter(\.isLetter))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func fixture(_ name: String) -> URL {
    Tmux.root.appendingPathComponent("Tests/WaterfallImagesTests/Fixtures/" + name)
  }

  @Test func aFolderOfFoldersOfIconsIsBrowsedSectionBySection() throws {
    try #require(FileManager.default.fileExists(atPath: Self.icons + "/actions"), "adwaita-icon-theme is missing: make test installs it")
    let count = try FileManager.default.contentsOfDirectory(atPath: Self.icons + "/actions").filter { $0.hasSuffix(".png") }.count
    let tmux = try Tmux("env -u NO_COLOR waterfall --symbols half -r \(Self.icons)", width: 100, height: 30)
    // The status bar too: a capture can catch the screen half repainted, the header
    // written and the status bar not yet.
    let first = try tmux.waitFor("the first folder's section") {
      $0.joined().contains("actions · \(count)") && Tmux.status($0).contains("groups")
    }
    #expect(Tmux.status(first).contains("1 groups"))
    try tmux.waitFor("the icons drawn") { $0.joined().contains("▀▀▀▀") }
    // End goes to the real end: every folder loads, each a section of its own.
    try tmux.send("End")
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.icons).filter { !$0.hasPrefix(".") }.count
    let later = try tmux.waitFor("a group per folder", timeout: 30) { screen in
      let groups = Tmux.status(screen).split(separator: "│").first { $0.contains(" groups") }
        .flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
      return groups >= 2 && groups <= folders && screen.joined().contains("End · ")
    }
    #expect(!later.joined().contains("No items"))
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func itemsNamingPicturesWithoutSizesTakeTheirSizes() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
    for (fixture, name) in [("bars-640x480.jpg", "wide.jpg"), ("ramp.gif", "ramp.gif"), ("bars-lossy.webp", "bars.webp"), ("drawing.svg", "drawing.svg")] {
      try FileManager.default.copyItem(at: Self.fixture(fixture), to: folder.appendingPathComponent("img/" + name))
    }
    let items = [
      #"{"title":"Wide JPEG","img":"img/wide.jpg","description":"no size given"}"#,
      #"{"title":"A GIF","img":"img/ramp.gif"}"#,
      #"{"title":"A WebP","img":"img/bars.webp"}"#,
      #"{"title":"An SVG","img":"img/drawing.svg"}"#,
      #"{"title":"Remote","img":"https://example.com/a.png"}"#,
    ]
    let data = folder.appendingPathComponent("items.jsonl")
    try items.joined(separator: "\n").write(to: data, atomically: true, encoding: .utf8)
    let tmux = try Tmux("env -u NO_COLOR waterfall --symbols half --columns 3 \(Tmux.shellQuote(data.path))", width: 90, height: 30)
    try tmux.waitFor("the cards") { Tmux.status($0).hasPrefix(" 1/5 ") }
    // The JPEG's card grows a picture area (4:3 at 28 columns: 10 rows), and its
    // pictures, the GIF's and the WebP's, are drawn.
    let screen = try tmux.waitFor("three pictures in their cards") { lines in
      lines.filter { $0.contains("▀▀▀▀▀▀▀▀▀▀") }.count >= 10 && !lines.joined().contains("wide.jpg")
        && !lines.joined().contains("ramp.gif") && !lines.joined().contains("bars.webp")
    }
    let titleRow = try #require(screen.firstIndex { $0.contains("Wide JPEG") })
    #expect(titleRow >= 10, "the JPEG's card has its picture above its title:\n\(screen.joined(separator: "\n"))")
    // The SVG and the remote picture say why, in their details.
    try tmux.type("/svg")
    try tmux.send("Enter")
    try tmux.waitFor("the SVG") { Tmux.status($0).hasPrefix(" 1/1 ") }
    try tmux.send("Enter")
    try tmux.waitFor("why the SVG shows nothing") { $0.joined().contains("SVG pictures are not drawn") }
    // Each Escape seen before the next key: Escape and a key together are Alt.
    try tmux.send("Escape")
    try tmux.waitFor("the details closed") { !$0.joined().contains("Details") }
    try tmux.send("Escape")
    try tmux.waitFor("the filter cleared") { !Tmux.status($0).contains("/svg") }
    try tmux.type("/remote")
    try tmux.send("Enter")
    try tmux.waitFor("the remote one") { Tmux.status($0).hasPrefix(" 1/1 ") }
    try tmux.send("Enter")
    try tmux.waitFor("why the remote picture shows nothing") { $0.joined().contains("pictures by URL are not") }
  }

  @Test func printOnAPictureFolderGivesAPathToOpen() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("picked.txt")
    // A relative folder, as a user types it.
    let tmux = try Tmux("waterfall --print Data/pictures > \(Tmux.shellQuote(output.path))")
    try tmux.waitFor("the pictures") { Tmux.status($0).hasPrefix(" 1/24 ") }
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    let path = try String(contentsOf: output, encoding: .utf8)
    #expect(path == Tmux.root.path + "/Data/pictures/01-sky.jpg\n")
    let trimmed = String(path.dropLast())
    #expect(FileManager.default.fileExists(atPath: trimmed))
  }

  @Test func aFieldNoItemHasIsNamedAndCardsStillSaySomething() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("codes.json")
    try #"[{"alpha_2":"AD","alpha_3":"AND","numeric":"020"},{"alpha_2":"AE","alpha_3":"ARE","numeric":"784"}]"#
      .write(to: data, atomically: true, encoding: .utf8)
    let tmux = try Tmux("waterfall --title-field nope \(Tmux.shellQuote(data.path))", width: 100, height: 20)
    let screen = try tmux.waitFor("the notice") { Tmux.status($0).contains("no item has field 'nope'") }
    #expect(screen.joined().contains("alpha_2: AD") && screen.joined().contains("numeric: 784"))
  }

  /// A folder of 60,000 small pictures (issue 30): listing, ordering and
  /// reading the headers happen on the loader's thread, so the first screen
  /// shows while most headers are still unread, and `q` ends the program at
  /// once, also when pressed before the screen opens. (It was a blank screen for
  /// seconds: every name sorted and every header read before the terminal opened.)
  static let hugeFolder = 60_000

  @Test func aHugeFolderOfPicturesOpensAndQuitsAtOnce() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Hard links to one small PNG (a file takes 65,000 links at most).
    try Data(contentsOf: Self.fixture("rgb.png")).write(to: folder.appendingPathComponent("picture.master"))
    let base = folder.path
    var linked = 0
    for n in 0..<Self.hugeFolder where link(base + "/picture.master", base + "/pic-\(n).png") == 0 { linked += 1 }
    #expect(linked == Self.hugeFolder)

    let started = Date()
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(folder.path))", width: 100, height: 30)
    let first = try tmux.waitFor("the first picture's card", timeout: 30) { $0.joined().contains("pic-0.png") }
    // A bound far above what it takes (well under a second here, busy), far below the old wait.
    #expect(Date().timeIntervalSince(started) < 5, "the first screen took \(Date().timeIntervalSince(started)) s")
    // Shown while loading: far from every header has been read yet.
    let loaded = Tmux.status(first).split(separator: "│").first { $0.contains("loading") }
      .flatMap { Int($0.filter(\.isNumber)) } ?? Self.hugeFolder
    #expect(loaded < Self.hugeFolder, "the first screen waited for every picture: \(Tmux.status(first))")
    let quit = Date()
    try tmux.send("q")
    #expect(try tmux.waitForExit(timeout: 30).status == 0)
    #expect(Date().timeIntervalSince(quit) < 5, "q took \(Date().timeIntervalSince(quit)) s")

    // q pressed before the screen opens is read as soon as it does: at most the
    // second the program gives the data to start, never the whole folder's time.
    let early = try Tmux("waterfall \(Tmux.shellQuote(folder.path))", width: 100, height: 30)
    let launched = Date()
    try early.send("q")
    #expect(try early.waitForExit(timeout: 30).status == 0)
    #expect(Date().timeIntervalSince(launched) < 5, "q before the screen took \(Date().timeIntervalSince(launched)) s")
  }
}
