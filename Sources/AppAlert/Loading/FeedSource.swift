import Foundation

/// Where a feed comes from: an `https:` (or, for development, `http:`) URL, or a file.
public enum FeedSource: Sendable, Hashable, CustomStringConvertible {
    case remote(URL)
    case file(URL)

    /// Reads `https://…`, `http://…`, `file://…` or a plain file path (absolute, or relative to the
    /// current directory). `nil` for anything else, such as `ftp:` or an empty string.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        let lowered = text.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            guard let url = URL(string: text), let host = url.host, !host.isEmpty else { return nil }
            self = .remote(url)
        } else if lowered.hasPrefix("file://") {
            guard let url = URL(string: text), url.isFileURL else { return nil }
            self = .file(url)
        } else if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter }),
            colon != text.startIndex,
            !text.hasPrefix("/")
        {
            return nil  // another scheme
        } else {
            self = .file(URL(fileURLWithPath: text))
        }
    }

    /// The text that identifies the source in the cache.
    public var identifier: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let url): url.standardizedFileURL.absoluteString
        }
    }

    public var description: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let url): url.path
        }
    }

    /// Whether `http:` to this host is allowed without opting in: loopback only.
    var isLoopback: Bool {
        guard case .remote(let url) = self, let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
