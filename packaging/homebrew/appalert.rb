# Homebrew formula for `appalert`, the AppAlert feed author's command, for a tap:
#
#   brew install OWNER/appalert/appalert           # the release's macOS universal binary
#   brew install --HEAD OWNER/appalert/appalert    # built from the main branch (needs Xcode 16)
#
# The release workflow (.github/workflows/release.yml) attaches this file to each release with `version`
# and `sha256` filled in from the archive it built (packaging/homebrew/fill-formula); copy that one into
# the tap's Formula/ folder. The values here are those of the version in
# Tools/Sources/AppAlertCommands/Version.swift before its first release, so `ruby -c` and `brew audit`
# read a whole formula.
class Appalert < Formula
  desc "Write, check, sign, preview and publish in-app message feeds for AppAlert"
  homepage "https://github.com/OWNER/AppAlert"
  url "https://github.com/OWNER/AppAlert/releases/download/v0.1.0/appalert-0.1.0-macos-universal.tar.gz"
  version "0.1.0"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "Apache-2.0"
  head "https://github.com/OWNER/AppAlert.git", branch: "main"

  # The release binary is built for macOS 14 (the package's lowest macOS).
  depends_on macos: :sonoma

  head do
    depends_on xcode: ["16.0", :build]
  end

  def install
    if build.head?
      system "swift", "build", "--disable-sandbox", "--configuration", "release",
             "--package-path", "Tools", "--product", "appalert-full", "--traits", "PostgreSQL",
             "--arch", "arm64", "--arch", "x86_64"
      # appalert-full is the command with every command in one binary: installed as appalert.
      bin.install "Tools/.build/apple/Products/Release/appalert-full" => "appalert"
      # The completions and the manual page as scripts/release makes them: from the binary itself, the
      # manual by ArgumentParser's generate-manual built from the checkout the build resolved.
      generate_completions_from_executable(bin/"appalert", "--generate-completion-script")
      system "swift", "build", "--disable-sandbox", "--package-path", "Tools/.build/checkouts/swift-argument-parser",
             "--scratch-path", buildpath/"generate-manual", "--product", "generate-manual"
      system buildpath/"generate-manual/debug/generate-manual", bin/"appalert", "--output-directory", buildpath/"manual"
      man1.install buildpath/"manual/appalert.1"
    else
      bin.install "bin/appalert"
      man1.install "share/man/man1/appalert.1"
      bash_completion.install "share/bash-completion/completions/appalert"
      zsh_completion.install "share/zsh/site-functions/_appalert"
      fish_completion.install "share/fish/vendor_completions.d/appalert.fish"
    end
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/appalert --version") unless build.head?
    (testpath/"messages.json").write <<~JSON
      {"format": 2, "messages": [{"id": 1, "bundleId": "com.example.app", "title": "Hello", "text": "Hi."}]}
    JSON
    assert_match "1 usable", shell_output("#{bin}/appalert validate #{testpath}/messages.json")
  end
end
