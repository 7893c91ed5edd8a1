// The message center of a page (InboxModel.swift): what opening, reading, deleting and listing its items
// do. A page that never uses `service.inbox` never loads it: in the bundle it is a file of its own,
// appalert-web-inbox.js, imported by inbox-view.js when the page first calls one of the inbox's methods.
// Its items are those of inbox-items.js, listed by the service's engine (the port's `items`).

import { dayText, resultEvent } from "./results.js";
import { inboxCard } from "./inbox-card.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {import("./inbox-items.js").InboxItem} InboxItem */
/**
 * ids, ascending; `listed` the items drawn in the list on the UTC day `listedDay` (Inbox.State.markListed)
 * @typedef {{read: number[], deleted: number[], listedDay?: string, listed?: number[]}} InboxState
 */

/**
 * Reads the stored inbox state, keeping only ids (sorted, each once).
 * @param {unknown} value
 * @returns {InboxState}
 */
export function readInboxState(value) {
  const ids = (/** @type {unknown} */ list) =>
    Array.isArray(list) ? [...new Set(list.filter((id) => Number.isInteger(id) && id > 0))].sort((a, b) => a - b) : [];
  const object = typeof value === "object" && value !== null ? /** @type {Record<string, unknown>} */ (value) : {};
  /** @type {InboxState} */
  const state = { read: ids(object.read), deleted: ids(object.deleted) };
  if (typeof object.listedDay === "string" && /^\d{4}-\d{2}-\d{2}$/.test(object.listedDay)) {
    state.listedDay = object.listedDay;
    state.listed = ids(object.listed);
  }
  return state;
}

/**
 * `ids` with `id` in its place (ascending), or without it.
 * @param {number[]} ids @param {number} id @param {boolean} present
 */
export function withId(ids, id, present) {
  const rest = ids.filter((other) => other !== id);
  if (present) rest.push(id);
  return rest.sort((a, b) => a - b);
}

/**
 * What the inbox needs of its service.
 * @typedef {object} InboxPort
 * @property {(state: InboxState) => Promise<InboxItem[] | undefined>} items the items of the feed as the last
 *   check loaded it (inboxItems), for the install now; undefined without a feed
 * @property {import("./storage.js").StateStore} store
 * @property {() => Date} now
 * @property {() => import("./service.js").Renderer | undefined} renderer
 * @property {() => {close: string}} texts
 * @property {(type: "shown" | "opened" | "dismissed" | "link" | "button", detail: Record<string, unknown>) => boolean} emit
 * @property {(message: ResolvedMessage, event: string | undefined) => void} count with `reporting`, for the collector
 */

/**
 * The message center of a page (InboxModel.swift): its items, opened as modal cards, marked read or
 * unread, deleted. `service.inbox` is the page's; `refresh()` reads it again.
 */
export class Inbox {
  /** @type {InboxPort} */ #port;
  /** @type {{message: ResolvedMessage, listed: ResolvedMessage, drawing: {remove: () => void} | undefined} | undefined} */ #opened;

  /** @param {InboxPort} port */
  constructor(port) {
    this.#port = port;
    /**
     * The items, as the last refresh() found them.
     * @type {InboxItem[]}
     */
    this.items = [];
  }

  /** How many items the user has not opened. */
  get unreadCount() {
    return this.items.filter((item) => !item.isRead).length;
  }

  /** The card of the item opened, while it is on screen. */
  get opened() {
    return this.#opened?.message;
  }

  /** Reads the inbox again: the feed as the last check loaded it, with what the user did. */
  async refresh() {
    const items = await this.#port.items(readInboxState(this.#port.store.read().inbox));
    if (items !== undefined) this.items = items;
    return this.items;
  }

