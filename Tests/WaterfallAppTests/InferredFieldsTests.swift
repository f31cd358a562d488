import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// Cards of data nobody shaped for them: the title, subtitle and text chosen
/// from the first items' fields when the default names find nothing, stable as
/// more arrive, closed by the `--*-field` options, and said in one line.
@Suite struct InferredFieldsTests {
  static func values(_ lines: [String]) throws -> [JSONValue] {
    try lines.map { try JSONParser.parse(Array($0.utf8)) }
  }

  static func inferred(_ lines: [String], roles: FieldRoles = FieldRoles(), open: InferableRoles = .all, tabular: Bool = false) throws -> InferredFields {
    InferredFields(survey: FieldSurvey(try values(lines)), roles: roles, open: open, tabular: tabular)
  }

  /// Roles that infer, as the command makes them.
  static var inferring: FieldRoles {
    var roles = FieldRoles()
    roles.inference = FieldInference()
    return roles
  }

  /// The store of `text` read as the file `name` by the loader.
  static func load(_ text: String, name: String, roles: FieldRoles = inferring) throws -> (ItemStore, Loader) {
    let file = try Scratch.file(name) { try $0.write(Data(text.utf8)) }
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let store = ItemStore(roles: roles)
    let loader = Loader(source: try SourceResolver.resolve(file.path), store: store)
    try loader.loadAll()
    return (store, loader)
  }

  @Test func theSurveyCountsKindsAndLengthsInTheDataOrder() throws {
    let survey = FieldSurvey(try Self.values([
      #"{"name":"pip","version":"23.0.1","size":12,"ok":true}"#,
      #"{"name":"attrs","version":"26.1.0","size":"$3.50","tags":["a"],"name":"again"}"#,
      #"{"name":null}"#, "7",
    ]))
    #expect(survey.items == 4)
    #expect(survey.fields.map(\.name) == ["name", "version", "size", "ok", "tags"])
    let name = try #require(survey["name"])
    #expect(name.count == 3 && name.strings == 2 && name.count(of: .null) == 1 && name.kind == .text)
    #expect(name.meanStringLength == 4 && name.longestString == 5)
    #expect(survey["size"]?.kind == .number && survey["size"]?.numbers == 1)
    #expect(survey["ok"]?.kind == .bool && survey["tags"]?.kind == .list)
    #expect(survey["version"]?.isVersions == true)
  }

