@_spi(Authoring) import AppAlert

/// The classes of versions a set of conditions tells apart, each with a version that stands for it:
/// what `audience` and `diff` decide for, so that no install is left out of their rows.
///
/// The conditions are version ranges and lists of versions (the messages' `appVersionRange` and
/// `appVersions`, or their OS ones). Whether a version meets a condition can change only at a version
/// the conditions name, so the release line is cut into cells: each named version, and the open gap
/// between two neighbours, below the lowest and above the highest. Pre-releases get cells of their
/// own, since a range admits a pre-release only where a comparator of the same `||` set names a
/// pre-release of the same release (node-semver's rule): for each release so named, its named
/// pre-releases and the gaps between them; every other pre-release meets no range and only the lists
/// naming it exactly, one cell for all. Cells whose versions meet the same conditions form one class
/// (``AudienceMatrix`` finds them). Nothing else in a decision reads the version, so one version per
/// class stands for the class exactly.
struct VersionConditions {
    var ranges: [VersionRange] = []
    var lists: [[Version]] = []

    var isEmpty: Bool { ranges.isEmpty && lists.isEmpty }

    /// The cells, releases in ascending order and then pre-releases; with `prereleases` false (OS
    /// versions: devices report releases), releases only.
    func cells(prereleases: Bool) -> VersionCells {
        var named = Set<Version>()
        var namedPrereleaseOf = Set<Version>()
        for range in ranges {
            for comparator in range.comparatorSets.joined() {
                named.insert(comparator.version)
                // `<2.0.0-0` (how `<2.0`, `^1.2` and `1.x` end) admits no pre-release of 2.0.0: those meet
                // no range, as every pre-release of a release no comparator names.
                let isExclusiveFloor =
                    comparator.op == .lessThan && comparator.version.prerelease == [.numeric(0)]
                if comparator.version.isPrerelease, !isExclusiveFloor {
                    namedPrereleaseOf.insert(comparator.version.release)
                }
            }
        }
        let listed = Set(lists.joined())
        named.formUnion(listed)
        let points = named.sorted()
        var line = VersionCells()
        line.otherPrerelease = VersionCells.otherPrerelease(above: points)
        line.cells.reserveCapacity(points.count * 2 + 2)
        line.lineStarts = [0]
        var previous: Version?
        for point in points {
            line.cells.append(VersionCell(kind: .release, lower: previous, upper: point))
            // A release starts its own cell; a pre-release the gap above it.
            line.starts[point, default: []].append(line.cells.count)
            if !point.isPrerelease { line.cells.append(VersionCell(kind: .release, point: point)) }
            previous = point
        }
        line.cells.append(VersionCell(kind: .release, lower: previous, upper: nil))
        guard prereleases else { return line }
        // Pre-releases of a release a comparator names: its named pre-releases and the gaps around them.
        var byRelease: [Version: [Version]] = [:]
        for point in points where point.isPrerelease { byRelease[point.release, default: []].append(point) }
        for release in byRelease.keys.sorted() {
            let named = byRelease[release] ?? []
            guard namedPrereleaseOf.contains(release) else {
                // Only lists (and `<X-0` bounds) name these: a listed one is a class of its own at most.
                for point in named where listed.contains(point) {
                    line.lineStarts.append(line.cells.count)
                    line.starts[point, default: []].append(line.cells.count)
                    line.cells.append(VersionCell(kind: .prerelease(of: release), point: point))
                }
                continue
            }
            line.lineStarts.append(line.cells.count)
            line.prereleaseLines[release] = line.cells.count
            var below: Version?
            for point in named {
                line.cells.append(VersionCell(kind: .prerelease(of: release), lower: below, upper: point))
                line.starts[point, default: []].append(line.cells.count)
                line.cells.append(VersionCell(kind: .prerelease(of: release), point: point))
                below = point
            }
            line.cells.append(VersionCell(kind: .prerelease(of: release), lower: below, upper: nil))
        }
        if !ranges.isEmpty {
            line.lineStarts.append(line.cells.count)
            line.cells.append(VersionCell(kind: .otherPrereleases, point: line.otherPrerelease))
        }
        return line
    }
}

