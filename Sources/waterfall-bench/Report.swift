import WaterfallApp

/// One measured figure, printed as a table row and as a JSON member.
struct Figure {
  /// A stable key for `--json`, such as `layout.prepare.1m.3col`.
  var key: String
  /// What was measured, for the table.
  var label: String
  var value: Double
  var unit: String
  /// The aim, as text (`< 100 ms`), and whether the value meets it; `nil` when the
  /// figure is a baseline or a plain report.
  var aim: String?
  var met: Bool?
  /// Why there is no value, or what to know about it (`not reached in 90 s`).
  var note: String?
}

/// The figures of one `waterfall-bench` run, in the order they were measured.
struct Report {
  var figures: [Figure] = []
  var machine: String

  mutating func add(
    _ key: String, _ label: String, _ value: Double, _ unit: String, aim: String? = nil,
    met: Bool? = nil, note: String? = nil
  ) {
    figures.append(Figure(key: key, label: label, value: value, unit: unit, aim: aim, met: met, note: note))
  }

  /// A Markdown table, ready to paste into the README.
  func table() -> String {
    var lines = ["| figure | value | aim | |", "|---|---:|---|---|"]
    for f in figures {
      let mark = f.met.map { $0 ? "met" : "MISSED" } ?? ""
      var value = f.value.isFinite ? "\(format(f.value)) \(f.unit)" : (f.note ?? "none")
      if f.value.isFinite, let note = f.note { value += " (\(note))" }
      lines.append("| \(cell(f.label)) | \(cell(value)) | \(f.aim ?? "") | \(mark) |")
    }
    return lines.joined(separator: "\n")
  }

  /// One JSON object: `{"machine": ..., "figures": {key: {label, value, unit, aim, met, note}}}`;
  /// a value not measured is `null`.
  func json() -> String {
    var members: [String] = []
    for f in figures {
      var fields = ["\"label\":\(quote(f.label))", "\"value\":\(jsonNumber(f.value))", "\"unit\":\(quote(f.unit))"]
      if let aim = f.aim { fields.append("\"aim\":\(quote(aim))") }
      if let met = f.met { fields.append("\"met\":\(met)") }
      if let note = f.note { fields.append("\"note\":\(quote(note))") }
      members.append("\(quote(f.key)):{\(fields.joined(separator: ","))}")
    }
    return "{\"machine\":\(quote(machine)),\"figures\":{\(members.joined(separator: ","))}}"
  }

  /// Text safe inside a Markdown table cell.
  private func cell(_ text: String) -> String {
    text.replacing("|", with: "\\|")
  }

  private func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    if abs(value) >= 100 { return String(Int(value.rounded())) }
    if abs(value) >= 1 { return String((value * 100).rounded() / 100) }
    return String((value * 1000).rounded() / 1000)
  }

  private func jsonNumber(_ value: Double) -> String {
    value.isFinite ? format(value) : "null"
  }

  private func quote(_ text: String) -> String {
    JSONValue.quoted(text)
  }
}
