// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "waterfall",
  products: [
    .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
    .library(name: "WaterfallView", targets: ["WaterfallView"]),
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

    // The library.
    .target(name: "WaterfallLayout"),
    .target(name: "WaterfallView", dependencies: ["WaterfallLayout", "CTextWidth"]),

    // The browser.
    .target(name: "WaterfallTerminal", dependencies: ["CNcursesw", "WaterfallView"]),
    .target(
      name: "WaterfallApp",
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallTerminal"]
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
      dependencies: ["WaterfallLayout", "WaterfallView", "WaterfallApp"]
    ),

    // Tests.
    .testTarget(name: "CTargetsTests", dependencies: ["CTextWidth", "CNcursesw"]),
    .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout"]),
    .testTarget(name: "WaterfallViewTests", dependencies: ["WaterfallView"]),
    .testTarget(name: "WaterfallAppTests", dependencies: ["WaterfallApp"]),
    .testTarget(name: "EndToEndTests", dependencies: ["waterfall"]),
    .testTarget(name: "WaterfallBenchTests", dependencies: ["waterfall-bench", "WaterfallApp"]),
  ],
  swiftLanguageModes: [.v6]
)
