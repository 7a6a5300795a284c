import Foundation

/// UIKit's `UITableViewCell`: one row of a table view. It does not override the touch methods, so its touches
/// travel up the responder chain to the table view, which highlights and selects rows.
open class UITableViewCell: UIView {
    /// The default cell style's text (UIKit's `textLabel.text`).
    @exclusivity(unchecked)
    var text: String?
    @exclusivity(unchecked)
    var isHighlighted = false
    @exclusivity(unchecked)
    var isSelected = false

    /// A cell whose trace and renders show `text` (its `textLabel`'s text on iOS).
    public convenience init(text: String?) {
        self.init(frame: .zero)
        self.text = text
    }

    func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
    }

    func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
    }
}
