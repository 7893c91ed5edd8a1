@_spi(Authoring) import AppAlert
import Foundation

#if canImport(CryptoKit)
    import CryptoKit
#else
    import Crypto
#endif

/// A private key for signing feeds: text of the form `ed25519-private:BASE64` (32 bytes). Keep it out
/// of the app and out of the repository the feed is published from.
public struct FeedSigningKey: Sendable {
    private let raw: Data
    private var key: Curve25519.Signing.PrivateKey {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            // Both initializers make `raw` from, or check it as, a valid key: this cannot happen.
            preconditionFailure("FeedSigningKey holds bytes that are not an Ed25519 key")
        }
        return key
    }

    /// A new random key.
    public init() {
        raw = Curve25519.Signing.PrivateKey().rawRepresentation
    }

    /// Reads `ed25519-private:BASE64`; surrounding whitespace is ignored.
    public init(_ text: String) throws(FeedTrust.VerificationError) {
        let base64 = KeyText.body(of: text, prefix: KeyText.privatePrefix)
        guard let raw = Data(base64Encoded: base64), raw.count == 32,
            (try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)) != nil
        else {
            throw FeedTrust.VerificationError(
                kind: .malformedKey, reason: "not a private key (expected \(KeyText.privatePrefix)BASE64 of 32 bytes)")
        }
        self.raw = raw
    }

    /// The text form, `ed25519-private:BASE64`.
    public var text: String { KeyText.privatePrefix + raw.base64EncodedString() }

    public var publicKey: FeedPublicKey { FeedPublicKey(validRawRepresentation: key.publicKey.rawRepresentation) }

    /// The detached signature of exactly these bytes.
    public func signature(for data: Data) -> FeedSignature {
        // Signing with a valid key does not fail; CryptoKit declares `throws` for hardware-backed keys.
        let key = key
        let bytes = (try? key.signature(for: data)) ?? Data()
        return FeedSignature(
            keyID: FeedPublicKey(validRawRepresentation: key.publicKey.rawRepresentation).id, signature: bytes)
    }

    /// `existing` (the contents of a `.sig` already written) when it is this key's valid signature of
    /// exactly these bytes, else a new signature. Ed25519 signatures from CryptoKit are randomized
    /// (Apple documents it; swift-crypto's are not), so signing unchanged bytes again on a Mac would
    /// rewrite every `.sig` on every run: a signature is checked, never compared.
    public func signature(for data: Data, reusing existing: Data?) -> FeedSignature {
        let publicKey = publicKey
        if let existing, let parsed = try? FeedSignature(existing), parsed.keyID == publicKey.id,
            publicKey.isValidSignature(parsed.signature, for: data)
        {
            return parsed
        }
        return signature(for: data)
    }
}
