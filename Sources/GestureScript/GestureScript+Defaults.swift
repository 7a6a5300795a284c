/// The defaults of the script language (`GestureCommand`, protocols/gesture-script.md) in the builders'
/// units, seconds and points, so that a built gesture and a parsed one without the option are the same.
extension GestureScript {
    static let defaultTapDuration = Double(GestureCommand.defaultTapDuration) / 1e9
    public static let defaultSwipeDistance = GestureCommand.defaultSwipeDistance
    public static let defaultSwipeDuration = Double(GestureCommand.defaultSwipeDuration) / 1e9
    static let defaultShakeDuration = Double(GestureCommand.defaultShakeDuration) / 1e9
}
