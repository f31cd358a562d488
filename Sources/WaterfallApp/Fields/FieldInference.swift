import Synchronization

/// The choice of a card's fields from the data (``InferredFields``), made once,
/// on the first items read, and shared by every page and every reload: a later
/// item never changes it.
///
/// ``FieldRoles`` carries it (``FieldRoles/inference``), so every scanner made
/// from the same roles (each page's, a reload's) reads the same choice. The
/// loader settles it on the first chunk of the first page
/// (``ItemScanner/settleFields(sampling:path:options:)``), before the first
/// item is packed; a scanner that meets an item while nothing is settled yet
/// settles it on that item alone. It is safe from any thread.
///
/// ```swift
/// var roles = FieldRoles()
/// roles.inference = FieldInference(open: .all)
/// roles.inference?.settle(survey: survey, base: roles)   // the first time only
/// roles.resolved.title                                   // ["package"]
/// ```
public final class FieldInference: Hashable, Sendable {
  /// The roles the data may choose for.
  public let open: InferableRoles
  private let state = Mutex<Settled?>(nil)

  /// The choice, the roles it makes, and the scanner's tables for them.
  struct Settled: Sendable {
    var fields: InferredFields
    var roles: FieldRoles
    var table: ItemScanner.Table
  }

  public init(open: InferableRoles = .all) {
    self.open = open
  }

  /// The choice, once made.
  public var fields: InferredFields? { state.withLock { $0?.fields } }

  /// The fields of the first items, in the data's order, once surveyed.
  public var fieldOrder: [String] { fields?.fieldOrder ?? [] }

  /// The one-line note of the choice, once made (nil when nothing was chosen).
  public var note: String? { fields?.note }

  var settled: Settled? { state.withLock { $0 } }

  /// Makes the choice from `survey` for `base` (the roles as named, which
  /// carry this inference), unless it was made already; returns the choice
  /// made now, or nil when one was made before.
  @discardableResult
  public func settle(survey: FieldSurvey, base: FieldRoles, keyedTitles: Bool = false, tabular: Bool = false) -> InferredFields? {
    state.withLock { settled in
      guard settled == nil else { return nil }
      let fields = InferredFields(survey: survey, roles: base, open: open, keyedTitles: keyedTitles, tabular: tabular)
      let roles = fields.applied(to: base)
      settled = Settled(fields: fields, roles: roles, table: ItemScanner.Table(roles: roles, names: base.fieldNames))
      return fields
    }
  }

  public static func == (a: FieldInference, b: FieldInference) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
