@_spi(Authoring) import AppAlert
import Foundation

/// The files a feed is published as — by `appalert publish` to a folder, and by `appalert serve` over
/// HTTP, at the same paths:
///
/// - `NAME` — the feed itself, byte for byte as written;
/// - `apps/BUNDLE-ID.json` — for every app the feed names, a view with only that app's messages (and the
///   `"*"` ones) and its update policy, in the feed's own format, so an app downloads only what
///   concerns it;
/// - `PATH.sig` beside each of them when built with a signing key; without one, a `NAME.sig` found
///   beside the feed (made by `appalert sign`) is carried as it is (``checkSignatures(trust:previous:)``
///   says whether it still matches);
/// - `images/…` — the pictures of the `images/` folder beside the feed, checked as apps check them
///   (``images(in:limits:)``).
public struct FeedSite: Sendable {
    public struct File: Sendable, Hashable {
        /// The path relative to the site's root, with `/` separators.
        public var path: String
        public var data: Data
        /// A strong validator derived from the content: `"` + 32 hex digits of its SHA-256 + `"`.
        public var etag: String

        public init(path: String, data: Data) {
            self.path = path
            self.data = data
            self.etag = "\"" + KeyText.hex(ContentHash.sha256(data).prefix(16)) + "\""
        }

        /// `text/plain` for a signature, the picture's type for an image, `application/json` for a feed.
        public var contentType: String {
            if path.hasSuffix(".sig") { return "text/plain; charset=utf-8" }
            if path.hasPrefix("images/"),
                let format = FeedSite.imageExtensions[FeedSite.fileExtension(of: path)]
            {
                return "image/" + format.rawValue
            }
            return "application/json; charset=utf-8"
        }

        /// Whether the file is an image (already compressed: not worth gzip).
        public var isImage: Bool { path.hasPrefix("images/") }

        /// Whether the file is a feed the author wrote (not a per-app view, a signature or an image).
        public var isFeed: Bool { !path.contains("/") && !path.hasSuffix(".sig") }
    }

    /// The files, the feed first, then the per-app views in bundle-id order.
    public var files: [File]
    /// Warnings found while building (errors stop the build).
    public var warnings: [FeedDiagnostic]

    /// A site of these files; `FeedSite()` serves nothing (what `serve --dev` starts from when the feed
    /// cannot be served yet and its console is there to mend it).
    public init(files: [File] = [], warnings: [FeedDiagnostic] = []) {
        self.files = files
        self.warnings = warnings
    }

    /// The file at `path`, if the site has one.
    public func file(at path: String) -> File? {
        files.first { $0.path == path }
    }

