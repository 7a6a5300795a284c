import Foundation

extension IndexPath {
    /// UIKit's `IndexPath(row:section:)` (UIKit adds it to Foundation's type; Linux Foundation has no UIKit).
    package init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The row of a table index path (UIKit's `row`).
    public var row: Int { self[1] }
    /// The section of a table index path (UIKit's `section`).
    public var section: Int { self[0] }
}
