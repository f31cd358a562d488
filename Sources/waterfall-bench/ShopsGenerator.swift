/// Makes shop items of the `Data/shops` kind as JSON bytes, deterministically.
///
/// Each item has `id`, `title` (about 60% English, 40% Chinese, 1 in 8 ending in an
/// emoji), `price`, `img`, `w`, `h`, `tags`, `shop` and a `description` of about
/// 100 characters, drawn from the word lists `Scripts/generate-data.py` uses. The
/// same seed gives the same bytes on every machine: the benchmark measures the
/// same million items each time.
///
/// ```swift
/// var generator = ShopsGenerator(seed: 1)
/// var line: [UInt8] = []
/// ShopValue.appendObject(generator.item(id: 1), pretty: false, to: &line)   // {"id":1,"title":…}
/// ```
struct ShopsGenerator {
  /// One kind of object: image slug, English and Chinese nouns and category tags,
  /// and the materials that suit it.
  struct Object {
    var slug: String
    var noun: String
    var nounZh: String
    var tag: String
    var tagZh: String
    /// Names of the materials that suit it (``Material/name``).
    var materials: [String]
  }

  /// One material: English and Chinese names and a detail that suits it in each.
  struct Material {
    var name: String
    var nameZh: String
    var detail: String
    var detailZh: String
  }

  static let materials: [Material] = [
    Material(name: "ceramic", nameZh: "陶瓷", detail: "with a blue glaze", detailZh: "蓝色釉面"),
    Material(name: "stoneware", nameZh: "粗陶", detail: "with a speckled glaze", detailZh: "斑点釉"),
    Material(name: "walnut", nameZh: "胡桃木", detail: "with a hand-rubbed oil finish", detailZh: "手工上油"),
    Material(name: "oak", nameZh: "橡木", detail: "in a pale natural finish", detailZh: "天然木色"),
    Material(name: "brass", nameZh: "黄铜", detail: "that darkens gently with age", detailZh: "自然氧化做旧"),
    Material(name: "linen", nameZh: "亚麻", detail: "in washed oatmeal", detailZh: "水洗燕麦色"),
    Material(name: "wool", nameZh: "羊毛", detail: "in undyed cream", detailZh: "原色奶白"),
    Material(name: "bamboo", nameZh: "竹制", detail: "with a woven lid", detailZh: "编织盖"),
    Material(name: "cast-iron", nameZh: "铸铁", detail: "with an enamel lining", detailZh: "搪瓷内胆"),
    Material(name: "glass", nameZh: "玻璃", detail: "in smoky grey", detailZh: "烟灰色"),
    Material(name: "rattan", nameZh: "藤编", detail: "with leather handles", detailZh: "皮质提手"),
  ]

  static let objects: [Object] = [
    Object(slug: "mug", noun: "mug", nounZh: "马克杯", tag: "kitchen", tagZh: "厨房", materials: ["ceramic", "stoneware", "glass"]),
    Object(slug: "teapot", noun: "teapot", nounZh: "茶壶", tag: "tea", tagZh: "茶具", materials: ["ceramic", "cast-iron", "glass"]),
    Object(slug: "bowl", noun: "bowl", nounZh: "碗", tag: "kitchen", tagZh: "厨房", materials: ["ceramic", "stoneware", "walnut", "bamboo"]),
    Object(slug: "lamp", noun: "lamp", nounZh: "台灯", tag: "lighting", tagZh: "灯具", materials: ["brass", "ceramic", "rattan", "glass"]),
    Object(slug: "vase", noun: "vase", nounZh: "花瓶", tag: "decor", tagZh: "家居", materials: ["ceramic", "stoneware", "glass", "brass"]),
    Object(slug: "stool", noun: "stool", nounZh: "凳子", tag: "furniture", tagZh: "家具", materials: ["oak", "walnut", "rattan"]),
    Object(slug: "rug", noun: "rug", nounZh: "地毯", tag: "textiles", tagZh: "布艺", materials: ["wool", "linen"]),
    Object(slug: "cushion", noun: "cushion", nounZh: "抱枕", tag: "textiles", tagZh: "布艺", materials: ["linen", "wool"]),
    Object(slug: "tray", noun: "tray", nounZh: "托盘", tag: "kitchen", tagZh: "茶具", materials: ["walnut", "oak", "bamboo", "brass"]),
    Object(slug: "basket", noun: "basket", nounZh: "收纳篮", tag: "storage", tagZh: "收纳", materials: ["rattan", "bamboo", "wool"]),
    Object(slug: "candle", noun: "candle holder", nounZh: "烛台", tag: "decor", tagZh: "家居", materials: ["brass", "glass", "ceramic"]),
    Object(slug: "clock", noun: "wall clock", nounZh: "挂钟", tag: "decor", tagZh: "家居", materials: ["oak", "walnut", "brass"]),
    Object(slug: "planter", noun: "planter", nounZh: "花盆", tag: "garden", tagZh: "园艺", materials: ["stoneware", "ceramic", "rattan"]),
    Object(slug: "throw", noun: "throw", nounZh: "盖毯", tag: "textiles", tagZh: "布艺", materials: ["wool", "linen"]),
  ]

