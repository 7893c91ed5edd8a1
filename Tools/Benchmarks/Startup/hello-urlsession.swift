// The start-up benchmark's yardstick (startup.sh): a statically linked Foundation program that makes a
// URLSession, as appalert's commands that ask a server do, and prints one line.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let session = URLSession(configuration: .ephemeral)
print("hello", session.configuration.timeoutIntervalForRequest > 0)
