import Foundation
import UIKitModel

/// The action methods scene files declare: a handler that prints a line, with `{value}` replaced by the
/// sending control's value (`isOn`, `value`, `selectedSegmentIndex`, `currentPage`).
enum SceneActionHandler {
    static func register(_ action: String, log: String, on responder: UIResponder, application: UIApplication) {
        responder.registerAction(action) { [unowned application] sender, _ in
            application.trace.record(expand(log, sender: sender), group: "actions")
        }
    }

    static func expand(_ template: String, sender: AnyObject?) -> String {
        guard template.contains("{value}") else { return template }
        return template.replacingOccurrences(of: "{value}", with: valueDescription(of: sender))
    }

    static func valueDescription(of sender: AnyObject?) -> String {
        switch sender {
        case let toggle as UISwitch: return String(toggle.isOn)
        case let slider as UISlider: return String(format: "%g", slider.value)
        case let segmented as UISegmentedControl: return String(segmented.selectedSegmentIndex)
        case let stepper as UIStepper: return String(format: "%g", stepper.value)
        case let pages as UIPageControl: return String(pages.currentPage)
        default: return ""
        }
    }
}
