// `service.inbox`: the message center as a page sees it, at once, with the code of what it does (inbox.js)
// imported when the page first calls one of its methods, and kept. In the bundle that code is a file of its
// own, appalert-web-inbox.js (Web/bundle): a page that never uses the inbox never loads it.

import { describe } from "./storage.js";

/** @typedef {import("./inbox.js").Inbox} Inbox */

/** The message center: its items, opened as modal cards, marked read or unread, deleted. */
export class InboxView {
  /** @type {import("./inbox.js").InboxPort} */ #port;
  /** @type {(words: string) => void} */ #problem;
  /** @type {Inbox | undefined} */ #inbox;
  /** @type {Promise<Inbox | undefined> | undefined} */ #loading;

  /** @param {import("./inbox.js").InboxPort} port @param {(words: string) => void} problem */
  constructor(port, problem) {
    this.#port = port;
    this.#problem = problem;
  }

  /** The items, as the last refresh() found them. @returns {import("./inbox-items.js").InboxItem[]} */
  get items() {
    return this.#inbox?.items ?? [];
  }

  /** How many items the user has not opened. */
  get unreadCount() {
    return this.#inbox?.unreadCount ?? 0;
  }

  /** The card of the item opened, while it is on screen. */
  get opened() {
    return this.#inbox?.opened;
  }

  /** The inbox's code, imported once; undefined when it cannot be (a problem says why; the next call tries again). */
  #loaded() {
    return (this.#loading ??= import("./inbox.js").then(({ Inbox }) => (this.#inbox = new Inbox(this.#port)), (error) => {
      this.#loading = undefined;
      this.#problem(`the inbox's code cannot be loaded (${describe(error)})`);
      return undefined;
    }));
  }

  /** Reads the inbox again: the feed as the last check loaded it, with what the user did. */
  async refresh() {
    return (await this.#loaded())?.refresh() ?? this.items;
  }

  /**
   * Item `id` is drawn in the page's visible list: its first drawing on a UTC day is that day's showing
   * (Inbox.itemAppeared). Resolves to whether it was.
   * @param {number} id
   */
  async itemAppeared(id) {
    return (await this.#loaded())?.itemAppeared(id) ?? false;
  }

  /**
   * Opens item `id` as a modal card (Inbox.open).
   * @param {number} id
   */
  async open(id) {
    await (await this.#loaded())?.open(id);
  }

  /** Closes the opened card, as its close control does: a `dismissed` event. */
  close() {
    this.#inbox?.close();
  }

  /**
   * Marks item `id` as not read.
   * @param {number} id
   */
  async markUnread(id) {
    await (await this.#loaded())?.markUnread(id);
  }

  /**
   * Deletes item `id`: it is not listed again.
   * @param {number} id
   */
  async delete(id) {
    await (await this.#loaded())?.delete(id);
  }
}
