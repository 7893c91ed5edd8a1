// The tutorial's AppAlertExample with AppAlert: a SwiftUI app that shows remote messages.
//
// This file is not part of the package's build (SwiftUI exists on Apple platforms only). To use it,
// create an iOS or macOS app in Xcode, add the AppAlert package (products AppAlert and AppAlertUI)
// and replace the app's Swift files with this one.

import AppAlert
import AppAlertUI
import SwiftUI

@main
struct AppAlertExampleApp: App {
    // The tutorial's line, in the app rather than in ContentView: one service for all of the app's
    // windows (an iPad or Mac app can have several, and the service decides which one shows a message).
    @State private var alertService = AlertService("https://stewartlynchdemo.github.io/AppAlert/messages.json")

    var body: some Scene {
        WindowGroup {
            ContentView(alertService: alertService)
        }
    }
}

struct ContentView: View {
    let alertService: AlertService

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "exclamationmark.bubble")
                .font(.largeTitle)
            Text("AppAlert Example")
        }
        .padding()
        .task {
            alertService.onEvent = { event in print("AppAlert:", event) }
            await alertService.showAlertIfNecessary()
        }
        .messageAlert(alertService)
        #if DEBUG
            .onAppear {
                // Where AppAlert keeps what this install has seen and the last good feed.
                for location in alertService.locations { print("AppAlert state:", location) }
            }
        #endif
    }
}
