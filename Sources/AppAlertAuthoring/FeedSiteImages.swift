@_spi(Authoring) import AppAlert
import Foundation

// A banner's or card's picture lives in `images/` beside the feed: `serve` serves it (so a `--dev`
// preview shows it from http://127.0.0.1) and `publish` copies it into the site, at the same path.
// Each file is checked as the app's image loader checks a download, so what the author sees in the
// preview is what apps will accept.

extension FeedSite {
    /// The file name extensions served from `images/`, and the format each must hold.
    public static let imageExtensions: [String: ImageHeader.Format] = [
        "png": .png, "jpg": .jpeg, "jpeg": .jpeg, "gif": .gif, "webp": .webp,
    ]

    /// The lowercased extension of `path`'s last component (`png` of `images/a/Banner.PNG`), empty
    /// when it has none.
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// How deep folders in `images/` are followed.
    static let maximumImageDepth = 16

    /// The pictures in `folder` (the `images/` folder beside a feed), at any depth, as site files at
    /// `images/…`, sorted by path; no folder, no files. A file is left out, with a warning that names
    /// it and says why, when its name is not a plain URL path component (letters, digits, `.`, `-`,
    /// `_`), its extension is not `.png`, `.jpg`, `.jpeg`, `.gif` or `.webp`, its bytes fail the
    /// image loader's check (``ImageHeader/init(inspecting:limits:)`` with `limits`: the format, the
    /// size in pixels, the file's end, at most `limits.maximumBytes`), or they hold another format
    /// than its extension says. Hidden files and folders (`.DS_Store`) are skipped silently; a
    /// symbolic link is followed only to a file inside `folder`.
    public static func images(in folder: URL, limits: ImageLimits = ImageLimits()) -> (
        files: [File], warnings: [FeedDiagnostic]
    ) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ([], [])
        }
        let realFolder = folder.resolvingSymlinksInPath().path
        var files: [File] = []
        var warnings: [FeedDiagnostic] = []
        func refuse(_ path: String, _ reason: String) {
            warnings.append(
                FeedDiagnostic(severity: .warning, code: .invalidValue, path: path, reason: "left out: " + reason))
        }
        func visit(_ directory: URL, as relative: String, depth: Int) {
            let names = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let url = directory.appendingPathComponent(name)
                let path = relative + "/" + name
                guard isSafeName(name) else {
                    refuse(path, "a name in a URL may only hold letters, digits, '.', '-' and '_'")
                    continue
                }
                var target = url
                var type = (try? manager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
                if type == .typeSymbolicLink {
                    target = url.resolvingSymlinksInPath()
                    type = (try? manager.attributesOfItem(atPath: target.path))?[.type] as? FileAttributeType
                    // fileExists follows the link (attributesOfItem does not).
                    guard manager.fileExists(atPath: url.path) else {
                        refuse(path, "a symbolic link to a file that does not exist")
                        continue
                    }
                    guard target.path.hasPrefix(realFolder + "/"), type == .typeRegular else {
                        refuse(path, "a symbolic link is followed only to a file inside images/")
                        continue
                    }
                }
                switch type {
                case .typeDirectory?:
                    guard depth < maximumImageDepth else {
                        refuse(path, "folders are followed at most \(maximumImageDepth) deep")
                        continue
                    }
                    visit(url, as: path, depth: depth + 1)
                case .typeRegular?:
                    if let file = image(at: target, path: path, limits: limits, refuse: refuse) { files.append(file) }
                default:
                    refuse(path, "not a file or a folder")
                }
            }
        }
        visit(folder, as: "images", depth: 0)
        return (files, warnings)
    }

    /// The file at `url` as the site file `path`, when it is a picture an app would accept.
    private static func image(
        at url: URL, path: String, limits: ImageLimits, refuse: (String, String) -> Void
    ) -> File? {
        guard let expected = imageExtensions[fileExtension(of: path)] else {
            refuse(path, "only .png, .jpg, .jpeg, .gif and .webp files are served and published")
            return nil
        }
        // The size first: a huge file is refused without reading it.
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limits.maximumBytes else {
            refuse(path, "the image is \(size) bytes; apps load at most \(limits.maximumBytes)")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            refuse(path, "it cannot be read")
            return nil
        }
        let header: ImageHeader
        do {
            header = try ImageHeader(inspecting: data, limits: limits)
        } catch {
            refuse(path, "apps would refuse it: " + error.reason)
            return nil
        }
        guard header.format == expected else {
            refuse(
                path,
                "it holds a \(header.format.rawValue.uppercased()) image, not the \(expected.rawValue.uppercased()) its name says"
            )
            return nil
        }
        return File(path: path, data: data)
    }
}
