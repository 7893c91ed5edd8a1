@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser

extension AppAlertCommand {
    struct VersionCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "version",
            abstract: "Compare versions and test ranges as apps do.",
            subcommands: [Compare.self, Satisfies.self])
    }
}

extension AppAlertCommand.VersionCommand {
    struct Compare: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Print -1, 0 or 1 as A is lower than, equal to or higher than B.",
            discussion: "Exit code 0, or 2 when a version is invalid.")

        @Argument(help: "The first version.") var a: String
        @Argument(help: "The second version.") var b: String

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            let first: Version
            let second: Version
            do {
                first = try Version(parsing: a)
            } catch {
                return .failure("A: \(error)")
            }
            do {
                second = try Version(parsing: b)
            } catch {
                return .failure("B: \(error)")
            }
            var output = CommandOutput()
            output.out(String(first.compare(second)))
            return output
        }
    }

    struct Satisfies: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "satisfies",
            abstract: "Print whether VERSION is in RANGE (node-semver syntax).",
            discussion: "Exit code 0 when it is, 1 when it is not, 2 when the version or range is invalid.")

        @Argument(help: "The version.") var version: String
        @Argument(help: "The range, e.g. \">=1.2 <2\" or \"^1.4.0\".") var range: String

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            let parsedVersion: Version
            let parsedRange: VersionRange
            do {
                parsedVersion = try Version(parsing: version)
            } catch {
                return .failure("VERSION: \(error)")
            }
            do {
                parsedRange = try VersionRange(parsing: range)
            } catch {
                return .failure("RANGE: \(error)")
            }
            let satisfied = parsedRange.contains(parsedVersion)
            var output = CommandOutput()
            output.out(satisfied ? "true" : "false")
            output.exitCode = satisfied ? 0 : 1
            return output
        }
    }
}
