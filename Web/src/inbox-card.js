// An inbox item's card (ResolvedMessage.inboxCard): apart, so that inbox.js, loaded when a page uses the
// inbox, has it without the engine.

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */

/**
 * The message as the inbox's modal card, once its item is opened (ResolvedMessage.inboxCard): a banner's
 * or an image's tap action becomes its primary button (titled with the link's title, else the
 * message's), and every card has a button that closes it (an item is never a wall).
 * @param {ResolvedMessage} message
 * @returns {ResolvedMessage}
 */
export function inboxCard(message) {
  /** @type {ResolvedMessage} */
  const card = { ...message, layout: "modal", dismissible: true, bannerSeconds: undefined, buttons: [...message.buttons] };
  if (card.buttons.length === 0 && message.action !== undefined && message.action !== "dismiss") {
    card.buttons = [{ title: message.link?.title ?? message.title, action: message.action }];
  }
  card.action = undefined;
  if (!card.buttons.some((button) => button.action === "dismiss")) {
    card.buttons.push({ title: message.confirmLabel, action: "dismiss" });
  }
  return card;
}
