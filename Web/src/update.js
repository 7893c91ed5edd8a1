// The update prompt for web apps: the feed's `updates` policy (Sources/AppAlert/Updates/UpdatePolicy.swift)
// and the decision (UpdateDecision.swift, UpdatePolicyEngine) for platform `web`, where no store is
// asked: the available version is the policy's `latestVersion`, and below its `minimumVersion` the
// update is required with no store page, because reloading the page is the update. The prompt's texts
// are AlertPresentation's for an update. This file and update-texts.js are loaded only when an update
// is checked (a dynamic import of the bundle); the policy comes read, as plain data (update-policy.js,
// read by the page's engine), so this file carries no readers of the feed.

import { LanguageTag, bestLanguage } from "./language.js";
import { LinkPolicy } from "./link-policy.js";
import { formatTimestamp } from "./dates.js";
import { Version } from "./version.js";
import { textRunsRightToLeft } from "./select.js";
import { updateTexts } from "./update-texts.js";

/** @typedef {"required" | "optional" | "none"} UpdateKind */

/** @typedef {import("./update-policy.js").UpdatePolicy} UpdatePolicy */

/**
 * What each kind of version change asks for (UpdateConfiguration.Rules); every change optional by default.
 * @typedef {{major?: UpdateKind, minor?: UpdateKind, patch?: UpdateKind, revision?: UpdateKind}} UpdateRules
 */

/**
 * What the person said about update prompts (UpdateDecision.PromptState): versions skipped, oldest
 * first, and no optional prompt before `remindAfter` (seconds since 1970).
 * @typedef {{skippedVersions: string[], remindAfter?: number}} PromptState
 */

/**
 * @typedef {object} UpdateDecision
 * @property {UpdateKind} kind
 * @property {string} reasonCode
 * @property {string} reason
 * @property {Version} installedVersion
 * @property {Version} [availableVersion]
 * @property {string} [storeURL]
 * @property {UpdatePolicy} [policy]
 */

/**
 * The rule for the first component in which `available` differs from `installed`.
 * @param {UpdateRules} rules @param {Version} installed @param {Version} available
 * @returns {[UpdateKind, string]}
 */
function ruleFor(rules, installed, available) {
  const count = Math.max(installed.components.length, available.components.length, 3);
  const names = /** @type {const} */ (["major", "minor", "patch"]);
  for (let index = 0; index < count; index += 1) {
    if (installed.component(index) === available.component(index)) continue;
    const name = names[index] ?? "revision";
    return [rules[name] ?? "optional", name];
  }
  return [rules.patch ?? "optional", "pre-release"];
}

/**
 * Decides, in the Swift engine's order for platform `web`: a pre-release build is left alone; below
 * the policy's `minimumVersion` the update is required; otherwise the policy's `latestVersion` is the
 * available version, and the rule for the changed component decides; an optional update is not asked
 * for when the person skipped that version or asked to be reminded later.
 * @param {object} inputs
 * @param {Version} inputs.installedVersion
 * @param {number} inputs.now seconds since 1970
 * @param {UpdatePolicy} [inputs.policy]
 * @param {UpdateRules} [inputs.rules]
 * @param {PromptState} [inputs.promptState]
 * @param {boolean} [inputs.skipsBetaBuilds] default true
 * @param {LinkPolicy} [inputs.linkPolicy] the links the policy's `storeURL` may be (default https:)
 * @returns {UpdateDecision}
 */
export function decideUpdate(inputs) {
  const installed = inputs.installedVersion;
  const policy = inputs.policy;
  const rules = inputs.rules ?? {};
  const prompt = inputs.promptState ?? { skippedVersions: [] };
  /** @type {UpdateDecision} */
  const decision = { kind: "none", reasonCode: "upToDate", reason: "", installedVersion: installed };
  if (policy) decision.policy = policy;
  /** @param {UpdateKind} kind @param {string} code @param {string} reason */
  const finish = (kind, code, reason) => Object.assign(decision, { kind, reasonCode: code, reason });

  if ((inputs.skipsBetaBuilds ?? true) && installed.isPrerelease) {
    return finish("none", "betaBuild", `version ${installed} is a pre-release build`);
  }
  // The reader let through only versions (update-policy.js).
  const version = (/** @type {string | undefined} */ text) => (text === undefined ? undefined : Version.parse(text));
  const available = version(policy?.latestVersion);
  const store = policy?.storeURL;
  if (store !== undefined && (inputs.linkPolicy ?? new LinkPolicy()).refusal(store) === undefined) decision.storeURL = store;
  const minimum = version(policy?.minimumVersion);
  if (minimum && installed.compare(minimum) < 0) {
    decision.availableVersion = available && available.compare(minimum) >= 0 ? available : minimum;
    return finish("required", "belowMinimumVersion", `version ${installed} is below the minimum ${minimum}`);
  }
  if (!available) return finish("none", "noSource", "no source gave a version");
  decision.availableVersion = available;
  const order = installed.compare(available);
  if (order === 0) return finish("none", "upToDate", `version ${installed} is the newest`);
  if (order > 0) {
    return finish("none", "newerThanStore", `version ${installed} is newer than the available ${available} (in review?)`);
  }
  const [kind, component] = ruleFor(rules, installed, available);
  if (kind === "none") {
    return finish("none", "ignoredByRule", `${component} updates are not asked for (${installed} → ${available})`);
  }
  if (kind === "required") {
    return finish("required", "requiredByRule", `${component} updates are required (${installed} → ${available})`);
  }
  if (prompt.skippedVersions.some((text) => Version.from(text)?.equals(available))) {
    return finish("none", "skippedByUser", `the user skipped ${available}`);
  }
  if (prompt.remindAfter !== undefined && inputs.now < prompt.remindAfter) {
    return finish("none", "remindedRecently", `the user asked to be reminded after ${formatTimestamp(prompt.remindAfter)}`);
  }
  return finish("optional", "updateAvailable", `${available} is available (${installed} installed)`);
}

