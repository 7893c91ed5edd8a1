#if canImport(StoreKit)
    import AppAlert
    import Foundation
    import StoreKit

    extension AppStoreLookup {
        /// A lookup in this device's own App Store country (StoreKit's `Storefront.current`), unless
        /// `storefront` names one: asking the United States store for an app sold elsewhere is the
        /// most reported failure of update prompts.
        public static func onThisDevice(
            storefront: AppAlert.Storefront? = nil, platform: Platform = .current,
            transport: any FeedTransport = URLSessionFeedTransport()
        ) -> AppStoreLookup {
            var lookup = AppStoreLookup(storefront: storefront, platform: platform, transport: transport)
            lookup.deviceStorefront = { await StoreKit.Storefront.current?.countryCode }
            return lookup
        }
    }

    extension UpdateChecker.BuildEnvironment {
        /// What kind of build this is, from StoreKit's app transaction: TestFlight (the sandbox
        /// environment) or run from Xcode. When no app transaction can be had (no App Store account,
        /// offline on first launch), the receipt's file name says TestFlight (``detect(bundle:isDebug:)``).
        public static func detectOnThisDevice(bundle: Bundle = .main, isDebug: Bool = false) async
            -> UpdateChecker.BuildEnvironment
        {
            var environment = detect(bundle: bundle, isDebug: isDebug)
            guard let result = try? await AppTransaction.shared else { return environment }
            let transaction: AppTransaction
            switch result {
            case .verified(let verified): transaction = verified
            case .unverified(let unverified, _): transaction = unverified
            }
            environment.isTestFlight = transaction.environment == .sandbox
            if transaction.environment == .xcode { environment.isDebug = true }
            return environment
        }
    }
#endif
