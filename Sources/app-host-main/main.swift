import AppHostCommands

// The commands live in the AppHostCommands library, so an executable of your own reuses them with its own
// classes registered (Examples/); this one registers none.
AppHostCommand.main()
