// A small command-line tool that uses AppAlert as an app would: the Linux counterpart of the
// tutorial's AppAlertExample. At start it checks the feed (conditionally, with the last good copy as
// a fallback), shows a due message as a framed notice on standard error when that is a terminal,
// remembers it, and then does its real job.
//
//     swift run ExampleTool [--feed URL-OR-PATH] [--version V] [NAME]
//
// Try it twice: the first run shows the message for this tool in Examples/messages.json, the second
// does not.

import AppAlert
import Foundation

/// Takes `name VALUE` out of `arguments`.
func option(_ name: String, from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}

var arguments = Array(CommandLine.arguments.dropFirst())
let feed = option("--feed", from: &arguments) ?? "Examples/messages.json"
let version = option("--version", from: &arguments) ?? "1.0"
let name = arguments.first ?? "world"

let app = AppInfo(bundleID: "com.createchsol.ExampleTool", appVersion: version, build: "1")
guard let source = FeedSource(feed) else {
    FileHandle.standardError.write(Data("ExampleTool: \(feed) is not a URL or a path\n".utf8))
    exit(2)
}
let store = FileAlertStore(bundleID: app.bundleID)
let client = AlertClient(source: source, app: app, store: store)

let check = await client.check()
if let error = check.load.error {
    // A tool never fails because its message feed did.
    FileHandle.standardError.write(Data("ExampleTool: message feed: \(error.reason)\n".utf8))
}
if let message = check.decision.message, TerminalPresenter().present(AlertPresentation(message)) {
    // Printed is seen: it counts as dismissed.
    try? await client.recordShowing(of: message.id)
}

print("Hello, \(name)!")
