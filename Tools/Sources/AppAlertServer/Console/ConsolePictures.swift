import AppAlert
import AppAlertAuthoring
import Foundation
import Hummingbird
import NIOCore

/// The console's pictures (`/api/feeds/NAME/images`): the `images/` folder beside the feed as the server
/// serves it (each file checked as apps check a download, ``FeedSite/images(in:limits:)``), and a new
/// picture added to it, checked the same way (``FeedSite/imageRefusal(_:path:limits:)``) and never
/// written over a file that is there.
extension Console {
    /// The pictures of `images/` beside `file`: `images` (each `path`, `url` at this server's `host`,
    /// `format`, `width`, `height`, `bytes`) and `leftOut` (each `path` and `reason`, as `serve` warns).
    func pictures(file: URL, host: String?) -> Response {
        let folder = FeedSite.folder(of: file).appendingPathComponent("images")
        let (files, leftOut) = FeedSite.images(in: folder)
        var images: [JSONValue] = []
        for picture in files {
            var item = JSONObject()
            item.set("path", .string(picture.path))
            item.set("url", .string("http://\(host ?? "localhost")/\(picture.path)"))
            if let header = try? ImageHeader(inspecting: picture.data) {
                item.set("format", .string(header.format.rawValue))
                item.set("width", .integer(Int64(header.width)))
                item.set("height", .integer(Int64(header.height)))
            }
            item.set("bytes", .integer(Int64(picture.data.count)))
            images.append(.object(item))
        }
        let refused: [JSONValue] = leftOut.map { ["path": .string($0.path), "reason": .string($0.reason)] }
        return ConsoleResponse.json(.ok, ["images": .array(images), "leftOut": .array(refused)])
    }

    /// Adds the request's body as `images/NAME` beside `file`: 201 with the picture's `path` and `url`;
    /// 409 when a file of that name is there (nothing is written over it), 422 when apps would refuse
    /// the picture or its name, 413 past the size apps load.
    func addPicture(named name: String, file: URL, request: Request) async -> Response {
        if let off = configuration.editingOff { return ConsoleResponse.error(.forbidden, off) }
        let limits = ImageLimits()
        let path = "images/" + name
        guard FeedSite.isSafeName(name) else {
            return ConsoleResponse.error(
                .unprocessableContent,
                "\"\(Simulator.excerpt(name))\" cannot be a picture's name: a name in a URL may only hold letters, "
                    + "digits, '.', '-' and '_'; nothing was added")
        }
        let tooLarge = ConsoleResponse.error(
            .contentTooLarge,
            "the picture is larger than \(limits.maximumBytes) bytes, the most apps load; nothing was added")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limits.maximumBytes {
            return tooLarge
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limits.maximumBytes)
        } catch {
            return tooLarge
        }
        let data = Data(buffer.readableBytesView)
        if let reason = FeedSite.imageRefusal(data, path: path, limits: limits) {
            return ConsoleResponse.error(.unprocessableContent, "\(path): \(reason); nothing was added")
        }
        let folder = FeedSite.folder(of: file).appendingPathComponent("images")
        let target = folder.appendingPathComponent(name)
        let result: Result<Void, ConsoleFailure> = feeds.exclusively {
            var existing = stat()
            if lstat(target.path, &existing) == 0 {
                return .failure(
                    ConsoleFailure(
                        .conflict,
                        "\(path) exists already: nothing was written over it. Choose it from the list, or give the "
                            + "new picture another name"))
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try AtomicFile.create(data, at: target)
            } catch let error as AtomicFile.WriteError {
                return .failure(ConsoleFailure(.internalServerError, "nothing was added: \(error.description)"))
            } catch {
                return .failure(
                    ConsoleFailure(
                        .internalServerError,
                        "nothing was added: cannot create \(folder.path): \(error.localizedDescription)"
                    ))
            }
            return .success(())
        }
        if case .failure(let failure) = result { return failure.response }
        logger.info("console: \(path) added beside \(file.lastPathComponent)")
        content.reloadIfChanged()
        let host = request.head.authority ?? "localhost"
        return ConsoleResponse.json(.created, ["path": .string(path), "url": .string("http://\(host)/\(path)")])
    }
}
