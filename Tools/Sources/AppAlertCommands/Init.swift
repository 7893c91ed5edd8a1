@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Start a feed repository: a feed, its schema, a CI workflow and a README.",
            discussion: """
                Writes DIR/messages.json (format 2, "$schema" set, one message for --bundle-id), \
                DIR/schema/feed.schema.json (for editors), DIR/.github/workflows/appalert.yml (validate \
                and diff on pull requests; sign and publish to GitHub Pages on the default branch) and \
                DIR/README.md, and a DIR/.gitignore that keeps private keys (appalert.key) and the \
                published site (_site/) out of the repository (an existing .gitignore gets the lines it \
                lacks). Refuses to overwrite: when any of the others exists nothing is written (exit 2). \
                The README's GitHub Pages address comes from the git remote origin when it is on \
                github.com; placeholders left to set are listed with their file and line. The feed \
                validates and serves as written.
                """)

        @Argument(help: "The directory to write to (created if needed).")
        var directory: String

        @Option(name: .customLong("bundle-id"), help: "The app the example message is for.")
        var bundleID: String

        @Option(help: "The repository's default branch, which the workflow publishes from.")
        var defaultBranch = "main"

        @Option(
            help: ArgumentHelp(
                "The repository whose releases the workflow downloads appalert from (its releases/download/vVERSION), "
                    + "or builds it from with APPALERT_FROM_SOURCE: true.", valueName: "url"))
        var appalertRepository = "https://github.com/OWNER/AppAlert"

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            guard !bundleID.isEmpty, !bundleID.contains(where: { $0.isWhitespace || $0 == "/" }) else {
                return .failure("--bundle-id: \"\(bundleID)\" is not a bundle identifier")
            }
            guard defaultBranch.allSatisfy({ $0.isLetter || $0.isNumber || "-_./".contains($0) }),
                !defaultBranch.isEmpty
            else {
                return .failure("--default-branch: \"\(defaultBranch)\" is not a branch name")
            }
            let root = URL(fileURLWithPath: directory)
            let origin = Git.gitHubOrigin(of: root)
            let files = FeedRepositoryTemplate.files(
                bundleID: bundleID, defaultBranch: defaultBranch, appalertRepository: appalertRepository,
                gitHub: origin)
            let existing = files.map(\.path).filter {
                FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
            }
            guard existing.isEmpty else {
                return .failure(
                    "\(directory): \(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); "
                        + "nothing written")
            }
            var output = CommandOutput()
            for file in files {
                let url = root.appendingPathComponent(file.path)
                do {
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
                } catch {
                    return .failure("\(url.path): \(error.localizedDescription)")
                }
                output.out(url.path)
            }
            let ignore = root.appendingPathComponent(".gitignore")
            do {
                if let written = try FeedRepositoryTemplate.writeGitignore(to: ignore) { output.out(written) }
            } catch {
                return .failure("\(ignore.path): \(error.localizedDescription)")
            }
            for placeholder in FeedRepositoryTemplate.placeholders(in: files) {
                output.err("to set: \(directory)/\(placeholder)")
            }
            // GitHub runs only the workflows at a repository's root, and this one reads the feed there.
            if let top = Git.run(["rev-parse", "--show-toplevel"], in: root), top.status == 0, !top.output.isEmpty,
                URL(fileURLWithPath: top.output).resolvingSymlinksInPath().path
                    != root.resolvingSymlinksInPath().standardizedFileURL.path
            {
                output.err(
                    "appalert: warning: \(directory) is inside the git repository at \(top.output), whose root is "
                        + "where GitHub looks for workflows and where this one reads messages.json: run appalert "
                        + "init at the repository's root, or move .github/ there and put \(directory)/ before each "
                        + "path the workflow names")
            }
            output.err(
                "next: appalert validate \(directory)/messages.json, then appalert serve --dev \(directory)/messages.json"
            )
            return output
        }
    }
}

/// What `appalert init` writes.
enum FeedRepositoryTemplate {
    struct File {
        var path: String
        var contents: String
    }

    static let secretName = "APPALERT_SIGNING_KEY"

    static func files(
        bundleID: String, defaultBranch: String, appalertRepository: String,
        gitHub: (owner: String, repository: String)? = nil
    ) -> [File] {
        [
            File(path: "messages.json", contents: feed(bundleID: bundleID)),
            File(path: "schema/feed.schema.json", contents: FeedSchema.document.serialized(pretty: true) + "\n"),
            File(
                path: ".github/workflows/appalert.yml",
                contents: workflow(defaultBranch: defaultBranch, appalertRepository: appalertRepository)),
            File(
                path: "README.md",
                contents: readme(bundleID: bundleID, appalertRepository: appalertRepository, gitHub: gitHub)),
        ]
    }

    /// What must never be committed: private keys (wherever `keygen --out` puts them; the public key
    /// may be committed, and serve and publish find it there to check signatures), and the site
    /// `publish` writes.
    static let ignored = [
        ("# Private signing keys (appalert keygen): never commit one. appalert.pub is public.", "appalert.key"),
        ("# The site appalert publish writes.", "_site/"),
    ]

