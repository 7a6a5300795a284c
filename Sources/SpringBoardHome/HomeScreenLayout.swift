import Foundation

/// The home screen's icon grid: pages of `columns` x `rows` icons, iPhone-like metrics (points).
public struct HomeScreenLayout: Equatable, Sendable {
    var screenWidth: Double
    var screenHeight: Double
    var columns: Int
    var rows: Int
    var iconSize: Double
    var topInset: Double
    /// Vertical distance between rows (icon plus its label).
    var rowPitch: Double

    public init(
        screenWidth: Double = 390, screenHeight: Double = 844, columns: Int = 4, rows: Int = 6,
        iconSize: Double = 60, topInset: Double = 70, rowPitch: Double = 100
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.columns = columns
        self.rows = rows
        self.iconSize = iconSize
        self.topInset = topInset
        self.rowPitch = rowPitch
    }

    var iconsPerPage: Int { columns * rows }

    /// Equal gaps left, between and right of the icons.
    var columnGap: Double { (screenWidth - Double(columns) * iconSize) / Double(columns + 1) }

    func pageCount(icons: Int) -> Int { max(1, (icons + iconsPerPage - 1) / iconsPerPage) }

    /// The frame of the icon in `slot` (0-based, row-major across pages) on its own page.
    package func iconFrame(slot: Int) -> CGRect {
        let onPage = slot % iconsPerPage
        let column = onPage % columns, row = onPage / columns
        let x = columnGap + Double(column) * (iconSize + columnGap)
        let y = topInset + Double(row) * rowPitch
        return CGRect(x: x, y: y, width: iconSize, height: iconSize)
    }

    package func page(ofSlot slot: Int) -> Int { slot / iconsPerPage }

    /// The slot whose icon contains the point on `page`, if any.
    package func slot(at point: CGPoint, page: Int) -> Int? {
        for onPage in 0..<iconsPerPage {
            let slot = page * iconsPerPage + onPage
            if iconFrame(slot: slot).contains(point) { return slot }
        }
        return nil
    }
}
