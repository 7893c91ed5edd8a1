@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
import AppAlertServer
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AppAlertCommand {
    struct Keygen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.keygen.name,
            abstract: ServerCommands.keygen.abstract,
            discussion: """
                Writes DIR/appalert.key (the private key, mode 0600: keep it secret, out of the \
                repository the feed is published from) and DIR/appalert.pub (the public key, one line \
                to paste into the app). Refuses to replace an existing key, and to write the private \
                key inside a git work tree that does not ignore it (add appalert.key to .gitignore, or \
                write the keys outside the repository), unless --force. Exit code 2 when it refuses or \
                the files cannot be written.
                """)

        @Option(name: .customLong("out"), help: ArgumentHelp("The directory to write the keys to.", valueName: "dir"))
        var output: String

        @Flag(help: "Replace existing key files; write the private key even where git does not ignore it.")
        var force = false

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            let directory = URL(fileURLWithPath: output)
            let privateFile = directory.appendingPathComponent("appalert.key")
            let publicFile = directory.appendingPathComponent("appalert.pub")
            let manager = FileManager.default
            var result = CommandOutput()
            if !force {
                for file in [privateFile, publicFile] where manager.fileExists(atPath: file.path) {
                    return .failure(
                        "\(file.path) exists; a new key would lock out apps that trust the old one (--force to replace it)"
                    )
                }
            }
            // A private key in a repository is one `git add -A` away from being published with it.
            switch Git.standing(of: privateFile) {
            case .notIgnored(let root) where !force:
                return .failure(
                    "\(privateFile.path) would be inside the git repository \(root), and git does not ignore it: "
                        + "the next git add -A would commit the private key. Add appalert.key to "
                        + "\(root)/.gitignore, or write the keys outside the repository (--out ~/.appalert); "
                        + "--force writes it anyway")
            case .notIgnored(let root):
                result.err(
                    "appalert: warning: \(privateFile.path) is in the git repository \(root) and git does not ignore "
                        + "it: never commit it")
            case .unknown(let repository?):
                result.err(
                    "appalert: warning: \(privateFile.path) is inside the repository \(repository), and git is not "
                        + "installed to check that it is ignored: make sure .gitignore lists appalert.key")
            case .outside, .ignored, .unknown(nil):
                break
            }
            let key = FeedSigningKey()
            do {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
                try KeyFile.writePrivate(key.text + "\n", to: privateFile)
                try Data((key.publicKey.text + "\n").utf8).write(to: publicFile, options: .atomic)
            } catch {
                return .failure("\(output): \(error)")
            }
            result.out("private key: \(privateFile.path) (mode 0600; keep it secret)")
            result.out("public key:  \(publicFile.path) (key id \(key.publicKey.id))")
            result.out(key.publicKey.text)
            return result
        }
    }

    struct Sign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.sign.name,
            abstract: ServerCommands.sign.abstract,
            discussion: """
                The feed is not changed, unless --bump-sequence: then its "sequence" is set to one more \
                than before (the feed must be format 2), so apps refuse the previous signed feed if it is \
                served again; only the number's bytes change (or "sequence": 1 is added as the first \
                member, in the file's own indentation), so the commit shows one line. A feed with errors is not signed (exit \
                1). Exit code 2 when a file cannot be read or written or the key is not a key.
                """)

        @Argument(help: "The feed file.")
        var feed: String

        @OptionGroup var signingKey: SigningKeyOptions

        @Flag(help: "Raise the feed's \"sequence\" by one (that one line of the file changes) before signing.")
        var bumpSequence = false

        @Option(
            name: .customLong("out"),
            help: ArgumentHelp("Where to write the signature. Default: FEED.sig.", valueName: "file"))
        var output: String?

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            let signingKey: FeedSigningKey
            var result = CommandOutput()
            do {
                guard let (key, warning) = try self.signingKey.load() else {
                    return .failure("give the private key: --key FILE or --key-env NAME")
                }
                signingKey = key
                if let warning { result.err("appalert: warning: \(warning)") }
            } catch {
                return .failure(error.message)
            }
            var data: Data
            do {
                data = try FeedFile.read(feed)
            } catch {
                return .failure(error.message)
            }
            // A feed with errors is neither changed nor signed: its sequence stays as its .sig says.
            if case .failure(let failure) = FeedCheck.errors(in: data) {
                return .failure(
                    "\(feed): \(failure.message); \(bumpSequence ? "nothing was changed or signed" : "not signed")",
                    code: 1)
            }
            if bumpSequence {
                let bumped: Data
                let sequence: Int
                do {
                    (bumped, sequence) = try SequenceBump.bump(data)
                } catch {
                    return .failure("\(feed): \(error.message)", code: 1)
                }
                // Through a symbolic link to the file it leads to, keeping its permissions (AtomicFile).
                do {
                    try AtomicFile.write(bumped, to: URL(fileURLWithPath: feed))
                } catch {
                    return .failure("\(feed): \(error.description)")
                }
                data = bumped
                result.out("\(feed): sequence \(sequence)")
            }
            let signatureFile = output ?? feed + ".sig"
            let existing = try? Data(contentsOf: URL(fileURLWithPath: signatureFile))
            let signature = signingKey.signature(for: data, reusing: existing)
            if existing == signature.data {
                result.out("\(signatureFile): unchanged (still a valid signature by key \(signingKey.publicKey.id))")
                return result
            }
            do {
                try AtomicFile.write(signature.data, to: URL(fileURLWithPath: signatureFile))
            } catch {
                return .failure("\(signatureFile): \(error.description)")
            }
            result.out("\(signatureFile): signed with key \(signingKey.publicKey.id)")
            return result
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.verify.name,
            abstract: ServerCommands.verify.abstract,
            discussion: """
                Exit code 0 when FEED.sig is a valid signature of FEED by one of the public keys; 1 when \
                it is not (missing, malformed, another key, the feed or signature changed); 2 when a \
                file or key cannot be read.
                """)

        @Argument(help: "The feed file.")
        var feed: String

        @Option(
            name: .customLong("public-key"),
            help: ArgumentHelp(
                "A public key: the appalert.pub file or its text (ed25519:…); repeatable, for rotation.",
                valueName: "key"))
        var publicKeys: [String]

        @Option(help: ArgumentHelp("The signature file. Default: FEED.sig.", valueName: "file"))
        var signature: String?

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            let trust: FeedTrust
            do {
                trust = try KeyFile.trust(publicKeys)
            } catch {
                return .failure(error.message)
            }
            let data: Data
            do {
                data = try FeedFile.read(feed)
            } catch {
                return .failure(error.message)
            }
            let signatureFile = signature ?? feed + ".sig"
            let signatureData = FileManager.default.contents(atPath: signatureFile)
            do {
                let key = try trust.verify(data, signatureFile: signatureData)
                var result = CommandOutput()
                result.out("\(feed): valid signature by key \(key.id)")
                return result
            } catch {
                let reason =
                    error.kind == .missingSignature ? "no signature: \(signatureFile) does not exist" : error.reason
                return .failure("\(feed): \(reason)", code: 1)
            }
        }
    }
}

