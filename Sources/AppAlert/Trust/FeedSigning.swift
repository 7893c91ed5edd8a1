import Foundation

#if canImport(CryptoKit)
    import CryptoKit
#else
    import Crypto
#endif

// Ed25519 through CryptoKit on Apple platforms and swift-crypto (same API) elsewhere: no third-party
// code reaches an app on Apple platforms.

/// A public key that feeds may be signed with: text of the form `ed25519:BASE64` (32 bytes), as
/// `appalert keygen` writes it to `appalert.pub`, to paste into an app's configuration.
public struct FeedPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The 32 raw bytes. (Kept as bytes: the key types of swift-crypto are not `Sendable`.)
    public let rawRepresentation: Data

    public init(rawRepresentation: Data) throws(FeedTrust.VerificationError) {
        guard rawRepresentation.count == 32,
            (try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation)) != nil
        else {
            throw FeedTrust.VerificationError(
                kind: .malformedKey, reason: "a public key is 32 bytes, not \(rawRepresentation.count)")
        }
        self.rawRepresentation = rawRepresentation
    }

    package init(validRawRepresentation: Data) {
        self.rawRepresentation = validRawRepresentation
    }

    /// Reads `ed25519:BASE64` (the prefix may be left out); surrounding whitespace is ignored.
    public init(_ text: String) throws(FeedTrust.VerificationError) {
        let base64 = KeyText.body(of: text, prefix: KeyText.publicPrefix)
        guard let raw = Data(base64Encoded: base64) else {
            throw FeedTrust.VerificationError(
                kind: .malformedKey, reason: "\"\(KeyText.excerpt(text))\" is not a public key (ed25519:BASE64)")
        }
        try self.init(rawRepresentation: raw)
    }

    /// The text form, `ed25519:BASE64`.
    public var text: String { KeyText.publicPrefix + rawRepresentation.base64EncodedString() }

    /// A short name of the key: the first 8 bytes of its SHA-256, in hex. Signature files carry it, so
    /// a verifier with several keys (rotation) knows which one to use and can say which one signed.
    public var id: String { KeyText.hex(ContentHash.sha256(rawRepresentation).prefix(8)) }

    public var description: String { text }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawRepresentation == rhs.rawRepresentation }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawRepresentation) }

    package func isValidSignature(_ signature: Data, for data: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else { return false }
        return key.isValidSignature(signature, for: data)
    }
}

/// A detached signature: the contents of `FEED.sig`, one line `ed25519 KEY-ID BASE64`.
public struct FeedSignature: Sendable, Hashable, CustomStringConvertible {
    /// ``FeedPublicKey/id`` of the key that signed.
    public var keyID: String
    /// The 64-byte Ed25519 signature.
    public var signature: Data

    public init(keyID: String, signature: Data) {
        self.keyID = keyID
        self.signature = signature
    }

    /// Reads the contents of a `.sig` file.
    public init(_ data: Data) throws(FeedTrust.VerificationError) {
        guard data.count <= 1024, let text = String(data: data, encoding: .utf8) else {
            throw FeedTrust.VerificationError(
                kind: .malformedSignature, reason: "the signature file is not a short text")
        }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard fields.count == 3, fields[0] == "ed25519" else {
            throw FeedTrust.VerificationError(
                kind: .malformedSignature,
                reason:
                    "the signature file must be one line \"ed25519 KEY-ID BASE64\", not \"\(KeyText.excerpt(text))\"")
        }
        guard fields[1].count == 16, fields[1].allSatisfy(\.isHexDigit) else {
            throw FeedTrust.VerificationError(
                kind: .malformedSignature, reason: "\"\(fields[1])\" is not a key id (16 hex digits)")
        }
        guard let signature = Data(base64Encoded: String(fields[2])), signature.count == 64 else {
            throw FeedTrust.VerificationError(
                kind: .malformedSignature, reason: "the signature is not 64 bytes of base64")
        }
        self.init(keyID: String(fields[1]).lowercased(), signature: signature)
    }

    /// The `.sig` file's contents.
    public var text: String { "ed25519 \(keyID) \(signature.base64EncodedString())\n" }
    public var data: Data { Data(text.utf8) }
    public var description: String { text }
}

/// The keys an app accepts feeds from. Several keys allow rotation: ship the new key beside the old
/// one, start signing with the new one, and drop the old one from a later release.
public struct FeedTrust: Sendable, Hashable {
    public var publicKeys: [FeedPublicKey]

    public init(publicKeys: [FeedPublicKey]) {
        self.publicKeys = publicKeys
    }

    /// Reads each key's text (`ed25519:BASE64`).
    public init(publicKeys texts: [String]) throws(FeedTrust.VerificationError) {
        var keys: [FeedPublicKey] = []
        for text in texts { keys.append(try FeedPublicKey(text)) }
        self.init(publicKeys: keys)
    }

    /// Checks that `signatureFile` (the `.sig` contents, `nil` when there is none) is a valid signature
    /// of exactly `data` by one of the keys; returns that key.
    @discardableResult
    public func verify(_ data: Data, signatureFile: Data?) throws(FeedTrust.VerificationError) -> FeedPublicKey {
        guard let signatureFile else {
            throw FeedTrust.VerificationError(kind: .missingSignature, reason: "the feed is not signed (no .sig file)")
        }
        let signature = try FeedSignature(signatureFile)
        guard let key = publicKeys.first(where: { $0.id == signature.keyID }) else {
            let trusted = publicKeys.map(\.id).joined(separator: ", ")
            throw FeedTrust.VerificationError(
                kind: .unknownKey,
                reason:
                    "the feed is signed with key \(signature.keyID), which is not trusted (trusted: \(trusted.isEmpty ? "none" : trusted))"
            )
        }
        guard key.isValidSignature(signature.signature, for: data) else {
            throw FeedTrust.VerificationError(
                kind: .invalidSignature,
                reason:
                    "the signature by key \(key.id) does not match the feed's bytes: the feed or the signature was changed"
            )
        }
        return key
    }
}

extension FeedTrust {
    /// Why a feed, key or signature was not accepted.
    public struct VerificationError: Error, Sendable, Hashable, CustomStringConvertible {
        public struct Kind: RawRepresentable, Sendable, Hashable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            /// There is no signature file.
            public static let missingSignature = Kind(rawValue: "missingSignature")
            /// The signature file cannot be read.
            public static let malformedSignature = Kind(rawValue: "malformedSignature")
            /// Signed with a key that is not trusted.
            public static let unknownKey = Kind(rawValue: "unknownKey")
            /// The signature does not match the bytes: tampered with.
            public static let invalidSignature = Kind(rawValue: "invalidSignature")
            /// The feed's `sequence` is lower than one already accepted: an old feed served again.
            public static let replayed = Kind(rawValue: "replayed")
            /// A key's text cannot be read.
            public static let malformedKey = Kind(rawValue: "malformedKey")
        }

        public var kind: Kind
        public var reason: String

        public init(kind: Kind, reason: String) {
            self.kind = kind
            self.reason = reason
        }

        public var description: String { reason }
    }
}

package enum KeyText {
    package static let publicPrefix = "ed25519:"
    package static let privatePrefix = "ed25519-private:"

    package static func body(of text: String, prefix: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(prefix.count)) : trimmed
    }

    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// At most 40 characters of `text`, for an error message.
    package static func excerpt(_ text: String) -> String {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return line.count > 40 ? line.prefix(40) + "…" : line
    }
}
