@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser

extension AppAlertCommand {
    struct Schema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the feed's JSON Schema (draft 2020-12), for editors.",
            discussion: """
                Formats 1 and 2, every key with its description and default. Point a format 2 feed at it \
                with "$schema": "feed.schema.json" (VS Code and other JSON language servers then complete \
                keys and show their documentation). The schema refuses only what validate reports as an \
                error; the checks only validate makes are listed in its description. Exit code 0.
                """)

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            var output = CommandOutput()
            output.json(FeedSchema.document)
            return output
        }
    }
}
