// AlertService: the web client in a page (Sources/AppAlert/Client/AlertService.swift). It fetches the feed
// (through the browser's HTTP cache, revalidated with its ETag), decides with the engine, draws the message
// and records what the user did with it. Nothing it does throws into the page: a feed that cannot be had
// or used, a storage area that is full or broken, are `problem` events, and the last good feed is used.

import { decide } from "./select.js";
import { exclusionOf } from "./targeting.js";
import { hex } from "./digest.js";
import { makeContext, InputError } from "./install.js";
import { checkOptions, inPageWords, strings, unknownOptions } from "./service-options.js";
import { LinkPolicy } from "./link-policy.js";
import { LanguageTag, closeLabel } from "./language.js";
import { isValidEventName } from "./reader.js";
import { StateStore, describe, webLocks } from "./storage.js";
import { loadFeed, loadTrust, reasonOf, reportLeftOut, sayIgnored } from "./loader.js";
import { countsURL } from "./results.js";
import { TabChannel, claimMessage } from "./tabs.js";
import { domRenderer } from "./renderer.js";
import { inboxItems } from "./inbox-items.js";
import { InboxView } from "./inbox-view.js";
import { updatePolicyFor } from "./update-policy.js";
import { loadRichReading, updatesNeedRichReading, usingChecked } from "./rich-check.js";
import { hasRichReading } from "./rich-reading.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */
/** @typedef {import("./message.js").Action} Action */
/** @typedef {import("./message.js").Feed} Feed */
/** @typedef {import("./loader.js").ProblemCode} ProblemCode */
/** @typedef {import("./storage.js").StorageArea} StorageArea */
/** @typedef {import("./trust.js").PublicKey} PublicKey */
/** @typedef {import("./targeting.js").ViewHistory} ViewHistory */

/**
 * A message on screen: its drawing, how to give back its claim on the app's tabs, and whether the user
 * answered it already (a second click while a link's answer is under way does nothing).
 * @typedef {{message: ResolvedMessage, drawing: {remove: () => void} | undefined, release: () => void, answered: boolean}} Showing
 */

/**
 * What the service asks of whoever draws its message, and what it is told back.
 * @typedef {object} MessageControls
 * @property {(action: Action, index?: number) => boolean} act a button or tap: returns false when a link must not be
 *   opened (the page's `link` listener called preventDefault)
 * @property {() => void} close a close control, Escape, or a banner whose time is up: a dismissal
 * @property {{close: string}} texts the words the drawing adds by itself
 */

/**
 * Draws a message; `show` returns how to take the drawing away.
 * @typedef {object} Renderer
 * @property {(message: ResolvedMessage, controls: MessageControls) => {remove: () => void}} show
 * @property {(message: ResolvedMessage) => Promise<string | undefined>} [prepare] loads what the drawing
 *   needs (its images) before it is shown; resolves to why the message cannot be shown, if it cannot
 */

/**
 * One slot of the page: `decide()` says what it shows now (undefined: nothing, and it takes no space),
 * `appeared(message)` that it is drawn (the `shown` event, once per showing), `act(message, action)` that
 * a control was used (recorded; returns false when the page cancelled a link), and `subscribe(listener)`
 * calls `listener` after each check, to decide again.
 * @typedef {object} SlotController
 * @property {string} name
 * @property {ResolvedMessage | undefined} message what the slot last decided to show
 * @property {() => Promise<ResolvedMessage | undefined>} decide
 * @property {(message: ResolvedMessage) => void} appeared
 * @property {(message: ResolvedMessage, action: Action, index?: number) => boolean} act
 * @property {(listener: () => void) => () => void} subscribe
 */

/** @typedef {import("./service-options.js").AlertServiceOptions} AlertServiceOptions */

/**
 * A random (version 4) UUID: the platform's, else made here (a page that is not a secure context has no
 * `crypto.randomUUID`).
 * @returns {string}
 */