/// Reading and writing key files.
/// `--key FILE` or `--key-env NAME`: the private key from a file, or from an environment variable as
/// CI systems hand over secrets (the variable's value is never printed).
struct SigningKeyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The private key file (appalert.key).", valueName: "key-file"))
    var key: String?

    @Option(
        name: .customLong("key-env"),
        help: ArgumentHelp(
            "An environment variable holding the private key's text (ed25519-private:BASE64), e.g. a CI secret.",
            valueName: "name"))
    var keyEnv: String?

    /// The key and a warning about its file, or `nil` when neither option is given.
    func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError)
        -> (FeedSigningKey, String?)?
    {
        switch (key, keyEnv) {
        case (.some, .some):
            throw InputError(message: "--key and --key-env: give one of them")
        case (let path?, nil):
            return try KeyFile.readPrivate(path)
        case (nil, let name?):
            guard let text = environment[name], !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw InputError(message: "--key-env: the environment variable \(name) is not set or is empty")
            }
            do {
                return (try FeedSigningKey(text), nil)
            } catch {
                throw InputError(message: "--key-env: \(name) does not hold a private key (\(error.reason))")
            }
        case (nil, nil):
            return nil
        }
    }
}

/// `--public-key KEY…` of `serve` and `publish`: keys to check a carried `FEED.sig` with, besides the
/// `appalert.pub` files found near the feed.
struct CarriedSignatureOptions: ParsableArguments {
    @Option(
        name: .customLong("public-key"),
        help: ArgumentHelp(
            "A public key to check a carried FEED.sig with (appalert.pub or its text); repeatable. appalert.pub "
                + "files beside the feed, in keys/ or in a folder above are found without it.",
            valueName: "key"))
    var publicKeys: [String] = []

    func load() throws(InputError) -> [FeedPublicKey] {
        publicKeys.isEmpty ? [] : try KeyFile.trust(publicKeys).publicKeys
    }
}

/// `sign --bump-sequence`: the feed with its `sequence` one higher, and no other byte changed (the
/// member is inserted first in the object when the feed has none), so the commit shows one line.
enum SequenceBump {
    struct BumpError: Error {
        var message: String
    }

    static func bump(_ data: Data) throws(BumpError) -> (Data, Int) {
        let document: JSONValue
        do {
            document = try JSONParser().parse(data)
        } catch {
            throw BumpError(message: "\(error.description); nothing was changed or signed")
        }
        guard case .object(let object) = document else {
            throw BumpError(
                message: "--bump-sequence needs a format-2 feed ({\"format\": 2, \"messages\": [...]}): a format-1 "
                    + "feed (an array) has no place for a sequence; nothing was changed or signed (sign without "
                    + "--bump-sequence, or move the messages to format 2)")
        }
        let current: Int
        switch object["sequence"] {
        case nil, .null?: current = 0
        case .some(let value):
            guard let number = value.integerValue, number >= 0, number < Int(Int64.max) else {
                throw BumpError(
                    message: "\"sequence\" is \(value.serialized().prefix(100)), not a whole number; nothing was "
                        + "changed or signed")
            }
            current = number
        }
        do {
            let bumped = try JSONTextEdit.settingTopLevelMember(
                "sequence", to: .integer(Int64(current + 1)), in: data)
            return (bumped, current + 1)
        } catch {
            throw BumpError(message: "--bump-sequence: \(error.reason); nothing was changed or signed")
        }
    }
}

/// Whether a feed has errors, as `validate` would report them.
enum FeedCheck {
    static func errors(in data: Data) -> Result<Void, FeedCheckFailure> {
        do {
            let result = try FeedDecoder().decode(data)
            let errors = result.errors
            guard errors.isEmpty else {
                return .failure(
                    FeedCheckFailure(
                        message:
                            "\(errors.count) error\(errors.count == 1 ? "" : "s") (appalert validate lists them); first: \(errors[0])"
                    ))
            }
            return .success(())
        } catch {
            return .failure(FeedCheckFailure(message: error.reason))
        }
    }

    struct FeedCheckFailure: Error {
        var message: String
    }
}
