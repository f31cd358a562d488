// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "waterfall",
  products: [
    .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
    .library(name: "WaterfallView", targets: ["WaterfallView"]),
    .library(name: "WaterfallImages", targets: ["WaterfallImages"]),
    .executable(name: "waterfall", targets: ["waterfall"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
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
    .target(name: "CImageDecoding", dependencies: ["CPng", "CJpeg"]),

    // The library.
    .target(name: "WaterfallLayout"),
    .target(name: "WaterfallView", dependencies: ["WaterfallLayout", "CTextWidth"]),
    .target(name: "WaterfallImages", dependencies: ["WaterfallLayout", "WaterfallView", "CImageDecoding", "CPng", "CJpeg"]),

    // The browser.
    .target(name: "WaterfallTerminal", dependencies: ["CNcursesw", "WaterfallView"]),
    .target(
      name: "WaterfallApp",
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallTerminal", "WaterfallImages"]
    ),
    .executableTarget(
      name: "waterfall",
      dependencies: [
        "WaterfallApp",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "waterfall-bench",
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallApp", "WaterfallImages"]
    ),

    // Tests.
    .testTarget(name: "CTargetsTests", dependencies: ["CTextWidth", "CNcursesw"]),
    .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout"]),
    .testTarget(name: "WaterfallViewTests", dependencies: ["WaterfallView"]),
    .testTarget(name: "WaterfallImagesTests", dependencies: ["WaterfallImages"], exclude: ["Fixtures"]),
    .testTarget(name: "WaterfallTerminalTests", dependencies: ["WaterfallTerminal", "WaterfallImages"]),
    .testTarget(name: "WaterfallAppTests", dependencies: ["WaterfallApp", "WaterfallImages"]),
    .testTarget(name: "EndToEndTests", dependencies: ["waterfall"]),
    .testTarget(name: "WaterfallBenchTests", dependencies: ["waterfall-bench", "WaterfallApp"]),
  ],
  swiftLanguageModes: [.v6]
)
