import CGif
import CImageDecoding
import CJpeg
import CPng
import CWebp

/// The one place that calls the C decoders (libpng, libjpeg, giflib and libwebp,
/// through CImageDecoding): headers and pixels in, Swift values out, every failure a thrown
/// ``ImageError``. A picture with an EXIF orientation comes out upright
/// (``PictureOrientation``, ``Image/oriented(_:)``).
enum Codec {
  /// The versions of the libraries in use, for the benchmark's report.
  static var libraryVersions: String {
    "libpng \(String(cString: cpng_version())), libjpeg API \(cjpeg_lib_version()), giflib \(cgif_version()), "
      + "libwebp \(cwebp_version() >> 16).\((cwebp_version() >> 8) & 0xFF).\(cwebp_version() & 0xFF)"
  }

  static func readHeader(_ source: PictureSource) throws(ImageError) -> ImageHeader {
    let reader = try open(source)
    defer { ci_reader_close(reader) }
    return header(of: reader)
  }

  /// Decodes the file at `path`; see ``Image/init(contentsOf:limits:minimumSize:background:)``.
  /// `minimumSize` is asked once the header is known.
  static func decode(
    _ source: PictureSource, limits: ImageLimits, background: RGB, minimumSize: (ImageHeader) -> (width: Int, height: Int)
  ) throws(ImageError) -> Image {
    let reader = try open(source)
    defer { ci_reader_close(reader) }
    let header = header(of: reader)
    try limits.check(width: header.width, height: header.height)
    // The minimum is asked of the picture as shown; the decoder sees it as stored.
    let shownMinimum = minimumSize(header)
    let (minimumWidth, minimumHeight) = header.orientation.swapsSides ? (shownMinimum.height, shownMinimum.width) : shownMinimum
    var error = ci_error()
    var width: UInt32 = 0
    var height: UInt32 = 0
    let started = ci_reader_start(
      reader, UInt32(clamping: max(0, minimumWidth)), UInt32(clamping: max(0, minimumHeight)),
      background.red, background.green, background.blue, &width, &height, &error)
    guard started == Int32(CI_OK.rawValue) else { throw imageError(error) }
    try limits.check(width: Int(width), height: Int(height))
    let count = Int(width) * Int(height) * 3
    ci_reader_set_time_budget(
      reader, UInt32(clamping: max(0, limits.maximumDecodeMilliseconds)), limits.decodeTimeIsCPUTime ? 1 : 0)
    var status = Int32(CI_OK.rawValue)
    // Opacities only for a PNG that may have some; kept only when one is not opaque.
    var alpha = [UInt8](repeating: 255, count: 0)
    var hasAlpha = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      alpha = [UInt8](repeating: 255, count: count / 3)
      hasAlpha = alpha.withUnsafeMutableBufferPointer { ci_reader_read_alpha_into(reader, $0.baseAddress, $0.count) } == 1
      if !hasAlpha { alpha = [] }
      status = ci_reader_read_rgb(reader, buffer.baseAddress, count, &error)
      // UInt8 needs no deinitialising, so a failed read may leave the bytes as they are.
      initialized = count
    }
    guard status == Int32(CI_OK.rawValue) else {
      if error.status == Int32(CI_TOO_SLOW.rawValue) { throw ImageError.tooSlow(milliseconds: limits.maximumDecodeMilliseconds) }
      throw imageError(error)
    }
    let transparent = hasAlpha && alpha.contains { $0 != 255 }
    return Image(width: Int(width), height: Int(height), pixels: pixels, alpha: transparent ? alpha : nil)
      .oriented(header.orientation)
  }

  private static func open(_ source: PictureSource) throws(ImageError) -> OpaquePointer {
    var error = ci_error()
    let opened: OpaquePointer? =
      switch source {
      case .file(let path): ci_reader_open(path, &error)
      case .bytes(let bytes): bytes.withUnsafeBytes { ci_reader_open_memory($0.baseAddress, $0.count, &error) }
      }
    guard let reader = opened else { throw imageError(error) }
    return reader
  }

  private static func header(of reader: OpaquePointer) -> ImageHeader {
    var width: UInt32 = 0
    var height: UInt32 = 0
    ci_reader_size(reader, &width, &height)
    let format: ImageFormat
    switch UInt32(bitPattern: ci_reader_format(reader)) {
    case CI_FORMAT_PNG.rawValue: format = .png
    case CI_FORMAT_GIF.rawValue: format = .gif
    case CI_FORMAT_WEBP.rawValue: format = .webp
    default: format = .jpeg
    }
    var exif: UnsafePointer<UInt8>?
    let length = ci_reader_exif(reader, &exif)
    let orientation = exif.map { PictureOrientation(exif: UnsafeBufferPointer(start: $0, count: length)) } ?? .normal
    let (shownWidth, shownHeight) = orientation.swapsSides ? (height, width) : (width, height)
    return ImageHeader(format: format, width: Int(shownWidth), height: Int(shownHeight), orientation: orientation)
  }

  private static func imageError(_ error: ci_error) -> ImageError {
    let message = withUnsafeBytes(of: error.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    switch ci_status(rawValue: UInt32(bitPattern: error.status)) {
    case CI_UNREADABLE: return .unreadable(message)
    case CI_NOT_AN_IMAGE: return .notAnImage(message)
    case CI_TRUNCATED: return .truncated
    case CI_OUT_OF_MEMORY: return .outOfMemory
    default: return .corrupt(message)
    }
  }
}
