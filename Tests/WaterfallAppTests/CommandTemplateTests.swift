import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// Placeholders in bound commands: found where the shell will read them, and
/// every value quoted for its place, so data never runs a command: each form of
/// the command, with hostile values, run through the real /bin/sh (issue 27).
@Suite struct CommandTemplateTests {
  static let hostile = [
    "$(touch MARK)", "`touch MARK`", "'; touch MARK; '", "\"; touch MARK; \"", "a\nb; touch MARK",
    "it's", "\\", "\\'", "$HOME", "*", "-n", "", "x\u{0}y", "${IFS}touch${IFS}MARK", "é 茶 🎧", "\\`touch MARK\\`",
  ]

  /// Command forms putting `{title}` in every quoting context the template knows.
  static let forms = [
    "printf '%s' {title} > OUT",
    "printf '%s' \"{title}\" > OUT",
    "printf '%s' '{title}' > OUT",
    "printf '%s' \"x{title}y\" > OUT",
    "printf '%s' 'x{title}y' > OUT",
    "printf '%s' \"$(printf '%s' {title})\" > OUT",
    "printf '%s' \"`printf '%s' {title}`\" > OUT",
    "printf '%s' `printf '%s' {title}` > OUT",
  ]

  /// What the form prints for `value`: the value, with the form's own x and y
  /// around it; command substitution drops trailing newlines, backquotes unquoted
  /// split words as the shell does.
  static func expected(_ form: String, _ value: String) -> String {
    let clean = value.replacingOccurrences(of: "\u{0}", with: "")
    if form.contains("x{title}y") { return "x" + clean + "y" }
    return clean
  }

  @Test func hostileValuesReachTheCommandAsLiteralText() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appendingPathComponent("MARK").path
    let out = folder.appendingPathComponent("OUT").path
    for form in Self.forms {
      let template = try CommandTemplate(parsing: form.replacingOccurrences(of: "OUT", with: out))
      for value in Self.hostile {
        let hostile = value.replacingOccurrences(of: "MARK", with: mark)
        let line = template.expand { _ in [hostile] }
        try? FileManager.default.removeItem(atPath: out)
        let status = ShellCommand.run(line, on: .none)
        #expect(status == 0, "\(form) with \(value.debugDescription): \(line)")
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? "<none>"
        if form.contains("`printf '%s' {title}` >") {
          // Unquoted backquotes split the value into words and printf joins them: only
          // what nothing ran matters here.
        } else if form.contains("$(") || form.contains("`") {
          var want = Self.expected(form, hostile)
          while want.hasSuffix("\n") { want.removeLast() }
          #expect(printed == want, "\(form) with \(value.debugDescription): \(line)")
        } else {
          #expect(printed == Self.expected(form, hostile), "\(form) with \(value.debugDescription): \(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: mark), "\(form) with \(value.debugDescription) ran a command: \(line)")
      }
    }
  }

  @Test func placeholdersAreFoundAndTheShellsBracesLeftAlone() throws {
    let template = try CommandTemplate(parsing: "f {} {+} {q} {path} {+path} {title} {+size.w} {a,b} ${HOME} {{x}} '{print $1}' {")
    #expect(template.placeholders == [
      CommandPlaceholder(every: false, value: .item), CommandPlaceholder(every: true, value: .item),
      CommandPlaceholder(every: false, value: .query), CommandPlaceholder(every: false, value: .path),
      CommandPlaceholder(every: true, value: .path), CommandPlaceholder(every: false, value: .field(["title"])),
      CommandPlaceholder(every: true, value: .field(["size", "w"])),
    ])
    let line = template.expand { placeholder in placeholder.every ? ["a", "b"] : ["v"] }
    #expect(line == "f 'v' 'a' 'b' 'v' 'v' 'a' 'b' 'v' 'a' 'b' {a,b} ${HOME} {x}} '{print $1}' {")
    #expect(try CommandTemplate(parsing: "echo {q}").needsItem == false)
    #expect(try CommandTemplate(parsing: "echo {q} {}").needsItem)
  }

  @Test(arguments: [
    ("echo ${x:-{title}}", "inside ${…}"), ("echo `a \\`b {title}\\``", "nested backquotes"),
    ("echo '{title}", "an unclosed '"), ("echo \"x", "an unclosed \""), ("echo $(x", "an unclosed ("),
  ])
  func placesThatCannotBeQuotedAreRefused(command: String, message: String) {
    do {
      _ = try CommandTemplate(parsing: command)
      Issue.record("\(command) parsed")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func valuesComeFromTheItems() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"title":"Mug","price":12.50,"size":{"w":3,"tags":["a","b"]},"img":"img/mug.png","none":null}"#.utf8))
    try store.append(json: Array(#"{"title":"Lamp","path":"/srv/lamp.txt"}"#.utf8))
    let values = PlaceholderValues(store: store, selected: 0, marked: [0, 1], query: "m g", baseDirectory: "/data")
    func value(_ text: String) -> [String] { values.values(for: CommandPlaceholder(parsing: text)!) }
    #expect(value("title") == ["Mug"])
    #expect(value("price") == ["12.50"], "a number as written")
    #expect(value("size") == [#"{"w":3,"tags":["a","b"]}"#])
    #expect(value("size.tags.1") == ["b"])
    #expect(value("none") == [""])
    #expect(value("missing") == [""])
    #expect(value("q") == ["m g"])
    #expect(value("") == [#"{"title":"Mug","price":12.50,"size":{"w":3,"tags":["a","b"]},"img":"img/mug.png","none":null}"#])
    #expect(value("+title") == ["Mug", "Lamp"])
    #expect(value("path") == ["/data/img/mug.png"], "the picture, from the data's folder")
    #expect(value("+path") == ["/data/img/mug.png", "/srv/lamp.txt"], "no picture: the path field")
    let unmarked = PlaceholderValues(store: store, selected: 1, query: "", baseDirectory: "/data")
    #expect(unmarked.values(for: CommandPlaceholder(parsing: "+title")!) == ["Lamp"], "no marks: the selected item")
  }
}
