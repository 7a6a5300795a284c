import ArgumentParser

/// `--runtime-dir`: where springboard's ipc sockets are, for every command that binds or finds them.
public struct RuntimeDirectoryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: """
            Runtime directory (mode 0700) holding the ipc sockets (default: $TOUCHPIPELINE_RUNTIME_DIR, \
            $XDG_RUNTIME_DIR/touchpipeline or /tmp/touchpipeline-$UID).
            """)
    var runtimeDir: String?

    public init() {}

    /// The endpoints in `--runtime-dir`, else in the default runtime directory.
    public var endpoints: DefaultEndpoints { DefaultEndpoints(runtimeDirectory: runtimeDir) }
}
