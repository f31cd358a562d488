// libFuzzer target: `--bind` values (KeyBind, BindKey, BindAction, CommandTemplate)
// and the word splitting of WATERFALL_DEFAULT_OPTS (ShellWords, compiled in from
// Sources/waterfall by Scripts/fuzz.sh).
//
// Input: the text up to the first 0xFF byte, then up to three item values
// separated by 0xFE.
// Invariants: a `--bind` that parses re-parses from each binding's key name and
// text to the same binding; a key name that parses, named back, parses to the same
// key; every execute/become command expanded with the fuzzer's values reads, to
// a reference shell reader (Support/ShellSkeleton.swift), exactly as it reads
// with harmless values (no value ends its quoting), and no value lands after a
// here-document's `<<`; text that splits into words splits back to the same
// words from those words quoted.

import WaterfallView

@testable import WaterfallApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBind(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let all = input.remainingBytes()
  let cut = all.firstIndex(of: 0xFF) ?? all.count
  // A --bind value comes from argv or WATERFALL_DEFAULT_OPTS, neither of which can
  // hold a NUL: a NUL ends the string there.
  let ended = all[..<cut].firstIndex(of: 0) ?? cut
  let text = String(decoding: all[..<ended], as: UTF8.self)
  let rest = cut < all.count ? Array(all[(cut + 1)...]) : []
  var values = rest.split(separator: 0xFE, maxSplits: 2, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  if values.isEmpty { values = ["'; touch pwned; '"] }

  checkBind(text, values: values)
  checkWords(text)
  return 0
}

func checkBind(_ text: String, values: [String]) {
  let binds: [KeyBind]
  do {
    binds = try KeyBind.parse(text)
  } catch {
    require(!error.description.isEmpty, "a refused --bind with no message")
    return
  }
  require(!binds.isEmpty, "\(text.debugDescription) parsed to no binding")
  for bind in binds {
    let name = keyName(bind.key)
    require((try? BindKey.parse(name)) == bind.key, "\(bind.key) is named \(name.debugDescription), which reads differently")
    require(!BindKey.label(bind.key).isEmpty, "\(bind.key) has no label")
    let again = name + ":" + (bind.appends ? "+" : "") + bind.text
    let reparsed = try? KeyBind.parse(again)
    require(reparsed == [bind], "\(text.debugDescription): \(again.debugDescription) reads as \(String(describing: reparsed)), not \(bind)")
    for action in bind.actions {
      switch action {
      case .execute(let template), .executeSilent(let template), .become(let template):
        checkTemplate(template, values: values)
      default:
        break
      }
    }
  }
}

/// The fuzzer's values reach the command as literal text only.
func checkTemplate(_ template: CommandTemplate, values: [String]) {
  // The same number of values for each placeholder both times, so `{+…}` gives
  // the same number of words.
  let count = values.count
  let fuzzed = template.expand { placeholder in placeholder.every ? values : [values[0]] }
  let harmless = template.expand { placeholder in Array(repeating: "a", count: placeholder.every ? count : 1) }
  let plain = ShellSkeleton(harmless)
  let tried = ShellSkeleton(fuzzed)
  // A command of the user's own with no placeholder is theirs to get right (sh
  // says what is wrong with it); one with a placeholder must read as sh reads it.
  // The reference does not read here-documents: a body (or one with no end
  // line, which sh takes to the end with a warning) is read as commands and can
  // look unclosed. No value reaches a body (every placeholder comes before the
  // `<<`, checked below), so with one only the two readings are compared.
  require(
    template.placeholders.isEmpty || !plain.unclosed || plain.hereDocument != nil,
    "\(template.source.debugDescription) expands to an incomplete command: \(harmless.debugDescription)")
  require(
    plain.tokens == tried.tokens && tried.unclosed == plain.unclosed,
    "\(template.source.debugDescription) with \(values.debugDescription) reads as \(fuzzed.debugDescription): a value left its quotes")
  if let hereDocument = plain.hereDocument, !template.placeholders.isEmpty {
    let marked = template.expand { _ in ["\u{E000}"] }
    let first = Array(marked.unicodeScalars).firstIndex(of: "\u{E000}") ?? Int.max
    require(first < hereDocument, "\(template.source.debugDescription): a placeholder after a here-document's << (\(marked.debugDescription))")
  }
  if plain.tokens.contains("`<<") && !template.placeholders.isEmpty {
    require(false, "\(template.source.debugDescription): a placeholder with a here-document between backquotes")
  }
}

/// Words split from `text` split back from themselves quoted.
func checkWords(_ text: String) {
  guard let words = try? ShellWords.split(text) else { return }
  let quoted = words.map(ShellQuoting.quoted).joined(separator: " ")
  let again = try? ShellWords.split(quoted)
  let expected = words.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != "\0" })) }
  require(again == expected, "\(text.debugDescription) splits into \(words.debugDescription); quoted, \(quoted.debugDescription) splits into \(String(describing: again))")
}

/// A name `BindKey.parse` reads as `key`.
func keyName(_ key: Key) -> String {
  switch key {
  case .character(let c): return String(c)
  case .control("`"): return "ctrl-space"
  case .control("}"): return "ctrl-]"
  case .control("~"): return "ctrl-^"
  case .control("\u{7F}"): return "ctrl-/"
  case .control(let c): return "ctrl-" + String(c)
  case .alt("\r"): return "alt-enter"
  case .alt(" "): return "alt-space"
  case .alt("\u{7F}"): return "alt-bspace"
  case .alt(let c): return "alt-" + String(c)
  case .up: return "up"
  case .down: return "down"
  case .shiftUp: return "shift-up"
  case .shiftDown: return "shift-down"
  case .left: return "left"
  case .right: return "right"
  case .pageUp: return "pgup"
  case .pageDown: return "pgdn"
  case .home: return "home"
  case .end: return "end"
  case .enter: return "enter"
  case .escape: return "esc"
  case .backspace: return "bspace"
  case .tab: return "tab"
  case .backTab: return "btab"
  case .delete: return "del"
  case .insert: return "insert"
  case .function(let n): return "f\(n)"
  }
}