    /// Writes `.gitignore`, or adds to an existing one the lines it lacks; returns what to print (nil
    /// when it had them all). Written atomically.
    static func writeGitignore(to file: URL) throws -> String? {
        let existing = FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) }
        let present = Set(
            (existing ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = ignored.filter { !present.contains($0.1) }
        guard !missing.isEmpty else { return nil }
        var text = existing ?? "# Written by appalert init.\n"
        if let existing, !existing.isEmpty, !existing.hasSuffix("\n") { text += "\n" }
        if existing != nil { text += "# Added by appalert init.\n" }
        for (comment, pattern) in missing { text += comment + "\n" + pattern + "\n" }
        try Data(text.utf8).write(to: file, options: .atomic)
        return existing == nil
            ? file.path : file.path + " (added " + missing.map(\.1).joined(separator: ", ") + ")"
    }

    /// The placeholders left in `files` for the author to replace, as `FILE line N: what it is`.
    static func placeholders(in files: [File]) -> [String] {
        let known = [
            (
                "github.com/OWNER/AppAlert",
                "https://github.com/OWNER/AppAlert is the AppAlert repository appalert is downloaded from; "
                    + "put its address there (or run init with --appalert-repository URL)"
            ),
            (
                "USER.github.io/REPOSITORY",
                "USER.github.io/REPOSITORY is this repository's GitHub Pages address (filled in from the git "
                    + "remote origin when it is on github.com)"
            ),
        ]
        var found: [String] = []
        for file in files where file.path.hasSuffix(".yml") || file.path.hasSuffix(".md") {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            for (needle, what) in known {
                let numbers = lines.indices.filter { lines[$0].contains(needle) }.map { String($0 + 1) }
                guard !numbers.isEmpty else { continue }
                found.append(
                    "\(file.path) line\(numbers.count == 1 ? "" : "s") \(numbers.joined(separator: ", ")): \(what)")
            }
        }
        return found
    }

    static func feed(bundleID: String) -> String {
        var message = JSONObject()
        message.set("id", 1)
        message.set("bundleId", .string(bundleID))
        message.set("title", "Welcome")
        message.set(
            "text", "This message comes from messages.json. Edit it, check it with appalert validate, and publish.")
        message.set("confirmLabel", "OK")
        var feed = JSONObject()
        feed.set("$schema", "schema/feed.schema.json")
        feed.set("format", 2)
        feed.set("messages", [.object(message)])
        return JSONValue.object(feed).serialized(pretty: true) + "\n"
    }

    static func workflow(defaultBranch: String, appalertRepository: String) -> String {
        // appalert arrives as the release archive of the version that wrote this file: the release's
        // install.sh checks it against its .sha256 and installs it under ~/.appalert, which is cached
        // per version and architecture. APPALERT_FROM_SOURCE: true builds that version's tag instead.
        let install = """
                  - name: Cache appalert
                    id: appalert-cache
                    uses: actions/cache@5a3ec84eff668545956fd18022155c47e93e2684 # v4.2.3
                    with:
                      path: ~/.appalert
                      key: appalert-${{ env.APPALERT_VERSION }}-${{ runner.os }}-${{ runner.arch }}-${{ env.APPALERT_FROM_SOURCE }}
                  - name: Install appalert
                    if: steps.appalert-cache.outputs.cache-hit != 'true'
                    run: |
                      if [ "$APPALERT_FROM_SOURCE" = true ]; then
                        git clone --depth 1 --branch "v$APPALERT_VERSION" "$APPALERT_REPOSITORY" "$RUNNER_TEMP/appalert"
                        swift build -c release --package-path "$RUNNER_TEMP/appalert/Tools" --product appalert-full
                        mkdir -p "$HOME/.appalert/bin"
                        cp "$RUNNER_TEMP/appalert/Tools/.build/release/appalert-full" "$HOME/.appalert/bin/appalert"
                      else
                        curl -fsSL --retry 2 -o "$RUNNER_TEMP/install.sh" "$APPALERT_DOWNLOADS/install.sh"
                        sh "$RUNNER_TEMP/install.sh" \\
                          "$APPALERT_DOWNLOADS/appalert-$APPALERT_VERSION-linux-$(uname -m).tar.gz" "$HOME/.appalert"
                      fi
                  - name: Put appalert on the PATH
                    run: |
                      echo "$HOME/.appalert/bin" >> "$GITHUB_PATH"
                      "$HOME/.appalert/bin/appalert" --version
            """
        return """
            # Written by `appalert init`. appalert itself is downloaded: the release archive of
            # APPALERT_VERSION, checked against its .sha256, cached between runs (no Swift toolchain, no
            # compiling); set APPALERT_FROM_SOURCE to true to build it from that version's tag instead.
            # On every pull request: validate the feed and write what the edit
            # changes (appalert diff against the default branch) to the job summary. On the default branch:
            # sign with the repository secret \(secretName) when it is set (appalert keygen makes the
            # key; paste appalert.key's text into Settings → Secrets and variables → Actions) and publish to
            # GitHub Pages (Settings → Pages → Source: GitHub Actions). Each action is pinned to a commit (its
            # release in the comment beside it), so a moved tag cannot change what runs here; GitHub
            # expressions reach scripts only through env, and no checkout keeps the token on disk.
            name: AppAlert feed

            on:
              pull_request:
              push:
                branches: [\(defaultBranch)]
              workflow_dispatch:

            permissions:
              contents: read

            concurrency:
              group: appalert-pages
              cancel-in-progress: false

            # The appalert release this workflow runs (the one that wrote it); raise it to upgrade.
            env:
              APPALERT_VERSION: \(appalertVersion)
              APPALERT_DOWNLOADS: \(appalertRepository)/releases/download/v\(appalertVersion)
              APPALERT_REPOSITORY: \(appalertRepository)
              APPALERT_FROM_SOURCE: false

            jobs:
              check:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
                    with:
                      fetch-depth: 0
                      persist-credentials: false
            \(install)
                  - name: Validate
                    run: appalert validate messages.json
                  - name: What this pull request changes
                    if: github.event_name == 'pull_request'
                    env:
                      BASE_REF: ${{ github.base_ref }}
                    run: |
                      git show "origin/$BASE_REF:messages.json" > "$RUNNER_TEMP/base.json" 2>/dev/null \\
                        || echo '[]' > "$RUNNER_TEMP/base.json"
                      {
                        echo '## What this pull request changes'
                        echo '```'
                        appalert diff "$RUNNER_TEMP/base.json" messages.json || [ $? -eq 1 ]
                        echo '```'
                      } >> "$GITHUB_STEP_SUMMARY"

              publish:
                if: github.event_name != 'pull_request' && github.ref == 'refs/heads/\(defaultBranch)'
                needs: check
                runs-on: ubuntu-latest
                permissions:
                  contents: read
                  pages: write
                  id-token: write
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
                    with:
                      persist-credentials: false
            \(install)
                  - name: Sign
                    env:
                      \(secretName): ${{ secrets.\(secretName) }}
                    run: |
                      if [ -n "$\(secretName)" ]; then
                        appalert sign messages.json --key-env \(secretName)
                      fi
                  - name: Publish
                    env:
                      \(secretName): ${{ secrets.\(secretName) }}
                    run: |
                      if [ -n "$\(secretName)" ]; then
                        appalert publish messages.json --out _site --key-env \(secretName)
                      else
                        appalert publish messages.json --out _site
                      fi
                  - uses: actions/configure-pages@983d7736d9b0ae728b81ab479565c72886d7745b # v5.0.0
                  - uses: actions/upload-pages-artifact@56afc609e74202658d3ffba0e8f6dda462b719fa # v3.0.1
                    with:
                      path: _site
                  - id: deployment
                    uses: actions/deploy-pages@d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e # v4.0.5

            """
    }

    /// The address GitHub Pages publishes a repository at: `https://owner.github.io/REPO/`, or
    /// `https://owner.github.io/` for the repository named `owner.github.io`.
    static func pagesAddress(_ gitHub: (owner: String, repository: String)?) -> String {
        guard let gitHub else { return "https://USER.github.io/REPOSITORY/" }
        let host = gitHub.owner.lowercased() + ".github.io"
        return gitHub.repository.lowercased() == host ? "https://\(host)/" : "https://\(host)/\(gitHub.repository)/"
    }

    static func readme(
        bundleID: String, appalertRepository: String = "https://github.com/OWNER/AppAlert",
        gitHub: (owner: String, repository: String)? = nil
    ) -> String {
        let pages = pagesAddress(gitHub)
        return """
            # In-app messages for \(bundleID)

            `messages.json` is the feed the app reads with [AppAlert](\(appalertRepository)): which
            message to show to which app version, OS, platform, language, date window and share of installs.
            Your editor completes its keys and explains them from `schema/feed.schema.json`.

            ```sh
            appalert validate messages.json                  # errors and warnings, with their JSON paths
            appalert serve --dev messages.json               # preview every message, try an install in the simulator
            appalert audience messages.json --bundle-id \(bundleID)   # who sees what
            appalert diff old.json messages.json             # what an edit changes, and for whom
            ```

            Every pull request is validated, and the job summary says which installs would see something else.
            The default branch is published to GitHub Pages by `.github/workflows/appalert.yml`: enable Pages
            with *Settings → Pages → Source: GitHub Actions*. Apps read
            `\(pages)apps/\(bundleID).json` (only their own messages) or
            `\(pages)messages.json`. Pictures go in `images/` (PNG, JPEG, GIF or WebP) and are published at
            `\(pages)images/NAME`.

            **Signed feeds.** `appalert keygen --out keys` writes `keys/appalert.key` and `keys/appalert.pub`;
            `.gitignore` keeps `appalert.key` out of the repository (keygen refuses to write it where git would
            commit it). Put the text of `appalert.key` in the repository secret `\(secretName)` (*Settings →
            Secrets and variables → Actions*) and never commit it; give the text of `appalert.pub` to the app
            (`AlertService(url, publicKeys: ["ed25519:…"])`) and commit it. From then on the workflow signs
            every published file, and apps refuse a feed that is not signed with that key.

            """
    }
}