  static let adjectives = ["Hand-thrown", "Small", "Large", "Rustic", "Minimal", "Everyday", "Vintage-style",
                           "Hand-finished", "Low", "Tall", "Nordic", "Heavy"]
  static let adjectivesZh = ["手工", "复古", "简约", "北欧风", "日式", "小号", "大号"]
  static let longDetails = ["made in small batches by a family workshop in the hills",
                            "from the autumn collection, each one signed by the maker",
                            "that fits neatly on a narrow shelf or a bedside table",
                            "set of two in a recycled gift box with a handwritten card"]
  static let longDetailsZh = ["适合送礼的精美包装 附赠手写卡片", "小批量手工制作 每一件都略有不同",
                              "秋季新款 家用大容量 可放进洗碗机清洗"]
  static let emoji = ["☕", "🌿", "🎧", "🧶", "🍵", "🎁", "🌸"]
  static let shops = ["Clay & Co", "North Loom", "Oak Street Goods", "Lumen Studio", "The Potting Shed", "Field Notes Home"]
  static let shopsZh = ["小院生活", "木与陶", "一盏灯", "慢屋"]
  static let tags = ["handmade", "gift", "sale", "new", "eco", "small-batch", "bestseller"]
  static let tagsZh = ["手工", "礼物", "新品", "包邮", "热卖"]
  /// Sentences with `{obj}` and `{material}` to fill in.
  static let sentences = ["Made by hand in a small studio, so every {obj} is a little different.",
                          "The {material} is sourced from a single supplier we have known for years.",
                          "Wipe clean with a damp cloth and keep it out of strong direct sunlight.",
                          "Ships in recycled packaging within two working days of your order.",
                          "A customer favourite for three years running, now back in stock.",
                          "Pairs well with the rest of the range, or on its own by a window.",
                          "Limited run: when this batch of {obj}s is gone, it is gone.",
                          "Sizes vary slightly, as they do with anything made by hand."]
  static let sentencesZh = ["每一件{obj}都由匠人手工制作，纹理和颜色略有不同，请以实物为准。",
                            "选用优质{material}材料，结实耐用，日常使用多年依然如新。",
                            "下单后两个工作日内发货，全部使用可回收的环保包装。",
                            "清洁时用湿布轻轻擦拭即可，避免长时间阳光直射。",
                            "老顾客回购最多的一款，这一批售完即止，不再补货。"]

  /// A description takes sentences until it has at least this many characters:
  /// one or two English sentences, three or four Chinese ones, about 100 on average.
  static let descriptionTarget = 70

  private var random: BenchGenerator

  init(seed: UInt64) {
    random = BenchGenerator(seed: seed)
  }

  private mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  private mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
  private mutating func chance(_ p: Double) -> Bool { Double(random.next() >> 11) / Double(1 << 53) < p }

