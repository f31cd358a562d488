/// The status bar's word on fields the user named (`--title-field nope`) that no
/// loaded item has: a typo, or data of another shape, is named instead of
/// leaving blank cards unexplained.
///
/// ```swift
/// browser.missingFieldsNotice   // "no item has field 'nope'"
/// ```
extension Browser {
  /// The notice, once the items loaded so far are all in (not while a file still
  /// streams), or nil when every named field is some item's.
  var missingFieldsNotice: String? {
    guard store.count > 0, !store.roles.named.isEmpty else { return nil }
    if case .loading(let progress) = loading, progress != nil { return nil }
    var missing: [String] = []
    for name in store.fieldsNoItemHas(store.roles.named) where !missing.contains(name) { missing.append(name) }
    guard !missing.isEmpty else { return nil }
    let names = missing.map { "'\($0)'" }.joined(separator: ", ")
    return missing.count == 1 ? "no item has field \(names)" : "no item has fields \(names)"
  }
}
