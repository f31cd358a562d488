import Foundation
import TestSupport
import Testing

/// The options an fzf user brings: saved defaults (`WATERFALL_DEFAULT_OPTS`,
/// `WATERFALL_DEFAULT_OPTS_FILE`), `-q`, `--sql` for what `--query` was,
/// `--header` and `--color` (issue 27).
@Suite struct PickerOptionsEndToEndTests {


  @Test func defaultOptionsGiveTwoColumns() throws {
    let tmux = try Tmux("WATERFALL_DEFAULT_OPTS='--columns 2' waterfall Data/notes.jsonl")
    let screen = try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    #expect(Tmux.status(screen).contains("2 columns · waterfall"))
    let top = try #require(screen.first)
    #expect(top.filter { $0 == "┏" || $0 == "┌" }.count == 2, "two cards side by side: \(top)")
  }

  @Test func theFileThenTheVariableThenTheCommandLine() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("options").path
    try Data("# my defaults\n--sort 'price'   # cheapest first\n--exact\n".utf8).write(to: URL(fileURLWithPath: file))
    let data = folder.appendingPathComponent("d.jsonl").path
    try Data(#"{"t":"mug","price":3}\#n{"t":"mug","price":1}\#n{"t":"mug","price":2}\#n{"t":"mg","price":0}"#.utf8)
      .write(to: URL(fileURLWithPath: data))
    func prices(_ environment: [String: String], _ arguments: [String] = []) throws -> [String] {
      let run = try Tmux.launch(Tmux.waterfall, ["-f", "mug", data] + arguments, input: nil, environment: environment)
      #expect(run.err.isEmpty, "\(run.err)")
      return run.out.split(separator: "\n").map { String($0.split(separator: ":").last!.dropLast()) }
    }
    // --exact from the file: "mg" is no match for the exact term "mug".
    #expect(try prices(["WATERFALL_DEFAULT_OPTS_FILE": file]) == ["1", "2", "3"])
    #expect(try prices(["WATERFALL_DEFAULT_OPTS_FILE": file, "WATERFALL_DEFAULT_OPTS": "--sort price:desc"]) == ["3", "2", "1"])
    #expect(try prices(["WATERFALL_DEFAULT_OPTS_FILE": file, "WATERFALL_DEFAULT_OPTS": "--sort price:desc"], ["--sort", "t"]) == ["3", "1", "2"])
  }

  @Test func aBadDefaultNamesWhereItCameFrom() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("options").path
    try Data("--columns 3 --colour red\n".utf8).write(to: URL(fileURLWithPath: file))
    for (environment, message) in [
      (["WATERFALL_DEFAULT_OPTS": "--colums 2"], "waterfall: WATERFALL_DEFAULT_OPTS: Unknown option '--colums'. Did you mean '--columns'?\n"),
      (["WATERFALL_DEFAULT_OPTS": "--columns 99"], "waterfall: WATERFALL_DEFAULT_OPTS: --columns must be between 1 and 12\n"),
      (["WATERFALL_DEFAULT_OPTS": "--header 'open"], "waterfall: WATERFALL_DEFAULT_OPTS: an unclosed '\n"),
      (["WATERFALL_DEFAULT_OPTS_FILE": file], "waterfall: WATERFALL_DEFAULT_OPTS_FILE (\(file)): Unknown option '--colour'. Did you mean '--color'?\n"),
      (["WATERFALL_DEFAULT_OPTS_FILE": file + ".missing"], "waterfall: WATERFALL_DEFAULT_OPTS_FILE (\(file).missing): No such file or directory\n"),
    ] {
      let run = try Tmux.launch(Tmux.waterfall, ["Data/notes.jsonl"], input: nil, environment: environment)
      #expect(run.status == 2)
      #expect(run.err == message)
    }
    // The command line's own mistake is told as ever, with the usage.
    let own = try Tmux.launch(Tmux.waterfall, ["--colums", "2", "Data/notes.jsonl"], input: nil, environment: ["WATERFALL_DEFAULT_OPTS": "--columns 2"])
    #expect(own.status == 2)
    #expect(own.err.hasPrefix("waterfall: Unknown option '--colums'"))
    // Scripts' subcommands take no defaults.
    let render = try Tmux.launch(Tmux.waterfall, ["render", "Data/notes.jsonl"], input: nil, environment: ["WATERFALL_DEFAULT_OPTS": "--colums 2"])
    #expect(render.status == 0)
  }

  @Test func queryStartsWithTheSearchTyped() throws {
    let matches = try Tmux.waterfall(["-f", "dumplings", "Data/notes.jsonl"]).out.split(separator: "\n").count
    #expect(matches > 1)
    let tmux = try Tmux("waterfall -q dumplings Data/notes.jsonl")
    // The search line open, the matches counted: the same as --filter's.
    try tmux.waitFor("the matches") { Tmux.status($0).hasPrefix(" /dumplings") && Tmux.status($0).hasSuffix(" \(matches) of 60") }
    try tmux.type("x")
    try tmux.waitFor("more typed") { Tmux.status($0).contains("/dumplingsx") }
  }

  @Test func queryOnADatabaseSaysToUseSQL() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shop.db").path
    try TestDatabase.make(at: path, sql: "CREATE TABLE items(title, price); INSERT INTO items VALUES ('Lamp', 40), ('Mug', 3);")
    let refused = try Tmux.waterfall([path, "--query", "SELECT title FROM items"])
    #expect(refused.status == 2)
    #expect(refused.err == "waterfall: --query is the search typed at the start now, as fzf's; for the rows of a SQL query use --sql \"SELECT title FROM items\"\n")
    let sql = try Tmux.waterfall(["-f", "", path, "--sql", "SELECT title FROM items WHERE price > 5"])
    #expect(sql.out == #"{"title":"Lamp"}"# + "\n")
    let search = try Tmux.waterfall(["-f", "mug", path])
    #expect(search.out == #"{"title":"Mug","price":3}"# + "\n", "a search on a database's rows: --filter")
  }

  @Test func headerAndColors() throws {
    // `swift test` may run with NO_COLOR set: unset it for the coloured run.
    let tmux = try Tmux("env -u NO_COLOR waterfall --header 'ctrl-o: open · enter: pick' --color 'border:red,selected:reverse' Data/notes.jsonl")
    let screen = try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    #expect(screen[0] == " ctrl-o: open · enter: pick")
    #expect(screen[1].contains("┏") || screen[1].contains("┌"), "the cards under the header")
    let styled = try Tmux.run(["capture-pane", "-p", "-e", "-t", "0"], socket: tmux.socket)
    #expect(styled.contains("\u{1B}[31m"), "border:red")
    #expect(styled.contains("\u{1B}[7m"), "selected:reverse")
    let plain = try Tmux("NO_COLOR=1 waterfall --color 'border:red,selected:reverse' Data/notes.jsonl")
    try plain.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    let uncoloured = try Tmux.run(["capture-pane", "-p", "-e", "-t", "0"], socket: plain.socket)
    #expect(!uncoloured.contains("\u{1B}[31m"), "NO_COLOR wins over --color")
    #expect(uncoloured.contains("\u{1B}[7m"), "attributes stay")
    let bad = try Tmux.waterfall(["--color", "selcted:red", "Data/notes.jsonl"])
    #expect(bad.status == 2)
    #expect(bad.err.hasPrefix("waterfall: --color unknown element 'selcted'"))
  }
}