/**
 * `template` with `{appName}` and `{version}` replaced in one pass; with `isolating`, each value between
 * Unicode directional isolates (TextDirection.filled).
 * @param {string} template @param {string} appName @param {string} version @param {boolean} isolating
 */
export function fillUpdateText(template, appName, version, isolating) {
  const wrap = (/** @type {string} */ value) => (isolating ? `\u2068${value}\u2069` : value);
  return template.replace(/\{(appName|version)\}/g, (_, name) => wrap(name === "appName" ? appName : version));
}

/**
 * The update prompt for a decision (AlertPresentation for an update, on the web): the feed policy's
 * texts for the languages, else the built-in ones; Update, and for an optional update Later and Skip
 * this version. Undefined when nothing is asked.
 * @param {UpdateDecision} decision @param {string} appName @param {LanguageTag[]} languages
 * @returns {{language: string | null, direction: "rtl" | "ltr", title: string, text: string,
 *   buttons: {title: string, action: "update" | "later" | "skip"}[], dismissible: boolean} | undefined}
 */
export function updatePrompt(decision, appName, languages) {
  if (decision.kind === "none") return undefined;
  const keys = Object.keys(updateTexts).sort();
  const found = bestLanguage(keys.map((key) => new LanguageTag(key)), languages);
  const key = found === undefined ? "en" : keys[found];
  const [optionalTitle, optionalText, requiredTitle, requiredText, update, later, skip] = updateTexts[key];
  const required = decision.kind === "required";
  const policy = decision.policy;
  const localizations = policy?.localizations ?? [];
  const index = localizations.length === 0 ? undefined : bestLanguage(localizations.map((l) => new LanguageTag(l.language)), languages);
  const localization = index === undefined ? undefined : localizations[index];
  const title = localization?.title ?? policy?.title ?? (required ? requiredTitle : optionalTitle);
  const text = localization?.text ?? policy?.text ?? (required ? requiredText : optionalText);
  const feedWords = [localization?.title, localization?.text, policy?.title, policy?.text].some((w) => w !== undefined);
  const language = localization ? new LanguageTag(localization.language) : feedWords ? undefined : new LanguageTag(key);
  const rightToLeft = language ? language.isRightToLeft : textRunsRightToLeft(title + text);
  const version = decision.availableVersion?.toString() ?? "";
  /** @type {{title: string, action: "update" | "later" | "skip"}[]} */
  const buttons = [{ title: update, action: "update" }];
  if (!required) buttons.push({ title: later, action: "later" }, { title: skip, action: "skip" });
  return {
    language: language?.original ?? null, direction: rightToLeft ? "rtl" : "ltr",
    title: fillUpdateText(title, appName, version, rightToLeft), text: fillUpdateText(text, appName, version, rightToLeft),
    buttons, dismissible: !required,
  };
}

/**
 * The decision as `appalert update-check --platform web --json` prints it.
 * @param {UpdateDecision} decision @param {string} appName @param {LanguageTag[]} languages
 */
export function updateDecisionJSON(decision, appName, languages) {
  const prompt = updatePrompt(decision, appName, languages);
  return {
    decision: decision.kind, reason: decision.reason, reasonCode: decision.reasonCode,
    installedVersion: decision.installedVersion.toString(), availableVersion: decision.availableVersion?.toString() ?? null,
    storeURL: decision.storeURL ?? null,
    alert: prompt === undefined ? null : {
      language: prompt.language, direction: prompt.direction, title: prompt.title, text: prompt.text,
      buttons: prompt.buttons.map((button) => button.title),
    },
  };
}
