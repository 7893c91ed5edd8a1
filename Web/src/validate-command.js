// `appalert validate` on the web engine, as a function of its arguments and input (bin/appalert-web.js
// runs it): what an app applies to a feed — the errors that make it leave a message or an update policy
// out or refuse the feed, and the warnings its decoder gives — with the words, JSON paths, order,
// output and exit codes of `appalert validate`. The author's advice `appalert validate` adds (texts
// longer than their layout shows, a message waiting behind another with the same targeting, pictures
// missing from images/, …) is not an app's decision and is not given here.

import { cappedDiagnostics, feedLimits, readFeedUncapped, UnsupportedError } from "./feed.js";
import { FeedError, bounded, written } from "./diagnostics.js";
import { MessageReader } from "./reader.js";
import { readUpdatePolicy } from "./update-policy.js";
import { escaped, failure, feedBytes, neutralized, prettyJSON } from "./command.js";

/** @typedef {import("./command.js").CommandOutput} CommandOutput */
/** @typedef {import("./diagnostics.js").FeedDiagnostic} FeedDiagnostic */
/** @typedef {import("./diagnostics.js").RecordedDiagnostic} RecordedDiagnostic */

/** FeedLimits.maximumUpdatePolicies. */
const maximumUpdatePolicies = 1_000;

/**
 * The diagnostics of the feed's update policies, as the Swift engine's decoder gives them (FeedDecoder:
 * the entries past the limit left out, each entry read with the readers messages are read with).
 * @param {import("./json.js").JSONValue[]} entries
 * @returns {RecordedDiagnostic[]}
 */
export function updatePolicyDiagnostics(entries) {
  /** @type {RecordedDiagnostic[]} */
  const diagnostics = [];
  const limit = maximumUpdatePolicies;
  if (entries.length > limit) {
    diagnostics.push(bounded({
      severity: "error", code: "limit", path: `$.updates[${limit}]`, messageIndex: limit, messageId: null, key: null,
      value: null, words: ["tooManyPolicies", entries.length, limit, entries.length - limit],
    }));
  }
  entries.slice(0, limit).forEach((entry, index) => {
    const reader = new MessageReader(index, "$.updates", feedLimits.maximumStringLength);
    if (readUpdatePolicy(reader, entry) === undefined) {
      const first = reader.diagnostics.find((d) => d.severity === "error");
      if (first) first.leftOut = "policy";
    }
    reader.finish(diagnostics);
  });
  return diagnostics;
}

/**
 * The feed as an app decodes it: the engine's diagnostics with the update policies' in their place
 * (after the document's own, before the messages'), at most FeedLimits.maximumDiagnostics of them
 * listed, then one that counts the rest, as the Swift engine lists them.
 * @param {Uint8Array} bytes
 */
export function validatedFeed(bytes) {
  const result = readFeedUncapped(bytes);
  const updates = result.feed.updates;
  let diagnostics = result.diagnostics;
  if (updates !== undefined && updates.length > 0) {
    const position = diagnostics.findIndex((d) => d.path.startsWith("$.messages["));
    const at = position === -1 ? diagnostics.length : position;
    diagnostics = [...diagnostics.slice(0, at), ...updatePolicyDiagnostics(updates), ...diagnostics.slice(at)];
  }
  return { ...result, diagnostics: cappedDiagnostics(diagnostics).map(written) };
}

/**
 * `appalert validate FEED [--json] [--warnings-as-errors]`.
 * @param {() => Uint8Array} readFeed the feed's bytes; throws an Error with the message to print when it cannot be read
 * @param {{name: string, json: boolean, warningsAsErrors: boolean}} settings
 * @returns {CommandOutput}
 */
export function validate(readFeed, settings) {
  const bytes = feedBytes(readFeed);
  if (!(bytes instanceof Uint8Array)) return bytes;
  let result;
  try {
    result = validatedFeed(bytes);
  } catch (error) {
    if (error instanceof UnsupportedError) return failure(`${settings.name}: ${error.message}`, 3);
    if (!(error instanceof FeedError)) throw error;
    const exitCode = error.kind === "notJSON" ? 2 : 1;
    if (!settings.json) return failure(`${settings.name}: ${error.reason}`, exitCode);
    /** @type {FeedDiagnostic} */
    const diagnostic = {
      severity: "error", code: error.kind, path: "$", messageIndex: null, messageId: null, key: null, value: null,
      reason: error.reason,
    };
    return { exitCode, stdout: report(settings.name, false, 0, 0, [diagnostic]), stderr: "" };
  }
  const total = result.entryCount;
  const usable = result.feed.messages.length;
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  const failed = errors > 0 || (settings.warningsAsErrors && warnings > 0);
  const exitCode = failed ? 1 : 0;
  if (settings.json) return { exitCode, stdout: report(settings.name, !failed, total, usable, result.diagnostics), stderr: "" };
  /** @param {number} count @param {string} noun */
  const counted = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  const lines = result.diagnostics.map(
    (d) => `${settings.name}: ${d.severity}: ${d.path}${d.messageId !== null ? ` (message ${d.messageId})` : ""}: ${d.reason}`,
  );
  lines.push(
    `${settings.name}: format ${result.feed.format}, ${counted(total, "message")}, ${usable} usable; ` +
      `${counted(errors, "error")}, ${counted(warnings, "warning")}`,
  );
  return { exitCode, stdout: lines.map((line) => neutralized(line) + "\n").join(""), stderr: "" };
}

/**
 * `appalert validate --json`'s object.
 * @param {string} name @param {boolean} valid @param {number} total @param {number} usable
 * @param {FeedDiagnostic[]} diagnostics
 */
function report(name, valid, total, usable, diagnostics) {
  /** @param {FeedDiagnostic} d */
  const json = (d) => ({
    severity: d.severity, code: d.code, path: d.path, messageIndex: d.messageIndex, messageId: d.messageId, key: d.key,
    value: d.value, reason: d.reason,
  });
  const object = {
    file: name, valid, messages: total, usable,
    errors: diagnostics.filter((d) => d.severity === "error").map(json),
    warnings: diagnostics.filter((d) => d.severity === "warning").map(json),
  };
  return prettyJSON(object).split("\n").map(escaped).join("\n") + "\n";
}
