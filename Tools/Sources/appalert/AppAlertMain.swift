import AppAlertCommands

@main
extension AppAlertCommand {}
