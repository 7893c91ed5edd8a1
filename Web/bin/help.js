// The help appalert-web prints for `--help`, `-h` and `help COMMAND`, laid out as `appalert`'s
// (ArgumentParser's OVERVIEW, USAGE, ARGUMENTS and OPTIONS), saying what this command does differently.

const helpOption = "  -h, --help              Show help information.\n";

export const overviewHelp = `OVERVIEW: Decide as AppAlert apps do, with the web engine.

The deciding part of \`appalert\`, run on the web client's engine (Web/src), with
the same arguments, output and exit codes, so a suite written for \`appalert\`
checks this engine unchanged. It reads files only: it never asks the network.
Exit codes: 0 success; 1 the answer is "no" (validate found errors, a version
does not satisfy a range); 2 the input could not be used; 64 a usage error.

USAGE: appalert-web <subcommand>

OPTIONS:
  --version               Show the version.
${helpOption}
SUBCOMMANDS:
  evaluate                Show which message an install would see now.
  validate                Check a feed as an app applies it.
  version                 Compare versions and test ranges as apps do.
  update-check            Decide whether a web app's install should be asked
                          to reload for a new version, from a feed's policy.

  See 'appalert-web help <subcommand>' for detailed help.
`;

export const evaluateHelp = `OVERVIEW: Show which message an install would see now.

Decodes the feed as a page does (messages with errors are left out, and listed
on standard error), applies every targeting rule to the install described by
the options, and prints the chosen message, as \`appalert evaluate\` does with
the same options. Values left out are unknown: a message restricted by OS
version, language or rollout is not shown to an install whose OS version,
language or install id is unknown. Exit code 0 whether or not a message is
selected; 2 when the feed or an option value cannot be used; 3 when the feed
holds a value the web engine does not read as the Swift engine does.

USAGE: appalert-web evaluate [<options>] <feed> --bundle-id <bundle-id> --app-version <app-version>

ARGUMENTS:
  <feed>                  The feed file (- for standard input).

OPTIONS:
  --bundle-id <bundle-id> The app's bundle identifier.
  --app-version <app-version>
                          The app's version.
  --build <build>         The app's build number.
  --os-version <os-version>
                          The OS version (a page knows it only when it gives
                          one).
  --platform <platform>   The platform: ios, ipados, macos, tvos, watchos,
                          visionos, linux, windows or web. Default: this
                          machine's, as \`appalert\` built for it says.
  --locale <tag>          A preferred language (BCP 47), most preferred first;
                          repeatable.
  --allow-link-scheme <scheme>
                          A link scheme the app opens besides https;
                          repeatable.
  --allow-link-host <host>
                          Restrict http(s) links to this host (.example.com:
                          and its subdomains); repeatable.
  --install-id <install-id>
                          The install's id, for rollout percentages.
  --now <now>             The time of the decision, RFC 3339 (e.g.
                          2026-03-01T09:00:00Z). Default: now.
  --seen <id[:count]>     A message already shown: ID, or ID:COUNT for COUNT
                          showings; repeatable.
  --last-message-id <last-message-id>
                          Every id up to this one counts as seen.
  --previous-version <previous-version>
                          The version this install was updated from, for
                          what's-new messages. Default: none (not updated).
  --launches-since-update <n>
                          Launches since that update, this one included.
                          (default: 1)
  --attribute <key=value> An attribute the app supplies, KEY=VALUE; VALUE is a
                          number or true/false when it reads as one, else a
                          string (KEY='"3"' for the string 3); repeatable.
  --event <name>          Decide for this event instead of a launch.
  --launch-count <n>      This install's launches, this one included.
                          (default: 1)
  --installed-at <time>   The install's first launch, RFC 3339. Default:
                          unknown.
  --updated-at <time>     The last version change, RFC 3339. Default: unknown.
  --placement <name>      The placement decided for: launch, inbox, or one of
                          the page's slots. (default: launch)
  --json                  Print one JSON object instead of text (the same
                          object as \`appalert evaluate --json\`).
  --explain               Also say, for every message, whether it is eligible
                          or which rule excluded it.
${helpOption}`;

