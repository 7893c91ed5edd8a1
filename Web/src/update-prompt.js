// AlertService.checkForUpdate: decides from the feed's `updates` policy (update.js) and shows the prompt
// with the message drawing (its focus, Escape and aria handling). Update reloads the page, or hands over
// to a waiting service worker first; Later and Skip this version are kept in the app's state as the
// Swift client keeps them (UpdateChecker.remindLater, skip). Loaded by AlertService only when an update
// is checked: a separate file of the bundle, handed the app's policy as the page's engine read it
// (update-policy.js, plain data), so it carries no JSON parser or feed reader of its own.

import { LanguageTag } from "./language.js";
import { LinkPolicy } from "./link-policy.js";
import { Version } from "./version.js";
import { decideUpdate, updatePrompt } from "./update.js";

/** @typedef {import("./update.js").UpdateDecision} UpdateDecision */
/** @typedef {import("./update.js").PromptState} PromptState */
/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {import("./service.js").Renderer} Renderer */

/** How many skipped versions are kept (UpdateConfiguration.maximumSkippedVersions). */
export const maximumSkippedVersions = 10;
/** After Later, how long until the next optional prompt, in seconds (UpdateConfiguration.remindInterval). */
export const remindInterval = 86_400;

/**
 * What the page tells `checkForUpdate`.
 * @typedef {object} UpdateCheckOptions
 * @property {string} [appName] the app's name in the texts' `{appName}`; default the document's title
 * @property {import("./update.js").UpdateRules} [rules] what each kind of version change asks for; default optional
 * @property {ServiceWorkerRegistration} [serviceWorker] the page's registration: when it has a waiting worker,
 *   Update tells it to take over (`{type: "SKIP_WAITING"}`) and reloads once it controls the page
 * @property {() => void} [reload] how the page is reloaded; default `location.reload()`
 */

/**
 * What AlertService lends the check.
 * @typedef {object} UpdateHost
 * @property {() => Promise<import("./update-policy.js").UpdatePolicy | null | undefined>} policy the app's policy in
 *   the feed, read by the page's engine (update-policy.js) as plain data: null when the feed has none for the
 *   app, undefined when no feed could be had
 * @property {import("./storage.js").StateStore} store
 * @property {() => Date} now
 * @property {string[]} languages
 * @property {import("./service.js").AlertServiceOptions} options
 * @property {Renderer | undefined} renderer undefined when nothing may be drawn now (a message is on screen)
 * @property {(words: string) => void} problem
 * @property {(drawing: {remove: () => void} | undefined) => void} hold the prompt on screen, or gone
 * @property {(detail: Record<string, unknown>) => void} emit an `update` event
 * @property {(event: string, version: string) => void} count counts what the prompt for `version` did
 *   (`update.shown`, `update.accepted`, `update.later`, `update.skipped`) when the page reports results
 * @property {{close: string}} texts
 */

/**
 * The person's earlier answers, as stored; anything else there is ignored.
 * @param {Record<string, unknown>} state
 * @returns {PromptState}
 */
export function promptStateOf(state) {
  const stored = /** @type {{skippedVersions?: unknown, remindAfter?: unknown} | undefined} */ (state.updatePrompt);
  const list = stored?.skippedVersions;
  const skipped = Array.isArray(list) ? list.filter((v) => typeof v === "string") : [];
  const remindAfter = stored?.remindAfter;
  return typeof remindAfter === "number" && Number.isFinite(remindAfter) ? { skippedVersions: skipped, remindAfter } : { skippedVersions: skipped };
}

/**
 * Decides, and shows the prompt when an update is due and nothing else is on screen.
 * @param {UpdateHost} host @param {UpdateCheckOptions} options
 * @returns {Promise<UpdateDecision | undefined>} undefined when no feed could be had
 */