    /// Builds the site of the feed `data` published as `name`. A feed with errors is refused: a
    /// site is never built from a feed apps would read differently from its author's intent.
    ///
    /// With `signingKey`, every file gets a `.sig` beside it. Without one, `signature` (the feed's own
    /// `.sig`, if any) is published beside the feed, and the per-app views stay unsigned.
    public static func build(
        name: String, data: Data, signingKey: FeedSigningKey? = nil, signature: Data? = nil,
        existingSignature: (String) -> Data? = { _ in nil }, published: ((String) -> Data?)? = nil
    ) throws(FeedSiteError) -> FeedSite {
        guard isSafeName(name) else {
            throw FeedSiteError(file: name, reason: "\"\(name)\" is not a plain file name", diagnostics: [])
        }
        let document: JSONValue
        let result: FeedDecoder.Output
        do {
            document = try JSONParser().parse(data)
            result = try FeedDecoder().decode(document)
        } catch let error as JSONValue.SyntaxError {
            throw FeedSiteError(file: name, reason: error.description, diagnostics: [])
        } catch let error as FeedError {
            throw FeedSiteError(file: name, reason: error.reason, diagnostics: [])
        } catch {
            throw FeedSiteError(file: name, reason: "\(error)", diagnostics: [])
        }
        guard result.errors.isEmpty else {
            let count = result.errors.count
            throw FeedSiteError(
                file: name, reason: "\(count) error\(count == 1 ? "" : "s") in the feed", diagnostics: result.errors)
        }
        var warnings = result.warnings
        var files = [File(path: name, data: data)]
        var apps = Set<String>()
        for message in result.feed.messages { apps.formUnion(message.bundleIDs) }
        for policy in result.feed.updatePolicies { apps.formUnion(policy.bundleIDs) }
        apps.remove("*")
        let safeApps = apps.sorted().filter(isSafeName)
        let views = views(of: document, for: safeApps)
        for app in apps.sorted() {
            guard isSafeName(app), let view = views[app] else {
                warnings.append(
                    FeedDiagnostic(
                        severity: .warning, code: .invalidValue, path: "$", key: "bundleId", value: "\"\(app)\"",
                        reason:
                            "no per-app view for \"\(app)\": a bundle id in a path may only hold letters, digits, '.', '-' and '_'"
                    ))
                continue
            }
            files.append(File(path: "apps/\(app).json", data: Data(view.serialized().utf8)))
        }
        if let signingKey {
            files = files.flatMap { file in
                let signature = signingKey.signature(for: file.data, reusing: existingSignature(file.path + ".sig"))
                return [file, File(path: file.path + ".sig", data: signature.data)]
            }
        } else if signature != nil || published != nil {
            // A published site (what `publish` wrote, served as it is): each view as written, with
            // its .sig when publish signed it. Each file is read once.
            files = files.enumerated().flatMap { position, file in
                let data = position == 0 ? file.data : published?(file.path) ?? file.data
                let sig = position == 0 ? signature : published?(file.path + ".sig")
                return [File(path: file.path, data: data)]
                    + (sig.map { [File(path: file.path + ".sig", data: $0)] } ?? [])
            }
            let paths = Set(files.map(\.path))
            let unsignedViews = files.filter {
                $0.path.hasPrefix("apps/") && !$0.path.hasSuffix(".sig") && !paths.contains($0.path + ".sig")
            }
            if signature != nil, !unsignedViews.isEmpty {
                warnings.append(
                    FeedDiagnostic(
                        severity: .warning, code: .noEffect, path: "$", key: nil,
                        reason: "\(name) is signed, its per-app views are not: apps that check signatures "
                            + "can only use the full feed (give the key to sign the views too)"))
            }
        }
        return FeedSite(files: files, warnings: warnings)
    }

    /// For each of `apps`, the document with only the entries for that app (or `"*"`), in the same
    /// shape and order. One pass sorts the entries by app, so a feed naming 10,000 apps costs what its
    /// views hold, not 10,000 scans of the feed.
    static func views(of document: JSONValue, for apps: [String]) -> [String: JSONValue] {
        func bundleIDs(of entry: JSONValue) -> Set<String> {
            guard case .object(let object) = entry else { return [] }
            var ids = Set<String>()
            if case .string(let id)? = object["bundleId"] { ids.insert(id) }
            if case .array(let list)? = object["bundleIds"] { ids.formUnion(list.compactMap(\.stringValue)) }
            return ids
        }
        /// Entry lists per app: its own entries and the `"*"` ones, merged in document order.
        func perApp(_ entries: [JSONValue]) -> [String: [JSONValue]] {
            var own: [String: [Int]] = [:]
            var everyone: [Int] = []
            for (position, entry) in entries.enumerated() {
                let ids = bundleIDs(of: entry)
                if ids.contains("*") {
                    everyone.append(position)
                } else {
                    for id in ids { own[id, default: []].append(position) }
                }
            }
            var result: [String: [JSONValue]] = [:]
            for app in apps {
                let mine = own[app] ?? []
                var merged: [JSONValue] = []
                merged.reserveCapacity(mine.count + everyone.count)
                var (i, j) = (0, 0)
                while i < mine.count || j < everyone.count {
                    if j == everyone.count || (i < mine.count && mine[i] < everyone[j]) {
                        merged.append(entries[mine[i]])
                        i += 1
                    } else {
                        merged.append(entries[everyone[j]])
                        j += 1
                    }
                }
                result[app] = merged
            }
            return result
        }
        switch document {
        case .array(let messages):
            return perApp(messages).mapValues { .array($0) }
        case .object(let object):
            var lists: [String: [String: [JSONValue]]] = [:]
            for key in ["messages", "updates"] {
                if case .array(let entries)? = object[key] { lists[key] = perApp(entries) }
            }
            var views: [String: JSONValue] = [:]
            for app in apps {
                var view = object
                for (key, byApp) in lists { view.set(key, .array(byApp[app] ?? [])) }
                views[app] = .object(view)
            }
            return views
        default:
            return Dictionary(uniqueKeysWithValues: apps.map { ($0, document) })
        }
    }

