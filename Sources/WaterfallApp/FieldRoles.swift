/// Which fields of an item play which part on its card.
///
/// Each role names candidate keys; the first one an item has wins. The defaults fit
/// common catalogue data, and every role can be set from the command line
/// (`--title-field name`).
///
/// ```swift
/// var roles = FieldRoles()
/// roles.title = ["headline"]
/// ```
public struct FieldRoles: Hashable, Sendable {
  public var title = ["title", "name"]
  public var subtitle = ["price"]
  public var width = ["w", "width"]
  public var height = ["h", "height"]
  public var image = ["img", "image"]
  public var tags = ["tags"]
  public var text = ["description", "text", "body"]
  /// The field that identifies an item across reloads.
  public var id = ["id"]
  /// The field whose values group items into sections (`--group-by`); none by default.
  public var group: [String] = []

  public init() {}

  /// The value of the first of `keys` that `value` has.
  func first(_ keys: [String], in value: JSONValue) -> JSONValue? {
    let members = value.members
    for key in keys {
      if let member = members.first(where: { $0.key == key }) { return member.value }
    }
    return nil
  }
}
