@_spi(Fuzzing) import AppAlert
import Foundation
import FuzzSupport

/// One input: a few bytes that shape the download, then the image, as ImageLoader takes it in — the
/// transport's capped body (`CappedBody`, what URLSession's delegate feeds) chunk by chunk, then the
/// header reader on what was kept. Layout:
///
/// - bytes 0 and 1: the byte limit, 1 + the big-endian value (1 to 65,536);
/// - byte 2: bits 0–1 the declared length (0 none, 1 exact, 2 one more than arrives, 3 twice as many);
///   bits 2–4 how many split points follow (0 to 7); bits 5–6 the side limit (4,096, 64, 40 or 16
///   pixels); bit 7 the pixel limit (the side's square, or half of it);
/// - the split points, each the size of a chunk (0 to 255); the last chunk is the rest;
/// - the image.
///
/// Checks: the body never holds more than the limit, and is refused exactly when the image is larger;
/// a declared length over the limit is refused before a byte is read; a complete body is the image; a
/// header read is within the limits and of the format its signature names; the header reader's own
/// byte limit says the same as the transport's. Must never crash, hang or leak.
func fuzzImage(_ data: Data) {
    let (image, limits, splits, declared) = parse(data)
    let byteLimit = limits.maximumBytes
    let side = limits.maximumSide

    // The header of the whole image, as the loader reads a body the transport kept.
    let whole = inspect(image, limits: limits)
    switch whole {
    case .success(let header):
        precondition(image.count <= byteLimit, "a header was read from \(image.count) bytes over \(byteLimit)")
        precondition(
            (1...side).contains(header.width) && (1...side).contains(header.height)
                && header.width * header.height <= limits.maximumPixels,
            "\(header.width) × \(header.height) passed limits of \(side) a side, \(limits.maximumPixels) pixels")
        precondition(hasSignature(of: header.format, image), "\(header.format) read from bytes that are not one")
    case .failure(let error):
        precondition(!error.reason.isEmpty, "a refusal without a reason")
    }

    // The transport's body, fed the chunks.
    var body = CappedBody(limit: byteLimit)
    do throws(FeedTransportError) {
        try body.admit(declaredLength: declared)
    } catch {
        precondition(error.kind == .tooLarge && declared > byteLimit, "\(declared) declared refused: \(error)")
        return
    }
    precondition(declared <= byteLimit, "\(declared) bytes declared over a limit of \(byteLimit) were admitted")
    var offset = 0
    for size in splits + [image.count] {
        let chunk = image[offset..<min(image.count, offset + size)]
        do throws(FeedTransportError) {
            try body.append(chunk)
        } catch {
            precondition(error.kind == .tooLarge && offset + chunk.count > byteLimit, "refused early: \(error)")
            precondition(body.bytes.count == offset, "a refused chunk was kept")
            if case .failure(let header) = whole {
                precondition(header.kind == .tooLarge, "the transport refused what the header reader did not")
            } else {
                preconditionFailure("the transport refused \(image.count) bytes the header reader took")
            }
            return
        }
        offset += chunk.count
        precondition(body.bytes.count == offset && offset <= byteLimit, "\(body.bytes.count) bytes kept")
    }
    precondition(image.count <= byteLimit, "\(image.count) bytes passed a limit of \(byteLimit)")
    do throws(FeedTransportError) {
        let kept = try body.complete(declaredLength: declared)
        precondition(declared <= image.count, "\(image.count) bytes completed a body declared as \(declared)")
        precondition(kept == image, "the body is not the bytes that arrived")
        precondition(inspect(kept, limits: limits) == whole, "the kept body reads differently from the image")
    } catch {
        precondition(error.kind == .truncated && declared > image.count, "completed wrongly: \(error)")
    }
}

