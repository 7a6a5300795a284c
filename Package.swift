// swift-tools-version:6.0
// TouchPipeline: the iOS touch-event pipeline as real processes (hid-source -> springboard -> app-host).
// One module per pipeline stage; the C library comes in through a system-library target.
import PackageDescription

let package = Package(
    name: "TouchPipeline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "hid-source", targets: ["hid-source"]),
        .executable(name: "springboard", targets: ["springboard"]),
        .executable(name: "app-host", targets: ["app-host"]),
        .executable(name: "sbctl", targets: ["sbctl"]),
        .executable(name: "hid-bench", targets: ["hid-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
    ],
    targets: [
        // libzmq through pkg-config; apt provides it as libzmq3-dev.
        .systemLibrary(name: "CZeroMQ", pkgConfig: "libzmq", providers: [.apt(["libzmq3-dev"])]),
        // A thin Swift layer over libzmq: errors, options, zero-copy messages, poll, monitor.
        .target(name: "ZeroMQ", dependencies: ["CZeroMQ"]),
        // The binary HID event format (protocols/hid-event.md): model, encoder, validating decoder.
        .target(name: "HIDEvent"),
        // Gesture scripts (taps, drags, multi-finger frames with times) -> HID frames.
        .target(name: "GestureScript", dependencies: ["HIDEvent"]),
        // A CFRunLoop-faithful run loop: modes, source0/source1, timers, observers, blocks, clocks.
        .target(name: "RunLoopKit", dependencies: ["CZeroMQ"]),
        // UIKit's in-app dispatch: responders, views, touches, events, recognizers, controls.
        .target(name: "UIKitModel", dependencies: ["RunLoopKit", "HIDEvent"]),
        // Scene files (YAML) that describe an app's windows, controllers, views and behaviours.
        .target(name: "AppScene", dependencies: ["UIKitModel", .product(name: "Yams", package: "Yams")]),
        // Messages between SpringBoard and apps, and on the control socket.
        .target(name: "AppChannel", dependencies: [
            "HIDEvent", "ZeroMQ", .product(name: "Histogram", package: "hdrhistogram-swift"),
        ]),
        // One app process: run loop + app channel + UIApplication.
        .target(name: "AppHostCore", dependencies: [
            "ZeroMQ", "RunLoopKit", "HIDEvent", "GestureScript", "UIKitModel", "AppScene", "AppChannel",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The SpringBoard router: registry, foreground app, home screen, control socket.
        .target(name: "SpringBoardCore", dependencies: [
            "ZeroMQ", "RunLoopKit", "HIDEvent", "UIKitModel", "AppScene", "AppChannel",
            .product(name: "Histogram", package: "hdrhistogram-swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "hid-source", dependencies: [
            "ZeroMQ", "HIDEvent", "GestureScript", "AppChannel",
            .product(name: "Histogram", package: "hdrhistogram-swift"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "springboard", dependencies: [
            "SpringBoardCore", "AppChannel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "app-host", dependencies: [
            "AppHostCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "sbctl", dependencies: [
            "ZeroMQ", "AppChannel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "hid-bench", dependencies: [
            "ZeroMQ", "HIDEvent", .product(name: "Histogram", package: "hdrhistogram-swift"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Shared test helpers: paths to shared/, process launching, trace comparison.
        .target(name: "TestSupport", dependencies: ["HIDEvent"], path: "Tests/TestSupport"),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ", "TestSupport"]),
        .testTarget(name: "HIDEventTests", dependencies: ["HIDEvent", "GestureScript", "TestSupport"]),
        .testTarget(name: "RunLoopKitTests", dependencies: ["RunLoopKit", "ZeroMQ", "CZeroMQ", "TestSupport"]),
        .testTarget(name: "UIKitModelTests", dependencies: [
            "UIKitModel", "AppScene", "AppHostCore", "GestureScript", "TestSupport",
        ]),
        .testTarget(name: "PipelineTests", dependencies: [
            "AppChannel", "SpringBoardCore", "AppHostCore", "ZeroMQ", "TestSupport",
        ]),
    ],
    // Swift 5 language mode: the UIKit model is main-thread-confined by design (like UIKit itself),
    // which strict Sendable checking cannot express without wrapping every type.
    swiftLanguageModes: [.v5]
)