/// The cells of a version line, and where each named version starts one.
struct VersionCells {
    var cells: [VersionCell] = []
    /// For each named version, the cells that begin at it: its own cell, or for a pre-release on the
    /// release line the gap above it. Only there can a condition naming it change its answer.
    var starts: [Version: [Int]] = [:]
    /// Where each line of cells begins: the releases (0), each named release's pre-releases, each
    /// listed pre-release no range names, the other pre-releases.
    var lineStarts: [Int] = []
    /// The first cell of each release's pre-release line.
    var prereleaseLines: [Version: Int] = [:]
    /// A pre-release that stands for those no comparator names (``otherPrerelease(above:)``).
    var otherPrerelease = Version(2, 0, 0, prerelease: [.alphanumeric("beta"), .numeric(1)])

    /// A pre-release of a release above every named version, so no comparator names it: one that
    /// stands for every pre-release no comparator names.
    static func otherPrerelease(above points: [Version]) -> Version {
        let release = points.last.map { Version($0.major + 1, 0, 0) } ?? Version(2, 0, 0)
        return Version(release.components, prerelease: [.alphanumeric("beta"), .numeric(1)])
    }
}

/// A named version, or the versions strictly between two named ones, of releases or of one release's
/// pre-releases; or every pre-release of a release no comparator names.
struct VersionCell {
    enum Kind: Hashable {
        case release
        case prerelease(of: Version)
        case otherPrereleases
    }

    var kind: Kind
    /// The one version of a point cell (and of `otherPrereleases`: the one standing for them).
    var point: Version?
    /// A gap's bounds, both exclusive; `nil` is unbounded.
    var lower: Version?
    var upper: Version?
    /// The cell's place in its ``VersionCells`` (set by ``AudienceMatrix/classes(of:messages:involved:admitted:os:preferred:pick:)``).
    var index = 0
    /// The cell's place among the cells a row can stand for (set by ``VersionClass/classes(of:under:preferred:pick:)``):
    /// release cells of one class whose places follow each other make one interval.
    var rank = 0

    init(kind: Kind, point: Version) {
        self.kind = kind
        self.point = point
    }

    init(kind: Kind, lower: Version?, upper: Version?) {
        self.kind = kind
        self.lower = lower
        self.upper = upper
    }

    func contains(_ version: Version) -> Bool {
        switch kind {
        case .otherPrereleases: return version == point
        case .release:
            if let point { return version == point }
            guard !version.isPrerelease else { return false }
        case .prerelease(let release):
            if let point { return version == point }
            guard version.isPrerelease, version.release == release else { return false }
        }
        return (lower.map { version > $0 } ?? true) && (upper.map { version < $0 } ?? true)
    }

    /// Versions of the cell a row may show, the most natural first (`1.0.0` below `2.0`, `2.1.0` above
    /// it); empty when the cell holds none (no release lies between `2.0.0-0` and `2.0.0-beta`).
    var candidates: [Version] {
        if let point { return [point] }
        var list: [Version] = []
        switch kind {
        case .release:
            if let lower {
                let low = lower.release
                if lower.isPrerelease { list.append(low) }
                list += [
                    Version(low.major + 1, 0, 0), Version(low.major, low.minor + 1, 0),
                    Version(low.major, low.minor, low.patch + 1),
                ]
                // Past the last component either bound writes: always between two different releases.
                let count = max(low.components.count, upper?.components.count ?? 0, 3)
                list.append(Version(low.components + Array(repeating: 0, count: count - low.components.count) + [1]))
            } else if let upper {
                let high = upper.release
                if high.major >= 2 { list.append(Version(high.major - 1, 0, 0)) }
                if high.minor > 0 { list.append(Version(high.major, high.minor - 1, 0)) }
                if high.patch > 0 { list.append(Version(high.major, high.minor, high.patch - 1)) }
                if high.major == 1 { list.append(Version(0, 9, 0)) }
                if let index = high.components.lastIndex(where: { $0 > 0 }) {
                    var components = high.components
                    components[index] -= 1
                    list.append(Version(components))
                }
            } else {
                list.append(Version(1, 0, 0))
            }
        case .prerelease(let release):
            if let lower {
                var identifiers = lower.prerelease
                if case .numeric(let number)? = identifiers.last, number < UInt64.max {
                    identifiers[identifiers.count - 1] = .numeric(number + 1)
                    list.append(Version(release.components, prerelease: identifiers))
                }
                list.append(Version(release.components, prerelease: lower.prerelease + [.numeric(1)]))
                list.append(Version(release.components, prerelease: lower.prerelease + [.numeric(0)]))
            } else {
                list.append(Version(release.components, prerelease: [.alphanumeric("alpha")]))
                list.append(Version(release.components, prerelease: [.numeric(0)]))
            }
        case .otherPrereleases:
            break
        }
        return list.filter(contains)
    }
}

