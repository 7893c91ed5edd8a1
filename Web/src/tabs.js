// Tabs of the same app (issue 43, "Storage, tabs"): a message other than a wall is on screen in one tab
// at a time — the tab showing it holds a Web Lock named after it, released when the message goes or the
// tab closes — and a showing recorded in one tab is announced to the others over a BroadcastChannel.

/** Names held in this page when the page has no Web Locks. @type {Set<string>} */
const heldHere = new Set();

/**
 * Takes message `id` for this tab: resolves to the function that gives it back, or to undefined when
 * another tab (or another service of this page) has it on screen.
 * @param {string} key the app's storage key
 * @param {number} id
 * @param {LockManager | undefined} locks
 * @returns {Promise<(() => void) | undefined>}
 */
export function claimMessage(key, id, locks) {
  const name = `${key}:on-screen:${id}`;
  if (locks === undefined) {
    if (heldHere.has(name)) return Promise.resolve(undefined);
    heldHere.add(name);
    return Promise.resolve(() => heldHere.delete(name));
  }
  return new Promise((resolve) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock === null) {
          resolve(undefined);
          return undefined;
        }
        // Held until the message goes; Chromium gives it back by itself when the tab closes.
        return new Promise((release) => resolve(() => release(undefined)));
      })
      .catch(() => resolve(undefined));
  });
}

/** Tells the app's other tabs which showings this tab recorded, and hears theirs. */
export class TabChannel {
  /**
   * @param {string} bundleId
   * @param {BroadcastChannel | null | undefined} channel given by the page, `null` for none
   * @param {(id: number) => void} heard
   */
  constructor(bundleId, channel, heard) {
    /** @type {BroadcastChannel | undefined} */
    this.channel = undefined;
    if (channel === null) return;
    try {
      this.channel = channel ?? (typeof BroadcastChannel === "function" ? new BroadcastChannel(`appalert:${bundleId}`) : undefined);
    } catch {
      this.channel = undefined;
    }
    this.listener = (/** @type {MessageEvent} */ event) => {
      const data = event.data;
      if (typeof data === "object" && data !== null && data.kind === "recorded" && Number.isInteger(data.id)) heard(data.id);
    };
    this.channel?.addEventListener("message", this.listener);
    // Node keeps a process alive while a channel is open; a page does not care.
    /** @type {{unref?: () => void}} */ (/** @type {unknown} */ (this.channel))?.unref?.();
  }

  /** @param {number} id */
  recorded(id) {
    try {
      this.channel?.postMessage({ kind: "recorded", id });
    } catch {
      // A closed channel: nobody to tell.
    }
  }

  close() {
    if (this.listener) this.channel?.removeEventListener("message", this.listener);
    this.channel?.close();
    this.channel = undefined;
  }
}
