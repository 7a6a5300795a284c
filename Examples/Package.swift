// swift-tools-version:6.0
// A package of yours that depends on TouchPipeline: a UIView subclass with a widened hitTest, a gesture
// recognizer with its own state machine, a view controller that answers gestureRecognizer(_:shouldReceive:);
// tests that assert their exact traces; and an app-host of its own that runs them in the ensemble.
import PackageDescription

let package = Package(
    name: "TouchPipelineExamples",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "example-app", targets: ["example-app"])],
    dependencies: [
        // By path, as a package in the same repository would. The name fixes the package's identity, which is
        // otherwise the directory's name (`main`, a clone's folder).
        .package(name: "TouchPipeline", path: "..")
    ],
    targets: [
        // The classes: views, recognizers and a controller written against the UIKit model, and their registration.
        .target(
            name: "ExampleKit",
            dependencies: [
                .product(name: "UIKitModel", package: "TouchPipeline"),
                .product(name: "AppScene", package: "TouchPipeline"),
            ]),
        // app-host with the example's classes registered: `example-app serve Scenes/custom-views.yaml` joins the
        // ensemble; `run`, `tree`, `explain`, `render` work on scenes that name the classes.
        .executableTarget(
            name: "example-app",
            dependencies: [
                "ExampleKit", .product(name: "AppHostCommands", package: "TouchPipeline"),
            ]),
        .testTarget(
            name: "ExampleKitTests",
            dependencies: [
                "ExampleKit",
                .product(name: "TouchPipelineTesting", package: "TouchPipeline"),
                .product(name: "UIKitModel", package: "TouchPipeline"),
                .product(name: "AppScene", package: "TouchPipeline"),
            ]),
    ]
)
