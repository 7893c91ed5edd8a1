// Results from the web (Sources/AppAlert/Reporting/ResultsRecorder.swift, docs/reporting.md): counters per
// UTC day, message, variant and event, kept in the app's state, sent the next UTC day to the app's collector
// in the wire format's exact bytes; a batch keeps its id until the collector answers it.

/**
 * What is counted, in `state.counters` (arrays keep the stored text small):
 * `c` the counters `[day, message, variant | null, event, n]`, where an update prompt's has the version it
 * offered (a string) for its message; `w` the showings waiting for their conversion
 * `[message, variant | null, event, shownAt, until]` (seconds); `b` the batch being sent `{id, since, counts}`;
 * `f` failures in a row, `r` no retry before (seconds), `l` the last run (seconds).
 * @typedef {[string, number | string, number | null, string, number]} Counter
 * @typedef {{c: Counter[], w: Array<[number, number | null, string, number, number]>,
 *   b?: {id: string, since: number, counts: Counter[]}, f: number, r?: number, l?: number}} Counts
 */

const DAY = 86_400;
const keptDays = 30;

/**
 * The UTC day of `seconds` since 1970, as `YYYY-MM-DD`.
 * @param {number} seconds
 */
export const dayText = (seconds) => new Date(Math.floor(seconds / DAY) * DAY * 1000).toISOString().slice(0, 10);

/**
 * The indices of `list`, oldest day first, then in the order the counters were made.
 * @param {Counter[]} list
 */
const byDay = (list) => list.map((_, i) => i).sort((a, b) => (list[a][0] < list[b][0] ? -1 : list[a][0] > list[b][0] ? 1 : a - b));

/** @param {Record<string, unknown>} counters @returns {Counts} */
function counts(counters) {
  const stored = /** @type {Counts} */ (counters);
  stored.c ??= [];
  stored.w ??= [];
  stored.f ??= 0;
  return stored;
}

/**
 * Counts `event` of `message` (`shown`, `dismissed`, `button.N`, `tap`, `link`, `conversion`) at `now`; a
 * showing starts the wait for its conversion. Returns the words of a problem when counters were dropped.
 * @param {{counters: Record<string, unknown>}} state @param {number} now seconds
 * @param {{id: number, variant?: number, conversion?: {event: string, withinHours: number}}} message
 * @param {string} event
 */
export function countEvent(state, now, message, event) {
  const all = counts(state.counters);
  const variant = message.variant ?? null;
  if (event === "shown" && message.conversion) {
    all.w = all.w.filter((w) => w[4] > now);
    all.w.push([message.id, variant, message.conversion.event, now, now + message.conversion.withinHours * 3600]);
    if (all.w.length > 100) all.w.splice(0, all.w.length - 100);
  }
  return add(all, now, message.id, variant, event);
}

/**
 * Counts `event` of the update prompt that offered `version` (`update.shown`, `update.accepted`,
 * `update.later`, `update.skipped`) at `now`, as UpdateService counts it. Returns the words of a problem
 * when counters were dropped.
 * @param {{counters: Record<string, unknown>}} state @param {number} now seconds
 * @param {string} version the version offered, as the decision writes it @param {string} event
 */
export function countUpdate(state, now, version, event) {
  // Counted, it would cost the batch it goes in: a collector refuses a batch with a longer version.
  // Said once a showing (its answers are not counted either, for the same reason).
  const bytes = new TextEncoder().encode(version).length;
  if (bytes > maximumVersionBytes) {
    if (event !== "update.shown") return undefined;
    return `reporting: the update prompt for ${version} is not counted: its version is ${bytes} bytes long, and a collector takes at most ${maximumVersionBytes}`;
  }
  return add(counts(state.counters), now, version, null, event);
}

/** The longest `version` a collector takes, in UTF-8 bytes (CountsWire.maximumVersionBytes). */
const maximumVersionBytes = 32;

/**
 * Adds one to the counter of (`now`'s day, `subject`, `variant`, `event`), and keeps at most 30 days and
 * 1,000 counters, the oldest going first; the words of a problem when some went.
 * @param {Counts} all @param {number} now @param {number | string} subject a message's id, or an update's version
 * @param {number | null} variant @param {string} event
 */