export const validateHelp = `OVERVIEW: Check a feed as an app applies it.

Prints every error (the message or update policy it names is left out by apps; the feed is refused) and
every warning the engine's decoder gives, each with its JSON path, in the feed's order, with the words,
output and exit codes of \`appalert validate\`. \`appalert validate\` is the author's full check: it also
gives advice that is not an app's decision (a text longer than its layout shows, a message that waits
behind another with the same targeting, a picture missing from images/), which this command does not.
Exit code: 0 no errors (warnings allowed), 1 errors or not a feed, 2 the file cannot be read or is not
JSON, 3 a value the web engine does not read as the Swift engine does.

USAGE: appalert-web validate <feed> [--json] [--warnings-as-errors]

ARGUMENTS:
  <feed>                  The feed file (- for standard input).

OPTIONS:
  --json                  Print one JSON object instead of text.
  --warnings-as-errors    Treat warnings as errors (exit 1 when there are any).
${helpOption}`;

export const versionHelp = `OVERVIEW: Compare versions and test ranges as apps do.

USAGE: appalert-web version <subcommand>

OPTIONS:
${helpOption}
SUBCOMMANDS:
  compare                 Print -1, 0 or 1 as A is lower than, equal to or
                          higher than B.
  satisfies               Print whether VERSION is in RANGE (node-semver
                          syntax).

  See 'appalert-web help version <subcommand>' for detailed help.
`;

export const compareHelp = `OVERVIEW: Print -1, 0 or 1 as A is lower than, equal to or higher than B.

Exit code 0, or 2 when a version is invalid. Put -- before a version that
starts with a dash.

USAGE: appalert-web version compare [--] <a> <b>

ARGUMENTS:
  <a>                     The first version.
  <b>                     The second version.

OPTIONS:
${helpOption}`;

export const satisfiesHelp = `OVERVIEW: Print whether VERSION is in RANGE (node-semver syntax).

Exit code 0 when it is, 1 when it is not, 2 when the version or range is
invalid.

USAGE: appalert-web version satisfies <version> <range>

ARGUMENTS:
  <version>               The version.
  <range>                 The range, e.g. ">=1.2 <2" or "^1.4.0".

OPTIONS:
${helpOption}`;

export const updateCheckHelp = `OVERVIEW: Decide whether a web app's install should be asked to reload.

Reads the feed's "updates" policy for the app (--bundle-id) and applies it as a
page does: required below the policy's minimumVersion (reloading the page is
the update), optional when its latestVersion is newer and was released at least
the release delay ago, none otherwise — with the reason, in the words, output
and exit codes of \`appalert update-check --platform web\`. "Skip" and "Later"
answers kept in \`appalert\`'s state directory apply; this command never writes
them. It asks no network: the App Store, GitHub releases and a feed's URL are
\`appalert update-check\`'s. Exit code 0; 1 when the feed cannot be used (the
decision is then "none", with "error"); 2 when an option value is invalid or
asks for the network.

USAGE: appalert-web update-check --platform web --feed <feed> --bundle-id <bundle-id> --app-version <app-version> [<options>]

OPTIONS:
  --platform <platform>   web (any other platform is \`appalert\`'s).
  --feed <feed>           The feed file whose "updates" policy applies.
  --bundle-id <bundle-id> The app's bundle identifier, as its policy names it.
  --app-version <app-version>
                          The installed version.
  --os-version <os-version>
                          The device's OS version.
  --rule <component=kind> What a change of one version component asks for, as
                          COMPONENT=KIND (major, minor, patch or revision =
                          required, optional or none); repeat it for more.
                          Default: every change optional.
  --release-delay-days <n>
                          Days to wait after a release before asking. Default:
                          1.
  --now <now>             The time of the decision, RFC 3339. Default: now.
  --state-dir <dir>       Where the user's Skip and Later answers are kept.
                          Default: appalert's for the app.
  --locale <tag>          A preferred language (BCP 47: pt-BR, zh-Hant-TW),
                          most preferred first; repeat it for more. The
                          prompt's texts are chosen for them as a page chooses
                          them. Default: English.
  --app-name <app-name>   The app's name in the prompt's texts. Default: the
                          bundle identifier.
  --json                  Print one JSON object instead of text.
  --github, --country, --lookup-url, --github-api-url
                          Read as \`appalert\` reads them, and refused (exit
                          2): they ask the network.
${helpOption}`;

/** Each command's help, by the words that name it after `appalert-web` (`help` takes the same words). */
export const helps = new Map([
  ["", overviewHelp],
  ["evaluate", evaluateHelp],
  ["validate", validateHelp],
  ["version", versionHelp],
  ["version compare", compareHelp],
  ["version satisfies", satisfiesHelp],
  ["update-check", updateCheckHelp],
]);
