import UIKitModel

extension SceneValue {
    /// `log: true` (every group), `log: false`, `log: touches` or `log: [touches, hitTest]`.
    func logGroups() throws -> UITraceGroups {
        if case .scalar(let scalar) = node, let flag = Bool(scalar.string) { return flag ? .all : [] }
        let names: [SceneValue]
        if case .sequence = node { names = try sequence() } else { names = [self] }
        var groups: UITraceGroups = []
        for name in names {
            guard let group = UITraceGroups(name: try name.string()) else {
                throw name.mismatch("true, false or log groups (\(UITraceGroups.named.map(\.name).joined(separator: ", ")))")
            }
            groups.formUnion(group)
        }
        return groups
    }

    /// Whether `log:` named its groups (a list or a name) rather than saying true or false.
    var namesLogGroups: Bool {
        if case .scalar(let scalar) = node, Bool(scalar.string) != nil { return false }
        return true
    }
}
