import Testing

/// What the dynamic linker loads before the first screen. Foundation and its
/// ICU data came in with one `import Foundation` (for `sin` and `cos`); the
/// linker then resolved their symbols and the runtime scanned their protocol
/// conformances in every run: 11 ms of a 37 ms run on a one-item file.
@Suite struct StartupLibrariesTests {
  @Test func theBrowserDoesNotLoadFoundation() throws {
    let result = try ChildProcess.run("/usr/bin/env", ["readelf", "--dynamic", Tmux.waterfall])
    try #require(result.status == 0, "readelf: \(result.err)")
    let needed = result.out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    #expect(needed.contains { $0.contains("libswiftCore.so") }, "readelf's list is read: \(needed)")
    for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
      #expect(!needed.contains { $0.contains("[\(library)]") }, "\(library) is loaded at every start")
    }
  }
}
