#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a folder, read with `opendir` and `readdir` (no Foundation, so
/// a program that lists folders still starts fast).
///
/// Each name is read where it lies in readdir's buffer: a record there is only
/// as long as its name (`d_reclen`), so copying a whole `dirent` out
/// (`entry.pointee`, 256 bytes of name) reads past the buffer's last record.
/// Every target that lists a folder comes here.
///
/// ```swift
/// DirectoryNames.list("/proc/self/fd")   // ["0", "1", "2", "3"], in the folder's order
/// DirectoryNames.list("/nope")           // nil, and errno says why
/// ```
public enum DirectoryNames {
  /// The names in folder `path` but `.` and `..`, in the order the folder
  /// gives them; nil when it cannot be opened (`errno` says why).
  public static func list(_ path: String) -> [String]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
