import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileHandle {
    /// What there is to read now, waiting for at least one byte; empty at the end. Foundation's
    /// `availableData` and `readDataToEndOfFile()` on Linux stop the whole test process with a fatal
    /// error when `read` is interrupted by a signal (EINTR), which a suite that starts many processes
    /// meets (`scripts/test`, 2026-11-29: "FileHandle.swift:231: Fatal error … Interrupted system
    /// call"); this one reads again.
    package func availableBytes() throws -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                #if canImport(Glibc)
                    Glibc.read(fileDescriptor, bytes.baseAddress, bytes.count)
                #else
                    Darwin.read(fileDescriptor, bytes.baseAddress, bytes.count)
                #endif
            }
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno == EINTR { continue }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Everything to the end, as `readDataToEndOfFile()` without its fatal error on EINTR.
    package func bytesToEnd() throws -> Data {
        var data = Data()
        while true {
            let chunk = try availableBytes()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }
}
