// When a banner leaves the screen by itself (Sources/AppAlert/Presentation/BannerTimer.swift, for the
// web): its `bannerSeconds` after it was shown, but never while it is held — the pointer over it, focus
// in it, or the page hidden (another tab, a minimised window: nobody is looking) — and never sooner than
// its full time after the last hold ends. Every rule is here, tested in Node; the drawing only asks
// `deadline`.

/** The range `bannerSeconds` is clamped to (Message.bannerSecondsRange). */
export const bannerSecondsRange = Object.freeze({ lowerBound: 2, upperBound: 60 });

/** @typedef {"hover" | "focus" | "hidden"} BannerHold */

export class BannerTimer {
  /** @param {number} seconds clamped to bannerSecondsRange */
  constructor(seconds) {
    const { lowerBound, upperBound } = bannerSecondsRange;
    this.seconds = Number.isFinite(seconds) ? Math.min(Math.max(seconds, lowerBound), upperBound) : lowerBound;
    /** When the current countdown started, in milliseconds: the showing, or the end of the last hold. @type {number | undefined} */
    this.startedAt = undefined;
    /** @type {Set<BannerHold>} */
    this.holds = new Set();
  }

  /** Whether something holds the banner on screen now. */
  get isHeld() {
    return this.holds.size > 0;
  }

  /**
   * The banner went on screen at `now` (milliseconds); `hidden` is whether the page is hidden then.
   * @param {number} now @param {{hidden?: boolean}} [state]
   */
  shown(now, state = {}) {
    this.startedAt = now;
    this.holds.clear();
    if (state.hidden) this.holds.add("hidden");
  }

  /**
   * A hold began (`on`) or ended at `now`. When the last one ends, the countdown starts again in full.
   * @param {BannerHold} hold @param {boolean} on @param {number} now
   */
  change(hold, on, now) {
    if (this.startedAt === undefined || this.holds.has(hold) === on) return;
    if (on) this.holds.add(hold);
    else this.holds.delete(hold);
    if (!this.isHeld) this.startedAt = now;
  }

  /** When the banner is to leave, in milliseconds; undefined while it is not shown or is held. */
  get deadline() {
    if (this.startedAt === undefined || this.isHeld) return undefined;
    return this.startedAt + this.seconds * 1000;
  }

  /**
   * Whether the banner is to leave at `now`.
   * @param {number} now
   */
  isDue(now) {
    const deadline = this.deadline;
    return deadline !== undefined && now >= deadline;
  }
}
