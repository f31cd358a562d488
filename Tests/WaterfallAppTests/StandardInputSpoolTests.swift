import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import WaterfallWorkers
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Standard input spooled to an unlinked temporary file and read again from
/// there as a file is; the memory limit that pauses reading.
@Suite struct StandardInputSpoolTests {
  /// A pipe whose write end gets `bytes` from a thread of its own (more than a
  /// pipe holds would otherwise block), then is closed: the read end, to read.
  static func pipe(feeding bytes: [UInt8], chunk: Int = 7_001) -> Int32 {
    signal(SIGPIPE, SIG_IGN)  // a reader that stops early fails its test, not the run
    var ends: [Int32] = [0, 0]
    precondition(Glibc.pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    DispatchQueue.global().async {
      var at = 0
      while at < bytes.count {
        let n = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress! + at, min(chunk, bytes.count - at)) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        at += n
      }
      close(writeEnd)
    }
    return readEnd
  }

  /// The names in `folder`.
  static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
  }

  /// `bytes` read as standard input from a pipe into a store (spooled to
  /// `folder`), and the page file it was read through.
  static func loadFromPipe(_ bytes: [UInt8], spoolIn folder: URL, roles: FieldRoles = FieldRoles()) -> (ItemStore, PageFile?, LoadError?) {
    let store = ItemStore(roles: roles)
    let input = pipe(feeding: bytes)
    defer { close(input) }
    let source = StandardInputSource(input: input, spoolDirectory: folder.path)
    let sink = StoreSink(store: store)
    // Read as the browser reads it (``LoadController/settings(for:options:)``): its cards read again from the spool.
    let end = source.open(LoadController.settings(for: store, options: ReadOptions())).readNextPage(into: sink)
    return (store, sink.file, end.error)
  }

  /// A page read into a store, keeping the page's file to look at.
  final class StoreSink: PageSink {
    let store: ItemStore
    var file: PageFile?
    var page = 0

    init(store: ItemStore) {
      self.store = store
    }

    func shouldStop() -> Bool { false }
    func opened(_ opened: OpenedPage) {
      file = opened.file
      page = store.add(opened.file)
    }
    func described(_ shape: ItemTextShape, note: String?) { store.setShape(shape, ofPage: page) }
    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) { store.append(items, toPage: page) }
    func progress(_ text: String) {}
  }

  static func loadFile(_ path: String, roles: FieldRoles = FieldRoles()) throws -> ItemStore {
    let store = ItemStore(roles: roles)
    try Loader(source: FileSource(path: path), store: store).loadNextPage()
    return store
  }

  /// Many lines of items, some long, some with escapes and other scripts.
  static func sampleLines(_ count: Int) -> [UInt8] {
    var text = ""
    for i in 0..<count {
      let long = i % 97 == 0 ? String(repeating: "long ", count: 3_000) : ""
      text += #"{"id":\#(i),"title":"Item \#(i) 茶壶 \"q\"","text":"\#(long)body \#(i)","tags":["t\#(i % 7)"],"w":\#(100 + i % 50),"h":80}"# + "\n"
    }
    return Array(text.utf8)
  }

  @Test func theSpoolGivesBackTheBytesReadAndHasNoName() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    let input = Self.pipe(feeding: bytes)
    defer { close(input) }
    let file = try PageFile(spooling: input, name: "stdin", directory: folder.path)
    #expect(try Self.names(in: folder).isEmpty, "the spool is unlinked as soon as it is made")
    var read: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while case let n = try file.read(into: &chunk), n > 0 { read += chunk[..<n] }
    #expect(read == bytes, "what is read is what was piped")
    #expect(file.bytes(at: 0, count: bytes.count) == bytes, "and the spool gives it all back")
    #expect(file.bytes(at: 123_456, count: 1_000) == Array(bytes[123_456..<124_456]))
    let spool = try #require(file.spoolDescriptor)
    var info = stat()
    #expect(fstat(spool, &info) == 0)
    #expect(info.st_nlink == 0, "no name links to the spool: nothing is left behind")
    #expect(Int(info.st_size) == bytes.count)
    #expect(fcntl(spool, F_GETFD) & FD_CLOEXEC != 0, "a program started later does not inherit it")
    #expect(file.isStandardInput && !file.keepsTextsInMemory)
    #expect(try Self.names(in: folder).isEmpty)
  }

  @Test func itemsFromStandardInputAreTheSameAsFromAFile() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = Self.sampleLines(2_000)
    let path = folder.appendingPathComponent("items.jsonl").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fromFile = try Self.loadFile(path)
    let (fromPipe, file, error) = Self.loadFromPipe(bytes, spoolIn: folder)
    #expect(error == nil)
    #expect(try Self.names(in: folder) == ["items.jsonl"], "no spool left in the folder")
    #expect(fromPipe.count == 2_000 && fromFile.count == 2_000)
    #expect(file?.isSpooled == true)
    #expect(fromPipe.texts.count == 0, "no item text is kept in memory")
    #expect(fromPipe.summaryBytes == fromFile.summaryBytes, "stdin costs what a file costs")
    for i in 0..<fromPipe.count {
      #expect(fromPipe.content(at: i) == fromFile.content(at: i))
      #expect(fromPipe.json(at: i) == fromFile.json(at: i), "item \(i)")
      #expect(fromPipe.printed(at: i) == fromFile.printed(at: i))
      #expect(!fromPipe.changedSinceRead(i), "the checksum check holds for stdin items")
    }
    #expect(fromPipe.path(at: 0) == "stdin")
  }

  @Test func anArrayAndCSVFromStandardInputReadBackAsFromAFile() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in [
      ("a.json", #"{"shop":{"items":[{"title":"Mug","n":1},{"title":"Bowl","n":2}]}}"#),
      ("b.json", #"{"mug":{"price":3},"bowl":{"price":4}}"#),
      ("c.csv", "title,price\nMug,3\n\"Bowl, big\",4\n"),
    ] {
      let path = folder.appendingPathComponent(name).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let fromFile = try Self.loadFile(path)
      let (fromPipe, _, error) = Self.loadFromPipe(Array(text.utf8), spoolIn: folder)
      #expect(error == nil)
      #expect(fromPipe.count == fromFile.count && fromPipe.count == 2, "\(name)")
      for i in 0..<fromPipe.count {
        #expect(fromPipe.json(at: i) == fromFile.json(at: i), "\(name) item \(i)")
        #expect(fromPipe.value(at: i) == fromFile.value(at: i))
      }
    }
  }

  @Test func theDetailsOfAStandardInputItemAreAFilesDetails() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = Self.sampleLines(200)
    let path = folder.appendingPathComponent("items.jsonl").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (fromPipe, _, _) = Self.loadFromPipe(bytes, spoolIn: folder)
    func details(_ store: ItemStore) -> [String] {
      let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 90, height: 30))
      browser.select(item: 97)
      browser.openDetails()
      let screen = CellBuffer(width: 90, height: 30)
      browser.draw(in: screen)
      return screen.lines
    }
    let shown = details(fromPipe)
    #expect(shown == details(try Self.loadFile(path)))
    #expect(shown.joined().contains("Item 97"))
    #expect(shown.joined().contains("long long"), "the whole text, read back from the spool")
  }

  @Test func withoutAFolderForTheSpoolStandardInputIsKeptInMemory() throws {
    let bytes = Self.sampleLines(50)
    let (store, file, error) = Self.loadFromPipe(bytes, spoolIn: URL(fileURLWithPath: "/nonexistent/folder"))
    #expect(error == nil)
    #expect(file?.isSpooled == false && file?.keepsTextsInMemory == true)
    #expect(store.count == 50)
    #expect(store.texts.count > 0)
    #expect(String(decoding: store.printed(at: 3), as: UTF8.self).hasPrefix(#"{"id":3,"#))
  }

  // MARK: The memory limit

  @Test func sizesParseAsTheCommandLineWritesThem() throws {
    let table: [(String, Int)] = [
      ("512M", 512 << 20), ("2G", 2 << 30), ("2g", 2 << 30), ("2GiB", 2 << 30), ("2GB", 2 << 30),
      ("1.5G", 3 << 29), ("64M", 64 << 20), ("65536K", 64 << 20), ("1T", 1 << 40), ("64T", 64 << 40),
      ("67108864", 64 << 20), (" 100M ", 100 << 20), ("100 M", 100 << 20),
    ]
    for (text, bytes) in table {
      #expect(try MemoryLimit(parsing: text).bytes == bytes, "\(text)")
    }
    for bad in ["", "G", "lots", "2X", "-1G", "1e9", "2GG", "0x10M", "١٢M", "12", "15M", "16M", "63M", "65T", "nan", "inf"] {
      #expect(throws: MemoryLimit.UsageError.self, "\(bad)") { try MemoryLimit(parsing: bad) }
    }
    #expect(throws: MemoryLimit.UsageError("--memory-limit takes a size such as 512M or 2G (64M to 64T), not 'lots'")) {
      try MemoryLimit(parsing: "lots")
    }
    #expect(throws: MemoryLimit.UsageError(
      "--memory-limit must be at least 64M, not 1M (1 MiB): the program takes about 25 MiB before it reads anything, "
        + "and keeps three quarters of the rest for sorting, searching and laying out what it read")) {
      try MemoryLimit(parsing: "1M")
    }
    #expect(throws: MemoryLimit.UsageError("--memory-limit must be between 64M and 64T, not 65T (65 TiB)")) {
      try MemoryLimit(parsing: "65T")
    }
    // Reading pauses a quarter of the way from what the program held at the start to the limit.
    #expect(MemoryLimit(bytes: 64 << 20, baseline: 24 << 20).readingPause == 34 << 20)
    #expect(MemoryLimit(bytes: 1 << 30).readingPause == 256 << 20)
    // Paused reading goes on a sixteenth of the way to the limit below that.
    #expect(MemoryLimit(bytes: 64 << 20, baseline: 24 << 20).readingResume == 63 << 19)
  }

  @Test func limitsReadAsTheStatusBarWritesThem() {
    #expect(MemoryLimit(bytes: 2 << 30).description == "2 GiB")
    #expect(MemoryLimit(bytes: 3 << 29).description == "1.5 GiB")
    #expect(MemoryLimit(bytes: 64 << 20).description == "64 MiB")
    #expect(MemoryLimit(bytes: 1 << 40).description == "1 TiB")
    #expect(LoadController.pausedText(MemoryLimit(bytes: 2 << 30)) == "reading paused: memory limit 2 GiB reached (--memory-limit)")
  }

  @Test func theDefaultIsHalfTheMemoryTheProgramMayUse() {
    #expect(MemoryLimit.standard(physical: 16 << 30, group: nil) == MemoryLimit(bytes: 8 << 30))
    #expect(MemoryLimit.standard(physical: 16 << 30, group: 1 << 30) == MemoryLimit(bytes: 512 << 20), "a container's limit counts")
    #expect(MemoryLimit.standard(physical: 8 << 20, group: nil) == MemoryLimit(bytes: 64 << 20), "never below the range")
    #expect(MemoryLimit.standard(physical: nil, group: nil) == MemoryLimit(bytes: 2 << 30))
    #expect(MemoryLimit.range.contains(MemoryLimit.machineDefault.bytes))
    let resident = ResidentMemory.bytes()
    #expect(resident != nil && resident! > 1 << 20, "this process's resident memory, from /proc/self/statm")
  }

  /// Drains `controller` into `browser` until `done` holds (the loader reads on
  /// a thread of its own, as in the program).
  static func drain(_ controller: LoadController, into browser: Browser, until what: String, _ done: () -> Bool) {
    eventually(what) {
      browser.apply(controller.drain(), now: 0)
      return done()
    }
  }

  @Test func aTinyLimitPausesReadingWithTheStatusAndTheKeysStillAnswer() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("items.jsonl").path
    try Data(Self.sampleLines(3_000)).write(to: URL(fileURLWithPath: path))
    // The memory in use, as the test says: over the limit until told otherwise.
    // Each look at the memory is counted: the loader looks again every 50 ms while paused.
    let used = Atomic<Int>(1 << 40)
    let looks = Atomic<Int>(0)
    let limit = MemoryLimit(bytes: 16 << 20)
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(
      source: FileSource(path: path), store: store, memoryLimit: limit,
      memoryInUse: {
        looks.add(1, ordering: .relaxed)
        return used.load(ordering: .relaxed)
      },
      wake: {})
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 120, height: 30))
    browser.apply(controller.start())
    Self.drain(controller, into: browser, until: "reading paused") { controller.isPausedByMemory }
    #expect(controller.isPausedByMemory)
    #expect(browser.loading == .loading(progress: "reading paused: memory limit 16 MiB reached (--memory-limit)"))
    // Three more looks, all over the limit: had it read meanwhile, its items would be in.
    let seen = looks.load(ordering: .relaxed)
    eventually("the loader looking again while paused") { looks.load(ordering: .relaxed) >= seen + 3 }
    browser.apply(controller.drain(), now: 0)
    #expect(store.count == 0, "nothing is read while paused")
    #expect(!controller.isIdle, "the page is not over: it waits")
    let screen = CellBuffer(width: 120, height: 30)
    browser.draw(in: screen)
    #expect(screen.lines.last!.contains("reading paused: memory limit 16 MiB reached (--memory-limit)"), "\(screen.lines.last!)")
    // Keys answer while reading waits.
    _ = browser.handle(.key(.character("?")))
    browser.draw(in: screen)
    #expect(screen.text.contains("Keys"), "the help opens")
    _ = browser.handle(.key(.escape))

    // Memory a little under where reading paused: it stays paused (no reading
    // a chunk, pausing, and reading again while the memory wavers).
    used.store(limit.readingPause - 1, ordering: .relaxed)
    let wavering = looks.load(ordering: .relaxed)
    eventually("the loader looking again under the pause") { looks.load(ordering: .relaxed) >= wavering + 3 }
    browser.apply(controller.drain(), now: 0)
    #expect(store.count == 0 && controller.isPausedByMemory, "nothing is read just under the pause")

    // Memory freed: reading goes on to the end.
    used.store(1 << 20, ordering: .relaxed)
    Self.drain(controller, into: browser, until: "the page read to its end") { controller.isIdle && !controller.hasPendingEvents }
    browser.apply(controller.drain(), now: 0)
    #expect(!controller.isPausedByMemory)
    #expect(store.count == 3_000)
    #expect(browser.loading == .done)
  }
}
