// The counting's file (results-send.js; appalert-web-results.js in the bundle) is imported at a page's first
// count. When that import fails (offline, a failed load), what the page counted meanwhile waits and is
// counted once a later import succeeds; browsers keep a failed import's failure, so the later one asks
// under another URL. A module hook of this process makes the first import of the file fail, as a page
// that lost its network would see it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { register } from "node:module";
import { AlertService } from "../src/index.js";
import { MemoryStorage, RecordingRenderer, eventsOf, feedOf, message } from "../testing/support.js";

// Fails a load of results-send.js under its own URL (no query): the first import; a retry asks for it
// with `?again=N` and loads.
const hooks = `
export async function load(url, context, next) {
  if (url.endsWith("/src/results-send.js")) throw new Error("Failed to fetch dynamically imported module: " + url);
  return next(url, context);
}`;
register("data:text/javascript," + encodeURIComponent(hooks), import.meta.url);

test("counts made while the counting's file cannot be imported wait, and are counted once it can", async () => {
  const feedURL = "https://feed.example/messages.json";
  let now = new Date("2026-11-24T10:00:00Z");
  /** @type {any[]} */
  const posts = [];
  /** @type {typeof fetch} */
  const fetch = async (url, init = {}) => {
    if (String(url) === feedURL) {
      return new Response(feedOf([message(1, { priority: 5 }), message(2)]), { status: 200 });
    }
    posts.push(JSON.parse(String(init.body)));
    return new Response('{"accepted":1}', { status: 200 });
  };
  const renderer = new RecordingRenderer();
  const service = new AlertService(feedURL, {
    bundleId: "com.example.offline", appVersion: "1.4.0", languages: ["en"], storage: new MemoryStorage(), renderer,
    fetch, now: () => now, channel: null, reporting: "https://results.example/",
  });
  const events = eventsOf(service);
  await service.showAlertIfNecessary();
  await service.sending;
  // Message 1 was shown and counted while the file could not load: said, and kept.
  assert.match(events.of("problem").at(-1)?.message ?? "", /^reporting: Failed to fetch dynamically imported module/);
  assert.equal(events.of("problem").at(-1)?.code, "reporting");
  await service.dismiss();
  await service.showAlertIfNecessary();
  await service.sending;
  now = new Date("2026-11-25T01:00:00Z");
  await service.showAlertIfNecessary();
  await service.sending;
  assert.equal(posts.length, 1);
  assert.deepEqual(posts[0].counts, [
    { day: "2026-11-24", message: 1, event: "shown", n: 1 },
    { day: "2026-11-24", message: 1, event: "dismissed", n: 1 },
    { day: "2026-11-24", message: 2, event: "shown", n: 1 },
  ]);
});
