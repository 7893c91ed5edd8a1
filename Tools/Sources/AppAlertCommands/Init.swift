import AppAlert
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
                DIR/README.md. Refuses to overwrite: when any of them exists nothing is written (exit 2). \
                The feed validates and serves as written.
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
            let files = FeedRepositoryTemplate.files(
                bundleID: bundleID, defaultBranch: defaultBranch, appalertRepository: appalertRepository)
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

    static func files(bundleID: String, defaultBranch: String, appalertRepository: String) -> [File] {
        [
            File(path: "messages.json", contents: feed(bundleID: bundleID)),
            File(path: "schema/feed.schema.json", contents: FeedSchema.document.serialized(pretty: true) + "\n"),
            File(
                path: ".github/workflows/appalert.yml",
                contents: workflow(defaultBranch: defaultBranch, appalertRepository: appalertRepository)),
            File(path: "README.md", contents: readme(bundleID: bundleID)),
        ]
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
                    uses: actions/cache@v4
                    with:
                      path: ~/.appalert
                      key: appalert-${{ env.APPALERT_VERSION }}-${{ runner.os }}-${{ runner.arch }}-${{ env.APPALERT_FROM_SOURCE }}
                  - name: Install appalert
                    if: steps.appalert-cache.outputs.cache-hit != 'true'
                    run: |
                      if [ "$APPALERT_FROM_SOURCE" = true ]; then
                        git clone --depth 1 --branch "v$APPALERT_VERSION" "$APPALERT_REPOSITORY" "$RUNNER_TEMP/appalert"
                        swift build -c release --package-path "$RUNNER_TEMP/appalert/Tools" --product appalert
                        mkdir -p "$HOME/.appalert/bin"
                        cp "$RUNNER_TEMP/appalert/Tools/.build/release/appalert" "$HOME/.appalert/bin/"
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
            # GitHub Pages (Settings → Pages → Source: GitHub Actions).
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
                  - uses: actions/checkout@v4
                    with:
                      fetch-depth: 0
            \(install)
                  - name: Validate
                    run: appalert validate messages.json
                  - name: What this pull request changes
                    if: github.event_name == 'pull_request'
                    run: |
                      git show "origin/${{ github.base_ref }}:messages.json" > "$RUNNER_TEMP/base.json" 2>/dev/null \\
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
                  - uses: actions/checkout@v4
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
                  - uses: actions/configure-pages@v5
                  - uses: actions/upload-pages-artifact@v3
                    with:
                      path: _site
                  - id: deployment
                    uses: actions/deploy-pages@v4

            """
    }

    static func readme(bundleID: String) -> String {
        """
        # In-app messages for \(bundleID)

        `messages.json` is the feed the app reads with [AppAlert](https://github.com/OWNER/AppAlert): which
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
        `https://USER.github.io/REPOSITORY/apps/\(bundleID).json` (only their own messages) or
        `…/messages.json`.

        **Signed feeds.** `appalert keygen --out keys` writes `appalert.key` and `appalert.pub`. Put the text
        of `appalert.key` in the repository secret `\(secretName)` (*Settings → Secrets and variables →
        Actions*) and never commit it; give the text of `appalert.pub` to the app
        (`AlertService(url, publicKeys: ["ed25519:…"])`). From then on the workflow signs every published
        file, and apps refuse a feed that is not signed with that key.

        """
    }
}
