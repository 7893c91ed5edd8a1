/// Which installs are in a message's rollout.
///
/// Each (message, install) pair gets a bucket from 0 to 999,999: the first eight bytes, read as a
/// big-endian unsigned integer, of the SHA-256 digest of the UTF-8 text
/// `appalert-rollout:<message id>:<install id>`, modulo 1,000,000. The install is in when its bucket
/// is below `rollout × 10,000`. So:
///
/// - the same install and message always land in the same bucket, on every platform and release
///   (SHA-256 through CryptoKit or swift-crypto, tested against known answers from Python's hashlib);
/// - buckets are uniform, so `rollout: 30` reaches 30 % of installs (to 0.0001 %);
/// - raising the percentage only adds installs: an install in at 30 is in at 60;
/// - each message draws its own sample: being in one message's 10 % says nothing about another's.
@_spi(Authoring) public enum Rollout {
    /// The number of buckets.
    public static let bucketCount: UInt64 = 1_000_000

    /// The install's bucket for a message, in `0..<bucketCount`.
    public static func bucket(messageID: Int, installID: String) -> UInt64 {
        let digest = ContentHash.sha256(Array("appalert-rollout:\(messageID):\(installID)".utf8))
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        return value % bucketCount
    }

    /// Whether an install in `bucket` is in a rollout of `percent` (0–100).
    public static func includes(bucket: UInt64, percent: Double) -> Bool {
        if percent >= 100 { return true }
        if percent <= 0 { return false }
        return Double(bucket) < (percent * Double(bucketCount) / 100).rounded()
    }
}