  /// The fields of the next item, in the order they are written.
  mutating func item(id: Int) -> [(key: String, value: ShopValue)] {
    let objectIndex = below(Self.objects.count)
    let object = Self.objects[objectIndex]
    let materialName = pick(object.materials)
    let materialIndex = Self.materials.firstIndex { $0.name == materialName } ?? 0
    let material = Self.materials[materialIndex]
    let sentenceSet = Self.filled[objectIndex * Self.materials.count + materialIndex]
    let length = pick(["tiny", "short", "short", "medium", "medium", "long"])
    let chinese = chance(0.4)
    var title: String
    let price: String
    var tags: [String]
    let shop: String
    var sentences: [String]
    if chinese {
      switch length {
      case "tiny": title = object.nounZh
      case "short": title = material.nameZh + object.nounZh
      case "medium": title = pick(Self.adjectivesZh) + material.nameZh + object.nounZh + " " + material.detailZh
      default:
        title = pick(Self.adjectivesZh) + material.nameZh + object.nounZh + " " + material.detailZh + " "
          + pick(Self.longDetailsZh)
      }
      price = "¥\(18 + below(963))"
      tags = [object.tagZh]
      shop = pick(Self.shopsZh)
      sentences = sentenceSet.zh
    } else {
      let noun = object.noun
      switch length {
      case "tiny": title = noun.prefix(1).uppercased() + noun.dropFirst()
      case "short": title = material.name.prefix(1).uppercased() + material.name.dropFirst() + " " + noun
      case "medium": title = "\(pick(Self.adjectives)) \(material.name) \(noun) \(material.detail)"
      default: title = "\(pick(Self.adjectives)) \(material.name) \(noun) \(material.detail), \(pick(Self.longDetails))"
      }
      let cents = pick([0, 50, 95, 99])
      price = "$\(4 + below(237)).\(cents < 10 ? "0" : "")\(cents)"
      tags = [object.tag]
      shop = pick(Self.shops)
      sentences = sentenceSet.en
    }
    let pool = chinese ? Self.tagsZh : Self.tags
    var extra = pool
    for _ in 0..<below(4) where !extra.isEmpty { tags.append(extra.remove(at: below(extra.count))) }
    if chance(0.125) { title += " " + pick(Self.emoji) }
    var description = ""
    while description.count < Self.descriptionTarget, !sentences.isEmpty {
      let sentence = sentences.remove(at: below(sentences.count))
      description += (description.isEmpty || chinese ? "" : " ") + sentence
    }
    let w = 200 + below(401)
    let ratio: Double
    switch below(4) {
    case 0: ratio = 1.2 + 0.4 * Double(below(1000)) / 1000
    case 1: ratio = 0.5 + 0.3 * Double(below(1000)) / 1000
    case 2: ratio = 1
    default: ratio = 1.8 + 0.8 * Double(below(1000)) / 1000
    }
    let h = max(150, min(900, Int((Double(w) * ratio).rounded())))
    let number = id < 100 ? String(repeating: "0", count: id < 10 ? 2 : 1) + String(id) : String(id)
    return [
      ("id", .number(id)), ("title", .string(title)), ("price", .string(price)),
      ("img", .string("img/\(object.slug)-\(number).png")), ("w", .number(w)), ("h", .number(h)),
      ("tags", .strings(tags)), ("shop", .string(shop)), ("description", .string(description)),
    ]
  }

  private static func fill(_ template: String, object: String, material: String) -> String {
    template.replacing("{obj}", with: object).replacing("{material}", with: material)
  }

  /// Every sentence filled in for every object and material, English and Chinese,
  /// computed once: indexed by `object * materials.count + material`.
  private static let filled: [(en: [String], zh: [String])] = objects.flatMap { object in
    materials.map { material in
      (sentences.map { fill($0, object: object.noun, material: material.name) },
       sentencesZh.map { fill($0, object: object.nounZh, material: material.nameZh) })
    }
  }
}
