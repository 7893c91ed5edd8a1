// Loads an app's feed in a page (Sources/AppAlert/Loading/FeedLoader.swift, for the web): fetched through
// the browser's HTTP cache, which revalidates it with its ETag; read no further than the feed's size
// limit; decoded; kept in storage as the last good copy, which is used, with a problem saying why, when
// the feed cannot be had or used.

import { feedLimits, loadDiagnosticWords, readFeedInPage } from "./feed.js";
import { excerpt, written } from "./diagnostics.js";
import { formatTimestamp } from "./dates.js";
import { describe } from "./storage.js";

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
 * @property {(words: string, code: ProblemCode) => void} problem
 * @property {import("./trust.js").PublicKey[]} [keys] with keys, only feeds signed with one of them are used
 */

/**
 * The checking of signed feeds (trust.js), imported only by a page given public keys: in the bundle, the
 * file appalert-web-trust.js beside appalert-web.js.
 * @returns {Promise<typeof import("./trust.js")>}
 */
export function loadTrust() {
  return import("./trust.js").catch((error) => {
    throw new Error(`the code that checks signatures cannot be loaded (${describe(error)})`);
  });
}

/**
 * The `.sig` beside the feed: undefined when the server has none (404, 410); throws when it cannot say.
 * @param {string} sigURL @param {typeof fetch} fetch @param {number} timeoutSeconds
 */
async function fetchSignature(sigURL, fetch, timeoutSeconds) {
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
 * What a `problem` event is about (its `detail.code`), for a page that handles kinds of problem apart
 * (docs/web.md): "options" (the page's own use of the API), "feed" (the feed cannot be used), "content"
 * (the feed is used, but something in it is wrong: messages left out, unknown keys), "drawing" (something
 * could not be shown), "reporting", "storage", "internal" (an error of AppAlert's own).
 * @typedef {"options" | "feed" | "content" | "drawing" | "reporting" | "storage" | "internal"} ProblemCode
 */

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
  /** @type {typeof import("./trust.js") | undefined} */
  let trust;
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
      trust = await loadTrust();
      const file = await fetchSignature(trust.signatureURL(url), fetch, timeoutSeconds);
      await trust.verifyFeed(keys, bytes, file);
      signature = new TextDecoder().decode(file);
    }
    const { feed, diagnostics } = await readFeedInPage(bytes);
    if (trust) trust.checkSequence(feed, highest, "the feed's");
    const left = diagnostics.filter((d) => d.severity === "error");
    if (left.length > 0) await reportLeftOut(url, left, problem);
    // A key the engine does not know is ignored, as apps ignore it; a misspelt targeting key ("platfroms")
    // would show a message to everyone, so the page says so.
    await sayIgnored(url, diagnostics.filter((d) => d.code === "unknownKey"), problem);
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
      problem(`the feed at ${url} cannot be used (${reason}); no earlier copy is kept, so nothing is shown`, "feed");
      return undefined;
    }
    try {
      // The kept copy is checked against today's keys: storage can be written by anything in the page.
      if (keys) {
        trust ??= await loadTrust();
        const signature = kept.signature === undefined ? undefined : new TextEncoder().encode(kept.signature);
        await trust.verifyFeed(keys, new TextEncoder().encode(kept.body), signature);
      }
      const feed = (await readFeedInPage(kept.body)).feed;
      if (trust) trust.checkSequence(feed, highest, "its");
      problem(`the feed at ${url} cannot be used (${reason}); the copy fetched at ${formatTimestamp(kept.fetchedAt)} is used`, "feed");
      return feed;
    } catch (broken) {
      const refused = trust !== undefined && broken instanceof trust.TrustError ? "is not accepted" : "cannot be used either";
      problem(`the feed at ${url} cannot be used (${reason}); the kept copy ${refused} (${describe(broken)}); nothing is shown`, "feed");
      return undefined;
    }
  }
}

/**
 * Says how many messages of the feed are left out (not how many errors), and why the first error is, in words: the words are
 * loaded now (in the bundle, appalert-web-words.js), and when they cannot be, its code is said instead.
 * @param {string} url
 * @param {import("./diagnostics.js").RecordedDiagnostic[]} left the errors, at least one
 * @param {(words: string, code: ProblemCode) => void} problem
 */
export async function reportLeftOut(url, left, problem) {
  const first = left[0];
  const reason = await reasonOf(first);
  // A message can have several errors; an error of the feed itself ($.format, $.sequence) is no message's.
  const messages = new Set(left.filter((d) => d.messageIndex !== null).map((d) => d.messageIndex)).size;
  const count = messages === 0 ? "" : ` ${messages} message${messages === 1 ? "" : "s"} left out;`;
  problem(`the feed at ${url}:${count} ${first.path}: ${reason}`, "content");
}

/**
 * Says the keys the engine ignores (`ignored`: unknownKey warnings of the feed at `url`), the first with
 * its reason, then the paths of the next four (each cut to 80 characters) and how many there are in all;
 * nothing when there are none.
 * @param {string} url @param {import("./diagnostics.js").RecordedDiagnostic[]} ignored @param {(words: string, code: ProblemCode) => void} problem
 */
export async function sayIgnored(url, ignored, problem) {
  if (ignored.length === 0) return;
  const others = ignored.slice(1);
  const listed = others.slice(0, 4).map((d) => excerpt(d.path, 80)).join(", ") + (others.length > 4 ? ", …" : "");
  problem(`the feed at ${url}: ${ignored[0].path}: ${await reasonOf(ignored[0])}` +
    (others.length > 0 ? ` (and ${others.length} more unknown key${others.length === 1 ? "" : "s"}: ${listed})` : ""), "content");
}

/**
 * Why `diagnostic` is, in words: they are loaded now (in the bundle, appalert-web-words.js); when they
 * cannot be, its code is said instead.
 * @param {import("./diagnostics.js").RecordedDiagnostic} diagnostic
 * @returns {Promise<string>}
 */
export async function reasonOf(diagnostic) {
  try {
    await loadDiagnosticWords();
    return written(diagnostic).reason;
  } catch (error) {
    return `${diagnostic.code} (its words cannot be loaded: ${describe(error)})`;
  }
}
