@_spi(Authoring) import AppAlert
import Foundation

/// `audience` and `diff` decided for every row at once, in time that grows with the feed and the rows,
/// not their product.
///
/// Deciding each row with `MessageSelector` costs rows × messages, and a feed of N messages that each
/// name a version of their own has about N classes of app versions, so N² (2,000 such messages took 18 s
/// where 2,000 messages naming one version took 0.6 s, debug build). Instead every message is asked
/// once whether everything but the four dimensions admits it, and each class of each dimension gets
/// the set of messages it admits, as bits: a row's message is the first bit, in rank order, of the
/// four sets' intersection. A message's answer changes only at the versions it names itself, so the
/// classes of a version line are found in one sweep that asks a message again only there.
/// `FeedDiffPropertyTests` holds the result to `MessageSelector` on random feeds.
struct AudienceMatrix {
    /// The messages of every feed decided for (each with every install in its rollout), each feed's
    /// in rank order (`priority`, then `id`, highest first), one feed after the other.
    let messages: [Message]
    /// Each feed's positions in ``messages``.
    let feeds: [Range<Int>]
    /// Each message's share of installs (its rollout now), by position.
    let rollouts: [Double]
    var appVersions: [FeedAudience.Value<Version>] = []
    var appBits: [Bits] = []
    var systems: [FeedAudience.System] = []
    var systemBits: [Bits] = []
    var locales: [FeedAudience.Value<LanguageTag>] = []
    var localeBits: [Bits] = []
    /// The messages whose every other condition holds for the query.
    var constant: Bits

    var count: Int { appVersions.count * systems.count * locales.count }

    init(feeds: [Feed], query: FeedAudience.Query) {
        var messages: [Message] = []
        var ranges: [Range<Int>] = []
        var rollouts: [Double] = []
        for feed in feeds {
            // Stable: of two messages with the same priority and id, the earlier goes first, as in
            // MessageSelector.
            let ranked = FeedAudience.messages(of: feed, for: query.bundleID).enumerated().sorted {
                ($0.element.priority, $0.element.id, $1.offset) > ($1.element.priority, $1.element.id, $0.offset)
            }
            let start = messages.count
            for (_, message) in ranked {
                rollouts.append(message.rolloutPercent(at: query.now))
                var everyone = message
                everyone.rollout = 100
                everyone.rolloutSchedule = nil
                messages.append(everyone)
            }
            ranges.append(start..<messages.count)
        }
        self.messages = messages
        self.feeds = ranges
        self.rollouts = rollouts
        constant = Bits(count: messages.count)
        var context = EvaluationContext(bundleID: query.bundleID, appVersion: nil, platform: .iOS, now: query.now)
        context.attributes = query.attributes
        context.event = query.event
        context.launchCount = query.launchCount
        context.installedAt = query.installedAt
        context.updatedAt = query.updatedAt
        for (index, message) in messages.enumerated() {
            var rest = message
            rest.appVersions = nil
            rest.appVersionRange = nil
            rest.osVersions = nil
            rest.osVersionRange = nil
            rest.platforms = nil
            rest.locales = nil
            constant[index] = Targeting.isEligible(rest, in: context, history: ViewHistory())
        }
    }

    /// Each row for feed `feed` (its position in the feeds given), in the order of app version, then
    /// platform and OS version, then language.
    func rows(of feed: Int) -> [FeedAudience.Row] {
        let range = feeds[feed]
        var titles: [Int: String] = [:]
        var rows: [FeedAudience.Row] = []
        rows.reserveCapacity(count)
        for (app, appBits) in zip(appVersions, appBits) {
            let withApp = appBits.intersection(constant)
            for (system, systemBits) in zip(systems, systemBits) {
                let withSystem = withApp.intersection(systemBits)
                for (localeIndex, (locale, localeBits)) in zip(locales, localeBits).enumerated() {
                    func title(_ index: Int) -> String {
                        let key = index * locales.count + localeIndex
                        if let title = titles[key] { return title }
                        let title = ResolvedMessage(messages[index], preferredLanguages: [locale.value]).title
                        titles[key] = title
                        return title
                    }
                    // The first message the installs are eligible for, then, for those outside its
                    // rollout, the next, down to one every install is in.
                    var seen: [FeedAudience.Alternative] = []
                    var position = range.lowerBound
                    while let index = withSystem.firstCommon(with: localeBits, in: position..<range.upperBound) {
                        position = index + 1
                        let percent = rollouts[index]
                        guard percent > 0 else { continue }
                        seen.append(
                            FeedAudience.Alternative(
                                selected: messages[index].id, title: title(index), rolloutPercent: percent))
                        if percent >= 100 { break }
                    }
                    if let last = seen.last, last.rolloutPercent < 100 {
                        seen.append(FeedAudience.Alternative(selected: nil, title: nil, rolloutPercent: 100))
                    }
                    let first = seen.first
                    rows.append(
                        FeedAudience.Row(
                            appVersion: app.value, osVersion: system.osVersion, platform: system.platform,
                            locale: locale.value, selected: first?.selected, title: first?.title,
                            rolloutPercent: first?.rolloutPercent, otherwise: Array(seen.dropFirst()),
                            covers: FeedAudience.Covers(
                                appVersion: app.covers, osVersion: system.covers, platforms: system.platforms,
                                locale: locale.covers)))
                }
            }
        }
        return rows
    }
}

