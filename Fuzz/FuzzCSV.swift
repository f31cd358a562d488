// libFuzzer target: CSV and TSV pages (quoted fields, line breaks in quotes, CRLF,
// ragged records, numbers), read as the browser reads a .csv or .tsv file.
//
// The first byte picks the format (CSV or TSV); the rest is the file.
// Invariants: those of every page (Support/PageChecks.swift), and a header-only
// or empty file gives no item and no crash.

@testable import WaterfallApp

/// Made once: every input is parsed with the same roles.
let scanner = ItemScanner(roles: FieldRoles())

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let format: DataFormat = input.bool() ? .tsv : .csv
  let bytes = input.remainingBytes()
  let roles = scanner.roles
  let page = PageParser.parse(bytes, path: "fuzz.\(format.rawValue)", scanner: scanner, options: ReadOptions(format: format))
  // Every item of a table is an object.
  checkPage(page, bytes: bytes, roles: roles) { value in
    guard case .object = value else {
      require(false, "a CSV record that is not an object: \(value.compactText.debugDescription)")
      return
    }
  }
  return 0
}
