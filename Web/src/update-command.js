// `appalert update-check` for what the web engine decides: the feed's `updates` policy for platform
// `web` (Tools/Sources/AppAlertCommands/UpdateCheck.swift), with the same options, checks, words, output
// and exit codes. The App Store lookup and GitHub's latest release, which `appalert update-check` asks
// for every other platform, need the network and are not ported: asked for them, this says so (exit 2)
// rather than answer from the feed alone. Like command.js it has no process or file access:
// bin/appalert-web.js lends it the files, and the conformance suite lends it a case's.

import { decodeFeed, UnsupportedError } from "./feed.js";
import { FeedError, written } from "./diagnostics.js";
import { LanguageTag } from "./language.js";
import { knownPlatforms } from "./reader.js";
import { parseTimestamp } from "./dates.js";
import { Version } from "./version.js";
import { decideUpdate, updateDecisionJSON } from "./update.js";
import { updatePolicyFor } from "./update-policy.js";
import { failure, neutralized, prettyJSON, escaped } from "./command.js";
import { updatePolicyDiagnostics } from "./validate-command.js";

/** @typedef {import("./command.js").CommandOutput} CommandOutput */
/** @typedef {import("./update.js").PromptState} PromptState */

/**
 * The options of `appalert update-check` that take a value: flag → [key, repeatable].
 * @type {Record<string, [string, boolean]>}
 */
export const updateCheckOptions = {
  "--bundle-id": ["bundleId", false],
  "--github": ["gitHub", false],
  "--app-version": ["appVersion", false],
  "--os-version": ["osVersion", false],
  "--platform": ["platform", false],
  "--country": ["country", false],
  "--lookup-url": ["lookupURL", false],
  "--github-api-url": ["gitHubAPIURL", false],
  "--feed": ["feed", false],
  "--rule": ["rule", true],
  "--release-delay-days": ["releaseDelayDays", false],
  "--now": ["now", false],
  "--state-dir": ["stateDir", false],
  "--locale": ["locale", true],
  "--app-name": ["appName", false],
};

/**
 * The options, by the keys of updateCheckOptions (`releaseDelayDays` already a number, as
 * ArgumentParser reads a Double).
 * @typedef {object} UpdateCheckOptions
 * @property {string} appVersion
 * @property {string} [bundleId]
 * @property {string} [gitHub]
 * @property {string} [osVersion]
 * @property {string} [platform] default: the host's
 * @property {string} [country]
 * @property {string} [lookupURL]
 * @property {string} [gitHubAPIURL]
 * @property {string} [feed]
 * @property {string[]} [rule] COMPONENT=KIND
 * @property {number} [releaseDelayDays]
 * @property {string} [now] RFC 3339; default the clock
 * @property {string} [stateDir] default: appalert's state directory for the bundle id
 * @property {string[]} [locale]
 * @property {string} [appName]
 */

/**
 * What the command may read, lent by its runner.
 * @typedef {object} UpdateCheckHost
 * @property {() => Date} now
 * @property {string} platform the host's platform, as the feed names it
 * @property {(path: string) => Uint8Array} readFeed the feed file's bytes; throws an Error whose message
 *   is appalert's reason ("cannot read PATH: …", "PATH is larger than … bytes")
 * @property {(bundleId: string) => string} stateDirectory appalert's default state directory for the app
 * @property {(directory: string) => PromptState} promptState the person's Skip and Later answers kept there
 * @property {(directory: string) => boolean} keepsFeed whether appalert kept a copy of a feed there
 */

const components = ["major", "minor", "patch", "revision"];
const kinds = ["required", "optional", "none"];

/** An option value that cannot be used (exit 2). */
class OptionError extends Error {}

/**
 * @param {string} text @param {string} option
 */
