// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "waterfall",
  products: [
    .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
    .library(name: "WaterfallView", targets: ["WaterfallView"]),
    .library(name: "WaterfallImages", targets: ["WaterfallImages"]),
    .library(name: "WaterfallTerminal", targets: ["WaterfallTerminal"]),
    .library(name: "WaterfallWorkers", targets: ["WaterfallWorkers"]),
    .library(name: "WaterfallNetwork", targets: ["WaterfallNetwork"]),
    .executable(name: "waterfall", targets: ["waterfall"]),
    .executable(name: "waterfall-example", targets: ["waterfall-example"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `make docs`: `swift package generate-documentation` (DocC catalogues in Sources/*/*.docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // C doorways.
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "CTextWidth"),
    .systemLibrary(
      name: "CPng",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    .systemLibrary(
      name: "CJpeg",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg-dev"])]
    ),
    .systemLibrary(
      name: "CGif",
      providers: [.apt(["libgif-dev"])]
    ),
    .systemLibrary(
      name: "CWebp",
      pkgConfig: "libwebp",
      providers: [.apt(["libwebp-dev"])]
    ),
    .target(name: "CImageDecoding", dependencies: ["CPng", "CJpeg", "CGif", "CWebp"]),
    // glibc's malloc.h (malloc_trim): part of the C library, nothing to link.
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(
      name: "CLibpq",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"])]
    ),

    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),

    // The library.
    .target(name: "WaterfallLayout"),
    // Background jobs on threads the program owns (one worker type for all of them).
    .target(name: "WaterfallWorkers"),
    .target(name: "WaterfallView", dependencies: ["WaterfallLayout", "CTextWidth"]),
    .target(name: "WaterfallImages", dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallWorkers", "WaterfallDigest", "CImageDecoding", "CPng", "CJpeg", "CGif", "CWebp"]),

    // The names in a folder, read safely on POSIX calls (every target that lists a folder).
    .target(name: "WaterfallFiles"),
    // Digests (MD5) for cache file names: no dependencies, so any target can use them.
    .target(name: "WaterfallDigest"),
    // HTTP through libcurl: a client on a thread of its own, body streams for
    // loaders, a download queue for pictures, and the pictures' disk cache.
    .target(name: "WaterfallNetwork", dependencies: ["CCurl", "WaterfallDigest", "WaterfallFiles", "WaterfallWorkers"]),

    // The live terminal: the only code that touches ncurses, and the run loop.
    .target(name: "WaterfallTerminal", dependencies: ["CNcursesw", "WaterfallView"]),

    // The browser.
    .target(
      name: "WaterfallApp",
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallTerminal", "WaterfallImages", "WaterfallWorkers", "WaterfallNetwork", "WaterfallFiles", "CSQLite", "CLibpq", "CMalloc"],
      // The map of its folders, for people.
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "waterfall",
      dependencies: [
        "WaterfallApp",
        "WaterfallImages",
        "WaterfallNetwork",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "waterfall-bench",
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallApp", "WaterfallImages", "WaterfallWorkers", "WaterfallFiles", "CSQLite"]
    ),

    // The library used alone: a live waterfall of its own cells (`swift run waterfall-example`).
    .executableTarget(
      name: "waterfall-example",
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallTerminal"],
      path: "Examples/WaterfallExample"
    ),

    // Tests, and what they share: seeded randomness, scratch folders, the
    // repository's root, screen diffs.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "CTargetsTests", dependencies: ["CTextWidth", "CNcursesw"]),
    .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
    .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout", "TestSupport"]),
    .testTarget(name: "WaterfallViewTests", dependencies: ["WaterfallView", "TestSupport"]),
    .testTarget(name: "WaterfallFilesTests", dependencies: ["WaterfallFiles"]),
    .testTarget(name: "WaterfallWorkersTests", dependencies: ["WaterfallWorkers", "TestSupport"]),
    .testTarget(name: "WaterfallImagesTests", dependencies: ["WaterfallImages", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "WaterfallNetworkTests", dependencies: ["WaterfallNetwork", "WaterfallDigest", "TestSupport"]),
    .testTarget(name: "WaterfallTerminalTests", dependencies: ["WaterfallTerminal", "WaterfallImages", "TestSupport"]),
    .testTarget(name: "WaterfallAppTests", dependencies: ["WaterfallApp", "WaterfallImages", "WaterfallWorkers", "WaterfallNetwork", "TestSupport", "CSQLite"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["waterfall", "waterfall-example", "TestSupport", "CSQLite", "WaterfallApp", "WaterfallImages", "WaterfallNetwork"]),
    .testTarget(name: "WaterfallBenchTests", dependencies: ["waterfall-bench", "WaterfallApp", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