  @Test func typingNarrowsTheFieldsExactFirstThenFuzzy() throws {
    let survey = FieldSurvey(try Self.values([#"{"price":1,"properties":{},"shipping_rate":2,"name":"x"}"#]))
    #expect(survey.matching("").map(\.name) == ["price", "properties", "shipping_rate", "name"])
    #expect(survey.matching("PR").map(\.name) == ["price", "properties", "shipping_rate"])
    #expect(survey.matching("pce").map(\.name) == ["price"])
    #expect(survey.matching("zz").isEmpty)
  }

  @Test(arguments: [
    ("1.2.3", true), ("0.7.0", true), ("v2.0-rc1", true), ("1:2.38-4ubuntu2", true), ("43-1", false),
    ("1.5", false), ("12", false), ("1.2 beta", false), ("abc", false), ("2.6.1", true), ("12.4+deb12u11", true),
  ])
  func versionsAreToldFromNumbers(text: String, isVersion: Bool) {
    #expect(FieldSurvey.Field.readsAsVersion(text) == isVersion)
  }

  @Test func datesAreToldByTheirStart() {
    #expect(FieldSurvey.Field.readsAsDate("2024-05-01"))
    #expect(FieldSurvey.Field.readsAsDate("2024-05-01T10:00:00Z"))
    #expect(!FieldSurvey.Field.readsAsDate("2024/05/01"))
    #expect(!FieldSurvey.Field.readsAsDate("May 1"))
  }

  @Test func packagesGetTheirNameAndVersion() throws {
    let dpkg = try Self.inferred([
      #"{"package":"adduser","version":"3.134","description":"add and remove users and groups"}"#,
      #"{"package":"apt","version":"2.6.1","description":"commandline package manager"}"#,
    ])
    #expect(dpkg.title == "package" && dpkg.subtitle == "version" && dpkg.text == nil)
    #expect(dpkg.note == "fields: title=package subtitle=version text=description")
    #expect(dpkg.showsRest)
    // pip's list has a name already: only the version is chosen, and no rest.
    let pip = try Self.inferred([#"{"name":"pip","version":"23.0"}"#, #"{"name":"attrs","version":"26.1.0"}"#])
    #expect(pip.title == nil && pip.subtitle == "version" && !pip.showsRest)
    #expect(pip.note == "fields: title=name subtitle=version")
  }

  @Test func theNameMarksTheTitleIgnoringCaseElseTheFirstShortString() throws {
    let ps = try Self.inferred(
      [#"{"USER":"root","PID":1,"%CPU":0.4,"TTY":"?","COMMAND":"/sbin/init splash"}"#], tabular: true)
    #expect(ps.title == "COMMAND")
    // PID is an id, not a number to show: the next number is.
    #expect(ps.subtitle == "%CPU")
    #expect(ps.text == nil)  // USER and TTY are no prose
    #expect(ps.showsRest)
    #expect(try Self.inferred([#"{"full_name":"Ada Lovelace","id":3}"#]).title == "full_name")
    #expect(try Self.inferred([#"{"when":"2024-01-01","code":"XJ-nine","n":1}"#]).title == "code")
    // A date or version is never the title; nor is a long string found by place.
    #expect(try Self.inferred([#"{"d":"2024-01-01","v":"1.2.3"}"#]).title == nil)
  }

  @Test func subtitlesPreferVersionsPricesAndDatesOverNumbers() throws {
    #expect(try Self.inferred([#"{"slug":"a","count":3,"cost":"$4"}"#]).subtitle == "cost")
    #expect(try Self.inferred([#"{"slug":"a","count":3,"created_at":"2024-01-01"}"#]).subtitle == "created_at")
    #expect(try Self.inferred([#"{"slug":"a","count":3,"release":"2.0.1"}"#]).subtitle == "release")
    #expect(try Self.inferred([#"{"slug":"a","user_id":3,"count":3}"#]).subtitle == "count")
    #expect(try Self.inferred([#"{"slug":"a","user_id":3}"#]).subtitle == nil)
  }

  @Test func theTextIsTheLongestProseAndOnlyWhereItsNamesFindNothing() throws {
    let countries = try Self.inferred([
      #"{"alpha_2":"AF","name":"Afghanistan","official_name":"Islamic Republic of Afghanistan"}"#,
      #"{"alpha_2":"AX","name":"Åland Islands"}"#,
    ])
    #expect(countries.title == nil && countries.text == "official_name" && !countries.showsRest)
    #expect(countries.note == "fields: title=name text=official_name")
    // The defaults' own text stands.
    let described = try Self.inferred([#"{"slug":"a","blurb":"a long enough sentence of prose here","body":"b"}"#])
    #expect(described.text == nil)
  }

  @Test func picturesKeepTheirNameAloneAndPathsAreNoText() throws {
    let folder = try Self.inferred([
      #"{"name":"01-dunes.png","size":"64×48","img":"01-dunes.png","path":"/home/me/Pictures/desert/01-dunes.png","w":64,"h":48,"bytes":2886}"#
    ])
    #expect(folder.isEmpty && folder.note == nil)
    // A number is a subtitle where no picture is named.
    #expect(try Self.inferred([#"{"name":"a","path":"/usr/share/doc/a/README.long.txt","bytes":2886}"#]).subtitle == "bytes")
  }

  @Test func aFieldFewItemsHaveIsNoCandidate() throws {
    let lines = [#"{"slug":"a","label":"A"}"#] + (0..<3).map { _ in #"{"slug":"b"}"# }
    #expect(try Self.inferred(lines).title == "slug")
  }

  @Test func anOptionClosesItsRole() throws {
    let lines = [#"{"package":"apt","version":"2.6.1","about":"a package manager for the command line"}"#]
    let closed = try Self.inferred(lines, open: [.subtitle])
    #expect(closed.title == nil && closed.subtitle == "version" && closed.text == nil && !closed.showsRest)
    var roles = FieldRoles()
    roles.title = ["nope"]
    let named = try Self.inferred(lines, roles: roles, open: [.subtitle, .text])
    #expect(named.title == nil && named.text == "about")
  }

  @Test func theDataDecidesOnceAndALaterItemChangesNothing() throws {
    // 200 packages, then items that have a title and no package.
    let first = (0..<200).map { #"{"package":"p\#($0)","version":"1.0.\#($0)"}"# }
    let later = (0..<50).map { #"{"title":"t\#($0)","version":"x"}"# }
    let (store, loader) = try Self.load((first + later).joined(separator: "\n"), name: "packages.jsonl")
    #expect(store.count == 250)
    #expect(store.content(at: 0).title == "p0" && store.content(at: 0).subtitle == "1.0.0")
    #expect(store.content(at: 200).title == "" && store.content(at: 200).fields.first == "title: t0")
    #expect(store.roles.resolved.title == ["package"])
    #expect(loader.notes.contains { $0.hasSuffix("fields: title=package subtitle=version") })
    // A second settling changes nothing.
    #expect(store.roles.inference?.settle(survey: FieldSurvey(), base: store.roles) == nil)
    #expect(store.roles.resolved.title == ["package"])
  }

  @Test func theFirstItemDecidesWhenNoChunkWasSurveyed() throws {
    let store = ItemStore(roles: Self.inferring)
    try store.append(json: Array(#"{"login":"octocat","id":1,"bio":"a cat with eight legs, on GitHub"}"#.utf8))
    try store.append(json: Array(#"{"title":"x","login":"y"}"#.utf8))
    #expect(store.content(at: 0).title == "octocat" && store.content(at: 0).text == "a cat with eight legs, on GitHub")
    #expect(store.content(at: 1).title == "y")
    #expect(store.roles.inference?.note == "fields: title=login text=bio")
  }

  @Test func aTableShowsEveryOtherColumnAsAKeyValueLine() throws {
    let csv = "USER,PID,%CPU,COMMAND\nroot,1,0.4,/sbin/init\nme,42,1.5,vim notes.txt\n"
    let (store, loader) = try Self.load(csv, name: "ps.csv")
    let card = store.content(at: 1)
    #expect(card.title == "vim notes.txt" && card.subtitle == "1.5")
    #expect(card.fields == ["USER: me", "PID: 42"])
    #expect(loader.notes.first?.hasSuffix("fields: title=COMMAND subtitle=%CPU") == true)
  }

  @Test func withoutAnInferenceNothingChanges() throws {
    let (store, loader) = try Self.load(#"{"package":"apt","version":"2.6.1"}"#, name: "p.jsonl", roles: FieldRoles())
    #expect(store.content(at: 0).title == "" && store.content(at: 0).fields == ["package: apt", "version: 2.6.1"])
    #expect(loader.notes.isEmpty)
  }

  @Test func aMapKeepsItsKeysAsTitles() throws {
    let (store, _) = try Self.load(#"{"a":{"version":"1.0.0","n":1},"b":{"version":"2.0.0","n":2}}"#, name: "deps.json")
    #expect(store.content(at: 1).title == "b" && store.content(at: 1).subtitle == "2.0.0")
  }

  @Test func theScannerAndThePlainRoadAgreeWhenTheRestIsShown() throws {
    var roles = FieldRoles()
    roles.showsRest = true
    roles.title = ["package"]
    for json in [
      #"{"package":"apt","version":"2.6.1","deps":["a","b"],"meta":{"size":3}}"#,
      #"{"version":"1","x":null,"y":""}"#, #"{"package":"","n":1}"#,
    ] {
      let store = ItemStore(roles: roles)
      try store.append(json: Array(json.utf8))
      let plain = ItemScanner.limited(CardContent(value: try JSONParser.parse(Array(json.utf8)), roles: roles))
      #expect(store.content(at: 0) == plain, "\(json)")
    }
    let many = "{" + (0..<40).map { #""f\#($0)":\#($0)"# }.joined(separator: ",") + "}"
    let store = ItemStore(roles: roles)
    try store.append(json: Array(many.utf8))
    #expect(store.content(at: 0).fields.count == CardContent.maximumRestFields)
  }
}