/// The image, the limits, the chunk sizes and the declared length an input stands for (an input of
/// fewer than 3 bytes: itself, the default limits, one chunk, no length).
func parse(_ data: Data) -> (image: Data, limits: ImageLimits, splits: [Int], declared: Int64) {
    let input = [UInt8](data)
    guard input.count >= 3 else { return (data, ImageLimits(), [], -1) }
    let shape = input[2]
    let side = [4_096, 64, 40, 16][Int(shape >> 5 & 0b11)]
    let limits = ImageLimits(
        maximumBytes: 1 + (Int(input[0]) << 8 | Int(input[1])), maximumSide: side,
        maximumPixels: shape & 0x80 == 0 ? side * side : side * side / 2)
    let splitCount = min(Int(shape >> 2 & 0b111), input.count - 3)
    let image = Data(input[(3 + splitCount)...])
    let declared = [-1, Int64(image.count), Int64(image.count) + 1, 2 * Int64(image.count)][Int(shape & 0b11)]
    return (image, limits, input[3..<(3 + splitCount)].map(Int.init), declared)
}

/// What the header reader says of the image in `input` (a fuzz input) under its limits, in a few words.
func verdict(_ input: Data) -> String {
    let (image, limits, _, _) = parse(input)
    return describe(inspect(image, limits: limits))
}

/// A header as `format WIDTHxHEIGHT`, a refusal as `kind: reason`.
func describe(_ outcome: Result<ImageHeader, ImageHeader.Refusal>) -> String {
    switch outcome {
    case .success(let header): "\(header.format) \(header.width)x\(header.height)"
    case .failure(let error): "\(error.kind.rawValue): \(error.reason)"
    }
}

func inspect(_ bytes: Data, limits: ImageLimits) -> Result<ImageHeader, ImageHeader.Refusal> {
    do throws(ImageHeader.Refusal) {
        return .success(try ImageHeader(inspecting: bytes, limits: limits))
    } catch {
        return .failure(error)
    }
}

/// Whether `bytes` start as `format` does.
func hasSignature(of format: ImageHeader.Format, _ bytes: Data) -> Bool {
    switch format {
    case .png: bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    case .jpeg: bytes.starts(with: [0xFF, 0xD8, 0xFF])
    case .gif: bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
    case .webp: bytes.starts(with: Array("RIFF".utf8)) && bytes.dropFirst(8).starts(with: Array("WEBP".utf8))
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        fuzzImage(Data(bytes: bytes, count: count))
        return 0
    }

    /// SwiftPM links an executable's entry point as `FuzzImage_main`; under the fuzzer that entry hands
    /// over to libFuzzer's driver, which reads the usual libFuzzer options.
    @_cdecl("FuzzImage_main")
    public func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        FuzzerDriver.run(argc, argv)
    }
#else
    /// Without the fuzzer: runs every file named on the command line (a corpus, a crasher) once; with
    /// `-v` first, also prints what the header reader says of each (the file read as a fuzz input: its
    /// first bytes are the download's shape). With `--image` first, the files are plain image files:
    /// each is read whole with the loader's default limits and what the header reader says of it is
    /// printed; nothing is fuzzed.
    @main
    enum FuzzImageReplay {
        static func main() throws {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--image" {
                for path in arguments.dropFirst() {
                    let data = try Data(contentsOf: URL(fileURLWithPath: path))
                    print(
                        URL(fileURLWithPath: path).lastPathComponent + ": "
                            + describe(inspect(data, limits: ImageLimits())))
                }
                return
            }
            if let option = arguments.first, option.hasPrefix("-"), option != "-v" {
                FileHandle.standardError.write(
                    Data(
                        "FuzzImage: unknown option \(option); use FuzzImage [-v] INPUT… or FuzzImage --image FILE…\n"
                            .utf8))
                exit(2)
            }
            let verbose = arguments.first == "-v"
            for path in arguments.dropFirst(verbose ? 1 : 0) {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                fuzzImage(data)
                if verbose { print(URL(fileURLWithPath: path).lastPathComponent + ": " + verdict(data)) }
            }
        }
    }
#endif
