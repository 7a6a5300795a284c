/// UIKit's `UIScrollViewDelegate` (the scrolling and dragging part). Every method is optional, as in UIKit.
package protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
}

extension UIScrollViewDelegate {
    package func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    package func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    package func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
}
