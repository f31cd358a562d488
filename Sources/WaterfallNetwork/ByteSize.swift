/// A number of bytes in words for messages: `512 bytes`, `32 MiB`, `1.5 GiB`.
///
/// ```swift
/// ByteSize.text(32 << 20)   // "32 MiB"
/// ```
public enum ByteSize {
  public static func text(_ bytes: Int) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"]
    guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    var value = Double(bytes)
    var unit = -1
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = (value * 10).rounded() / 10
    let number = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    return "\(number) \(units[unit])"
  }
}
