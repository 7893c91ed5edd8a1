// The banner's countdown (BannerTimer.swift's rules, for the web): held by the pointer, focus or a hidden
// page, and started again in full when the last hold ends.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BannerTimer } from "../src/banner-timer.js";

test("a banner leaves its seconds after it was shown", () => {
  const timer = new BannerTimer(5);
  assert.equal(timer.deadline, undefined, "not shown yet");
  timer.shown(1000);
  assert.equal(timer.deadline, 6000);
  assert.equal(timer.isDue(5999), false);
  assert.equal(timer.isDue(6000), true);
});

test("its seconds are clamped to 2 through 60", () => {
  assert.deepEqual([new BannerTimer(0.5).seconds, new BannerTimer(600).seconds, new BannerTimer(Number.NaN).seconds], [2, 60, 2]);
});

test("each hold stops the countdown, and it starts again in full only when the last one ends", () => {
  const timer = new BannerTimer(8);
  timer.shown(0);
  timer.change("hover", true, 7000);
  assert.equal(timer.deadline, undefined);
  timer.change("focus", true, 7500);
  timer.change("hover", false, 9000);
  assert.equal(timer.deadline, undefined, "focus still holds it");
  assert.equal(timer.isDue(100_000), false);
  timer.change("focus", false, 10_000);
  assert.equal(timer.deadline, 18_000);
});

test("a banner put up in a hidden page waits for the page to be seen", () => {
  const timer = new BannerTimer(4);
  timer.shown(0, { hidden: true });
  assert.equal(timer.deadline, undefined);
  timer.change("hidden", false, 60_000);
  assert.equal(timer.deadline, 64_000);
});

test("a hold that did not change, or a change before the showing, changes nothing", () => {
  const timer = new BannerTimer(4);
  timer.change("hover", true, 0);
  timer.shown(1000);
  assert.equal(timer.deadline, 5000);
  timer.change("hover", false, 3000);
  assert.equal(timer.deadline, 5000);
});