export async function checkForUpdate(host, options) {
  const policy = await host.policy();
  if (policy === undefined) return undefined;
  const given = host.options;
  const state = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (host.store.read()));
  const decision = decideUpdate({
    installedVersion: Version.parse(given.appVersion), now: host.now().getTime() / 1000,
    policy: policy ?? undefined, rules: options.rules,
    promptState: promptStateOf(state),
    linkPolicy: new LinkPolicy(given.allowLinkSchemes, given.allowLinkHosts), // as the service's: the Swift LinkPolicy
  });
  const renderer = host.renderer;
  const appName = options.appName ?? (typeof document === "undefined" ? "" : document.title) ?? "";
  const prompt = updatePrompt(decision, appName || given.bundleId, host.languages.map((tag) => new LanguageTag(tag)));
  if (prompt === undefined || renderer === undefined) return decision;
  const version = /** @type {Version} */ (decision.availableVersion);
  /** @type {ResolvedMessage} */
  const message = {
    id: 0, title: prompt.title, text: prompt.text, confirmLabel: "", link: undefined, dismissible: prompt.dismissible,
    localization: prompt.language === null ? undefined : new LanguageTag(prompt.language), variant: undefined,
    layout: "alert", image: undefined, buttons: prompt.buttons.map((button) => ({ title: button.title, action: { event: button.action } })),
    action: undefined, features: undefined, colors: undefined, data: new Map(), placement: "launch", bannerSeconds: undefined,
    conversion: undefined,
  };
  const unavailable = await renderer.prepare?.(message);
  if (unavailable !== undefined) {
    host.problem(`the update prompt is not shown: ${unavailable}`);
    return decision;
  }
  let answered = false;
  // A required prompt stays on screen after Update (the page reloads under it): its Update counts once.
  let accepted = false;
  /** @param {string} answer */
  const answer = (answer) => {
    if (answered) return;
    answered = answer !== "update" || prompt.dismissible;
    if (answered) {
      drawing.remove();
      host.hold(undefined);
    }
    host.emit({ action: answer, kind: decision.kind, version: version.toString() });
    if (answer !== "update" || !accepted) host.count(answeredEvents[answer], version.toString());
    accepted ||= answer === "update";
    if (answer === "update") takeUpdate(options);
    else void remember(host, answer, version);
  };
  const drawing = renderer.show(message, {
    texts: host.texts,
    act: (action) => {
      if (typeof action === "object" && "event" in action) answer(action.event);
      return true;
    },
    close: () => prompt.dismissible && answer("later"),
  });
  host.hold(drawing);
  host.count("update.shown", version.toString());
  return decision;
}

/** The event each answer counts (ResultEvent.swift); Later is also Escape on an optional prompt. */
const answeredEvents = /** @type {Record<string, string>} */ ({ update: "update.accepted", later: "update.later", skip: "update.skipped" });

/**
 * Update: a waiting service worker takes over and the page reloads when it controls it; without one,
 * the page reloads now.
 * @param {UpdateCheckOptions} options
 */
function takeUpdate(options) {
  const reload = options.reload ?? (() => globalThis.location.reload());
  const waiting = options.serviceWorker?.waiting;
  const container = globalThis.navigator?.serviceWorker;
  if (waiting && container) {
    container.addEventListener("controllerchange", () => reload(), { once: true });
    waiting.postMessage({ type: "SKIP_WAITING" });
    return;
  }
  reload();
}

/**
 * Later: no optional prompt for a day; Skip: none for this version (a required one still comes).
 * @param {UpdateHost} host @param {string} answer @param {Version} version
 */
function remember(host, answer, version) {
  const now = host.now().getTime() / 1000;
  return host.store.update((state) => {
    const record = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (state));
    const prompt = promptStateOf(record);
    if (answer === "later") prompt.remindAfter = now + remindInterval;
    else {
      prompt.skippedVersions = prompt.skippedVersions.filter((text) => !Version.from(text)?.equals(version));
      prompt.skippedVersions.push(version.toString());
      prompt.skippedVersions.splice(0, Math.max(0, prompt.skippedVersions.length - maximumSkippedVersions));
    }
    record.updatePrompt = prompt;
  });
}
