@_spi(Fuzzing) import AppAlert
import Foundation
import Testing

/// The transport's body limit, fed chunks as URLSession hands them over (the transport itself is tested
/// against a real server in ImageLoaderTests and FeedLoaderTests; Tools/Fuzz/FuzzImage drives this too).
struct CappedBodyTests {
    @Test(
        arguments: [
            // limit, declared length (-1: none), chunk sizes, what comes of it
            (10, -1, [], "0 bytes"),
            (10, -1, [4, 6], "10 bytes"),
            (10, 10, [10], "10 bytes"),
            (10, -1, [4, 7], "tooLarge after 4: the body is larger than 10 bytes"),
            (10, -1, [11], "tooLarge after 0: the body is larger than 10 bytes"),
            (10, -1, [0, 10, 0, 1], "tooLarge after 10: the body is larger than 10 bytes"),
            (10, 11, [], "tooLarge before reading: the body is larger than 10 bytes"),
            (10, 8, [4, 3], "truncated: the body ended after 7 of 8 bytes"),
            (0, -1, [0, 0], "0 bytes"),
            (0, -1, [1], "tooLarge after 0: the body is larger than 0 bytes"),
        ] as [(Int, Int64, [Int], String)])
    func theBodyNeverHoldsMoreThanItsLimit(limit: Int, declared: Int64, chunks: [Int], expected: String) {
        var body = CappedBody(limit: limit)
        func outcome() -> String {
            do throws(FeedTransportError) {
                try body.admit(declaredLength: declared)
            } catch {
                return "\(error.kind.rawValue) before reading: \(error.reason)"
            }
            for (index, size) in chunks.enumerated() {
                do throws(FeedTransportError) {
                    try body.append(Data(repeating: UInt8(index), count: size))
                } catch {
                    return "\(error.kind.rawValue) after \(body.bytes.count): \(error.reason)"
                }
            }
            do throws(FeedTransportError) {
                return "\(try body.complete(declaredLength: declared).count) bytes"
            } catch {
                return "\(error.kind.rawValue): \(error.reason)"
            }
        }
        #expect(outcome() == expected)
        #expect(body.bytes.count <= limit)
    }
}
