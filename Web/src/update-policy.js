// The feed's `updates` policies (Sources/AppAlert/Updates/UpdatePolicy.swift), read by the page's own
// engine with the readers it reads messages with: AlertService hands the update prompt's file
// (update-prompt.js, a file of the bundle with no readers of its own) the app's policy as a plain object.

import { JSONObject, typeDescription } from "./json.js";
import { valueRead } from "./diagnostics.js";
import { MessageReader, present } from "./reader.js";
import { readLocalizations } from "./reader-rich.js";
import { feedLimits } from "./feed.js";
import { Version } from "./version.js";

/**
 * One entry of the feed's `updates` array, as plain data: versions as the feed writes them (each one
 * a version), `localizations` by language tag with their title and text.
 * @typedef {object} UpdatePolicy
 * @property {string[]} bundleIds
 * @property {string} [minimumVersion]
 * @property {string} [latestVersion]
 * @property {string} [storeURL]
 * @property {number} [releaseDelayDays]
 * @property {string} [title]
 * @property {string} [text]
 * @property {{language: string, title?: string, text?: string}[]} localizations
 */

const policyKeys = [
  "bundleId", "bundleIds", "minimumVersion", "latestVersion", "storeURL", "releaseDelayDays", "title", "text",
  "localizations",
];

/**
 * One entry of `updates`, its problems reported on `r` as the Swift engine reports them (readUpdatePolicy
 * of UpdatePolicy.swift); undefined when it has an error (apps leave the policy out).
 * @param {MessageReader} r
 * @param {import("./json.js").JSONValue} element
 * @returns {UpdatePolicy | undefined}
 */
export function readUpdatePolicy(r, element) {
  if (!(element instanceof JSONObject)) {
    r.error("wrongType", null, valueRead(element), ["notPolicy", typeDescription(element)]);
    return undefined;
  }
  r.checkKeys(element, policyKeys, r.messagePath);
  /** @type {string[]} */
  const bundleIds = [];
  const single = present(element, "bundleId");
  if (single !== undefined) {
    const id = r.nonEmptyString(single, "bundleId");
    if (id !== undefined) bundleIds.push(id);
  }
  const list = present(element, "bundleIds");
  if (list !== undefined) bundleIds.push(...(r.stringArray(list, "bundleIds") ?? []).filter((id) => id !== ""));
  if (bundleIds.length === 0 && single === undefined) r.error("missingKey", "bundleId", undefined,
    ["bundleIdIsMissing"]);
  /** @type {UpdatePolicy} */
  const policy = { bundleIds, localizations: [] };
  /** @type {Version[]} */
  const versions = [];
  for (const key of /** @type {const} */ (["minimumVersion", "latestVersion"])) {
    const value = present(element, key);
    const text = value === undefined ? undefined : r.string(value, key);
    if (text === undefined) continue;
    try {
      versions[key === "latestVersion" ? 1 : 0] = Version.parse(text);
      policy[key] = text;
    } catch (error) {
      r.error("invalidVersion", key, valueRead(text), ["error", /** @type {Error} */ (error).message]);
    }
  }
  const [minimum, latest] = versions;
  if (minimum !== undefined && latest !== undefined && latest.compare(minimum) < 0) {
    r.warning("noEffect", "latestVersion", valueRead(latest.toString()),
      ["latestBelowMinimum", latest, minimum]);
  }
  const storeValue = present(element, "storeURL");
  if (storeValue !== undefined) {
    const text = r.string(storeValue, "storeURL");
    const url = text === undefined ? undefined : r.checkedURL(text, storeValue, r.messagePath + ".storeURL", "storeURL");
    if (url !== undefined) policy.storeURL = url;
  }
  const delay = present(element, "releaseDelayDays");
  if (delay !== undefined) policy.releaseDelayDays = r.number(delay, "releaseDelayDays", 0, Number.MAX_VALUE);
  for (const key of /** @type {const} */ (["title", "text"])) {
    const value = present(element, key);
    if (value !== undefined) policy[key] = r.string(value, key);
  }
  const localizations = present(element, "localizations");
  if (localizations !== undefined) {
    policy.localizations = (readLocalizations(r, localizations, r.messagePath + ".localizations") ?? []).map(
      (l) => ({ language: l.tag.original, title: l.title, text: l.text }),
    );
  }
  if (policy.minimumVersion === undefined && policy.latestVersion === undefined && policy.storeURL === undefined &&
    policy.releaseDelayDays === undefined) {
    r.warning("noEffect", null, undefined, ["policySetsNothing"]);
  }
  return r.hasErrors ? undefined : policy;
}

/**
 * Whether a policy entry, as written, names `bundleId` or every app (`"*"`), read from its JSON alone: a
 * policy left out for an error may still say whose it was.
 * @param {import("./json.js").JSONValue} element @param {string} bundleId
 */
function names(element, bundleId) {
  if (!(element instanceof JSONObject)) return false;
  const ids = [present(element, "bundleId"), present(element, "bundleIds")].flat();
  return ids.some((id) => id === bundleId || id === "*");
}

/**
 * The policy for `bundleId`, read as the Swift engine reads the feed's policies (an entry with an error
 * is left out): the first entry naming it exactly, else the first for `"*"`. `leftOut` is given the first
 * error of each entry left out that names this app or every app, for the page to say so.
 * @param {import("./message.js").Feed} feed @param {string} bundleId
 * @param {(error: import("./diagnostics.js").RecordedDiagnostic) => void} [leftOut]
 * @returns {UpdatePolicy | undefined}
 */
export function updatePolicyFor(feed, bundleId, leftOut) {
  /** @type {UpdatePolicy[]} */
  const policies = [];
  (feed.updates ?? []).forEach((element, index) => {
    const reader = new MessageReader(index, "$.updates", feedLimits.maximumStringLength);
    const policy = readUpdatePolicy(reader, element);
    if (policy !== undefined) policies.push(policy);
    else if (leftOut && names(element, bundleId)) {
      const first = reader.diagnostics.find((d) => d.severity === "error");
      if (first) leftOut({ ...first, leftOut: "policy" });
    }
  });
  return policies.find((p) => p.bundleIds.includes(bundleId)) ?? policies.find((p) => p.bundleIds.includes("*"));
}
