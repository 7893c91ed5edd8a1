import ArgumentParser

/// `--header-timeout` and `--idle-timeout`, as `serve` and `collect` both take them: checked once,
/// given as `Duration`s.
package struct ConnectionTimeoutOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("header-timeout"),
        help: ArgumentHelp("Seconds a connection may take to send a whole request head.", valueName: "seconds"))
    package var headerTimeout: Double = 10

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp("Seconds a connection may stay silent.", valueName: "seconds"))
    package var idleTimeout: Double = 60

    /// The two timeouts, or nil after saying which one is out of range (more than 0, at most a day).
    package func durations() throws -> (header: Duration, idle: Duration)? {
        for (name, seconds) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)]
        where !(seconds > 0 && seconds <= 86_400) {
            try CommandOutput.failure("\(name): must be more than 0 and at most 86400 seconds").emit()
            return nil
        }
        return (.milliseconds(Int64(headerTimeout * 1000)), .milliseconds(Int64(idleTimeout * 1000)))
    }
}