function version(text, option) {
  try {
    return Version.parse(text);
  } catch (error) {
    throw new OptionError(`${option}: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * The feed option as appalert's FeedSource reads it: a path, a file: URL, or an http(s) URL.
 * @param {string} text
 * @returns {{path: string} | {url: string} | undefined}
 */
function feedSource(text) {
  if (text === "") return undefined;
  const lowered = text.toLowerCase();
  if (lowered.startsWith("https://") || lowered.startsWith("http://")) {
    let url;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    return url.hostname === "" ? undefined : { url: text };
  }
  if (lowered.startsWith("file://")) {
    try {
      return { path: decodeURIComponent(new URL(text).pathname) };
    } catch {
      return undefined;
    }
  }
  const colon = text.indexOf(":");
  if (colon > 0 && /^\p{L}+$/u.test(text.slice(0, colon)) && !text.startsWith("/")) return undefined;
  return { path: text };
}

/**
 * `--rule COMPONENT=KIND` options over the defaults (every change optional).
 * @param {string[]} options
 * @returns {import("./update.js").UpdateRules}
 */
function rules(options) {
  /** @type {Record<string, import("./update.js").UpdateKind>} */
  const result = {};
  for (const option of options) {
    const equals = option.indexOf("=");
    const [component, kind] = equals < 0 ? [option, undefined] : [option.slice(0, equals), option.slice(equals + 1)];
    if (kind === undefined || !kinds.includes(kind)) {
      throw new OptionError(`--rule: "${option}" is not COMPONENT=KIND (KIND: required, optional or none)`);
    }
    if (!components.includes(component)) {
      throw new OptionError(`--rule: unknown component "${component}" (known: major, minor, patch, revision)`);
    }
    result[component] = /** @type {import("./update.js").UpdateKind} */ (kind);
  }
  return result;
}

/**
 * Checks the options in appalert's order; the inputs of the decision, or the option error.
 * @param {UpdateCheckOptions} options @param {UpdateCheckHost} host
 */
function inputsOf(options, host) {
  const platform = (options.platform ?? host.platform).toLowerCase();
  if (options.platform !== undefined && !knownPlatforms.includes(platform)) {
    throw new OptionError(`--platform: unknown platform "${options.platform}" (known: ${knownPlatforms.join(", ")})`);
  }
  if (platform === "web") {
    if (options.bundleId === undefined || options.feed === undefined) {
      throw new OptionError(
        "--platform web decides from the feed alone: give --feed and --bundle-id (the app's id in the feed's \"updates\" policy)",
      );
    }
    for (const [option, key] of /** @type {const} */ ([["--github", "gitHub"], ["--github-api-url", "gitHubAPIURL"], ["--country", "country"], ["--lookup-url", "lookupURL"]])) {
      if (options[key] !== undefined) throw new OptionError(`${option}: --platform web decides from the feed alone, with no App Store or GitHub`);
    }
  }
  if (options.bundleId === undefined && options.gitHub === undefined) {
    throw new OptionError("give --bundle-id (App Store) or --github OWNER/REPO");
  }
  const installedVersion = version(options.appVersion, "--app-version");
  if (options.osVersion !== undefined) version(options.osVersion, "--os-version");
  const locales = options.locale ?? [];
  for (const tag of locales) {
    if (!new LanguageTag(tag).isWellFormed) throw new OptionError(`--locale: "${tag}" is not a BCP 47 language tag (e.g. pt-BR, zh-Hant)`);
  }
  let now;
  if (options.now === undefined) now = host.now().getTime() / 1000;
  else {
    try {
      now = parseTimestamp(options.now);
    } catch (error) {
      throw new OptionError(`--now: ${/** @type {Error} */ (error).message}`);
    }
  }
  // Here appalert asks the App Store or GitHub for any platform but web: not ported, so not answered.
  if (platform !== "web") {
    const source = options.gitHub !== undefined ? "GitHub's latest release (--github)" : "the App Store lookup (--bundle-id)";
    throw new OptionError(
      `update-check: appalert-web decides for --platform web only, from the feed's "updates" policy; for ${platform}, ` +
        `appalert update-check asks ${source} over the network, which appalert-web does not do`,
    );
  }
  const bundleId = /** @type {string} */ (options.bundleId);
  const stateDir = options.stateDir ?? host.stateDirectory(bundleId);
  const feed = /** @type {string} */ (options.feed);
  const source = feedSource(feed);
  if (source === undefined) throw new OptionError(`--feed: ${feed} is not an https: URL or a path`);
  if ("url" in source) {
    throw new OptionError(
      `--feed: appalert-web reads a feed file, not a URL: appalert update-check fetches ${feed} itself; save it and give its path`,
    );
  }
  const delay = options.releaseDelayDays;
  if (delay !== undefined && !(delay >= 0 && Number.isFinite(delay))) throw new OptionError("--release-delay-days: must be 0 or more");
  return { installedVersion, now, locales, bundleId, stateDir, path: source.path, rules: rules(options.rule ?? []) };
}

/**
 * `appalert update-check --platform web`: the decision from the feed's `updates` policy, as text or JSON;
 * exit 0, 1 when the feed cannot be had (the decision is then "none", with "error"), 2 for an option
 * value that cannot be used or a source only `appalert` asks.
 * @param {UpdateCheckOptions} options @param {UpdateCheckHost} host @param {{json: boolean}} settings
 * @returns {CommandOutput}
 */