  /**
   * Tells the inbox that item `id` is drawn in the page's visible list (its row scrolled into view: an
   * IntersectionObserver's entry, say). Its first drawing on a UTC day is that day's showing: a `shown`
   * event (with `inbox: true`) and, with `reporting`, the `shown` counter; later drawings that day are not,
   * across page loads too (InboxModel.itemAppeared in Swift). Resolves to whether it was the day's showing.
   * @param {number} id
   * @returns {Promise<boolean>}
   */
  async itemAppeared(id) {
    const item = this.items.find((candidate) => candidate.message.id === id);
    if (item === undefined) return false;
    const day = dayText(this.#port.now().getTime() / 1000);
    let first = false;
    await this.#port.store.update((state) => {
      const inbox = readInboxState(state.inbox);
      const listed = inbox.listedDay === day ? inbox.listed ?? [] : [];
      first = !listed.includes(id);
      if (first) state.inbox = { ...inbox, listedDay: day, listed: withId(listed, id, true) };
    });
    if (!first) return false;
    this.#port.emit("shown", { id, variant: item.message.variant ?? null, inbox: true });
    this.#port.count(item.message, "shown");
    return true;
  }

  /**
   * Opens item `id`: it is read, the opening counts as a view (and, with `reporting`, as `opened`), and its
   * card is drawn as a modal. The card's answer is counted as the same button of the item as listed would
   * be (`button.N`, `link`, `tap`, `dismissed`). Opening the item whose card is open does nothing (a double
   * tap counts one opening); opening another closes that card first, as a dismissal (close()), as the Swift
   * InboxModel does. An id not listed opens nothing and keeps the card.
   * @param {number} id
   */
  async open(id) {
    const item = this.items.find((candidate) => candidate.message.id === id);
    if (item === undefined || this.#opened?.message.id === id) return;
    this.close();
    item.isRead = true;
    const now = this.#port.now().getTime() / 1000;
    await this.#port.store.update((state) => {
      const inbox = readInboxState(state.inbox);
      state.inbox = { ...inbox, read: withId(inbox.read, id, true) };
      const record = state.seen[String(id)] ?? { count: 0 };
      record.count += 1;
      record.lastShown = now;
      state.seen[String(id)] = record;
    });
    this.#port.count(item.message, "opened");
    this.#takeDown();
    const listed = item.message;
    const card = inboxCard(listed);
    const renderer = this.#port.renderer();
    /** @type {{message: ResolvedMessage, listed: ResolvedMessage, drawing: {remove: () => void} | undefined}} */
    const opened = { message: card, listed, drawing: undefined };
    this.#opened = opened;
    // What the app hears, as from the Swift InboxModel: opened, then the card's answer.
    const detail = { id: card.id, variant: card.variant ?? null, inbox: true };
    this.#port.emit("opened", detail);
    const unavailable = await renderer?.prepare?.(card);
    if (this.#opened !== opened) return;
    const shown = unavailable === undefined ? card : { ...card, image: undefined };
    opened.drawing = renderer?.show(shown, {
      texts: this.#port.texts(),
      act: (action, index) => {
        if (this.#opened !== opened) return false;
        this.#opened = undefined;
        // The card's buttons start with the listed item's own (a banner's or image's tap action first).
        this.#port.count(listed, resultEvent(listed, action, index));
        let allowed = true;
        if (action === "dismiss") this.#port.emit("dismissed", detail);
        else if ("url" in action) allowed = this.#port.emit("link", { ...detail, url: action.url });
        else this.#port.emit("button", { ...detail, name: action.event });
        // A link is followed once its click is over: a link taken off the page during its click is not.
        setTimeout(() => opened.drawing?.remove(), 0);
        return allowed;
      },
      close: () => {
        if (this.#opened === opened) this.close();
      },
    });
  }

  /** Closes the opened card, as its close control does: a `dismissed` event. */
  close() {
    const opened = this.#opened;
    this.#takeDown();
    if (opened === undefined) return;
    this.#port.count(opened.listed, "dismissed");
    this.#port.emit("dismissed", { id: opened.message.id, variant: opened.message.variant ?? null, inbox: true });
  }

  /** Takes the opened card off the screen, without an event. */
  #takeDown() {
    const opened = this.#opened;
    this.#opened = undefined;
    opened?.drawing?.remove();
  }

  /**
   * Marks item `id` as not read.
   * @param {number} id
   */
  async markUnread(id) {
    const item = this.items.find((candidate) => candidate.message.id === id);
    if (item) item.isRead = false;
    await this.#port.store.update((state) => {
      const inbox = readInboxState(state.inbox);
      state.inbox = { ...inbox, read: withId(inbox.read, id, false) };
    });
  }

  /**
   * Deletes item `id`: it is not listed again.
   * @param {number} id
   */
  async delete(id) {
    this.items = this.items.filter((item) => item.message.id !== id);
    if (this.#opened?.message.id === id) this.#takeDown();
    await this.#port.store.update((state) => {
      const inbox = readInboxState(state.inbox);
      state.inbox = { ...inbox, deleted: withId(inbox.deleted, id, true) };
    });
  }
}
