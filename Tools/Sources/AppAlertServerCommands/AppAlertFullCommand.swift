import AppAlertCommands
import ArgumentParser

/// `appalert-full`: the `appalert` command with every command whole, the server's among them
/// (``ServerCommands``). It calls itself `appalert`: the release archive and Homebrew install it under
/// that name, and `appalert` runs it in its place for those commands, so its help and errors read as
/// `appalert`'s.
public struct AppAlertFullCommand: AsyncParsableCommand {
    public static let configuration = AppAlertCommand.commandConfiguration(
        server: AppAlertCommand.ServerCommandTypes(
            publish: AppAlertCommand.Publish.self, serve: AppAlertCommand.Serve.self,
            keygen: AppAlertCommand.Keygen.self, sign: AppAlertCommand.Sign.self, verify: AppAlertCommand.Verify.self,
            collect: AppAlertCommand.Collect.self, report: AppAlertCommand.Report.self))

    public init() {}
}
