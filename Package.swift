// swift-tools-version:6.2
// TouchPipeline: the iOS touch-event pipeline as real processes (hid-source -> springboard -> app-host).
// One module per pipeline stage; the C library comes in through a system-library target.
// No target uses unsafeFlags, which SwiftPM refuses in a versioned (`.package(url:from:)`) dependency whose
// manifest is below tools version 6.2: the hot path's classes mark their stored properties
// `@exclusivity(unchecked)` instead of building with -enforce-exclusivity=unchecked (the runtime's dynamic
// checks cost 16% of an app's dispatch in a profile; the attribute brings that back to within 1% of the flag,
// and a dependent compiles them exactly as this package does). deploy/check-exclusivity keeps new stored
// properties marked. The benchmarks are a package of their own (Benchmarks/Package.swift), so a dependent
// never resolves ordo-one/benchmark.
import PackageDescription

let package = Package(
    name: "TouchPipeline",
    platforms: [.macOS(.v14)],
    products: [
        // The library a package of yours depends on (docs: Sources/UIKitModel/UIKitModel.docc). Each product is
        // one module of the same name; none of them links libzmq except AppHostCommands, which is the live app.
        // The UIKit model: responders, views, windows, touches, events, recognizers, controls, scroll, table and
        // collection views, the application and its run loop.
        .library(name: "UIKitModel", targets: ["UIKitModel"]),
        // The CFRunLoop model the application runs on, with the manual clock tests use.
        .library(name: "RunLoopKit", targets: ["RunLoopKit"]),
        // The HID event format (protocols/hid-event.md), gesture scripts and touchscreen recordings.
        .library(name: "HIDEvent", targets: ["HIDEvent"]),
        .library(name: "GestureScript", targets: ["GestureScript"]),
        .library(name: "TouchRecording", targets: ["TouchRecording"]),
        // Scene files, with Swift classes of yours registered under scene class names.
        .library(name: "AppScene", targets: ["AppScene"]),
        // A scene's app run in-process on a manual clock; its timeline; looking at a scene without running it.
        .library(name: "HeadlessApp", targets: ["HeadlessApp"]),
        .library(name: "AppTimeline", targets: ["AppTimeline"]),
        .library(name: "AppInspection", targets: ["AppInspection"]),
        // For your tests: a window on a manual clock, your own subclasses, a gesture script or a recording played,
        // the trace read back (the role HummingbirdTesting plays for Hummingbird).
        .library(name: "TouchPipelineTesting", targets: ["TouchPipelineTesting"]),
        // app-host's commands (serve, run, tree, explain, render, ...) for an executable of yours that registers
        // its own classes and joins the ensemble.
        .library(name: "AppHostCommands", targets: ["AppHostCommands"]),
        .executable(name: "hid-source", targets: ["hid-source"]),
        .executable(name: "springboard", targets: ["springboard"]),
        .executable(name: "app-host", targets: ["app-host"]),
        .executable(name: "sbctl", targets: ["sbctl"]),
        .executable(name: "hid-bench", targets: ["hid-bench"]),
        // springboard built in-process on a manual clock (Tests/SpringBoardTesting): for the suite and for the
        // Benchmarks/ package, which depends on this one by path. It links libzmq (the router's sockets).
        .library(name: "SpringBoardTesting", targets: ["SpringBoardTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation` (the library's DocC catalogs; CI runs it, warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The explorer's web server (app-host explore, sbctl explore): HTTP and WebSocket on SwiftNIO.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
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
        // Touchscreen recordings (evemu, protocol B) -> HID frames on a screen; inspection, and evemu writing.
        .target(name: "TouchRecording", dependencies: ["HIDEvent"]),
        // A CFRunLoop-faithful run loop: modes, source0/source1, timers, observers, blocks, clocks. It waits on
        // file descriptors with poll(2); other kinds of port bring their own waiter.
        .target(
            name: "RunLoopKit", dependencies: [.product(name: "DequeModule", package: "swift-collections")]),
        // ZeroMQ sockets as run-loop ports (`RunLoopPort.zmq`), waited on with the ZeroMQ poller.
        .target(name: "RunLoopZeroMQ", dependencies: ["RunLoopKit", "ZeroMQ"]),
        // UIKit's in-app dispatch: responders, views, touches, events, recognizers, controls.
        .target(
            name: "UIKitModel",
            dependencies: [
                "RunLoopKit", "HIDEvent", .product(name: "DequeModule", package: "swift-collections"),
            ]),
        // Scene files (YAML) that describe an app's windows, controllers, views and behaviours.
        .target(name: "AppScene", dependencies: ["UIKitModel", .product(name: "Yams", package: "Yams")]),
        // The event port's frames besides HID messages: the end marker (hid-source -> springboard).
        .target(name: "EventPort", dependencies: ["HIDEvent"]),
        // The app channel: messages between SpringBoard and apps (protocols/app-channel.md).
        .target(name: "AppChannel", dependencies: ["HIDEvent"]),
        // springboard's control socket (protocols/control.md): JSON requests and replies, and a client.
        .target(
            name: "ControlProtocol",
            dependencies: [
                "ZeroMQ", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]),
        // An app's timeline (Chrome trace-event JSON: HID frames, run-loop callouts, UIKit records) and the
        // run loop's callouts in an explained trace; the live host and the headless runner both record them.
        .target(name: "AppTimeline", dependencies: ["HIDEvent", "RunLoopKit", "UIKitModel"]),
        // A scene's app run in-process with no sockets, on a manual clock: scripts, recordings, timelines.
        .target(
            name: "HeadlessApp",
            dependencies: ["AppScene", "AppTimeline", "GestureScript", "HIDEvent", "RunLoopKit", "UIKitModel"]),
        // Looking at a scene without running it: the view tree, hit-test explanations, SVG renders, view lookup.
        .target(name: "AppInspection", dependencies: ["AppScene", "UIKitModel"]),
        // One live app process: run loop + app channel + UIApplication.
        .target(
            name: "AppHostCore",
            dependencies: [
                "ZeroMQ", "RunLoopKit", "RunLoopZeroMQ", "HIDEvent", "UIKitModel", "AppChannel", "AppTimeline",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The SpringBoard router: registry, foreground app, home screen, control socket.
        .target(
            name: "SpringBoardCore",
            dependencies: [
                "ZeroMQ", "RunLoopKit", "RunLoopZeroMQ", "HIDEvent", "AppChannel", "ControlProtocol", "EventPort",
                .product(name: "Histogram", package: "hdrhistogram-swift"), .product(name: "Logging", package: "swift-log"),
            ]),
        // SpringBoard's home screen: its own UIKit scene (icon pages, taps, page swipes), behind the router's
        // `HomeScreenSeam`; the `springboard` executable injects it.
        .target(
            name: "SpringBoardHome", dependencies: ["SpringBoardCore", "ControlProtocol", "UIKitModel", "RunLoopKit", "HIDEvent"]),
        // What the command-line tools share: options (the runtime directory and springboard's endpoints with their
        // defaults, CURVE keys, recordings) and plain-text tables.
        .target(
            name: "CommandLineSupport",
            dependencies: [
                "ControlProtocol", "HIDEvent", "TouchRecording", "ZeroMQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // hid-source load's library: gesture mixes, frame generation, the paced send loop, the run's control
        // requests, reports and baseline ratios; and what hid-bench relay shares with it (pacing, CPU per frame).
        .target(
            name: "LoadGeneration",
            dependencies: [
                "CommandLineSupport", "ControlProtocol", "EventPort", "HIDEvent", "RunLoopKit", "ZeroMQ",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]),
        // A hardware source's side of the event port: its sender id, sequences, keep-alives, end markers and their
        // confirmation; hid-source sends scripts through it, `sbctl explore` the browser's pointers.
        .target(name: "EventPortSending", dependencies: ["ControlProtocol", "EventPort", "HIDEvent", "RunLoopKit", "ZeroMQ"]),
        .executableTarget(
            name: "hid-source",
            dependencies: [
                "CommandLineSupport", "ZeroMQ", "HIDEvent", "GestureScript", "ControlProtocol", "RunLoopKit", "TouchRecording",
                "EventPort", "EventPortSending", "LoadGeneration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "springboard",
            dependencies: [
                "SpringBoardCore", "SpringBoardHome", "ControlProtocol", "CommandLineSupport", "ZeroMQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The explorer: a page (HTML, JS, SVG as resources) over Hummingbird's HTTP and WebSocket, where pointer
        // events become HID frames for a headless scene or a live ensemble, answered with what dispatch did.
        .target(
            name: "Explorer",
            dependencies: [
                "AppInspection", "AppScene", "GestureScript", "HeadlessApp", "HIDEvent", "TouchRecording", "UIKitModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], resources: [.copy("Page")]),
        // app-host's commands as a library: the app-host executable is one line over it, and an executable of
        // yours (Examples/) reuses it after registering its own classes.
        .target(
            name: "AppHostCommands",
            dependencies: [
                "AppHostCore", "AppChannel", "AppScene", "CommandLineSupport", "GestureScript", "HIDEvent", "UIKitModel",
                "TouchRecording", "AppInspection", "AppTimeline", "HeadlessApp", "Explorer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Its own directory, so that the commands' old one (Sources/app-host) reads to git as moved whole.
        .executableTarget(name: "app-host", dependencies: ["AppHostCommands"], path: "Sources/app-host-main"),
        // The testing library: builds on the headless runner, for tests of packages that depend on this one.
        .target(
            name: "TouchPipelineTesting",
            dependencies: [
                "AppScene", "GestureScript", "HeadlessApp", "HIDEvent", "TouchRecording", "UIKitModel",
            ]),
        // sbctl's renderings of control replies (sbctl stats, sbctl top), a library so their layout is tested.
        .target(name: "ControlText", dependencies: ["CommandLineSupport", "ControlProtocol"]),
        .executableTarget(
            name: "sbctl",
            dependencies: [
                "CommandLineSupport", "ControlProtocol", "ControlText", "RunLoopKit", "ZeroMQ", "EventPortSending", "Explorer",
                "HIDEvent",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "hid-bench",
            dependencies: [
                "AppChannel", "CommandLineSupport", "ControlProtocol", "ZeroMQ", "HIDEvent", "RunLoopKit", "LoadGeneration",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Shared test helpers: paths to shared/, process launching, trace comparison, a thread that runs a loop.
        .target(name: "TestSupport", dependencies: ["HIDEvent", "TouchRecording"], path: "Tests/TestSupport"),
        // The allocation-count tests' malloc hook (issue 27): counts one thread's allocations between two calls.
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        // springboard built in-process for tests (swift-nio's EmbeddedEventLoop style): the real router on a manual
        // clock with inproc sockets, fake apps and a recording home screen. No XCTest: helpers throw, tests assert.
        .target(
            name: "SpringBoardTesting",
            dependencies: [
                "AppChannel", "ControlProtocol", "EventPort", "HIDEvent", "RunLoopKit", "SpringBoardCore", "ZeroMQ",
            ], path: "Tests/SpringBoardTesting"),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ", "TestSupport"]),
        .testTarget(
            name: "TouchPipelineTestingTests",
            dependencies: ["TouchPipelineTesting", "AppScene", "GestureScript", "UIKitModel"]),
        .testTarget(name: "HIDEventTests", dependencies: ["HIDEvent", "GestureScript", "TestSupport", "TouchRecording"]),
        .testTarget(name: "RunLoopKitTests", dependencies: ["RunLoopKit", "TestSupport"]),
        .testTarget(name: "RunLoopZeroMQTests", dependencies: ["RunLoopKit", "RunLoopZeroMQ", "ZeroMQ", "TestSupport"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
        .testTarget(name: "ControlTextTests", dependencies: ["ControlText", "ControlProtocol"]),
        .testTarget(
            name: "LoadGenerationTests",
            dependencies: [
                "LoadGeneration", "HIDEvent", "ControlProtocol", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]),
        .testTarget(
            name: "UIKitModelTests",
            dependencies: [
                "UIKitModel", "AppScene", "GestureScript", "HIDEvent", "RunLoopKit", "TestSupport", "TouchRecording",
                "AppInspection", "AppTimeline", "HeadlessApp", "CAllocationCounter",
            ]),
        .testTarget(
            name: "PipelineTests",
            dependencies: [
                "AppChannel", "ControlProtocol", "SpringBoardCore", "SpringBoardHome", "AppHostCore", "GestureScript", "HIDEvent",
                "RunLoopKit", "UIKitModel", "ZeroMQ", "TestSupport", "TouchRecording", "CommandLineSupport", "EventPort",
                "HeadlessApp", "SpringBoardTesting", "CAllocationCounter", "Explorer", "EventPortSending",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ], exclude: ["Explorer/explorer_browser.py"]),
    ]
)