function add(all, now, subject, variant, event) {
  const day = dayText(now);
  const found = all.c.find((c) => c[0] === day && c[1] === subject && c[2] === variant && c[3] === event);
  if (found) found[4] += 1;
  else all.c.push([day, subject, variant, event, 1]);
  const oldest = dayText(now - keptDays * DAY);
  const before = all.c.length;
  all.c = all.c.filter((c) => c[0] >= oldest);
  if (all.c.length > 1000) {
    const drop = new Set(byDay(all.c).slice(0, all.c.length - 1000));
    all.c = all.c.filter((_, i) => !drop.has(i));
  }
  const dropped = before - all.c.length;
  return dropped > 0 ? `reporting: ${dropped} counters dropped, the oldest first: at most 1000 counters and 30 days are kept` : undefined;
}

/**
 * The app recorded `name`: one conversion for each showing waiting for it.
 * @param {{counters: Record<string, unknown>}} state @param {number} now @param {string} name
 */
export function countConversions(state, now, name) {
  const all = counts(state.counters);
  const due = all.w.filter((w) => w[2] === name && w[3] <= now && w[4] > now);
  all.w = all.w.filter((w) => w[4] > now && !due.includes(w));
  for (const [id, variant] of due) {
    countEvent(state, now, { id, ...(variant === null ? {} : { variant }) }, "conversion");
  }
}

/**
 * The exact bytes of a batch (docs/reporting.md): no spaces, keys in this order, `version` in place of
 * `message` for an update prompt's counters (CountsWire.body).
 * @param {string} batch @param {string} app @param {Counter[]} list
 */
export function batchBody(batch, app, list) {
  const q = JSON.stringify;
  // Schema 2 when it has an inbox item's `opened` (CountsBatch.swift), as a device writes it.
  const schema = list.some((counter) => counter[3] === "opened") ? 2 : 1;
  return `{"schema":${schema},"batch":${q(batch)},"app":${q(app)},"counts":[${list.map(([day, message, variant, event, n]) =>
    `{"day":${q(day)},${typeof message === "string" ? `"version":${q(message)}` : `"message":${message}`}${variant === null ? "" : `,"variant":${variant}`},"event":${q(event)},"n":${n}}`).join(",")}]}`;
}

/**
 * The collector's `/v1/counts` URL from its base: `https:`, or `http:` on the machine itself.
 * @param {string} base
 */
export function countsURL(base) {
  const url = new URL(base);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (!(url.protocol === "https:" || (url.protocol === "http:" && loopback)) || url.search || url.hash) {
    throw new TypeError(`reporting: "${base}" is not the collector's https: URL`);
  }
  return url.href.replace(/\/+$/, "") + "/v1/counts";
}

/**
 * Sends the days before today when a run is due (once a UTC day; a batch that failed, after its
 * backoff): one batch of at most 200 counters (each at most 1,000) after another while the collector
 * takes them, at most 5. Problems are said through `problem`; never throws.
 * @param {{store: import("./storage.js").StateStore, url: string, app: string, fetch: typeof fetch,
 *   now: () => Date, makeId: () => string, problem: (words: string) => void}} sender
 */