    /// A name that is one path component: letters, digits, `.`, `-`, `_`; not `.` or `..`.
    public static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "._-".unicodeScalars.contains($0)
            }
    }
}

/// Why a feed cannot be published or served.
public struct FeedSiteError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    /// The feed's errors, when that is why.
    public var diagnostics: [FeedDiagnostic]

    public init(file: String, reason: String, diagnostics: [FeedDiagnostic]) {
        self.file = file
        self.reason = reason
        self.diagnostics = diagnostics
    }

    public var description: String {
        ([file + ": " + reason] + diagnostics.map { file + ": " + $0.description }).joined(separator: "\n")
    }
}

extension FeedSite {
    /// Builds the site of every `*.json` file in `directory` (or of the one file `path`), with the
    /// pictures of the `images/` folder beside them. When two feeds name the same app, its view comes
    /// from the first feed in name order, with a warning. With `signingKey`, every feed and view is
    /// signed; without one, each feed's own `FEED.sig` is carried.
    ///
    /// `existingSignature` gives a path's `.sig` as already published (the previous site), reused when
    /// it is still a valid signature of the file by the key, so unchanged files keep their `.sig`.
    ///
    /// `excluding` names feeds of the directory to leave out (`serve --dev` starting beside a feed that
    /// cannot be served yet).
    public static func build(
        contentsOf path: URL, signingKey: FeedSigningKey? = nil, existingSignature: (String) -> Data? = { _ in nil },
        excluding: Set<String> = []
    ) throws(FeedSiteError) -> FeedSite {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw FeedSiteError(file: path.path, reason: "no such file or directory", diagnostics: [])
        }
        let feeds: [URL]
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []
            feeds = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && !excluding.contains($0) }.sorted().map
            {
                path.appendingPathComponent($0)
            }
            if feeds.isEmpty {
                throw FeedSiteError(file: path.path, reason: "no .json feed in the directory", diagnostics: [])
            }
        } else {
            feeds = [path]
        }
        var site = FeedSite(files: [], warnings: [])
        var paths = Set<String>()
        // A folder `publish` wrote has apps/: its views (and their .sig) are served as written.
        let root = folder(of: path)
        var appsIsDirectory: ObjCBool = false
        let published: ((String) -> Data?)? =
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent("apps").path, isDirectory: &appsIsDirectory)
                && appsIsDirectory.boolValue
            ? { view in view.hasPrefix("apps/") ? try? Data(contentsOf: root.appendingPathComponent(view)) : nil }
            : nil
        for feed in feeds {
            let data: Data
            do {
                data = try Data(contentsOf: feed)
            } catch {
                throw FeedSiteError(
                    file: feed.path, reason: "cannot read: \(error.localizedDescription)", diagnostics: [])
            }
            let signature = signingKey == nil ? try? Data(contentsOf: URL(fileURLWithPath: feed.path + ".sig")) : nil
            let part = try build(
                name: feed.lastPathComponent, data: data, signingKey: signingKey, signature: signature,
                existingSignature: existingSignature, published: published)
            site.warnings += part.warnings
            for file in part.files {
                if !paths.insert(file.path).inserted {
                    site.warnings.append(
                        FeedDiagnostic(
                            severity: .warning, code: .duplicateID, path: "$", key: nil,
                            reason:
                                "\(file.path) comes from an earlier feed; \(feed.lastPathComponent)'s is not published")
                    )
                } else {
                    site.files.append(file)
                }
            }
        }
        let pictures = images(in: root.appendingPathComponent("images"))
        site.files += pictures.files
        site.warnings += pictures.warnings
        return site
    }
}
