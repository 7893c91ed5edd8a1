import Foundation

/// What a child process printed and how it ended.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    /// Runs `executable` with `arguments` to its end (NO_COLOR=1 and `environment` over this process's
    /// environment), with `standardInput` on its standard input.
    public static func run(
        _ executable: URL, _ arguments: [String], standardInput: Data? = nil, environment extra: [String: String] = [:]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        if let standardInput { input.fileHandleForWriting.write(standardInput) }
        try input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        Thread {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let status = process.waitForExit()
        return ProcessResult(
            status: status, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}

extension Process {
    /// Waits for the child to end and returns what `terminationStatus` will say (its exit status, or the
    /// signal that ended it), blocked in `waitid(2)` rather than in `waitUntilExit()`.
    ///
    /// On Linux `waitUntilExit()` spins this thread's run loop until Foundation's own SIGCHLD handler has
    /// reaped the child, and that handler runs on a Dispatch queue that needs a thread of the same small
    /// pool Swift's tasks run on. With every such thread busy in a test (two on this machine), the handler
    /// never ran: the suite hung, `waitUntilExit()` at 90 % CPU and the exited children left as zombies.
    /// `WNOWAIT` leaves the reaping to Foundation, so `isRunning` and `terminationStatus` stay right.
    public func waitForExit() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0 {
            guard errno == EINTR else {
                // Already reaped (ECHILD): Foundation knows how it ended.
                waitUntilExit()
                return terminationStatus
            }
        }
        return info._sifields._sigchld.si_status
    }
}

/// Runs `body` on a thread of its own and waits for it without holding one of Swift's cooperative
/// threads (as many as the machine has cores: two here): a test that blocks one, waiting for a
/// process or a socket, holds back every other test's tasks, servers' answers among them.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Example feeds written to a temporary directory for a test.
public struct TemporaryDirectory: ~Copyable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func write(_ name: String, _ contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