export function updateCheck(options, host, settings) {
  let inputs;
  try {
    inputs = inputsOf(options, host);
  } catch (error) {
    if (error instanceof OptionError) return failure(error.message);
    throw error;
  }
  /** @type {string | undefined} */
  let sourceError;
  let policy;
  /** @type {string[]} the policies an app leaves out, with their errors (as appalert lists them) */
  const leftOut = [];
  try {
    const feed = decodeFeed(host.readFeed(inputs.path)).feed;
    for (const d of updatePolicyDiagnostics(feed.updates ?? []).map(written)) {
      if (d.severity === "error") leftOut.push(neutralized(`${options.feed}: error: ${d.path}: ${d.reason}`) + "\n");
    }
    policy = updatePolicyFor(feed, inputs.bundleId);
  } catch (error) {
    if (error instanceof UnsupportedError) return failure(`${options.feed}: ${error.message}`, 3);
    sourceError = `the feed: ${error instanceof FeedError ? error.reason : /** @type {Error} */ (error).message}`;
    // appalert decides from the copy it kept of an earlier read; this command keeps none, so it says so.
    if (host.keepsFeed(inputs.stateDir)) {
      sourceError += ` (appalert update-check would decide from the copy it kept in ${inputs.stateDir}; appalert-web keeps none)`;
    }
  }
  const decision = decideUpdate({
    installedVersion: inputs.installedVersion, now: inputs.now, policy, rules: inputs.rules,
    promptState: host.promptState(inputs.stateDir),
  });
  if (sourceError !== undefined && decision.reasonCode === "noSource") {
    Object.assign(decision, { reasonCode: "lookupFailed", reason: sourceError });
  }
  const exitCode = sourceError === undefined ? 0 : 1;
  if (settings.json) {
    const appName = options.appName ?? inputs.bundleId;
    /** @type {Record<string, unknown>} */
    const object = updateDecisionJSON(decision, appName, inputs.locales.map((tag) => new LanguageTag(tag)));
    if (sourceError !== undefined) object.error = sourceError;
    return { exitCode, stdout: prettyJSON(object).split("\n").map(escaped).join("\n") + "\n", stderr: leftOut.join("") };
  }
  const lines = [`${decision.kind}: ${decision.reason}`];
  if (decision.kind !== "none" && decision.storeURL !== undefined) lines.push(`  ${decision.storeURL}`);
  return {
    exitCode,
    stdout: lines.map(neutralized).join("\n") + "\n",
    stderr: leftOut.join("") + (sourceError === undefined ? "" : neutralized(`appalert: warning: ${sourceError}`) + "\n"),
  };
}

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The person's earlier answers in the text of appalert's `state.json` (dates in seconds since 1970).
 * appalert reads the whole state or none of it: a file it cannot read is replaced by a fresh state, so
 * answers count as none in a state without what every state has (`installID`, `history.records` with a
 * `count` for each message), and when they are not of the stored shape. (The state's other parts are
 * not checked here: one appalert cannot read would make it forget these answers too.)
 * @param {string | undefined} text
 * @returns {PromptState}
 */
export function promptStateFromFile(text) {
  /** @type {PromptState} */
  const none = { skippedVersions: [] };
  if (text === undefined) return none;
  let state;
  try {
    state = JSON.parse(text);
  } catch {
    return none;
  }
  if (!isObject(state) || typeof state.installID !== "string" || !isObject(state.history)) return none;
  const records = state.history.records;
  if (!isObject(records) || !Object.values(records).every((r) => isObject(r) && Number.isInteger(r.count))) return none;
  const prompt = state.updatePrompt;
  if (prompt === undefined || prompt === null) return none;
  const skipped = prompt.skippedVersions;
  if (!Array.isArray(skipped) || !skipped.every((v) => typeof v === "string")) return none;
  const remindAfter = prompt.remindAfter;
  if (remindAfter === undefined || remindAfter === null) return { skippedVersions: skipped };
  return typeof remindAfter === "number" && Number.isFinite(remindAfter) ? { skippedVersions: skipped, remindAfter } : none;
}

/**
 * FileAlertStore.safeName: each character a letter, a digit, `.`, `_` or `-`, else `_`.
 * @param {string} bundleId
 */
export function safeName(bundleId) {
  let out = "";
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(bundleId)) {
    out += /^[\p{L}\p{N}._-]/u.test(segment) ? segment : "_";
  }
  return out;
}
