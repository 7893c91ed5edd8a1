@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signing keys in files: a private key written readable by its owner only, read with a warning when
/// others may read it, and the public keys of `--public-key` options.
package enum KeyFile {
    /// Creates `file` readable by its owner only, from the first byte on.
    package static func writePrivate(_ text: String, to file: URL) throws {
        unlink(file.path)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            offset += count
        }
        guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// The key in `path`, and a warning when others may read the file.
    package static func readPrivate(_ path: String) throws(InputError) -> (FeedSigningKey, String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(message: "--key: cannot read \(path)")
        }
        let key: FeedSigningKey
        do {
            key = try FeedSigningKey(String(decoding: data, as: UTF8.self))
        } catch {
            throw InputError(message: "--key: \(path): \(error.reason)")
        }
        var warning: String?
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int,
            mode & 0o077 != 0
        {
            warning = "\(path) can be read by other users (mode \(String(mode, radix: 8))); chmod 600 it"
        }
        return (key, warning)
    }

    /// The keys of `--public-key` options: each a file holding the key, or the key's text.
    package static func trust(_ values: [String]) throws(InputError) -> FeedTrust {
        guard !values.isEmpty else { throw InputError(message: "--public-key: give at least one key") }
        var keys: [FeedPublicKey] = []
        for value in values {
            let text = FileManager.default.contents(atPath: value).map { String(decoding: $0, as: UTF8.self) } ?? value
            do {
                keys.append(try FeedPublicKey(text))
            } catch {
                throw InputError(message: "--public-key: \(value): neither a key file nor a key (\(error.reason))")
            }
        }
        return FeedTrust(publicKeys: keys)
    }
}
