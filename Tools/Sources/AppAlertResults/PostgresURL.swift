#if PostgreSQL
    import Foundation
    import PostgresNIO

    /// What a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…]` URL says, read once for the
    /// collector (a connection pool) and the report (one connection).
    ///
    /// `sslmode` as libpq reads it: `disable` (no TLS), `allow` and `prefer` (the default: TLS when the
    /// server offers it, the certificate not checked), `require` (TLS, the certificate not checked),
    /// `verify-ca` and `verify-full` (TLS, the certificate checked against the system's roots;
    /// `verify-full` also checks the host name).
    struct PostgresURL {
        enum TLSMode {
            case disable
            case prefer(TLSConfiguration)
            case require(TLSConfiguration)
        }

        var host: String
        var port: Int
        var username: String
        var password: String?
        var database: String
        var tls: TLSMode

        struct Invalid: Error, CustomStringConvertible {
            var description: String
        }

        init(_ url: URL) throws(Invalid) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host,
                !host.isEmpty
            else { throw Invalid(description: "--database: no host in the postgres:// URL") }
            let path = String(components.path.dropFirst())
            self.host = host
            port = components.port ?? 5432
            username = components.user.flatMap { $0.removingPercentEncoding ?? $0 } ?? "postgres"
            password = components.password.flatMap { $0.removingPercentEncoding ?? $0 }
            database = path.removingPercentEncoding ?? path
            let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
            var unchecked = TLSConfiguration.makeClientConfiguration()
            unchecked.certificateVerification = .none
            var checked = TLSConfiguration.makeClientConfiguration()
            switch mode {
            case "disable": tls = .disable
            case "allow", "prefer": tls = .prefer(unchecked)
            case "require": tls = .require(unchecked)
            case "verify-ca":
                checked.certificateVerification = .noHostnameVerification
                tls = .require(checked)
            case "verify-full": tls = .require(checked)
            default:
                throw Invalid(
                    description:
                        "sslmode \"\(mode.prefix(100))\" is not one of disable, allow, prefer, require, verify-ca, verify-full"
                )
            }
        }

        /// For a pool of connections (the collector).
        func clientConfiguration() -> PostgresClient.Configuration {
            let tls: PostgresClient.Configuration.TLS =
                switch self.tls {
                case .disable: .disable
                case .prefer(let configuration): .prefer(configuration)
                case .require(let configuration): .require(configuration)
                }
            return PostgresClient.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
        }

        /// For one connection (the report).
        func connectionConfiguration() throws -> PostgresConnection.Configuration {
            let tls: PostgresConnection.Configuration.TLS =
                switch self.tls {
                case .disable: .disable
                case .prefer(let configuration): .prefer(try NIOSSLContext(configuration: configuration))
                case .require(let configuration): .require(try NIOSSLContext(configuration: configuration))
                }
            return PostgresConnection.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
        }

        /// The URL without its password, to print.
        static func redacted(_ url: URL) -> String {
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.password != nil
            else { return url.absoluteString }
            components.password = "***"
            return components.string ?? url.absoluteString
        }

        /// Why a connection or a query failed, in words: the server's message when it sent one.
        static func reason(_ error: any Error) -> String {
            guard let error = error as? PSQLError else { return "\(error)" }
            if let message = error.serverInfo?[.message] { return message }
            switch error.code {
            case .sslUnsupported: return "the server does not offer TLS (the URL's sslmode asks for it)"
            case .authMechanismRequiresPassword: return "the server asks for a password and the URL gives none"
            case .connectionError:
                return "no connection: \(error.underlying.map { "\($0)" } ?? "the server cannot be reached")"
            default: break
            }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
    }
#endif
