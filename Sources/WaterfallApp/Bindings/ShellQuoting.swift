/// Quoting for `/bin/sh`: a value becomes one literal word, whatever it holds.
///
/// In single quotes the shell takes every byte as it is but the closing quote,
/// so a value is wrapped in them and each `'` in it written `'\''` (close,
/// an escaped quote, open again). A NUL cannot be part of an argument at all
/// (the kernel passes arguments as C strings): it is dropped.
///
/// ```swift
/// ShellQuoting.quoted("it's $(here)")   // 'it'\''s $(here)'
/// ```
public enum ShellQuoting {
  public static func quoted(_ value: String) -> String {
    var out = "'"
    for scalar in value.unicodeScalars {
      switch scalar {
      case "'": out += "'\\''"
      case "\0": continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "'"
  }

  /// `text` with `\`, `` ` `` and `$` escaped by a backslash: what stands for
  /// them between backquotes, which the shell unescapes before it reads the
  /// command inside (so a quoted value there reaches that command whole). Read
  /// by scalars, as the shell reads bytes: a backquote followed by a combining
  /// mark is one Character and still a backquote.
  static func escapedForBackquotes(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "`" || scalar == "$" { out.append("\\") }
      out.append(scalar)
    }
    return String(out)
  }
}