extension AudienceMatrix {
    /// The classes of a version line and the messages each admits, in one sweep along the cells.
    ///
    /// `involved` are the messages with conditions on this line, `admitted` those admitted whatever
    /// the version. A message's answer can change only where a cell begins at a version it names, so
    /// it is asked again only there (and at the start of each line); a cell with no version at all
    /// passes the question on to the next. Cells whose messages are the same are one class; `pick`
    /// gives the version a cell shows (`nil`: no install is there, the cell is left out), and a class
    /// shows `preferred` where one of its cells holds it.
    static func classes(
        of line: VersionCells, messages: [Message], involved: [Int], admitted: Bits, os: Bool,
        preferred: Version? = nil, pick: (_ index: Int, _ cell: VersionCell) -> Version?
    ) -> [(versionClass: VersionClass, bits: Bits)] {
        func admits(_ message: Message, _ version: Version) -> Bool {
            os ? message.admits(osVersion: version) : message.admits(appVersion: version)
        }
        var events: [Int: [Int]] = [0: involved]
        // Every other line starts as the pre-releases no comparator names.
        var others = admitted
        let other = line.otherPrerelease
        for index in involved {
            others[index] = admits(messages[index], other)
            for version in messages[index].namedVersions(os: os) {
                for start in line.starts[version] ?? [] {
                    events[start, default: []].append(index)
                    events[start + 1, default: []].append(index)
                }
                if version.isPrerelease, let start = line.prereleaseLines[version.release] {
                    events[start, default: []].append(index)
                }
            }
        }
        let lineStarts = Set(line.lineStarts)
        var state = admitted
        var pending = Set<Int>()
        var classes: [(versionClass: VersionClass, bits: Bits)] = []
        var positions: [Bits: Int] = [:]
        var rank = 0
        var lastKept: Bits?
        for (index, original) in line.cells.enumerated() {
            if lineStarts.contains(index) {
                state = index == 0 ? admitted : others
                pending.removeAll()
            }
            pending.formUnion(events[index] ?? [])
            let probe = original.candidates.first ?? original.point
            if let probe {
                for message in pending { state[message] = admits(messages[message], probe) }
                pending.removeAll()
            }
            guard let version = pick(index, original) else {
                // Versions no device runs (macOS 16 to 25): an interval may span them only where they
                // would see what it says.
                if probe != nil, state != lastKept { rank += 1 }
                continue
            }
            lastKept = state
            rank += 1
            var cell = original
            cell.rank = rank
            cell.index = index
            let chosen = preferred.flatMap { cell.contains($0) ? $0 : nil } ?? version
            if let position = positions[state] {
                classes[position].versionClass.cells.append(cell)
                if chosen == preferred { classes[position].versionClass.version = chosen }
            } else {
                positions[state] = classes.count
                classes.append((VersionClass(version: chosen, cells: [cell]), state))
            }
        }
        return classes
    }
}

// The four dimensions' conditions as `Targeting` reads them; the property test holds them to it.
extension Message {
    func admits(appVersion version: Version) -> Bool {
        (appVersions?.contains(version) ?? true) && (appVersionRange?.contains(version) ?? true)
    }

    func admits(osVersion version: Version?) -> Bool {
        guard let version else { return osVersions == nil && osVersionRange == nil }
        return (osVersions?.contains(version) ?? true) && (osVersionRange?.contains(version) ?? true)
    }

    func reaches(_ platform: Platform) -> Bool {
        platforms?.contains { $0.targets(platform) } ?? true
    }

    var hasAppVersionConditions: Bool { appVersions != nil || appVersionRange != nil }
    var hasOSVersionConditions: Bool { osVersions != nil || osVersionRange != nil }

    /// The versions the message's app (or OS) conditions name: where its answer can change.
    func namedVersions(os: Bool) -> [Version] {
        let list = (os ? osVersions : appVersions) ?? []
        let range = os ? osVersionRange : appVersionRange
        return list + (range?.comparatorSets.joined().map(\.version) ?? [])
    }
}

/// A set of message positions.
struct Bits: Hashable {
    private(set) var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    init(_ members: [Bool]) {
        self.init(count: members.count)
        for (index, member) in members.enumerated() where member { self[index] = true }
    }

    subscript(index: Int) -> Bool {
        get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
        set {
            if newValue {
                words[index >> 6] |= 1 << UInt64(index & 63)
            } else {
                words[index >> 6] &= ~(1 << UInt64(index & 63))
            }
        }
    }

    func intersection(_ other: Bits) -> Bits {
        var result = self
        for index in words.indices { result.words[index] &= other.words[index] }
        return result
    }

    /// The first position in `range` in both sets.
    func firstCommon(with other: Bits, in range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var word = range.lowerBound >> 6
        let last = (range.upperBound - 1) >> 6
        while word <= last {
            var bits = words[word] & other.words[word]
            if word == range.lowerBound >> 6 { bits &= ~0 << UInt64(range.lowerBound & 63) }
            if bits != 0 {
                let index = word << 6 + bits.trailingZeroBitCount
                return index < range.upperBound ? index : nil
            }
            word += 1
        }
        return nil
    }
}
