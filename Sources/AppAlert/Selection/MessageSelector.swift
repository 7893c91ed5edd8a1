/// The outcome of evaluating a feed for one install: the message to show, if any, and, on request,
/// why each message was or was not chosen.
public struct MessageDecision: Sendable, Hashable {
    /// The message to show now, resolved for display; `nil` when none is eligible.
    public var message: ResolvedMessage?
    /// One entry per message of the feed, in feed order, when the evaluation was asked to explain
    /// (what `appalert evaluate --explain` prints).
    @_spi(Authoring) public var evaluations: [MessageEvaluation]

    public init(message: ResolvedMessage?) {
        self.message = message
        self.evaluations = []
    }

    @_spi(Authoring) public init(message: ResolvedMessage?, evaluations: [MessageEvaluation]) {
        self.message = message
        self.evaluations = evaluations
    }

    public var selectedID: Int? { message?.id }
}

/// What the engine concluded about one message.
@_spi(Authoring) public struct MessageEvaluation: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// Eligible and chosen.
        case selected
        /// Eligible, but another eligible message ranks higher.
        case outranked(by: Int)
        /// Not eligible, for this reason.
        case excluded(Exclusion)
    }

    public var id: Int
    public var outcome: Outcome

    public init(id: Int, outcome: Outcome) {
        self.id = id
        self.outcome = outcome
    }

    public var isEligible: Bool {
        if case .excluded = outcome { return false }
        return true
    }

    /// The outcome in words.
    public var reason: String {
        switch outcome {
        case .selected: "eligible; selected"
        case .outranked(let winner): "eligible, but message \(winner) ranks higher (priority, then id)"
        case .excluded(let exclusion): exclusion.explanation
        }
    }
}

/// Chooses the message an install sees, following the feed contract:
///
/// 1. keep the messages whose every restriction holds and that the install has seen fewer than
///    `maxViews` times (and not within `minHoursBetweenViews`);
/// 2. of those, the highest `priority` wins, then the highest `id`; at most one message is shown.
public enum MessageSelector {
    /// Evaluates `feed` for one install. With `explain`, the decision also says, per message, whether
    /// it was eligible or the first rule that excluded it.
    public static func decide(
        _ feed: Feed, context: EvaluationContext, history: ViewHistory = ViewHistory(), explain: Bool = false
    ) -> MessageDecision {
        decide(feed.messages, context: context, history: history, explain: explain)
    }

    public static func decide(
        _ messages: [Message], context: EvaluationContext, history: ViewHistory = ViewHistory(), explain: Bool = false
    ) -> MessageDecision {
        var best: Message?
        var exclusions: [Exclusion?] = []
        if explain { exclusions.reserveCapacity(messages.count) }
        for message in messages {
            let exclusion = Targeting.check(message, context, history, explained: explain)
            if explain { exclusions.append(exclusion) }
            guard exclusion == nil else { continue }
            if let current = best {
                if (message.priority, message.id) > (current.priority, current.id) { best = message }
            } else {
                best = message
            }
        }
        let resolved = best.map {
            ResolvedMessage($0, preferredLanguages: context.preferredLanguages, installID: context.installID)
        }
        guard explain else { return MessageDecision(message: resolved) }
        let evaluations = zip(messages, exclusions).map { message, exclusion in
            if let exclusion { return MessageEvaluation(id: message.id, outcome: .excluded(exclusion)) }
            if message.id == best?.id { return MessageEvaluation(id: message.id, outcome: .selected) }
            return MessageEvaluation(id: message.id, outcome: .outranked(by: best?.id ?? message.id))
        }
        return MessageDecision(message: resolved, evaluations: evaluations)
    }
}
