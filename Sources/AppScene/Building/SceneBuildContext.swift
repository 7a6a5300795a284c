import UIKitModel

/// State shared while one scene file is built: objects by id, work that must wait until every object exists
/// (references by id, extensions), pending presentations and the requested first responder.
final class SceneBuildContext {
    let application: UIApplication
    /// Swift classes the scene may name in `class:`.
    let classes: SceneClassRegistry
    /// Controllers made from registered classes, told `viewDidLoad()` once the scene is built.
    var registeredControllers: [UIViewController] = []
    private(set) var responders: [String: UIResponder] = [:]
    private var deferred: [() throws -> Void] = []
    var presentations: [(presenter: UIViewController, presented: UIViewController)] = []
    var firstResponderRequest: (responder: UIResponder, value: SceneValue)?
    /// The controller whose scope a view is being built in (children found inside its view attach to it).
    var controllerStack: [UIViewController] = []
    /// Dead declarations and other things worth saying, in the order found.
    private(set) var warnings: [SceneWarning] = []

    /// Something in the file prints lines (an action's `log`, a recognizer's, a table's): not a silent scene.
    var printsLines = false
    /// Some object says `log:` (even `log: false`): the author chose what is printed, so silence is meant.
    var mentionsLog = false
    /// `implements:` entries, checked once built: an action nothing sends is a dead declaration.
    var implemented: [(action: String, value: SceneValue)] = []
    /// Action names sent by `onLoad` steps.
    var sentActions: Set<String> = []

    func warn(_ warning: SceneWarning) {
        warnings.append(warning)
    }

    init(application: UIApplication, classes: SceneClassRegistry = .shared) {
        self.application = application
        self.classes = classes
    }

    /// Gives `responder` an id; ids are unique across the whole file.
    func register(_ responder: UIResponder, id: String, at value: SceneValue) throws {
        guard !id.isEmpty else { throw value.error("an id must not be empty") }
        guard responders[id] == nil else { throw value.error("duplicate id '\(id)'") }
        responders[id] = responder
    }

    /// The object a scalar id refers to; only valid inside deferred work (every object exists by then).
    func responder(for value: SceneValue) throws -> UIResponder {
        let id = try value.string()
        guard let responder = responders[id] else {
            let known = responders.keys.sorted().joined(separator: ", ")
            let suggestion = SceneSuggestion.closest(to: id, in: responders.keys).map { "; did you mean '\($0)'?" } ?? ""
            throw value.error("no object with id '\(id)'\(suggestion) (ids: \(known))")
        }
        return responder
    }

    func view(for value: SceneValue) throws -> UIView {
        let responder = try responder(for: value)
        guard let view = responder as? UIView else { throw value.error("'\(try value.string())' is not a view") }
        return view
    }

    /// Runs `work` after the whole scene is built, in the order deferred.
    func afterBuild(_ work: @escaping () throws -> Void) {
        deferred.append(work)
    }

    /// Work deferred by deferred work (an extension resolving references between the objects it created)
    /// runs too, after the current round.
    func runDeferred() throws {
        while !deferred.isEmpty {
            let round = deferred
            deferred.removeAll()
            for work in round { try work() }
        }
    }
}
