// The StoreKit API that AppAlertUI calls, declared as Apple's documentation declares it (pages under
// developer.apple.com/documentation/storekit, 2026, read through the project's `search` tool), for
// scripts/apple-typecheck. Declarations only. Table rows: scripts/availability/apple-apis.tsv.

// The framework re-exports Foundation: so does the stub.
@_exported import Foundation

/// storekit/storefront (iOS 15, macOS 12): `struct Storefront` (Sendable, Hashable).
public struct Storefront: Sendable, Hashable {
    /// storekit/storefront/countrycode: `let countryCode: String`.
    public let countryCode: String
    /// storekit/storefront/current: `static var current: Storefront? { get async }`.
    public static var current: Storefront? {
        get async { nil }
    }
}

/// storekit/verificationresult (iOS 15, macOS 12): `@frozen enum VerificationResult<SignedType>`.
public enum VerificationResult<SignedType> {
    /// storekit/verificationresult/verified(_:): `case verified(SignedType)`.
    case verified(SignedType)
    /// storekit/verificationresult/unverified(_:_:): `case unverified(SignedType, VerificationResult<SignedType>.VerificationError)`.
    case unverified(SignedType, VerificationError)

    /// storekit/verificationresult/verificationerror: `enum VerificationError` (Error).
    public enum VerificationError: Error, Sendable {
        case revokedCertificate, invalidCertificateChain, invalidDeviceVerification, invalidEncoding
        case invalidSignature, missingRequiredProperties
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}

/// storekit/appstore: `enum AppStore`.
public enum AppStore {
    /// storekit/appstore/environment (iOS 16, macOS 13): `struct Environment` (RawRepresentable, Hashable, Sendable).
    public struct Environment: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let production = Environment(rawValue: "Production")
        public static let sandbox = Environment(rawValue: "Sandbox")
        public static let xcode = Environment(rawValue: "Xcode")
    }
}

/// storekit/apptransaction (iOS 16, macOS 13): `struct AppTransaction` (Sendable).
public struct AppTransaction: Sendable {
    /// storekit/apptransaction/shared: `static var shared: VerificationResult<AppTransaction> { get async throws }`.
    public static var shared: VerificationResult<AppTransaction> {
        get async throws { fatalError() }
    }
    /// storekit/apptransaction/environment: `let environment: AppStore.Environment`.
    public let environment: AppStore.Environment
}
