/// Orders names as people count: `1.json`, `2.json`, `10.json`, with runs of
/// digits compared by value.
///
/// ```swift
/// ["10.json", "2.json", "1.json"].sorted(by: NaturalOrder.less)   // 1, 2, 10
/// ```
enum NaturalOrder {
  static func less(_ a: String, _ b: String) -> Bool {
    var i = a.unicodeScalars.makeIterator()
    var j = b.unicodeScalars.makeIterator()
    var x = i.next()
    var y = j.next()
    while let p = x, let q = y {
      if p.properties.numericType != nil, q.properties.numericType != nil, p.isASCIIDigit, q.isASCIIDigit {
        var m = ""
        var n = ""
        while let c = x, c.isASCIIDigit { m.unicodeScalars.append(c); x = i.next() }
        while let c = y, c.isASCIIDigit { n.unicodeScalars.append(c); y = j.next() }
        let mm = m.drop { $0 == "0" }
        let nn = n.drop { $0 == "0" }
        if mm.count != nn.count { return mm.count < nn.count }
        if mm != nn { return mm < nn }
        continue
      }
      if p != q { return p.value < q.value }
      x = i.next()
      y = j.next()
    }
    return x == nil && y != nil
  }
}

extension Unicode.Scalar {
  var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }
}
