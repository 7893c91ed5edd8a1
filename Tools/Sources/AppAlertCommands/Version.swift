// The version of `appalert`, and the only place it is written. `appalert --version`, the User-Agent it
// sends, the manual page, the release archive's name (scripts/release reads it from the built binary
// and refuses a git tag that disagrees) and the release `appalert init`'s workflow downloads all take
// it from here. Raise it when a release is tagged (v0.1.0).
let appalertVersion = "0.1.0"