function randomUUID() {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return hex(bytes).replace(/(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
}

/** @returns {StorageArea | undefined} */
function defaultStorage() {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // a sandboxed frame, or storage blocked by the browser
  }
}

/** @param {Action} action @returns {action is {url: string}} */
const isLink = (action) => typeof action === "object" && "url" in action;

/**
 * A change of the counts made with the counting's code (results-send.js) at the moment `at` (seconds);
 * it may resolve to a problem's words.
 * @typedef {(counting: typeof import("./results-send.js"), at: number) => Promise<string | undefined | void> | undefined} CountChange
 */
/** How many count changes wait for the counting's file at most (a page offline for long keeps the newest). */
const maximumCountsWaiting = 100;
/**
 * The `detail` of an event about `message`, with `more`.
 * @param {ResolvedMessage} message @param {Record<string, unknown>} [more]
 */
const about = (message, more) => ({ id: message.id, variant: message.variant ?? null, ...more });

/** Shows an app's messages in a web page. Events: shown, opened, dismissed, link, button, update, problem. */
export class AlertService extends EventTarget {
  /** @type {string | undefined} */ #setupError;
  /** @type {string[]} the options given that are none (their words, after `AlertService: `), said at the first check */ #optionProblems;
  /** @type {StateStore} */ #store;
  /** @type {Promise<PublicKey[]> | undefined} the trusted keys, when the page gave any */ #keys;
  /** @type {string | undefined} where counts go, with `reporting` */ #countsURL;
  /** @type {Promise<typeof import("./results-send.js")> | undefined} the counting, imported once */ #results;
  /**
   * The count changes not yet applied, each with its moment: kept while the counting's file cannot be
   * imported (offline, a failed load), applied in order at the next import that succeeds.
   * @type {Array<{change: CountChange, at: number}>}
   */
  #countsWaiting = [];
  /** Whether a waiting count change was dropped (said once). */
  #countsDropped = false;
  /** How many imports of the counting's file failed. */
  #countingFailures = 0;
  /** Whether a run of the sender is under way: a second would post the same batch again. */
  #sendingNow = false;
  /** @type {TabChannel} */ #tabs;
  /** @type {Showing | undefined} */
  #current;
  /** @type {ResolvedMessage | undefined} a wall left by its event button, put back at the next check */
  #wallPending;
  /** @type {Promise<void> | undefined} */ #checking;
  /** @type {Feed | undefined} the feed as the last check loaded it: what slots decide with */
  #feed;
  /** @type {Promise<Feed | undefined> | undefined} a slot's load of the feed before any check */
  #slotLoad;
  /**
   * A load of the feed on its way: a check, a slot and an update check that start together share it (one
   * fetch, one copy of the feed whose messages are checked once, and its problems said once).
   * @type {Promise<Feed | undefined> | undefined}
   */
  #loading;
  /** @type {InboxView | undefined} */
  #inbox;
  /** @type {Set<() => void>} the slots to decide again after each check */
  #slots = new Set();
  /** @type {{remove: () => void} | undefined} the update prompt on screen */
  #update;
  /**
   * The options of an update check whose prompt was due while a message was on screen: the check runs
   * again once that message is down, so the prompt is not lost.
   * @type {import("./update-prompt.js").UpdateCheckOptions | undefined}
   */
  #updateWaiting;
  /** @type {Set<unknown>} the page's `problem` listeners (but those heard once) */
  #listeners = new Set();
  /** @type {Set<string>} the problems said on the console already */
  #warned = new Set();
  /** A `problem` event with these words and code (for the parts the service hands it to). */
  #say = (/** @type {string} */ words, /** @type {ProblemCode} */ code) => this.#problem(words, code);
  /** A problem of the counting or of the counts' sender. */
  #sayReporting = (/** @type {string} */ words) => this.#problem(words, "reporting");
  /** A failure of the counting or of the counts' sender, as a problem. */
  #reportingFailed = (/** @type {unknown} */ error) => this.#problem(`reporting: ${describe(error)}`, "reporting");

  /**
   * @param {string} url the feed's URL
   * @param {AlertServiceOptions} options
   */
  constructor(url, options) {
    super();
    this.url = String(url);
    const given = options ?? /** @type {AlertServiceOptions} */ ({});
    this.options = given;
    this.#optionProblems = typeof given === "object" ? unknownOptions(given) : [];
    /** What the app knows about its user, for the feed's `attributes` targeting; settable at any time. */
    this.attributes = { ...(given.attributes ?? {}) };
    this.now = given.now ?? (() => new Date());
    /** The last run of the counts' sender (resolves when it is over), with `reporting`. @type {Promise<void> | undefined} */
    this.sending = undefined;
    this.fetch = given.fetch ?? (typeof globalThis.fetch === "function" ? globalThis.fetch.bind(globalThis) : undefined);
    const nav = /** @type {{languages?: readonly string[]} | undefined} */ (globalThis.navigator);
    // The page's own languages are checked with the other options; the browser's are taken as they come.
    this.languages = strings(given.languages) ? [...given.languages]
      : [...(nav?.languages ?? [])].filter((text) => new LanguageTag(text).isWellFormed);
    this.texts = { close: closeLabel(this.languages.map((text) => new LanguageTag(text))), ...(given.texts ?? {}) };
    /** @type {Renderer | undefined} */
    this.renderer = given.renderer === null ? undefined
      : given.renderer ?? (typeof document === "undefined" ? undefined : domRenderer(document));
    const bundleId = typeof given.bundleId === "string" ? given.bundleId : "";
    this.#store = new StateStore(bundleId, {
      storage: given.storage === null ? undefined : given.storage ?? defaultStorage(),
      makeId: randomUUID,
      lock: given.lock,
      problem: (words) => this.#problem(words, "storage"),
    });
    const keys = [given.publicKey ?? []].flat();
    if (keys.length > 0) {
      this.#keys = loadTrust().then((trust) => Promise.all(keys.map(trust.readPublicKey)));
      this.#keys.catch(() => undefined); // reported at each check
    }
    if (given.reporting !== undefined) {
      try {
        this.#countsURL = countsURL(given.reporting);
      } catch (error) {
        this.#setupError = `AlertService: ${describe(error)}`;
      }
    }
    this.#tabs = new TabChannel(bundleId, given.channel, (id) => this.#recordedElsewhere(id));
    try {
      checkOptions(/** @type {Record<string, unknown>} */ (given));
      const parsed = new URL(this.url, globalThis.location?.href);
      if (!["https:", "http:"].includes(parsed.protocol)) throw new InputError(`"${this.url}" is not an https: (or http:) URL`);
      this.url = parsed.href;
      this.#context();
    } catch (error) {
      this.#setupError = `AlertService: ${inPageWords(describe(error))}`;
    }
    // A misspelt required option (`bundleID`) is why the service cannot start: say so in the same words.
    if (this.#setupError !== undefined && this.#optionProblems.length > 0) {
      this.#setupError += `; ${this.#optionProblems.join("; ")}`;
      this.#optionProblems = [];
    }
  }

  /**
   * @param {string} type @param {EventListenerOrEventListenerObject | null} listener
   * @param {boolean | AddEventListenerOptions} [options] a `problem` listener heard `once` does not hold back the console
   */
  addEventListener(type, listener, options) {
    if (type === "problem" && !(/** @type {AddEventListenerOptions} */ (options)?.once)) this.#listeners.add(listener);
    super.addEventListener(type, listener, options);
  }

  /**
   * @param {string} type @param {EventListenerOrEventListenerObject | null} listener
   * @param {boolean | EventListenerOptions} [options]
   */
  removeEventListener(type, listener, options) {
    if (type === "problem") this.#listeners.delete(listener);
    super.removeEventListener(type, listener, options);
  }

  /** The message on screen, resolved for the page's languages; undefined when none is. */
  get message() {
    return this.#current?.message;
  }

  /** A random id for this install of the app, kept in storage: the rollout and variant buckets. Never sent. */
  get installID() {
    return this.#store.read().installId;
  }

  /**
   * Fetches the feed and shows the message that is due, if any. Does nothing while a message is on
   * screen. Always resolves; what went wrong is a `problem` event.
   * @returns {Promise<void>}
   */
  showAlertIfNecessary() {
    return this.#serially(async () => {
      await this.#check(undefined);
      for (const refresh of this.#slots) refresh();
      this.#send();
    });
  }

  /**
   * Checks the feed's `updates` policy for this app and shows the update prompt when one is due and no
   * message is on screen (docs/web.md, "Update prompts"). Resolves to the decision (undefined when no
   * feed could be had); what went wrong is a `problem` event.
   * @param {import("./update-prompt.js").UpdateCheckOptions} [options]
   * @returns {Promise<import("./update.js").UpdateDecision | undefined>}
   */
  checkForUpdate(options = {}) {
    /** @type {import("./update.js").UpdateDecision | undefined} */
    let decision;
    return this.#serially(async () => {
      if (this.#setupError !== undefined) return this.#problem(this.#setupError, "options");
      const behindMessage = this.#current !== undefined && this.#update === undefined;
      decision = await (await import("./update-prompt.js")).checkForUpdate({
        // The app's policy as this engine reads it (plain data): the prompt's file carries no readers.
        policy: async () => {
          const feed = await this.#load();
          if (feed === undefined) return undefined;
          if (updatesNeedRichReading(feed)) await loadRichReading();
          /** @type {import("./diagnostics.js").RecordedDiagnostic | undefined} */
          let leftOut;
          const policy = updatePolicyFor(feed, this.options.bundleId, (error) => (leftOut ??= error));
          // A policy for this app with an error is not used: said, as a message left out is.
          if (leftOut) this.#problem(`the feed at ${this.url}: ${leftOut.path}: ${await reasonOf(leftOut)}`, "content");
          return policy ?? null;
        },
        store: this.#store, now: this.now, languages: this.languages, options: this.options,
        renderer: this.#current || this.#update ? undefined : this.renderer, texts: this.texts,
        hold: (drawing) => (this.#update = drawing), emit: (detail) => this.#emit("update", detail),
        count: (event, version) => this.#counted(({ countUpdate }, at) => this.#store.update((state) => countUpdate(state, at, version, event))),
        problem: (words) => this.#problem(words, "drawing"),
      }, options);
      // The days before today's counts go once a UTC day, after an update check as after a launch's.
      this.#send();
      // Due, but a message is on screen: asked again when it is down (#takeDown).
      if (behindMessage && decision !== undefined && decision.kind !== "none" && this.#current !== undefined) {
        this.#updateWaiting = options;
      }
    }).then(() => decision);
  }

  /**
   * Sends the counts of days before today, when due, off the check's path (never awaited by it); not
   * while a run is under way (a launch's and an update check's at once), which sends what is due.
   */
  #send() {
    const url = this.#countsURL;
    if (url === undefined || this.fetch === undefined || this.#sendingNow) return;
    this.#sendingNow = true;
    this.sending = this.#counting().then(({ sendCounts }) => sendCounts({
      store: this.#store, url, app: this.options.bundleId, fetch: /** @type {typeof fetch} */ (this.fetch), now: this.now,
      makeId: randomUUID, problem: this.#sayReporting,
    })).catch(this.#reportingFailed).finally(() => {
      this.#sendingNow = false;
    });
  }

  /**
   * Reports an event of the app (`"purchase"`): the messages whose trigger is that event are considered,
   * and one that is due is shown. An invalid name is a `problem` event.
   * @param {string} name
   * @returns {Promise<void>}
   */
  handle(name) {
    if (typeof name !== "string" || !isValidEventName(name)) {
      this.#problem(`AlertService.handle: "${String(name).slice(0, 100)}" is not an event name (1 to 64 letters, digits, _, - or .)`, "options");
      return Promise.resolve();
    }
    this.#counted(({ countConversions }, at) => this.#store.update((state) => countConversions(state, at, name)));
    return this.#serially(() => this.#check(name));
  }

  #seconds() {
    return this.now().getTime() / 1000;
  }

  /**
   * The counting and the counts' sender (results-send.js; in the bundle, appalert-web-results.js),
   * imported at the first count or sending; a failed import is asked for again the next time, and the
   * counts made meanwhile wait for it (#countsWaiting).
   */
  #counting() {
    // Browsers keep a failed import's failure for the page's life (whatwg/html#6768: changed in the
    // standard, not yet in browsers), so another try asks for the file under another URL.
    const failures = this.#countingFailures;
    return (this.#results ??= (failures === 0 ? import("./results-send.js")
      : import(`./results-send.js?again=${failures}`)).catch((error) => {
      this.#results = undefined;
      this.#countingFailures += 1;
      throw error;
    }));
  }

  /**
   * With `reporting`, changes the counts with the counting's code once it is imported, at the moment of the
   * event (not of the import's end: the file may still be loading); a problem `change` resolves to is said.
   * @param {CountChange} change
   */
  #counted(change) {
    if (this.#countsURL === undefined) return;
    // A page that stays offline keeps at most this many changes; the oldest go first, said once.
    if (this.#countsWaiting.length >= maximumCountsWaiting) {
      this.#countsWaiting.shift();
      if (!this.#countsDropped) {
        this.#countsDropped = true;
        this.#problem(`reporting: ${maximumCountsWaiting} events wait for the counting's file; older ones are not counted`, "reporting");
      }
    }
    this.#countsWaiting.push({ change, at: this.#seconds() });
    void this.#counting().then(async (counting) => {
      for (let next = this.#countsWaiting.shift(); next; next = this.#countsWaiting.shift()) {
        const words = await next.change(counting, next.at);
        if (words) this.#problem(words, "reporting");
      }
    }).catch(this.#reportingFailed);
  }

  /**
   * Counts `event` of `message` for the collector, with `reporting`: by its name, or the answer `action`
   * (of button `index`) as the event it counts (resultEvent).
   * @param {ResolvedMessage} message
   * @param {string | undefined | {action: Action, index?: number}} event
   */
  #count(message, event) {
    if (event === undefined) return;
    this.#counted(({ countEvent, resultEvent }, at) => {
      const name = typeof event === "string" ? event : resultEvent(message, event.action, event.index);
      return name === undefined ? undefined : this.#store.update((state) => countEvent(state, at, message, name));
    });
  }

  /**
   * Closes the message on screen as a dismissal, as its close control does. A wall stays.
   * @returns {Promise<void>}
   */
  dismiss() {
    return this.#dismiss(this.#current);
  }

  /**
   * Dismisses `current` if it is still on screen, can be dismissed and was not answered.
   * @param {Showing | undefined} current
   */
  async #dismiss(current) {
    if (current === undefined || this.#current !== current || !current.message.dismissible || current.answered) return;
    this.#count(current.message, "dismissed");
    await this.#answer(current, "dismiss");
  }

  /** Stops listening to other tabs and takes the message or update prompt off the screen (without recording it). */
  close() {
    this.#updateWaiting = undefined;
    this.#takeDown();
    this.#update?.remove();
    this.#update = undefined;
    this.#tabs.close();
  }

  /** The message center: its items, opened as modal cards, marked read or unread, deleted. @type {InboxView} */
  get inbox() {
    return (this.#inbox ??= new InboxView({
      items: async (state) => {
        const feed = this.#setupError !== undefined ? undefined : await this.#lastFeed();
        return feed && this.#checked(feed, () => inboxItems(feed.messages, this.#context(), state),
          (items) => items.map((item) => item.message.id));
      },
      store: this.#store,
      now: this.now,
      renderer: () => this.renderer,
      texts: () => this.texts,
      emit: (type, detail) => this.#emit(type, detail),
      count: (message, event) => this.#count(message, event),
    }, (words) => this.#problem(words, "drawing")));
  }

  /**
   * The slot `name` of the page (`"placement": "home-top"` in the feed): what it shows, decided on its
   * own with the feed as the last check loaded it (it never blocks the launch message or another slot's),
   * and what its controls do. `<appalert-slot>` (`defineSlotElement`) is drawn with it; a page that
   * draws its slots itself uses it directly.
   * @param {string} name 1 to 64 letters, digits, `-`, `_` or `.`; not `launch` or `inbox`
   * @returns {SlotController}
   */
  slot(name) {
    const valid = typeof name === "string" && isValidEventName(name) && name !== "launch" && name !== "inbox";
    /** @type {{id: number, variant: number | undefined} | undefined} */
    let announced;
    /** @type {ResolvedMessage | undefined} */
    let current;
    return {
      name,
      get message() {
        return current;
      },
      decide: async () => {
        if (!valid) {
          this.#problem(`slot "${String(name).slice(0, 100)}" is not a slot name (1 to 64 letters, digits, -, _ or .)`, "options");
          return undefined;
        }
        const feed = await this.#lastFeed();
        if (feed === undefined || this.#setupError !== undefined) return undefined;
        const context = this.#context();
        context.placement = name;
        const message = await this.#decided(feed, context, new Set());
        current = message && (await this.#prepared(message, ` in slot "${name}"`)) ? message : undefined;
        return current;
      },
      appeared: (message) => {
        if (announced?.id === message.id && announced.variant === message.variant) return;
        announced = { id: message.id, variant: message.variant };
        this.#emit("shown", about(message, { slot: name }));
        this.#count(message, "shown");
      },
      act: (message, action, index) => {
        const allowed = isLink(action) ? this.#emit("link", about(message, { slot: name, url: action.url })) : true;
        if (!(isLink(action) && !message.dismissible)) {
          current = undefined;
          announced = undefined;
        }
        this.#count(message, { action, index });
        void this.#recordAnswer(message, action, { slot: name });
        return allowed;
      },
      subscribe: (listener) => {
        this.#slots.add(listener);
        return () => this.#slots.delete(listener);
      },
    };
  }

  /**
   * The message to show now (decide), its rich keys checked (rich-check.js): the exact engine's choice.
   * @param {Feed} feed @param {import("./targeting.js").EvaluationContext} context
   * @param {Set<number>} elsewhere messages another tab has on screen
   */
  #decided(feed, context, elsewhere) {
    const decideOnce = async () => (await decide(feed.messages, context, this.#history(elsewhere))).message;
    return this.#checked(feed, decideOnce, (message) => (message ? [message.id] : []));
  }

  /**
   * What `use` gives once the messages it used (`used`: their ids) had their rich keys checked, and used
   * again without those an error leaves out (rich-check.js's usingChecked). Each left out is a problem,
   * said as the loader says those of the feed it reads, and so is each the link policy leaves out for a
   * link of its buttons, tap action or variants (#hint said those of the messages' own links). Undefined
   * when they cannot be checked (a problem).
   * @template T
   * @param {Feed} feed @param {() => Promise<T>} use @param {(result: T) => number[]} used
   * @returns {Promise<T | undefined>}
   */
  async #checked(feed, use, used) {
    const url = this.url;
    try {
      return await usingChecked(feed, use, used, ({ leftOut, kept }) => {
        const context = this.#context();
        for (const { before, after } of kept) if (!this.#refusal(before, context)) this.#sayRefused(after, context);
        // Their words come with appalert-web-words.js: said once it is there, while the page goes on.
        void (async () => {
          const left = leftOut.flat().filter((d) => d.severity === "error");
          if (left.length > 0) await reportLeftOut(url, left, this.#say);
          await sayIgnored(url, kept.flatMap(({ ignored }) => ignored), this.#say);
        })();
      });
    } catch (error) {
      if (hasRichReading()) throw error;
      this.#problem(`the feed at ${url}: its messages' images, buttons and colors cannot be checked (${describe(error)}); nothing is shown`, "drawing");
      return undefined;
    }
  }

  /** @param {() => Promise<void>} work */
  #serially(work) {
    const run = (this.#checking ?? Promise.resolve()).then(work).catch((error) => this.#problem(`AlertService: ${describe(error)}`, "internal"));
    this.#checking = run;
    return run;
  }

  /** The feed as the last check loaded it, else a load of it (once, before any check). */
  #lastFeed() {
    return this.#feed ?? (this.#slotLoad ??= this.#load());
  }

  /**
   * Whether `message` can be shown: the renderer's `prepare` loads what its drawing needs; when it cannot,
   * `refused` is called and a problem says why (`where` it was to be shown, after "is not shown").
   * @param {ResolvedMessage} message @param {string} [where] @param {() => void} [refused]
   */
  async #prepared(message, where = "", refused = () => {}) {
    const unavailable = await this.renderer?.prepare?.(message);
    if (unavailable === undefined) return true;
    refused();
    this.#problem(`message ${message.id} is not shown${where}: ${unavailable}`, "drawing");
    return false;
  }

  /** @param {string | undefined} event */
  async #check(event) {
    if (this.#current || this.#update) return;
    if (this.#setupError !== undefined) {
      this.#problem(this.#setupError, "options");
      return;
    }
    if (event === undefined && this.#wallPending) {
      const wall = this.#wallPending;
      this.#wallPending = undefined;
      this.#show(wall, () => {});
      return;
    }
    const feed = await this.#load();
    if (feed === undefined) return;
    this.#feed = feed;
    const context = this.#context(event);
    if (event === undefined) this.#hint(feed, context);
    /** @type {Set<number>} messages another tab has on screen */
    const elsewhere = new Set();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const message = await this.#decided(feed, context, elsewhere);
      if (message === undefined) return;
      // A wall is on screen in every tab; any other message in one tab at a time, and only while it is
      // still due once this tab holds it (another tab may have recorded it meanwhile).
      let release = () => {};
      if (message.dismissible) {
        const claimed = await (this.options.claim ?? ((key, id) => claimMessage(key, id, webLocks())))(this.#store.key, message.id);
        if (claimed === undefined) {
          elsewhere.add(message.id);
          continue;
        }
        const source = feed.messages.find((candidate) => candidate.id === message.id);
        const stillDue = source !== undefined && (await exclusionOf(source, context, this.#history(elsewhere))) === undefined;
        if (!stillDue) {
          claimed();
          continue;
        }
        release = claimed;
      }
      if (await this.#prepared(message, "", release)) this.#show(message, release);
      return;
    }
  }

  /**
   * @param {ResolvedMessage} message
   * @param {() => void} release
   */
  #show(message, release) {
    /** @type {Showing} */
    const current = { message, drawing: undefined, release, answered: false };
    this.#current = current;
    if (this.renderer === undefined) return;
    current.drawing = this.renderer.show(message, {
      texts: this.texts,
      act: (action, index) => this.#act(current, action, index),
      close: () => void this.#dismiss(current),
    });
    this.#emit("shown", about(message));
    this.#count(message, "shown");
  }

  /**
   * A button or tap: the link event is sent at once (its listener may cancel the link), the rest after.
   * @param {Showing} current
   * @param {Action} action
   * @param {number} [index] which of the message's buttons
   */
  #act(current, action, index) {
    if (this.#current !== current || current.answered) return false;
    const message = current.message;
    this.#count(message, { action, index });
    const allowed = isLink(action) ? this.#emit("link", { id: message.id, url: action.url, variant: message.variant ?? null }) : true;
    void this.#answer(current, action);
    return allowed;
  }

  /**
   * Records the showing and takes the message down (a wall stays after its link).
   * @param {Showing} current
   * @param {Action} action
   */
  async #answer(current, action) {
    const message = current.message;
    const stays = isLink(action) && !message.dismissible;
    // A wall's link can be followed again; any other answer is the showing's last.
    current.answered = !stays;
    // A link is followed once its click is over: a link taken off the page during its click is not.
    if (isLink(action)) await new Promise((resolve) => setTimeout(resolve, 0));
    if (!stays && this.#current === current) {
      if (!message.dismissible && typeof action === "object" && "event" in action) this.#wallPending = message;
      this.#takeDown();
    }
    await this.#recordAnswer(message, action);
  }

  /**
   * Records a showing of `message` answered with `action`, then says so: `dismissed`, or `button` with the
   * button's event (a link's event is sent at its click).
   * @param {ResolvedMessage} message @param {Action} action @param {Record<string, unknown>} [more] the events' detail
   */
  async #recordAnswer(message, action, more) {
    await this.#record(message.id);
    if (action === "dismiss") this.#emit("dismissed", about(message, more));
    else if ("event" in action) this.#emit("button", about(message, { ...more, name: action.event }));
  }

  #takeDown() {
    const current = this.#current;
    if (current === undefined) return;
    this.#current = undefined;
    current.drawing?.remove();
    current.release();
    const waiting = this.#updateWaiting;
    this.#updateWaiting = undefined;
    if (waiting !== undefined) void this.checkForUpdate(waiting);
  }

  /** @param {number} id */
  async #record(id) {
    const now = this.#seconds();
    await this.#store.update((state) => {
      const record = state.seen[String(id)] ?? { count: 0 };
      record.count += 1;
      record.lastShown = now;
      state.seen[String(id)] = record;
    });
    this.#tabs.recorded(id);
  }

  /**
   * Another tab recorded a showing of `id`: a copy of it on screen here (a tab without Web Locks) goes.
   * @param {number} id
   */
  #recordedElsewhere(id) {
    const current = this.#current;
    if (current === undefined || current.message.id !== id || !current.message.dismissible) return;
    this.#takeDown();
    this.#emit("dismissed", about(current.message, { elsewhere: true }));
  }

  /**
   * What this install has seen, with the messages another tab shows counted as used up.
   * @param {Set<number>} elsewhere
   * @returns {ViewHistory}
   */
  #history(elsewhere) {
    const state = this.#store.read();
    /** @type {ViewHistory} */
    const history = { records: new Map(), legacyLastMessageId: state.lastMessageId };
    for (const [id, record] of Object.entries(state.seen)) history.records.set(Number(id), { ...record });
    for (const id of elsewhere) history.records.set(id, { count: Number.POSITIVE_INFINITY });
    return history;
  }

  /** @param {string} [event] */
  #context(event) {
    const options = this.options;
    const context = makeContext(
      {
        bundleId: options.bundleId,
        appVersion: options.appVersion,
        osVersion: options.osVersion,
        platform: options.platform,
        locale: this.languages,
        installId: this.#store.read().installId,
        allowLinkScheme: options.allowLinkSchemes,
        allowLinkHost: options.allowLinkHosts,
        event,
      },
      { now: this.now, platform: "web" },
    );
    // The page's policy is the Swift client's LinkPolicy: these schemes (https by default), these hosts (any by default).
    context.linkPolicy = new LinkPolicy(options.allowLinkSchemes, options.allowLinkHosts);
    context.attributes = new Map(Object.entries(this.attributes));
    context.launchCount = undefined; // launches are not recorded on the web
    return context;
  }

  /**
   * The feed: fetched, else the last good copy (with a problem event saying why); a load already on its
   * way is shared.
   * @returns {Promise<Feed | undefined>}
   */
  #load() {
    return (this.#loading ??= this.#fetchFeed().finally(() => (this.#loading = undefined)));
  }

  /** @returns {Promise<Feed | undefined>} */
  async #fetchFeed() {
    for (const words of this.#optionProblems.splice(0)) this.#problem(`AlertService: ${words}`, "options");
    let keys;
    try {
      keys = await this.#keys;
    } catch (error) {
      this.#problem(`AlertService: a public key cannot be used: ${describe(error)}`, "options");
      return undefined;
    }
    return loadFeed({
      url: this.url, fetch: this.fetch, timeoutSeconds: this.options.timeoutSeconds ?? 30, store: this.#store,
      now: this.now, problem: this.#say, keys,
    });
  }

  /**
   * Says what leaves out every message of the feed for this app, and each message for this app and platform
   * that the link policy leaves out (the engine decides the same without it).
   * @param {Feed} feed @param {import("./targeting.js").EvaluationContext} context
   */
  #hint(feed, context) {
    const { bundleId } = context;
    const apps = new Set(feed.messages.flatMap((message) => message.bundleIds));
    if (apps.size > 0 && !apps.has(bundleId) && !apps.has("*")) {
      this.#problem(`the feed at ${this.url} has no message for "${bundleId}": its messages are for ${[...apps].slice(0, 3).join(", ")}`, "content");
    }
    for (const message of feed.messages) this.#sayRefused(message, context);
  }

  /**
   * What the link policy refuses of `message`, when it is for this app and platform.
   * @param {import("./message.js").Message} message @param {import("./targeting.js").EvaluationContext} context
   */
  #refusal(message, { bundleId, platform, linkPolicy }) {
    return [bundleId, "*"].some((id) => message.bundleIds.includes(id))
      && (message.platforms ?? [platform]).includes(platform) && linkPolicy.refusalOfMessage(message);
  }

  /**
   * Says that the link policy leaves `message` out, when it does and it is for this app and platform.
   * @param {import("./message.js").Message} message @param {import("./targeting.js").EvaluationContext} context
   */
  #sayRefused(message, context) {
    const refused = this.#refusal(message, context);
    if (refused) this.#problem(`message ${message.id} is left out by the link policy: link ${refused.url}: ${refused.reason}`, "content");
  }

  /**
   * Sends an event; returns false when a listener cancelled it.
   * @param {"shown" | "opened" | "dismissed" | "link" | "button" | "update" | "problem"} type
   * @param {Record<string, unknown>} detail
   */
  #emit(type, detail) {
    return this.dispatchEvent(new CustomEvent(type, { detail, cancelable: type === "link" }));
  }

  /**
   * A `problem` event; while the page listens to none, the console is told (each distinct problem once).
   * @param {string} words @param {ProblemCode} code
   */
  #problem(words, code) {
    if (this.#listeners.size === 0 && !this.#warned.has(words) && this.#warned.size < 100) {
      this.#warned.add(words);
      // A `warn` that is not a function is itself the problem (service-options.js): the console is told.
      const warn = typeof this.options.warn === "function" ? this.options.warn : (/** @type {string} */ text) => console.warn(text);
      warn(`AppAlert: ${words}`);
    }
    this.#emit("problem", { message: words, code });
  }
}

