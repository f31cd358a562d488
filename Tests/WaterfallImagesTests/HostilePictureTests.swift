import Foundation
import Testing
import WaterfallImages

/// Hostile and broken picture files (issue 15): every one costs a bounded
/// amount of reading, and fails with a reason rather than a grey picture.
@Suite struct HostilePictureTests {
  /// A scratch file made of pieces: bytes, or a hole of so many bytes (a sparse
  /// file: gigabytes that take no disk and cost nothing unless read).
  enum Piece {
    case bytes([UInt8])
    case hole(UInt64)
  }

  static func sparseFile(_ pieces: [Piece], name: String = #function) throws -> String {
    let path = NSTemporaryDirectory() + "waterfall-hostile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    defer { close(fd) }
    var offset: off_t = 0
    for piece in pieces {
      switch piece {
      case .bytes(let bytes):
        #expect(pwrite(fd, bytes, bytes.count, offset) == bytes.count)
        offset += off_t(bytes.count)
      case .hole(let count):
        offset += off_t(count)
      }
    }
    #expect(ftruncate(fd, offset) == 0)
    return path
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  /// A chunk header claiming `length` bytes, whose body (and CRC) is a hole.
  static func hollowChunk(_ type: String, length: UInt32) -> [Piece] {
    [.bytes(bigEndian(length) + Array(type.utf8)), .hole(UInt64(length) + 4)]
  }

  static var rgbPNG: [UInt8] { get throws { Array(try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("rgb.png")))) } }
  static var barsJPEG: [UInt8] { get throws { Array(try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("bars.jpg")))) } }

  /// A PNG file with chunks put between its header and its pixels, and what
  /// decoding it must give: the picture, or an error saying `reason`.
  struct HostilePNG: Sendable, CustomTestStringConvertible {
    var name: String
    var chunks: @Sendable () -> [Piece]
    var decodes: Bool
    var reason: String = ""
    var testDescription: String { name }
  }

  static let hostilePNGs: [HostilePNG] = [
    HostilePNG(name: "three ancillary chunks claiming 2 GiB each are skipped by seeking",
      chunks: { (0..<3).flatMap { _ in hollowChunk("zzZz", length: 0x7FFF_FFFF) } }, decodes: true),
    HostilePNG(name: "a text chunk of 2 GiB is skipped", chunks: { hollowChunk("tEXt", length: 0x7FFF_FFFF) }, decodes: true),
    HostilePNG(name: "a tRNS of 1 GiB is skipped, not read", chunks: { hollowChunk("tRNS", length: 0x4000_0000) }, decodes: true),
    HostilePNG(name: "ten thousand empty ancillary chunks", chunks: { (0..<10_000).flatMap { _ in hollowChunk("zzZz", length: 0) } }, decodes: true),
    HostilePNG(name: "a length past the format's limit is refused",
      chunks: { [.bytes(bigEndian(0xFFFF_FFF0) + Array("zzZz".utf8))] }, decodes: false, reason: "damaged"),
    HostilePNG(name: "a critical chunk of 2 GiB costs the read budget, then fails",
      chunks: { hollowChunk("QQQQ", length: 0x7FFF_FFFF) }, decodes: false, reason: "256 MiB"),
  ]

  @Test(arguments: hostilePNGs)
  func hostilePNGChunksCostABoundedRead(_ test: HostilePNG) throws {
    let png = try Self.rgbPNG
    // The signature (8) and IHDR (25), then the hostile chunks, then the rest.
    let path = try Self.sparseFile([.bytes(Array(png[..<33]))] + test.chunks() + [.bytes(Array(png[33...]))])
    defer { unlink(path) }
    let expected = try Image(contentsOf: TestFiles.fixture("rgb.png"))
    do {
      let image = try Image(contentsOf: path)
      #expect(test.decodes, "decoded, though it should have failed")
      #expect(image == expected)
    } catch {
      #expect(!test.decodes, "\(error.reason)")
      #expect(error.reason.contains(test.reason), "\(error.reason)")
    }
  }

  /// A file that makes a decoder read on and on stops at the read budget, with
  /// a reason.
  @Test(arguments: [("JPEG", [UInt8]([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])), ("JPEG, no marker", [0xFF, 0xD8, 0xFF])])
  func aDecoderStopsAtTheReadBudget(_ test: (String, [UInt8])) throws {
    // JFIF's APP0 marker, then 300 MiB of zeros where markers should be.
    let path = try Self.sparseFile([.bytes(test.1), .hole(300 << 20), .bytes([0xFF, 0xD9])])
    defer { unlink(path) }
    #expect {
      try Image(contentsOf: path)
    } throws: { error in
      (error as? ImageError)?.reason.contains("256 MiB") == true
    }
  }

  /// A JPEG whose data ends early is an error with a reason, never a picture
  /// padded with grey.
  @Test(arguments: [0.3, 0.5, 0.75, 0.9, -2.0, -1.0])
  func aTruncatedJPEGGivesAReason(_ cut: Double) throws {
    for name in ["bars.jpg", "bars-progressive.jpg", "bars-640x480.jpg", "bars-grey.jpg"] {
      let whole = Array(try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture(name))))
      let count = cut < 0 ? whole.count + Int(cut) : Int(Double(whole.count) * cut)
      let path = try Self.sparseFile([.bytes(Array(whole[..<count]))])
      defer { unlink(path) }
      for minimum in [nil, (8, 4)] as [(width: Int, height: Int)?] {
        do {
          _ = try Image(contentsOf: path, minimumSize: minimum)
          Issue.record("\(name) cut to \(count) of \(whole.count) bytes decoded")
        } catch {
          #expect(!error.reason.isEmpty)
        }
      }
    }
  }

  /// Picture paths that are not regular files are refused before they are opened
  /// (a device) or without waiting (a FIFO).
  @Test(arguments: ["fifo", "/dev/zero", "/dev/null", "/dev/tty", "directory"])
  func picturesThatAreNotRegularFilesAreRefused(_ kind: String) throws {
    let folder = NSTemporaryDirectory() + "waterfall-hostile-dir-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    #expect(mkdir(folder, 0o700) == 0)
    defer { _ = try? FileManager.default.removeItem(atPath: folder) }
    var path = kind
    if kind == "fifo" {
      path = folder + "/a.png"
      #expect(mkfifo(path, 0o600) == 0)
    } else if kind == "directory" {
      path = folder
    }
    #expect {
      try Image(contentsOf: path)
    } throws: { error in
      guard case .unreadable(let why) = error as? ImageError else { return false }
      return why == "not a regular file" || why.contains("directory") || why.contains("No such")
    }
  }
}
