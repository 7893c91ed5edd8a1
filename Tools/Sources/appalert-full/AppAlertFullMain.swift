import AppAlertServerCommands

@main
extension AppAlertFullCommand {}
