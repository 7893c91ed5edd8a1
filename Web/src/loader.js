// Loads an app's feed in a page (Sources/AppAlert/Loading/FeedLoader.swift, for the web): fetched through
// the browser's HTTP cache, which revalidates it with its ETag; read no further than the feed's size
// limit; decoded; kept in storage as the last good copy, which is used, with a problem saying why, when
// the feed cannot be had or used.

import { decodeFeed, feedLimits } from "./feed.js";
import { formatTimestamp } from "./dates.js";
import { describe } from "./storage.js";
import { TrustError, signatureURL, verifyFeed } from "./trust.js";

/** @typedef {import("./message.js").Feed} Feed */

/**
 * A signal that aborts after `milliseconds`, where the platform has AbortSignal.timeout.
 * @param {number} milliseconds
 * @returns {AbortSignal | undefined}
 */
function timeoutSignal(milliseconds) {
  const make = /** @type {{timeout?: (ms: number) => AbortSignal}} */ (/** @type {unknown} */ (AbortSignal)).timeout;
  return typeof make === "function" ? make.call(AbortSignal, milliseconds) : undefined;
}

/**
 * A fetch that rejects with a TypeError ("Failed to fetch"): the browser says no more, so the problem says
 * what it can mean.
 * @param {unknown} error
 * @returns {never}
 */
function unreachable(error) {
  throw error instanceof TypeError
    ? new Error(`${error.message}: the host could not be reached, or did not let this page read it (CORS: Access-Control-Allow-Origin), or the page's Content-Security-Policy does not allow it (connect-src)`)
    : error;
}

/**
 * The body of `response`, read no further than `limit` bytes: a larger feed is refused as the Swift
 * loader refuses it, without reading (or keeping) the rest.
 * @param {Response} response @param {number} limit
 * @returns {Promise<Uint8Array>}
 */
async function cappedBody(response, limit) {
  const tooLarge = () => new Error(`the feed is larger than ${limit} bytes (FeedLimits.maximumSize); reading stopped there`);
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * @typedef {object} FeedLoad
 * @property {string} url
 * @property {typeof fetch | undefined} fetch
 * @property {number} timeoutSeconds
 * @property {import("./storage.js").StateStore} store where the last good copy is kept
 * @property {() => Date} now
 * @property {(words: string) => void} problem
 * @property {import("./trust.js").PublicKey[]} [keys] with keys, only feeds signed with one of them are used
 */

/**
 * The `.sig` beside the feed: undefined when the server has none (404, 410); throws when it cannot say.
 * @param {string} url @param {typeof fetch} fetch @param {number} timeoutSeconds
 */
async function fetchSignature(url, fetch, timeoutSeconds) {
  const sigURL = signatureURL(url);
  try {
    const response = await fetch(sigURL, { cache: "no-cache", credentials: "omit", signal: timeoutSignal(timeoutSeconds * 1000) })
      .catch(unreachable);
    if (response.status === 404 || response.status === 410) return undefined;
    if (!response.ok) throw new Error(`the server answered HTTP ${response.status}`);
    return await cappedBody(response, 4096);
  } catch (error) {
    throw new Error(`the signature ${sigURL}: ${describe(error)}`);
  }
}

/**
 * Refuses a signed feed whose sequence is lower than the highest accepted from its URL (a replay).
 * @param {Feed} feed @param {number | undefined} highest @param {string} words
 */
function checkSequence(feed, highest, words) {
  const sequence = feed.sequence ?? 0;
  if (sequence < (highest ?? 0)) {
    throw new TrustError("replayed", `${words} sequence ${sequence} is lower than ${highest}, the highest accepted: an older signed feed `
      + (words === "its" ? "was put in its place" : "is being served again"));
  }
}

/**
 * The feed: fetched, else the last good copy (with a problem saying why); undefined when neither can be
 * used. Never throws.
 * @param {FeedLoad} load
 * @returns {Promise<Feed | undefined>}
 */
export async function loadFeed({ url, fetch, timeoutSeconds, store, now, problem, keys }) {
  const state = store.read();
  const kept = state.feed?.url === url ? state.feed : undefined;
  const stored = state.acceptedSequences?.[url];
  const highest = Number.isSafeInteger(stored) ? stored : undefined;
  try {
    if (fetch === undefined) throw new Error("this environment has no fetch");
    const response = await fetch(url, {
      cache: "no-cache", // revalidated with the ETag the browser's cache holds
      credentials: "omit",
      signal: timeoutSignal(timeoutSeconds * 1000),
    }).catch(unreachable);
    if (!response.ok) throw new Error(`the server answered HTTP ${response.status}`);
    const bytes = await cappedBody(response, feedLimits.maximumSize);
    const body = new TextDecoder().decode(bytes);
    /** @type {string | undefined} */
    let signature;
    if (keys) {
      // The signature first: bytes from an untrusted source are not even parsed. The .sig is asked for
      // at each check, revalidated by the browser's HTTP cache as the feed is.
      const file = await fetchSignature(url, fetch, timeoutSeconds);
      await verifyFeed(keys, bytes, file);
      signature = new TextDecoder().decode(file);
    }
    const { feed, diagnostics } = decodeFeed(bytes);
    if (keys) checkSequence(feed, highest, "the feed's");
    const left = diagnostics.filter((d) => d.severity === "error");
    if (left.length > 0) {
      const first = left[0];
      problem(`the feed at ${url}: ${left.length} message${left.length === 1 ? "" : "s"} left out; ${first.path}: ${first.reason}`);
    }
    const sequence = keys ? feed.sequence ?? 0 : undefined;
    if (kept?.body !== body || kept.signature !== signature || (sequence !== undefined && highest !== sequence)) {
      const etag = response.headers.get("etag") ?? undefined;
      const fetchedAt = now().getTime() / 1000;
      await store.update((state) => {
        state.feed = { url, body, fetchedAt, ...(etag ? { etag } : {}), ...(signature ? { signature } : {}) };
        if (sequence !== undefined) {
          const sequences = (state.acceptedSequences ??= {});
          sequences[url] = Math.max(sequences[url] ?? sequence, sequence);
        }
      });
    }
    return feed;
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "it took too long" : describe(error);
    if (kept === undefined) {
      problem(`the feed at ${url} cannot be used (${reason}); no earlier copy is kept, so nothing is shown`);
      return undefined;
    }
    try {
      // The kept copy is checked against today's keys: storage can be written by anything in the page.
      if (keys) {
        const signature = kept.signature === undefined ? undefined : new TextEncoder().encode(kept.signature);
        await verifyFeed(keys, new TextEncoder().encode(kept.body), signature);
      }
      const feed = decodeFeed(kept.body).feed;
      if (keys) checkSequence(feed, highest, "its");
      problem(`the feed at ${url} cannot be used (${reason}); the copy fetched at ${formatTimestamp(kept.fetchedAt)} is used`);
      return feed;
    } catch (broken) {
      const refused = broken instanceof TrustError ? "is not accepted" : "cannot be used either";
      problem(`the feed at ${url} cannot be used (${reason}); the kept copy ${refused} (${describe(broken)}); nothing is shown`);
      return undefined;
    }
  }
}
