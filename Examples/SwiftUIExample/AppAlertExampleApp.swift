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
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}

struct ContentView: View {
    // The tutorial's line, unchanged: the feed's URL on GitHub Pages.
    @State private var alertService = AlertService("https://stewartlynchdemo.github.io/AppAlert/messages.json")

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