/// One class of versions: the version a row shows, the cells it stands for, and what they are in
/// range syntax.
struct VersionClass {
    var version: Version
    var cells: [VersionCell]

    /// The class in range syntax (`<2.0.0`, `>=2.0.0 <3.0.0 || 4.0.0`, `*` for every release), as the
    /// releases it holds, each version as `write` writes it; pre-release cells as the pre-releases they
    /// hold, `other pre-releases` for those no comparator names.
    func covers(writing write: (Version) -> String = \.description) -> String {
        var parts: [String] = []
        var run: (first: VersionCell, last: VersionCell)?
        func closeRun() {
            guard let (first, last) = run else { return }
            run = nil
            if let point = first.point, first.point == last.point {
                parts.append(write(point))
                return
            }
            var bounds: [String] = []
            if let point = first.point {
                bounds.append(">=" + write(point))
            } else if let lower = first.lower {
                bounds.append(lower.isPrerelease ? ">=" + write(lower.release) : ">" + write(lower))
            }
            if let point = last.point {
                bounds.append("<=" + write(point))
            } else if let upper = last.upper {
                bounds.append("<" + write(upper.isPrerelease ? upper.release : upper))
            }
            parts.append(bounds.isEmpty ? "*" : bounds.joined(separator: " "))
        }
        for cell in cells {
            switch cell.kind {
            case .release:
                if let current = run, current.last.rank + 1 == cell.rank {
                    run = (current.first, cell)
                } else {
                    closeRun()
                    run = (cell, cell)
                }
            case .prerelease(let release):
                closeRun()
                if let point = cell.point {
                    parts.append(point.description)
                } else {
                    let lower =
                        cell.lower.map { ">\($0)" } ?? ">=\(Version(release.components, prerelease: [.numeric(0)]))"
                    parts.append(lower + " <" + (cell.upper?.description ?? release.description))
                }
            case .otherPrereleases:
                closeRun()
                parts.append("other pre-releases")
            }
        }
        closeRun()
        return CoverText.listed(parts, separator: " || ")
    }
}

extension VersionCell {
    /// A version of the cell that a device on `platform` can run (``OSReleases``), the most natural
    /// first; `nil` when the cell holds none (macOS 16 to 25). A cell holding a released version holds
    /// either the first version of a released major (`16.0`) or one of the major its lower bound is in.
    func releasedVersion(on platform: Platform, candidates natural: [Version]? = nil) -> Version? {
        for version in natural ?? candidates where OSReleases.exists(version, on: platform) { return version }
        guard kind == .release, point == nil, let majors = OSReleases.majors(on: platform), let newest = majors.last
        else { return nil }
        // The first version of each released major (and of the next): the cell holds one, or only versions
        // of its lower bound's major.
        var found: Version?
        if lower == nil {
            for major in ([newest + 1] + majors.reversed()) where contains(Version([major, 0])) {
                found = Version([major, 0])
                break
            }
        } else {
            for major in majors + [newest + 1] where contains(Version([major, 0])) {
                found = Version([major, 0])
                break
            }
        }
        if let found { return found }
        guard let lower, OSReleases.exists(lower.release, on: platform) else { return nil }
        let bound = Version(lower.major + 1, 0, 0)
        let withinMajor = VersionCell(kind: .release, lower: lower, upper: upper.map { min($0, bound) } ?? bound)
        return withinMajor.candidates.first { contains($0) && OSReleases.exists($0, on: platform) }
    }
}

/// What a row stands for, written for people: bounded, whatever the feed names.
enum CoverText {
    /// At most this many characters of a class's description before the rest is counted: one class
    /// may hold every one of 100,000 versions a feed lists, and every row of it repeats the text.
    static let maximumLength = 160

    /// `parts` joined, each at most 100 characters, until the text is `maximumLength` long; then how many
    /// more there are (`… 98 more`).
    static func listed(_ parts: [String], separator: String) -> String {
        var text = ""
        for (position, part) in parts.enumerated() {
            let written = part.count > 100 ? part.prefix(99) + "…" : part
            if !text.isEmpty, text.count + separator.count + written.count > maximumLength {
                return text + separator + "… \(parts.count - position) more"
            }
            text += (text.isEmpty ? "" : separator) + written
        }
        return text
    }
}
