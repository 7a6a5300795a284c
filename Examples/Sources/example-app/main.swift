import AppHostCommands
import ExampleKit

// app-host with the example's classes: the same subcommands (serve, run, tree, explain, render, ...), and
// scene files may name WideHitView, TwoFingerTapRecognizer and KeyboardDismissController in `class:`.
ExampleClasses.register()
AppHostCommand.main()
