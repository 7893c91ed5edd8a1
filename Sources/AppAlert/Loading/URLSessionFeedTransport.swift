import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GET (and the results sender's POST) over `URLSession`, with what the loader needs and URLSession does not give by itself:
///
/// - no URL cache at all (the loader keeps its own and revalidates with `ETag`/`Last-Modified`;
///   Apple's default cache would serve stale copies, Linux's stores nothing);
/// - a hard limit on the body: reading stops at `maximumBodySize`, so memory stays bounded
///   (`CappedBody`, which the fuzzer drives without a network);
/// - an overall timeout, not only an idle one;
/// - truncated bodies (fewer bytes than `Content-Length`) are failures, not short feeds;
/// - redirects from `https:` to `http:` are refused.
public struct URLSessionFeedTransport: FeedTransport {
    /// Sent as `User-Agent` unless a request names its own. `nil` (the default) leaves URLSession's,
    /// which names an app by its bundle's name and version — and a command-line tool, which has no
    /// bundle, as "(unknown version)": tools pass their own (`appalert/0.1.0`).
    public var userAgent: String?

    public init(userAgent: String? = nil) {
        self.userAgent = userAgent
    }

    /// The request as its ``FeedRequest/method`` says (a `POST` with its ``FeedRequest/body``).
    public func post(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
        try await get(request)
    }

    public func get(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
        let result: Result<FeedResponse, FeedTransportError> = await withCheckedContinuation { continuation in
            let delegate = TransferDelegate(request: request) { continuation.resume(returning: $0) }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = request.timeout
            configuration.timeoutIntervalForResource = request.timeout
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            var urlRequest = URLRequest(
                url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            #if canImport(Darwin)
                // Low Data Mode: a batch of counts waits for an unconstrained network.
                urlRequest.allowsConstrainedNetworkAccess = request.allowsConstrainedNetworkAccess
            #endif
            if let userAgent { urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let task = session.dataTask(with: urlRequest)
            delegate.start(task, session: session)
        }
        return try result.get()
    }
}

/// Collects one transfer and reports it exactly once.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let request: FeedRequest
    private let lock = NSLock()
    private var completion: ((Result<FeedResponse, FeedTransportError>) -> Void)?
    private var response: HTTPURLResponse?
    private var body: CappedBody
    private var failure: FeedTransportError?
    private var session: URLSession?

    init(request: FeedRequest, completion: @escaping (Result<FeedResponse, FeedTransportError>) -> Void) {
        self.request = request
        self.completion = completion
        self.body = CappedBody(limit: request.maximumBodySize)
    }

    func start(_ task: URLSessionDataTask, session: URLSession) {
        lock.withLock { self.session = session }
        task.resume()
        let timeout = request.timeout
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self, weak task] in
            guard let self, let task else { return }
            self.fail(FeedTransportError(kind: .timedOut, reason: "no complete answer within \(timeout) s"), task: task)
        }
    }

    /// Records the first failure and cancels the transfer.
    private func fail(_ error: FeedTransportError, task: URLSessionTask) {
        let first = lock.withLock { () -> Bool in
            guard failure == nil, completion != nil else { return false }
            failure = error
            return true
        }
        if first { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(FeedTransportError(kind: .failed, reason: "not an HTTP response"), task: dataTask)
            completionHandler(.cancel)
            return
        }
        lock.withLock { self.response = http }
        do throws(FeedTransportError) {
            try body.admit(declaredLength: http.expectedContentLength)
        } catch {
            fail(error, task: dataTask)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refusal = lock.withLock { () -> FeedTransportError? in
            guard failure == nil else { return nil }
            do throws(FeedTransportError) {
                try body.append(data)
                return nil
            } catch {
                return error
            }
        }
        if let refusal { fail(refusal, task: dataTask) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        if task.originalRequest?.url?.scheme?.lowercased() == "https", newRequest.url?.scheme?.lowercased() != "https" {
            fail(
                FeedTransportError(
                    kind: .insecureRedirect,
                    reason: "refused a redirect from https: to \(newRequest.url?.absoluteString ?? "?")"),
                task: task)
            completionHandler(nil)
            return
        }
        completionHandler(newRequest)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (completion, result) = lock.withLock {
            () -> (((Result<FeedResponse, FeedTransportError>) -> Void)?, Result<FeedResponse, FeedTransportError>) in
            let completion = self.completion
            self.completion = nil
            return (completion, outcome(error))
        }
        session.finishTasksAndInvalidate()
        completion?(result)
    }

    /// The transfer's result; called with the lock held.
    private func outcome(_ error: Error?) -> Result<FeedResponse, FeedTransportError> {
        if let failure { return .failure(failure) }
        let expected = response?.expectedContentLength ?? -1
        if let error {
            // However the platform words it, a transfer that failed after part of a body is truncated.
            let received = body.bytes.count
            if response != nil, expected > 0 || received > 0, Int64(received) < expected || expected < 0 {
                return .failure(
                    FeedTransportError(
                        kind: .truncated,
                        reason:
                            "the connection closed after \(received) bytes of the body: \(error.localizedDescription)"
                    ))
            }
            return .failure(Self.classify(error))
        }
        guard let response else { return .failure(FeedTransportError(kind: .failed, reason: "no response")) }
        let data: Data
        do throws(FeedTransportError) {
            data = try body.complete(declaredLength: expected)
        } catch {
            return .failure(error)
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return .success(FeedResponse(status: response.statusCode, headers: headers, body: data))
    }

    static func classify(_ error: Error) -> FeedTransportError {
        let reason = error.localizedDescription
        guard let urlError = error as? URLError else { return FeedTransportError(kind: .failed, reason: reason) }
        switch urlError.code {
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return FeedTransportError(kind: .unreachable, reason: reason)
        case .networkConnectionLost:
            return FeedTransportError(kind: .truncated, reason: "the connection closed early: \(reason)")
        case .timedOut:
            return FeedTransportError(kind: .timedOut, reason: reason)
        default:
            return FeedTransportError(kind: .failed, reason: reason)
        }
    }
}
