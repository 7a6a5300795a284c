// swift-tools-version:6.1
// The hot path's benchmarks (issue 27) as a package of their own, so that a package depending on TouchPipeline
// never resolves ordo-one/benchmark (or its jemalloc and interposer). It depends on TouchPipeline by path and
// uses its products as any dependent would. Run from this directory: `swift package benchmark`.
// Tools version 6.1 for package traits (the `MallocInterposer` trait counts allocations).
import PackageDescription

let package = Package(
    name: "TouchPipelineBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The name fixes the package's identity, which is otherwise the directory's name (a clone's folder).
        .package(name: "TouchPipeline", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The benchmark plugin finds its targets by their parent directory's name: this package's, `Benchmarks`.
        .executableTarget(
            name: "HotPathBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HeadlessApp", package: "TouchPipeline"),
                .product(name: "HIDEvent", package: "TouchPipeline"),
                .product(name: "SpringBoardTesting", package: "TouchPipeline"),
            ], path: "HotPathBenchmarks", plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    ]
)
