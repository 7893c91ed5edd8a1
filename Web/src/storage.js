// What the web client remembers for one app (Sources/AppAlert/Storage/InstallState.swift): one versioned
// key per bundle id in a Web Storage area (localStorage by default), holding the install id, what was
// shown, the last good feed and the counters. Every change is read, changed and written inside a lock
// (Web Locks when the page has them), so two tabs of the same app never lose each other's records.

/** The version of the stored object this code writes. Older versions keep loading. */
export const stateVersion = 1;

/** The storage key of an app's state. */
/** @param {string} bundleId */
export const stateKey = (bundleId) => `appalert:${bundleId}`;

/**
 * The part of Web Storage the client uses (`localStorage`, `sessionStorage`, or a page's own).
 * @typedef {object} StorageArea
 * @property {(key: string) => string | null} getItem
 * @property {(key: string, value: string) => void} setItem
 * @property {(key: string) => void} removeItem
 */

/**
 * The last good feed: its text exactly as received, where from and when.
 * @typedef {object} CachedFeed
 * @property {string} url
 * @property {string} body
 * @property {string} [etag]
 * @property {number} fetchedAt seconds since 1970
 * @property {string} [signature] its `.sig`, when keys are configured (checked again before the copy is used)
 */

/**
 * One app's state, as stored (version 1).
 * @typedef {object} InstallState
 * @property {number} version
 * @property {string} installId a random UUID made on first use; never sent anywhere
 * @property {Record<string, {count: number, lastShown?: number}>} seen per message id; seconds since 1970
 * @property {number} [lastMessageId] the tutorial's watermark: every id up to it counts as seen once
 * @property {CachedFeed} [feed]
 * @property {Record<string, number>} [acceptedSequences] per feed URL, the highest `sequence` of a signed feed accepted
 * @property {import("./inbox.js").InboxState} [inbox] the message center's items opened, deleted and drawn in the list today, ids ascending
 * @property {Record<string, unknown>} counters what is counted for the app's collector, kept as written
 */

/**
 * @param {() => string} makeId
 * @returns {InstallState}
 */
export function freshState(makeId) {
  return { version: stateVersion, installId: makeId(), seen: {}, counters: {} };
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads a stored state of any version this code knows, keeping what it does not read (a newer version's
 * keys survive the next write). Throws a TypeError saying what is wrong with a state it cannot use.
 * @param {string} text
 * @returns {InstallState}
 */
export function readState(text) {
  /** @type {unknown} */
  const raw = JSON.parse(text);
  if (!isObject(raw)) throw new TypeError("the stored state is not an object");
  // Version 0 was never written by a release; a state without a version is read as version 1.
  const version = raw.version === undefined ? 1 : raw.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    throw new TypeError(`the stored state's version ${JSON.stringify(version)} is not a version`);
  }
  if (typeof raw.installId !== "string" || raw.installId.length === 0 || raw.installId.length > 200) {
    throw new TypeError("the stored state has no install id");
  }
  /** @type {InstallState["seen"]} */
  const seen = {};
  if (isObject(raw.seen)) {
    for (const [id, record] of Object.entries(raw.seen)) {
      if (!/^[1-9][0-9]{0,15}$/.test(id) || !isObject(record)) continue;
      const count = record.count;
      if (typeof count !== "number" || !Number.isInteger(count) || count < 1) continue;
      seen[id] = { count };
      if (typeof record.lastShown === "number" && Number.isFinite(record.lastShown)) seen[id].lastShown = record.lastShown;
    }
  }
  /** @type {InstallState} */
  const state = {
    ...raw,
    version: Math.max(version, stateVersion),
    installId: raw.installId,
    seen,
    counters: isObject(raw.counters) ? raw.counters : {},
  };
  if (typeof raw.lastMessageId !== "number" || !Number.isInteger(raw.lastMessageId)) delete state.lastMessageId;
  const feed = raw.feed;
  if (!(isObject(feed) && typeof feed.url === "string" && typeof feed.body === "string" && typeof feed.fetchedAt === "number")) {
    delete state.feed;
  } else if (feed.etag !== undefined && typeof feed.etag !== "string") {
    delete /** @type {CachedFeed} */ (state.feed).etag;
  } // a signature that is not text fails its check where it is read
  if (!isObject(raw.acceptedSequences)) delete state.acceptedSequences; // its numbers are checked where read
  return state;
}

/**
 * Whether an error thrown by `setItem` is the storage area being full.
 * @param {unknown} error
 */
export function isQuotaError(error) {
  if (!(error instanceof Error)) return false;
  const code = /** @type {{code?: unknown}} */ (error).code;
  return error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014;
}

