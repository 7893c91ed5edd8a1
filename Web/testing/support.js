// What the service and storage tests share: a storage area, a feed server as a fetch function, a
// renderer that records what it was asked to draw, and a settable clock.

/** A Web Storage area in memory, which can be made full. */
export class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.items = new Map();
    /** Writes longer than this many characters fail as a full storage area does. */
    this.limit = Number.POSITIVE_INFINITY;
  }
  /** @param {string} key */
  getItem(key) {
    return this.items.get(key) ?? null;
  }
  /** @param {string} key @param {string} value */
  setItem(key, value) {
    if (value.length > this.limit) {
      const error = new Error("The quota has been exceeded.");
      error.name = "QuotaExceededError";
      throw error;
    }
    this.items.set(key, value);
  }
  /** @param {string} key */
  removeItem(key) {
    this.items.delete(key);
  }
}

/**
 * A feed server: `answer` says what the next requests get (a body, a status, or a thrown error).
 * @returns {{fetch: typeof fetch, requests: Array<{url: string, init: RequestInit | undefined}>,
 *   answer: {status: number, body: string} | Error}}
 */
export function feedServer(body) {
  const server = {
    /** @type {Array<{url: string, init: RequestInit | undefined}>} */
    requests: [],
    /** @type {{status: number, body: string} | Error} */
    answer: { status: 200, body },
    /** @type {typeof fetch} */
    fetch: async (url, init) => {
      server.requests.push({ url: String(url), init });
      if (server.answer instanceof Error) throw server.answer;
      return new Response(server.answer.body, { status: server.answer.status, headers: { etag: '"v1"' } });
    },
  };
  return server;
}

/** A renderer that keeps what it was asked to show, for the test to press its buttons. */
export class RecordingRenderer {
  constructor() {
    /** @type {Array<{message: any, controls: any, removed: boolean}>} */
    this.shown = [];
    /** @type {Array<() => void>} */
    this.waiting = [];
  }
  /** @param {any} message @param {any} controls */
  show(message, controls) {
    const entry = { message, controls, removed: false };
    this.shown.push(entry);
    for (const resolve of this.waiting.splice(0)) resolve();
    return { remove: () => { entry.removed = true; } };
  }
  /** Resolves once `count` drawings have been shown (at once when they already have). @param {number} count */
  shownCount(count) {
    return new Promise((resolve) => {
      const check = () => (this.shown.length >= count ? resolve(undefined) : this.waiting.push(check));
      check();
    });
  }
  get last() {
    return this.shown[this.shown.length - 1];
  }
}

/** @param {object[]} messages */
export const feedOf = (messages) => JSON.stringify({ format: 2, messages });

/** @param {number} id @param {object} [keys] */
export const message = (id, keys = {}) => ({ id, bundleId: "*", title: `Title ${id}`, text: `Text ${id}`, ...keys });

/**
 * Collects a service's events by type.
 * @param {EventTarget} service
 */
export function eventsOf(service) {
  /** @type {Array<{type: string, detail: any}>} */
  const events = [];
  for (const type of ["shown", "opened", "dismissed", "link", "button", "update", "problem"]) {
    service.addEventListener(type, (event) => events.push({ type, detail: /** @type {CustomEvent} */ (event).detail }));
  }
  /** @param {string} type */
  const of = (type) => events.filter((e) => e.type === type).map((e) => e.detail);
  return {
    events,
    of,
    /**
     * Resolves once `count` events of `type` have come (at once when they have): for what the service
     * says without the caller waiting for it.
     * @param {string} type @param {number} [count]
     */
    until: (type, count = 1) => new Promise((resolve) => {
      if (of(type).length >= count) return resolve(undefined);
      const listener = () => {
        if (of(type).length < count) return;
        service.removeEventListener(type, listener);
        resolve(undefined);
      };
      service.addEventListener(type, listener);
    }),
  };
}

/** Waits until the macrotask queue has run once (a link's answer waits for its click to be over). */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