export async function sendCounts({ store, url, app, fetch, now, makeId, problem }) {
  for (let round = 0; round < 5; round += 1) {
    const at = now().getTime() / 1000;
    const today = dayText(at);
    const batch = await store.update((state) => {
      const all = counts(state.counters);
      if (all.r !== undefined && at < all.r) return undefined;
      if (!all.b) {
        if (round === 0 && all.l !== undefined && dayText(all.l) === today) return undefined;
        /** @type {Counter[]} */
        const taken = byDay(all.c).map((i) => all.c[i]).filter((c) => c[0] < today).slice(0, 200).map((c) => {
          const n = Math.min(c[4], 1000);
          c[4] -= n;
          return [c[0], c[1], c[2], c[3], n];
        });
        all.c = all.c.filter((c) => c[4] > 0);
        if (taken.length === 0) {
          all.l = at;
          return undefined;
        }
        all.b = { id: makeId(), since: at, counts: taken };
      }
      // A batch unanswered for 7 days gets a new id (the collector keeps ids 8 days); days the collector
      // no longer takes are dropped.
      if (at - all.b.since >= 7 * DAY) all.b = { ...all.b, id: makeId(), since: at };
      const kept = all.b.counts.filter((c) => c[0] >= dayText(at - keptDays * DAY));
      if (kept.length < all.b.counts.length) problem(`reporting: ${all.b.counts.length - kept.length} counters dropped: more than 30 days old`);
      all.b.counts = kept;
      if (kept.length === 0) delete all.b;
      return all.b && structuredClone(all.b);
    });
    if (batch === undefined) return;
    /** @type {{retry?: string, wait?: number, refused?: string}} */
    let outcome = {};
    try {
      const response = await fetch(url, {
        method: "POST", keepalive: true, credentials: "omit", referrerPolicy: "no-referrer",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: batchBody(batch.id, app, batch.counts),
      });
      const status = response.status;
      if (status >= 400 && status < 500 && status !== 429) {
        const answer = await response.json().catch(() => undefined);
        outcome = { refused: `HTTP ${status}${typeof answer?.error === "string" ? `: "${answer.error.slice(0, 100)}"` : ""}` };
      } else if (!response.ok) {
        // 429, 5xx: not before the collector's Retry-After (seconds or an HTTP date), honoured up to 7 days.
        const after = response.headers.get("retry-after")?.trim() ?? "";
        const wait = /^\d+$/.test(after) ? Number(after) : (Date.parse(after) - now().getTime()) / 1000;
        outcome = { retry: `HTTP ${status}`, wait: Math.min(Math.max(wait, 0) || 0, 7 * DAY) };
      }
    } catch (error) {
      // A TypeError is all the browser says when the collector cannot be reached or the page may not ask it.
      outcome = { retry: error instanceof TypeError
        ? `${error.message}: the collector could not be reached, or did not let this page send to it (CORS: appalert collect --allow-origin), or the page's Content-Security-Policy does not allow it (connect-src)`
        : error instanceof Error ? error.message : String(error) };
    }
    const finished = now().getTime() / 1000;
    const more = await store.update((state) => {
      const all = counts(state.counters);
      if (outcome.retry !== undefined) {
        all.f += 1;
        const wait = Math.max(Math.min(300 * 2 ** Math.min(all.f - 1, 20), DAY), outcome.wait ?? 0);
        all.r = finished + wait;
        problem(`reporting: the collector did not take the counts (${outcome.retry}); sent again in ${Math.round(wait)} s`);
        return false;
      }
      if (all.b?.id === batch.id) delete all.b;
      all.f = 0;
      delete all.r;
      if (outcome.refused !== undefined) {
        all.l = finished;
        problem(`reporting: the collector refused a batch of ${batch.counts.length} counters (${outcome.refused}); its counts are dropped`);
        return false;
      }
      const left = all.c.some((c) => c[0] < dayText(finished));
      if (!left) all.l = finished;
      return left;
    });
    if (!more) return;
  }
  await store.update((state) => { counts(state.counters).l = now().getTime() / 1000; });
}

/**
 * The event an answer to `message` counts (ResultEvent.swift): the tap action of a banner or an image is
 * `tap`; a feed button is `button.N` by its index; a derived button is `link` or `dismissed`.
 * @param {{action?: unknown, buttonsFromFeed?: boolean, buttons: unknown[]}} message
 * @param {"dismiss" | {url: string} | {event: string}} action @param {number | undefined} index
 * @returns {string | undefined}
 */
export function resultEvent(message, action, index) {
  if (message.action !== undefined) return action === message.action ? "tap" : action === "dismiss" ? "dismissed" : undefined;
  if (message.buttonsFromFeed && index !== undefined && index < message.buttons.length) return `button.${index}`;
  return action === "dismiss" ? "dismissed" : "url" in action ? "link" : undefined;
}
