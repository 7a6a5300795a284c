import TouchPipelineTesting
import UIKitModel
import XCTest

/// UIKit's tap recognizer under a name of your own, so its lines read `-[LXFTapGestureRecognizer ...]`.
final class LXFTapGestureRecognizer: UITapGestureRecognizer {}
