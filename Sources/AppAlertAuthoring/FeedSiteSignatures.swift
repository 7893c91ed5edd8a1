@_spi(Authoring) import AppAlert
import Foundation

// A `.sig` carried beside a feed (made by `appalert sign`) stops matching the moment the feed is
// edited without signing again: apps that check signatures then refuse the feed. `serve` and `publish`
// check every `.sig` they carry before handing it out.

extension FeedSite {
    /// A `.sig` the site carries that does not match its file, or that could not be checked.
    public struct SignatureProblem: Sendable, Hashable, CustomStringConvertible {
        public enum Kind: Sendable, Hashable {
            /// The signature is not a valid signature of the file's bytes: apps refuse the pair.
            case mismatch
            /// No public key with the signature's key id was found, so it was served or published as
            /// it is.
            case unchecked
        }

        /// The signed file's path (`messages.json`); the signature is at `path + ".sig"`.
        public var path: String
        public var kind: Kind
        /// Why, in a sentence that names the files.
        public var reason: String

        public var signaturePath: String { path + ".sig" }
        public var description: String { reason }
    }

    /// Checks every `.sig` the site carries against the file beside it, with the key its key id names.
    ///
    /// - With that key in `trust`: the signature is verified over the file's exact bytes.
    /// - Without it, a signature cannot be verified; but when `previous` (the same path as served or
    ///   published before) gives the very same `.sig` beside other bytes, the file was changed after
    ///   signing: an Ed25519 signature matches one content only. Otherwise it is `unchecked`.
    public func checkSignatures(trust: FeedTrust, previous: (String) -> Data? = { _ in nil }) -> [SignatureProblem] {
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [SignatureProblem] = []
        for signature in files where signature.path.hasSuffix(".sig") {
            let path = String(signature.path.dropLast(4))
            guard let file = byPath[path] else { continue }
            let unchanged = previous(signature.path) == signature.data
            do {
                try trust.verify(file.data, signatureFile: signature.data)
            } catch  where error.kind == .unknownKey {
                if unchanged, let before = previous(path), before != file.data {
                    problems.append(
                        SignatureProblem(
                            path: path, kind: .mismatch,
                            reason: "\(path) changed but is not signed"))
                } else {
                    let id = (try? FeedSignature(signature.data))?.keyID ?? "?"
                    problems.append(
                        SignatureProblem(
                            path: path, kind: .unchecked,
                            reason: "\(signature.path) is not checked: no public key with its id \(id) was found "
                                + "(give --public-key FILE, the appalert.pub it was made with)"))
                }
            } catch {
                let reason =
                    switch error.kind {
                    case .invalidSignature where unchanged: "\(path) changed but is not signed"
                    case .invalidSignature:
                        "\(signature.path) does not match \(path) as it is now (edited after signing?)"
                    default: "\(signature.path) is not a signature: \(error.reason)"
                    }
                problems.append(SignatureProblem(path: path, kind: .mismatch, reason: reason))
            }
        }
        return problems
    }

    /// The folder a site's files are found in: `source` itself when it is a directory, else the folder
    /// of the feed file.
    public static func folder(of source: URL) -> URL {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? source : source.deletingLastPathComponent()
    }

    /// The keys a carried `.sig` of the site of `source` is checked with: `given` (`--public-key`), the
    /// signing key's own, and the `appalert.pub` files found near it (``PublicKeyFiles``).
    public static func signatureTrust(for source: URL, given: [FeedPublicKey], signingKey: FeedSigningKey?)
        -> FeedTrust
    {
        FeedTrust(
            publicKeys: given + (signingKey.map { [$0.publicKey] } ?? [])
                + PublicKeyFiles.discover(near: folder(of: source)))
    }

    /// The site without the files at `paths`.
    public func removing(_ paths: Set<String>) -> FeedSite {
        FeedSite(files: files.filter { !paths.contains($0.path) }, warnings: warnings)
    }
}

/// The public keys `serve` and `publish` check carried signatures with, besides those given with
/// `--public-key`: `appalert.pub` files where `appalert keygen` is told to write them.
public enum PublicKeyFiles {
    /// `appalert.pub` and `keys/appalert.pub` in `folder` and in each folder above it, up to the
    /// first that holds `.git` (the repository's root) or the file system's root, then
    /// `~/.appalert/appalert.pub`. Files that do not hold a public key are skipped. A found key is
    /// only ever used for a signature that names its id.
    public static func discover(near folder: URL, home: URL? = URL(fileURLWithPath: NSHomeDirectory()))
        -> [FeedPublicKey]
    {
        var candidates: [URL] = []
        var directory = folder.standardizedFileURL
        while true {
            candidates.append(directory.appendingPathComponent("appalert.pub"))
            candidates.append(directory.appendingPathComponent("keys/appalert.pub"))
            let parent = directory.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path)
                || parent.path == directory.path
            {
                break
            }
            directory = parent
        }
        if let home { candidates.append(home.appendingPathComponent(".appalert/appalert.pub")) }
        var keys: [FeedPublicKey] = []
        for file in candidates {
            // A public key file is one short line; anything larger is not one.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                ((attributes[.size] as? NSNumber)?.intValue ?? .max) <= 1024,
                let data = FileManager.default.contents(atPath: file.path),
                let key = try? FeedPublicKey(String(decoding: data, as: UTF8.self)), !keys.contains(key)
            else { continue }
            keys.append(key)
        }
        return keys
    }
}
