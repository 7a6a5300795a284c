import GestureScript
import UIKitModel

extension HeadlessAppRunner {
    /// Plays a gesture script: every scripted frame at its time (see `run(_:settle:)`).
    @discardableResult
    public func run(_ script: GestureScript, settle: UInt64 = 1_000_000_000) -> [UITraceLine] {
        run(script.frames(), settle: settle)
    }
}
