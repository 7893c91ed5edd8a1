import AppAlertCommands

/// `appalert`: the commands that need no server library run here; the others run in `appalert-full`,
/// which takes this process's place (``ServerCommands``).
@main
enum AppAlertMain {
    static func main() async {
        ServerCommands.runInPlaceIfAsked()
        await AppAlertCommand.main()
    }
}
