import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// The building blocks of a field picker and of `F`: the fields seen with their
/// kinds and counts, and a field's values with their counts and shares, each a
/// pure function over the store's texts that a worker can stop; the counts are
/// `sort | uniq -c`'s on the machine's own package list and processes.
@Suite struct FieldBlocksTests {
  /// Runs `script` with `sh`, its output in a file (no pipe is left open).
  static func shell(_ script: String) throws -> String {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
    process.standardOutput = try FileHandle(forWritingTo: out)
    try process.run()
    process.waitUntilExit()
    return try String(contentsOf: out, encoding: .utf8)
  }

  /// `uniq -c`'s lines as value → count.
  static func uniqCounts(_ output: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
      let trimmed = line.drop { $0 == " " }
      let number = trimmed.prefix { $0.isNumber }
      var value = trimmed.dropFirst(number.count)
      if value.first == " " { value = value.dropFirst() }
      counts[String(value), default: 0] += Int(number) ?? 0
    }
    return counts
  }

  static func counts(_ table: FrequencyTable) -> [String: Int] {
    Dictionary(table.rows.map { ($0.value ?? "(none)", $0.count) }, uniquingKeysWith: +)
  }

  @Test func valuesComeMostCommonFirstWithTheirShares() {
    let table = FrequencyTable(field: "f", values: ["b", "a", nil, "a", "b", "c", "a", nil])
    #expect(table.rows.map(\.value) == ["a", "b", nil, "c"])
    #expect(table.rows.map(\.count) == [3, 2, 2, 1])
    #expect(table.total == 8 && table.rows[0].share == 3.0 / 8)
    #expect(abs(table.rows.map(\.share).reduce(0, +) - 1) < 1e-9)
    #expect(table.matching("A").map(\.value) == ["a"])
    #expect(FrequencyTable(field: "f", values: []).rows.isEmpty)
  }

  @Test func eachKindOfValueIsCountedAsItsText() throws {
    let store = ItemStore(roles: FieldRoles())
    for json in [
      #"{"f":"x"}"#, #"{"f":1.50}"#, #"{"f":true}"#, #"{"f":null}"#, #"{"g":1}"#, #"{"f":[1,"a"]}"#,
      #"{"f":{"k":2}}"#, #"{"f":"x","f":"second"}"#, #"{"\u0066":"x"}"#, #""not an object""#, #"{"f":""}"#,
    ] {
      try store.append(json: Array(json.utf8))
    }
    let table = try #require(FrequencyTable(field: "f", texts: store.itemTexts, items: 0..<store.count))
    #expect(Self.counts(table) == ["x": 3, "1.50": 1, "true": 1, "(none)": 3, #"[1,"a"]"#: 1, #"{"k":2}"#: 1, "": 1])
  }

  @Test func aWorkerStopsWhenTold() throws {
    let store = ItemStore(roles: FieldRoles())
    for i in 0..<5_000 { try store.append(json: Array(#"{"f":\#(i % 7)}"#.utf8)) }
    var asked = 0
    let stopped = FrequencyTable(field: "f", texts: store.itemTexts, items: 0..<store.count) {
      asked += 1
      return asked > 2
    }
    #expect(stopped == nil && asked == 3, "two batches read, then stopped")
    let survey = FieldSurvey(texts: store.itemTexts, items: 0..<store.count) { true }
    #expect(survey == nil)
    let whole = try #require(FrequencyTable(field: "f", texts: store.itemTexts, items: 0..<store.count))
    #expect(whole.total == 5_000 && whole.rows.count == 7)
  }

  @Test func theFieldsSeenComeWithTheirKindsAndCounts() throws {
    let (store, _) = try InferredFieldsTests.load(
      "name,version,size\npip,23.0.1,12\nattrs,26.1.0,\nnumpy,2.4.6,9000\n", name: "packages.csv")
    let survey = try #require(FieldSurvey(texts: store.itemTexts, items: 0..<store.count))
    #expect(survey.items == 3)
    #expect(survey.fields.map(\.name) == ["name", "version", "size"])
    #expect(survey.fields.map(\.kind) == [.text, .text, .number])
    #expect(survey["size"]?.count(of: .number) == 2)
    #expect(survey.matching("ve").map(\.name) == ["version"])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query"), "no dpkg-query"))
  func countsAreThoseOfSortUniqOnTheMachinesPackages() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tsv = folder.appendingPathComponent("packages.tsv")
    _ = try Self.shell("dpkg-query -W -f '${Package}\\t${Section}\\t${Priority}\\n' > '\(tsv.path)'")
    // The same list as JSON Lines, written by JSONSerialization.
    var lines = Data()
    for line in try String(contentsOf: tsv, encoding: .utf8).split(separator: "\n") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 3 else { continue }
      lines += try JSONSerialization.data(withJSONObject: ["package": parts[0], "section": parts[1], "priority": parts[2]])
      lines += Data("\n".utf8)
    }
    let (store, _) = try InferredFieldsTests.load(String(decoding: lines, as: UTF8.self), name: "packages.jsonl")
    #expect(store.count > 10)
    for (column, field) in [(2, "section"), (3, "priority")] {
      let expected = Self.uniqCounts(try Self.shell("cut -f\(column) '\(tsv.path)' | sort | uniq -c"))
      let table = try #require(FrequencyTable(field: field, texts: store.itemTexts, items: 0..<store.count))
      #expect(Self.counts(table) == expected, "\(field)")
      #expect(table.rows.map(\.count) == table.rows.map(\.count).sorted(by: >))
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ps") || FileManager.default.isExecutableFile(atPath: "/bin/ps"), "no ps"))
  func countsAreThoseOfSortUniqOnACSVOfProcesses() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = folder.appendingPathComponent("ps.csv")
    // USER and STAT have no commas or quotes: the CSV is theirs as they are.
    _ = try Self.shell("ps aux | awk 'BEGIN { OFS = \",\" } { print $1, $2, $8 }' > '\(csv.path)'")
    let (store, _) = try InferredFieldsTests.load(try String(contentsOf: csv, encoding: .utf8), name: "ps.csv")
    for (column, field) in [(1, "USER"), (3, "STAT")] {
      let expected = Self.uniqCounts(try Self.shell("tail -n +2 '\(csv.path)' | cut -d, -f\(column) | sort | uniq -c"))
      let table = try #require(FrequencyTable(field: field, texts: store.itemTexts, items: 0..<store.count))
      #expect(Self.counts(table) == expected, "\(field)")
    }
  }
}
