import Testing

@testable import WaterfallApp

/// `FieldRoles.showsInPlace`, which a card asks of each field without building
/// the set, answers as `fieldsShownInPlace` does (issue 30's fuzzing speed-ups).
@Suite struct FieldRolesShownInPlaceTests {
  static func roles(_ edit: (inout FieldRoles) -> Void) -> FieldRoles {
    var roles = FieldRoles()
    edit(&roles)
    return roles
  }

  static let cases: [FieldRoles] = [
    FieldRoles(),
    roles { $0.title = ["first+last", "name"]; $0.text = ["city+country"] },
    roles { $0.group = ["shop"]; $0.id = ["sku"]; $0.named = ["nope"] },
    roles { $0.title = []; $0.subtitle = []; $0.image = ["a+b+c"] },
  ]

  @Test(arguments: cases)
  func itAnswersAsTheSetDoes(_ roles: FieldRoles) {
    let keys = ["title", "name", "first", "last", "first+last", "city", "country", "price", "w", "h", "img", "tags", "text",
                "description", "body", "id", "sku", "shop", "nope", "a", "b", "c", "a+b+c", "", "+", "other"]
    for key in keys {
      #expect(roles.showsInPlace(key) == roles.fieldsShownInPlace.contains(key), "\(key)")
    }
  }
}
