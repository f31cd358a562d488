extension ItemScanner {
  /// How many of the first items the choice of fields is made on.
  static let inferenceSample = 200

  /// Makes the choice of fields from the data (``FieldInference``) on the items
  /// of `chunk`, the first bytes of a page read from `path` as `options` say,
  /// unless it is made already or the roles leave nothing to choose; returns
  /// the note of a choice made now (``InferredFields/note``).
  ///
  /// The chunk is read by a page reader of its own (the format, `--path` and
  /// the CSV header found as the real reader finds them), its first
  /// ``inferenceSample`` items surveyed; nothing is decided on a chunk that
  /// holds no whole item (the first item then decides alone).
  ///
  /// ```swift
  /// let note = scanner.settleFields(sampling: firstChunk, path: file.path, options: options)
  /// // "fields: title=package subtitle=version text=description"
  /// ```
  public func settleFields(sampling chunk: UnsafeBufferPointer<UInt8>, path: String, options: ReadOptions) -> String? {
    guard let inference = roles.inference, inference.settled == nil else { return nil }
    var reader = PageReader(path: path, scanner: ItemScanner(roles: FieldRoles()), options: options, keepsBytes: true)
    var items: [ScannedItem] = []
    reader.feed(chunk, into: &items)
    reader.finish(into: &items)
    let shape = reader.shape
    let keyed = if case .member = shape { true } else { false }
    let values = items.prefix(Self.inferenceSample).compactMap { item -> JSONValue? in
      guard let value = try? JSONParser.parse(shape.json(from: item.json ?? [])) else { return nil }
      return keyed ? value.members.first?.value : value
    }
    guard !values.isEmpty else { return nil }
    let tabular = if case .csv = shape { true } else { false }
    return settleFields(values, keyedTitles: keyed, tabular: tabular)
  }

  /// Makes the choice of fields from `values`, the first items (a database's
  /// first rows), unless it is made already; returns the note of a choice made now.
  public func settleFields(_ values: some Sequence<JSONValue>, keyedTitles: Bool = false, tabular: Bool = false) -> String? {
    guard let inference = roles.inference, inference.settled == nil else { return nil }
    let survey = FieldSurvey(values.prefix(Self.inferenceSample))
    return inference.settle(survey: survey, base: roles, keyedTitles: keyedTitles, tabular: tabular)?.note
  }

  /// The note of the choice of fields, once made (nil when nothing was chosen).
  public var fieldsNote: String? { roles.inference?.note }
}