/**
 * Runs `work` while holding the lock `name`: Web Locks when the page has them (held across tabs and
 * released when a tab closes), else a queue in this page only.
 * @typedef {<T>(name: string, work: () => Promise<T>) => Promise<T>} LockRunner
 */

/** @type {Map<string, Promise<unknown>>} */
const localQueues = new Map();

/** @type {LockRunner} */
export function localLock(name, work) {
  const previous = localQueues.get(name) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  localQueues.set(name, settled);
  settled.then(() => {
    if (localQueues.get(name) === settled) localQueues.delete(name);
  });
  return run;
}

/**
 * The page's Web Locks, if it has them (a secure context in a current browser).
 * @returns {LockManager | undefined}
 */
export function webLocks() {
  const nav = /** @type {{locks?: LockManager} | undefined} */ (globalThis.navigator);
  return nav?.locks && typeof nav.locks.request === "function" ? nav.locks : undefined;
}

/** @type {LockRunner} */
export function defaultLock(name, work) {
  const locks = webLocks();
  if (locks === undefined) return localLock(name, work);
  return /** @type {Promise<any>} */ (locks.request(name, () => work()));
}

/**
 * An app's state in a storage area. Reads never throw: a state that cannot be read is reported and
 * started afresh (the broken text is kept under `KEY:unreadable` for a developer to look at).
 */
export class StateStore {
  /**
   * @param {string} bundleId
   * @param {{storage: StorageArea | undefined, makeId: () => string, lock?: LockRunner,
   *   problem: (words: string) => void}} options
   */
  constructor(bundleId, options) {
    this.key = stateKey(bundleId);
    this.storage = options.storage;
    this.makeId = options.makeId;
    this.lock = options.lock ?? defaultLock;
    this.problem = options.problem;
    /** The state of this page when the storage area cannot be used at all. @type {InstallState | undefined} */
    this.memory = undefined;
    /** Whether the last write failed: this page's memory is newer than the storage area then. */
    this.unwritten = false;
  }

  /** The state as stored now, or a fresh one (written at the next change). @returns {InstallState} */
  read() {
    if (this.unwritten && this.memory) return structuredClone(this.memory);
    /** @type {string | null} */
    let text = null;
    try {
      text = this.storage ? this.storage.getItem(this.key) : null;
    } catch (error) {
      this.problem(`storage: cannot read ${this.key}: ${describe(error)}`);
    }
    if (text === null) {
      if (this.storage === undefined) this.memory ??= freshState(this.makeId);
      else {
        // Written at once: the install id is the same at every read, and in every tab.
        this.memory = freshState(this.makeId);
        this.write(this.memory);
      }
      return structuredClone(this.memory);
    }
    try {
      return readState(text);
    } catch (error) {
      this.problem(`storage: ${this.key} cannot be read (${describe(error)}); starting afresh, the old text is kept in ${this.key}:unreadable`);
      try {
        this.storage?.setItem(`${this.key}:unreadable`, text);
        this.storage?.removeItem(this.key);
      } catch {
        // Reported below when the fresh state cannot be written either.
      }
      this.memory = freshState(this.makeId);
      return structuredClone(this.memory);
    }
  }

  /**
   * Reads, changes and writes the state inside the app's lock. `change` returns what `update` returns.
   * A full storage area drops the cached feed first (the records matter more); a write that still fails
   * is reported, and the state is kept in this page's memory.
   * @template T
   * @param {(state: InstallState) => T} change
   * @returns {Promise<T>}
   */
  update(change) {
    return this.lock(this.key, async () => {
      const state = this.read();
      const result = change(state);
      this.write(state);
      return result;
    });
  }

  /** @param {InstallState} state */
  write(state) {
    this.memory = state;
    if (this.storage === undefined) return;
    this.unwritten = true;
    try {
      this.storage.setItem(this.key, JSON.stringify(state));
      this.unwritten = false;
      return;
    } catch (error) {
      if (!isQuotaError(error) || state.feed === undefined) {
        this.problem(`storage: cannot write ${this.key}: ${describe(error)}`);
        return;
      }
    }
    const { feed, ...withoutFeed } = state;
    try {
      this.storage.setItem(this.key, JSON.stringify(withoutFeed));
      this.unwritten = false;
      this.problem(`storage: the storage area is full; the feed (${feed.body.length} characters) is not kept for use offline`);
    } catch (error) {
      this.problem(`storage: cannot write ${this.key}: ${describe(error)}`);
    }
  }


}

/** @param {unknown} error */
export function describe(error) {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
