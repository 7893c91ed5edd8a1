/// The console's page, style and script (`serve --dev`, `/console`): plain HTML, CSS and JavaScript
/// served by the binary, with no build step and nothing fetched from the network.
enum ConsoleAssets {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>AppAlert console</title>
        <link rel="stylesheet" href="/console/console.css"><script src="/console/console.js" defer></script>
        </head><body><main id="console"></main></body></html>
        """#

    static let style = #"""
        body { font: 15px system-ui, sans-serif; }
        """#

    static let script = #"""
        "use strict";
        """#
}
