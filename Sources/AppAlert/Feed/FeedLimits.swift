/// The most a feed may hold. Decoding enforces each limit with a diagnostic that names it, so a hostile
/// or runaway file costs bounded memory and time and never crashes the reader. The defaults are far
/// above any real feed (the largest benchmark feed, 10,000 messages, is 3.3 MB).
@_spi(Authoring) public struct FeedLimits: Sendable, Hashable {
    /// Bytes of the whole document; a larger one is refused whole (``FeedError/Kind-swift.struct/tooLarge``).
    /// The default is 4 MiB, the loader's body limit.
    public var maximumSize = 4 << 20
    /// Messages; the ones past the limit are left out, with one error. The default is 10,000.
    public var maximumMessages = 10_000
    /// `updates` entries; the ones past the limit are left out, with one error. The default is 1,000.
    public var maximumUpdatePolicies = 1_000
    /// UTF-8 bytes of any one string value (a title, a text, a URL, a version); a message with a longer
    /// one is left out. The default is 10,000.
    public var maximumStringLength = 10_000
    /// Nesting of arrays and objects; a deeper document is refused whole. The default is 64 (a feed
    /// needs 5).
    public var maximumDepth = JSONParser.defaultMaximumDepth
    /// Diagnostics listed for one feed; past it, one more counts the rest (an error if any of them
    /// is). One message lists at most 20 unknown or repeated keys. The default is 1,000.
    public var maximumDiagnostics = 1_000

    public init() {}
}
