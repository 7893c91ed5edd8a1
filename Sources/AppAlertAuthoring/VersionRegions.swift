import AppAlert

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
/// naming it exactly, one cell for all. Cells whose versions meet the same conditions form one class.
/// Nothing else in a decision reads the version, so one version per class stands for the class exactly.
struct VersionConditions {
    var ranges: [VersionRange] = []
    var lists: [[Version]] = []

    var isEmpty: Bool { ranges.isEmpty && lists.isEmpty }

    /// Which conditions `version` meets: the ranges, then the lists.
    func signature(of version: Version) -> [Bool] {
        ranges.map { $0.contains(version) } + lists.map { $0.contains(version) }
    }

    /// The cells, releases in ascending order and then pre-releases; with `prereleases` false (OS
    /// versions: devices report releases), releases only.
    func cells(prereleases: Bool) -> [VersionCell] {
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
        for list in lists { named.formUnion(list) }
        let points = named.sorted()
        var cells: [VersionCell] = []
        cells.reserveCapacity(points.count * 2 + 2)
        var previous: Version?
        for point in points {
            cells.append(VersionCell(kind: .release, lower: previous, upper: point))
            if !point.isPrerelease { cells.append(VersionCell(kind: .release, point: point)) }
            previous = point
        }
        cells.append(VersionCell(kind: .release, lower: previous, upper: nil))
        guard prereleases else { return cells }
        // Pre-releases of a release a comparator names: its named pre-releases and the gaps around them.
        var byRelease: [Version: [Version]] = [:]
        for point in points where point.isPrerelease { byRelease[point.release, default: []].append(point) }
        for release in byRelease.keys.sorted() {
            let named = byRelease[release] ?? []
            guard namedPrereleaseOf.contains(release) else {
                // Only lists (and `<X-0` bounds) name these: a listed one is a class of its own at most.
                let listed = named.filter { version in lists.contains { $0.contains(version) } }
                cells += listed.map { VersionCell(kind: .prerelease(of: release), point: $0) }
                continue
            }
            var below: Version?
            for point in named {
                cells.append(VersionCell(kind: .prerelease(of: release), lower: below, upper: point))
                cells.append(VersionCell(kind: .prerelease(of: release), point: point))
                below = point
            }
            cells.append(VersionCell(kind: .prerelease(of: release), lower: below, upper: nil))
        }
        if !ranges.isEmpty {
            // Above every named version, so no comparator names a pre-release of its release.
            let release = points.last.map { Version($0.major + 1, 0, 0) } ?? Version(2, 0, 0)
            cells.append(
                VersionCell(
                    kind: .otherPrereleases,
                    point: Version(release.components, prerelease: [.alphanumeric("beta"), .numeric(1)])))
        }
        return cells
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
    var signature: [Bool]
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
        return parts.joined(separator: " || ")
    }

    /// The classes of `cells` under `conditions`, in the order their first cell comes. `pick` gives the
    /// version a cell shows, or `nil` when none of its versions can be an install's (the cell is left
    /// out); a class shows its first cell's pick, or `preferred` when one of its cells holds it.
    static func classes(
        of cells: [VersionCell], under conditions: VersionConditions, preferred: Version? = nil,
        pick: (VersionCell) -> Version? = { $0.candidates.first }
    ) -> [VersionClass] {
        var classes: [VersionClass] = []
        var index: [[Bool]: Int] = [:]
        var rank = 0
        for var cell in cells {
            guard let version = pick(cell) else { continue }
            rank += 1
            cell.rank = rank
            let chosen = preferred.flatMap { cell.contains($0) ? $0 : nil } ?? version
            let signature = conditions.signature(of: chosen)
            if let position = index[signature] {
                classes[position].cells.append(cell)
                if chosen == preferred { classes[position].version = chosen }
            } else {
                index[signature] = classes.count
                classes.append(VersionClass(version: chosen, signature: signature, cells: [cell]))
            }
        }
        return classes
    }
}

extension VersionCell {
    /// A version of the cell that a device on `platform` can run (``OSReleases``), the most natural
    /// first; `nil` when the cell holds none (macOS 16 to 25). A cell holding a released version holds
    /// either the first version of a released major (`16.0`) or one of the major its lower bound is in.
    func releasedVersion(on platform: Platform) -> Version? {
        let natural = candidates
        if let version = natural.first(where: { OSReleases.exists($0, on: platform) }) { return version }
        guard kind == .release, point == nil, let majors = OSReleases.majors(on: platform), let newest = majors.last
        else { return nil }
        let firsts = (majors + [newest + 1]).map { Version([$0, 0]) }
        if let version = (lower == nil ? firsts.reversed() : firsts).first(where: contains) { return version }
        guard let lower, OSReleases.exists(lower.release, on: platform) else { return nil }
        let bound = Version(lower.major + 1, 0, 0)
        let withinMajor = VersionCell(kind: .release, lower: lower, upper: upper.map { min($0, bound) } ?? bound)
        return withinMajor.candidates.first { contains($0) && OSReleases.exists($0, on: platform) }
    }
}
