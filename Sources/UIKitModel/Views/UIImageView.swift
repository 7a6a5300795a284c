import Foundation

/// UIKit's `UIImageView`. UIKit: `isUserInteractionEnabled` is false by default, so an image view and all of
/// its subviews are invisible to hit-testing until it is turned on.
open class UIImageView: UIView {
    /// The image's name (this model draws nothing).
    @exclusivity(unchecked)
    var imageName: String?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view showing the image named `imageName` (only its name: the model draws no pixels).
    public convenience init(imageName: String?, frame: CGRect = .zero) {
        self.init(frame: frame)
        self.imageName = imageName
    }
}
