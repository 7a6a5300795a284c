import ArgumentParser
import Foundation
import ZeroMQ

/// The exit statuses of every command line of the project (hid-source, springboard, app-host, sbctl): one
/// rule, BSD's sysexits(3) numbers, written in each one's `--help` and in docs/usage.md ("Exit statuses").
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// It did what was asked.
    case ok = 0
    /// It ran, and the outcome it reports is a failure (each command's help says which).
    case failure = 1
    /// A bad option or argument: the error, one usage line and where the help is.
    case usage = 64
    /// Input refused: a recording, scene, script, trace or ensemble file that cannot be used as it is.
    case dataError = 65
    /// An input file that does not exist or cannot be read.
    case noInput = 66
    /// The peer is not there: springboard does not answer (or confirm), or springboard cannot take its sockets.
    case unavailable = 69
    /// A bug: an error nobody expected (please report it with the command line).
    case software = 70
    /// An output file that cannot be written.
    case cannotCreate = 73

    /// The rule as a help text's last paragraph; `failure` says what status 1 means for this command (nil:
    /// the command never reports one).
    public static func helpText(failure: String?) -> String {
        var parts = ["0 ok"]
        if let failure { parts.append("1 \(failure)") }
        parts += [
            "64 bad option or argument (with one usage line)", "65 input refused (a file that cannot be used as it is)",
            "66 input file missing or unreadable", "69 springboard not answering (or not able to start)",
            "70 internal error", "73 output file cannot be written",
        ]
        return "Exit status: " + parts.joined(separator: ", ") + "."
    }
}

/// An error that ends a command with `status`, printed as `Error: message` (no usage text: for bad
/// arguments use ArgumentParser's `ValidationError`, which prints one usage line).
public struct CommandError: Error, CustomStringConvertible, Sendable {
    public var status: ExitStatus
    public var message: String

    public init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }

    public static func dataError(_ message: String) -> CommandError { CommandError(.dataError, message) }
    public static func noInput(_ message: String) -> CommandError { CommandError(.noInput, message) }
    public static func unavailable(_ message: String) -> CommandError { CommandError(.unavailable, message) }
    public static func cannotCreate(_ message: String) -> CommandError { CommandError(.cannotCreate, message) }

    /// The contents of an input file, or `noInput` naming it.
    public static func read(_ path: String) throws -> String {
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read it" : "no such file"
            throw CommandError.noInput("\(path): \(reason)")
        }
    }
}

extension ExitCode {
    /// ArgumentParser's exit code for one of the statuses (a command that printed its own message).
    public init(_ status: ExitStatus) {
        self.init(status.rawValue)
    }
}

/// The `main` of every executable: parses, runs, and ends with the status the rule gives, printing errors
/// the same way everywhere (`Error: ...`; usage errors add one usage line, never the whole help).
public enum CommandLineMain {
    public static func run<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]? = nil) -> Never {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        var command: ParsableCommand
        do {
            command = try Root.parseAsRoot(arguments)
        } catch {
            finish(error, root: root, arguments: arguments)
        }
        do {
            try command.run()
        } catch {
            finish(error, root: root, arguments: arguments)
        }
        exit(ExitStatus.ok.rawValue)
    }

    /// What `run` prints and the status it exits with for `error` (tests call it).
    public static func outcome<Root: ParsableCommand>(
        of error: Error, root: Root.Type, arguments: [String]
    ) -> (status: Int32, stderr: String, stdout: String) {
        switch error {
        case let failure as CommandError:
            return (failure.status.rawValue, failure.message.isEmpty ? "" : "Error: \(failure.message)\n", "")
        case let code as ExitCode:
            return (code.rawValue, "", "")
        case let zmq as ZMQError where zmq.isBadEndpoint:
            // An endpoint option libzmq cannot read (`--events bogus`): a bad argument, not a bug.
            return (
                ExitStatus.usage.rawValue,
                "Error: \(zmq) (an endpoint is ipc://PATH or tcp://HOST:PORT)\n", ""
            )
        default:
            break
        }
        let code = Root.exitCode(for: error)
        if code == .success {
            // --help, --version: the help text on stdout.
            return (ExitStatus.ok.rawValue, "", Root.fullMessage(for: error) + "\n")
        }
        if code == .validationFailure {
            let (path, type) = commandPath(root, arguments)
            let usage = shortUsage(Root.usageString(for: type))
            return (
                ExitStatus.usage.rawValue,
                "Error: \(Root.message(for: error))\nUsage: \(usage)\n  See '\(path) --help'.\n", ""
            )
        }
        return (ExitStatus.software.rawValue, "Error: \(Root.message(for: error))\n", "")
    }

    private static func finish<Root: ParsableCommand>(_ error: Error, root: Root.Type, arguments: [String]) -> Never {
        let (status, stderr, stdout) = outcome(of: error, root: root, arguments: arguments)
        if !stdout.isEmpty { FileHandle.standardOutput.write(Data(stdout.utf8)) }
        if !stderr.isEmpty { FileHandle.standardError.write(Data(stderr.utf8)) }
        exit(status)
    }

    /// The subcommand the arguments name (`hid-source replay`), for the usage line.
    package static func commandPath(_ root: ParsableCommand.Type, _ arguments: [String]) -> (String, ParsableCommand.Type) {
        var type = root
        var path = [root._commandName]
        for argument in arguments {
            guard let next = type.configuration.subcommands.first(where: { $0._commandName == argument }) else { break }
            type = next
            path.append(argument)
        }
        return (path.joined(separator: " "), type)
    }

    /// ArgumentParser's usage line with every option group folded into one `[options]`: the command and its
    /// arguments, short enough to read (`hid-source replay <file> [options]`).
    package static func shortUsage(_ usage: String) -> String {
        var tokens: [String] = []
        var current = ""
        var depth = 0
        for character in usage {
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth -= 1 }
            if character == " " && depth == 0 {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var kept: [String] = []
        var hasOptions = false
        var afterOption = false
        for token in tokens {
            if token.hasPrefix("-") || token.hasPrefix("[-") {
                hasOptions = true
                // `--input <input>`: the option's value goes with it.
                afterOption = token.hasPrefix("-")
            } else if afterOption && token.hasPrefix("<") {
                afterOption = false
            } else {
                afterOption = false
                kept.append(token)
            }
        }
        if hasOptions && !kept.contains("[<options>]") { kept.append("[options]") }
        return kept.joined(separator: " ")
    }
}

extension ZMQError {
    /// libzmq could not read an endpoint (`--events bogus`, `foo://x`): the user's argument, not a bug.
    public var isBadEndpoint: Bool {
        (code == EINVAL && (operation.hasPrefix("zmq_connect") || operation.hasPrefix("zmq_bind")))
            || code == EPROTONOSUPPORT
    }
}
