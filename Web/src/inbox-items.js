// The message center's items (Sources/AppAlert/Selection/Inbox.swift): every message with `"placement":
// "inbox"` that the targeting admits now, less the ones the user deleted, highest `priority` first, then
// highest id. `maxViews` and `minHoursBetweenViews` do not remove an item: opening one counts a view. The
// engine's part of the inbox, in every page's file; what a page does with it is inbox.js, loaded when used,
// and its card is inbox-card.js.

import { resolveMessage } from "./select.js";
import { exclusionOf } from "./targeting.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {{message: ResolvedMessage, isRead: boolean}} InboxItem */

/**
 * The inbox of `messages` for the install `context` describes.
 * @param {import("./message.js").Message[]} messages
 * @param {import("./targeting.js").EvaluationContext} context
 * @param {import("./inbox.js").InboxState} state
 * @returns {Promise<InboxItem[]>}
 */
export async function inboxItems(messages, context, state) {
  const inboxContext = { ...context, placement: "inbox", event: undefined };
  // Views are not counted: an item stays once it was opened.
  const noViews = { records: new Map() };
  const deleted = new Set(state.deleted);
  const read = new Set(state.read);
  const admitted = [];
  for (const message of messages) {
    if (message.placement !== "inbox" || deleted.has(message.id)) continue;
    if ((await exclusionOf(message, inboxContext, noViews)) === undefined) admitted.push(message);
  }
  admitted.sort((a, b) => b.priority - a.priority || b.id - a.id);
  return Promise.all(
    admitted.map(async (message) => ({
      message: await resolveMessage(message, context.preferredLanguages, context.installId),
      isRead: read.has(message.id),
    })),
  );
}
