import AppScene
import UIKitModel

/// The example's classes under the names its scene files use in `class:`.
public enum ExampleClasses {
    /// Registers every class in `registry` (the shared one by default). Call it once, before loading scenes.
    public static func register(in registry: SceneClassRegistry = .shared) {
        registry.register(WideHitView.self) { WideHitView() }
        registry.register(TwoFingerTapRecognizer.self) { TwoFingerTapRecognizer() }
        registry.register(KeyboardDismissController.self) { KeyboardDismissController() }
    }
}
