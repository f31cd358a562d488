// libFuzzer target: `--path` (JSON Pointer and jq spellings) and the outline that
// finds a document's items by it, or without one, its largest array of objects.
//
// Input: a path text up to the first newline, then the document.
// Invariants: a path either reads or is refused with a message; one that reads
// prints as a pointer that reads back to the same components; the page under it
// keeps the invariants of every page (Support/PageChecks.swift).

@testable import WaterfallApp

/// Made once: every input is parsed with the same roles.
let scanner = ItemScanner(roles: FieldRoles())

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let all = input.remainingBytes()
  let cut = all.firstIndex(of: 0x0A) ?? all.count
  let text = String(decoding: all[..<cut], as: UTF8.self)
  let bytes = cut < all.count ? Array(all[(cut + 1)...]) : []

  var path: JSONPath?
  do {
    let read = try JSONPath(text)
    // The whole document prints as "/" (which, read, is the key ""): a label only.
    let again = read.components.isEmpty ? read : try? JSONPath(read.description)
    require(again?.components == read.components, "\(text.debugDescription) prints as \(read.description.debugDescription), which reads differently")
    path = read
  } catch {
    require(!error.description.isEmpty, "a refused path with no message")
  }
  let roles = scanner.roles
  let page = PageParser.parse(bytes, path: "fuzz.json", scanner: scanner, options: ReadOptions(format: .json, path: path))
  checkPage(page, bytes: bytes, roles: roles)
  return 0
}
