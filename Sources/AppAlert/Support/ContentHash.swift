#if canImport(CryptoKit)
    import CryptoKit
#else
    import Crypto
#endif

/// SHA-256 of rollout buckets, ETags and key ids: CryptoKit on Apple platforms, swift-crypto (the same
/// API) elsewhere — the libraries the signature code already uses, so the core carries no hash of its
/// own. The rollout known-answer tests pin the buckets to Python's hashlib.
package enum ContentHash {
    /// The 32-byte digest of `message`.
    package static func sha256<Bytes: Collection<UInt8>>(_ message: Bytes) -> [UInt8] {
        let digest =
            message.withContiguousStorageIfAvailable { SHA256.hash(data: $0) } ?? SHA256.hash(data: Array(message))
        return Array(digest)
    }
}
