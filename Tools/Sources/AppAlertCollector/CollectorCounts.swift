import AppAlertResults
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An answer of the collector's, made by the same steps whichever way the request came in (Hummingbird's
/// responder or the fast path, ``CollectorWireHandler``); each writes it out its own way.
struct CollectorAnswer: Sendable {
    var status: HTTPResponse.Status
    var fields: HTTPFields
    var body: ByteBuffer?

    /// Whether the connection closes once the answer is written (a refusal before the body is read).
    var closes: Bool { fields[.connection] == "close" }

    var response: Response {
        Response(status: status, headers: fields, body: body.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody())
    }
}

/// What the checks before the body need of a `POST /v1/counts` head.
struct CountsHead {
    /// Every `Content-Type` field's value.
    var contentTypes: [String]
    /// `Content-Length`, nil when it is missing or not a number.
    var contentLength: Int?
    /// Every `Forwarded` and `X-Forwarded-For` field's value; read only with `--trust-forwarded-for`.
    var forwarded: [String] = []
    var xForwardedFor: [String] = []
    var remoteAddress: SocketAddress?
}

/// The steps of `POST /v1/counts` shared by both ways in: the same checks, refusals, metrics and answers.
extension Collector {
    /// The refusal of a request from a page whose origin `--allow-origin` does not name, answered
    /// before its body is read (a preflight's too: the page's POST never comes).
    func originRefusal(_ origin: String?) -> CollectorAnswer? {
        guard let origin, !configuration.allowedOrigins.isEmpty, !configuration.allowedOrigins.contains(origin) else {
            return nil
        }
        var answer = refuse(
            Refusal(.origin, "pages on \(String(origin.prefix(100))) may not send batches here (--allow-origin)"))
        answer.fields[.connection] = "close"
        return answer
    }

    /// The CORS headers a page on an allowed origin needs to read `answer`.
    func addCORS(to answer: inout CollectorAnswer, origin: String?) {
        let allowedOrigins = configuration.allowedOrigins
        if let origin, allowedOrigins.isEmpty || allowedOrigins.contains(origin) {
            answer.fields[.accessControlAllowOrigin] = allowedOrigins.isEmpty ? "*" : origin
        }
        if !allowedOrigins.isEmpty { answer.fields[.vary] = "Origin" }
    }

    /// The checks made before the body is read — the client's address (``clientBucket(_:)``), the rate
    /// limit, `Content-Type`, `Content-Length` — and the refusal that closes the connection rather than
    /// read what follows; nil when the body is to be read.
    func checkHead(_ head: CountsHead) -> CollectorAnswer? {
        func refuseHead(_ refusal: Refusal) -> CollectorAnswer {
            var answer = refuse(refusal)
            answer.fields[.connection] = "close"
            return answer
        }
        let client: ClientBucket
        do throws(Refusal) {
            client = try clientBucket(head)
        } catch {
            return refuseHead(error)
        }
        if let retry = limiter.admit(client, now: Self.seconds()) {
            metrics.recordRefused(.rateLimited)
            var answer = Self.error(
                .tooManyRequests, "more than \(configuration.rateLimit) batches a minute from one address")
            answer.fields[.retryAfter] = String(retry)
            answer.fields[.connection] = "close"
            return answer
        }
        do throws(Refusal) {
            try BatchCheck.contentType(head.contentTypes)
        } catch {
            return refuseHead(error)
        }
        if let length = head.contentLength, length > Self.maximumBody { return tooLarge() }
        return nil
    }

    enum BodyCheck {
        case batch(StoredBatch)
        case refused(CollectorAnswer)
    }

    /// Reads the body with the strict batch reader and checks it against the feed and the day window.
    func readBatch(_ body: UnsafeRawBufferPointer) -> BodyCheck {
        do {
            let value = try BatchJSON.parse(body.bindMemory(to: UInt8.self))
            return .batch(try BatchCheck(feed: feed.index, days: dayWindow.current(configuration.now())).check(value))
        } catch let error as BatchJSON.SyntaxError {
            if error.reason == BatchJSON.TooMany.reason {
                return .refused(
                    refuse(
                        Refusal(
                            .tooMany,
                            "an array with more than 200 elements (at byte \(error.offset)): a batch has at most 200 counters"
                        )))
            }
            return .refused(refuse(Refusal(.json, "not JSON: \(error.reason) at byte \(error.offset)")))
        } catch let refusal as Refusal {
            return .refused(refuse(refusal))
        } catch {
            return .refused(refuse(Refusal(.json, "not JSON")))
        }
    }

    /// The answer to `batch` once the writer has committed it (or failed to).
    func answer(_ outcome: Result<GroupCommitter.Outcome, any Error>, for batch: StoredBatch) -> CollectorAnswer {
        switch outcome {
        case .success(.accepted(let count)):
            metrics.recordAccepted(counters: count)
            return Self.json(.ok, #"{"accepted":\#(count)}"#)
        case .success(.duplicate):
            metrics.recordDuplicate()
            return Self.json(.ok, #"{"duplicate":true}"#)
        case .success(.tooManyVersions(let day, let version)):
            let position = batch.rows.firstIndex { $0.day == day && $0.version == version } ?? 0
            return refuse(
                BatchCheck.tooManyVersions(
                    at: "$.counts[\(position)]", app: batch.rows[position].app, day: day, version: version))
        case .failure:
            metrics.recordFailed()
            var answer = Self.error(.serviceUnavailable, "the batch could not be stored now; send it again later")
            answer.fields[.retryAfter] = "60"
            return answer
        }
    }

    func refuse(_ refusal: Refusal) -> CollectorAnswer {
        metrics.recordRefused(refusal.reason)
        return Self.error(HTTPResponse.Status(code: refusal.reason.status), refusal.text)
    }

    func tooLarge() -> CollectorAnswer {
        metrics.recordRefused(.tooLarge)
        var answer = Self.error(.contentTooLarge, "the body is larger than 64 KiB")
        // Nothing more is read: the connection closes once the answer is written.
        answer.fields[.connection] = "close"
        return answer
    }

    /// Whose bucket of the rate limit a request takes: the connection's address, or with
    /// `--trust-forwarded-for` the one the proxy in front appended (``ForwardedFor``; the connection's
    /// when the request has neither header); an IPv6 address by its /64.
    func clientBucket(_ head: CountsHead) throws(Refusal) -> ClientBucket {
        if configuration.trustForwardedFor,
            let forwarded = try ForwardedFor.bucket(forwarded: head.forwarded, xForwardedFor: head.xForwardedFor)
        {
            return forwarded
        }
        return ClientBucket(head.remoteAddress)
    }
}
