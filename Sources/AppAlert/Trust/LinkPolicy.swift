import Foundation

/// Which links an app lets a message open. A message whose link (or a localization's link) the policy
/// refuses is not shown at all — showing it without its button could leave a wall with no way out,
/// and a phishing link should not get a second chance as text.
///
/// The default allows `https:` to any host. An app may allow more schemes (its own deep-link scheme,
/// `mailto:`) and may restrict hosts. Schemes that run code or read local data — `javascript:`,
/// `data:`, `file:`, `vbscript:`, `blob:`, `about:`, `filesystem:` — are never allowed, whatever the
/// configuration says; `appalert validate` reports them as errors.
public struct LinkPolicy: Sendable, Hashable {
    /// Lowercased schemes a link may use. The default is `["https"]`.
    public var allowedSchemes: Set<String>
    /// The hosts `http:`/`https:` links may point to, or `nil` for any. An entry matches that host and,
    /// written with a leading dot (`.example.com`), every subdomain of it. Schemes without a host
    /// (`myapp:settings`, `mailto:`) are not restricted by hosts.
    public var allowedHosts: [String]?

    /// Schemes no policy allows.
    public static let forbiddenSchemes: Set<String> = [
        "javascript", "data", "file", "vbscript", "blob", "about", "filesystem",
    ]

    public init(allowedSchemes: Set<String> = ["https"], allowedHosts: [String]? = nil) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowedHosts = allowedHosts?.map { $0.lowercased() }
    }

    /// `nil` when `url` may be opened; otherwise why not.
    public func refusal(of url: URL) -> String? {
        let scheme = url.scheme?.lowercased() ?? ""
        if Self.forbiddenSchemes.contains(scheme) {
            return "a link may never open a \(scheme): URL"
        }
        guard allowedSchemes.contains(scheme) else {
            let allowed = allowedSchemes.sorted().map { $0 + ":" }.joined(separator: ", ")
            return
                "\(scheme.isEmpty ? "a link without a scheme" : scheme + ": links") are not allowed (allowed: \(allowed))"
        }
        if let allowedHosts, scheme == "http" || scheme == "https" {
            let host = url.host?.lowercased() ?? ""
            let permitted = allowedHosts.contains { entry in
                entry.hasPrefix(".") ? host.hasSuffix(entry) || host == entry.dropFirst() : host == entry
            }
            if !permitted {
                return "host \"\(host)\" is not among the allowed hosts (\(allowedHosts.joined(separator: ", ")))"
            }
        }
        return nil
    }

    public func allows(_ url: URL) -> Bool { refusal(of: url) == nil }

    /// The first URL `message` may open (its link, buttons and tap action, then its localizations',
    /// then its variants') that the policy refuses, with why. Checked in place at every decision,
    /// without collecting the URLs first.
    public func refusal(of message: Message) -> (url: URL, reason: String)? {
        if let refused = refusal(link: message.link, buttons: message.buttons, localizations: message.localizations) {
            return refused
        }
        if case .url(let url)? = message.action, let reason = refusal(of: url) { return (url, reason) }
        for variant in message.variants {
            if let refused = refusal(link: variant.link, buttons: variant.buttons, localizations: variant.localizations)
            {
                return refused
            }
        }
        return nil
    }

    private func refusal(link: Message.Link?, buttons: [Message.Button]?, localizations: [Message.Localization]?)
        -> (url: URL, reason: String)?
    {
        if let link, let reason = refusal(of: link.url) { return (link.url, reason) }
        if let refused = refusal(of: buttons) { return refused }
        for localization in localizations ?? [] {
            if let link = localization.link, let reason = refusal(of: link.url) { return (link.url, reason) }
            if let refused = refusal(of: localization.buttons) { return refused }
        }
        return nil
    }

    private func refusal(of buttons: [Message.Button]?) -> (url: URL, reason: String)? {
        for button in buttons ?? [] {
            if case .url(let url) = button.action, let reason = refusal(of: url) { return (url, reason) }
        }
        return nil
    }
}
