/// An app springboard launches itself (`springboard --launch BUNDLE_ID=SCENE`), as iOS's SpringBoard asks launchd:
/// it knows the process's pid and hands it a fresh secret on every launch, which its registration must carry.
public struct AppLaunch: Sendable, Equatable {
    public var bundleID: String
    public var scene: String

    public init(bundleID: String, scene: String) {
        self.bundleID = bundleID
        self.scene = scene
    }

    /// `BUNDLE_ID=SCENE`.
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        bundleID = String(argument[..<equals])
        scene = String(argument[argument.index(after: equals)...])
        guard !scene.isEmpty else { return nil }
    }
}
