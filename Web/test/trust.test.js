// Signed feeds in AlertService: feeds and .sig files made by the real `appalert keygen` and `appalert sign`
// (fixtures/trust/README.md), served by an injected fetch; what is used, what is refused and why.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { AlertService, stateKey } from "../src/index.js";
import { readPublicKey, readSignature, signatureURL } from "../src/trust.js";
import { MemoryStorage, RecordingRenderer, eventsOf } from "../testing/support.js";

const fixture = (/** @type {string} */ name) => readFileSync(new URL(`fixtures/trust/${name}`, import.meta.url));
const trustedKey = fixture("appalert.pub").toString("utf8");
const otherKey = fixture("other.pub").toString("utf8");
const url = "https://feed.example/messages.json";

let apps = 0;

/**
 * A service whose feed server answers `files` (path → bytes; a path left out is a 404).
 * @param {Record<string, Uint8Array | string>} files @param {object} [options]
 */
function setUp(files, options = {}) {
  apps += 1;
  const bundleId = `com.example.signed${apps}`;
  const server = {
    files,
    /** @type {string[]} */
    requests: [],
    /** @type {typeof fetch} */
    fetch: async (requested) => {
      const path = new URL(String(requested)).pathname.slice(1);
      server.requests.push(path);
      const body = server.files[path];
      return body === undefined ? new Response("not found", { status: 404 }) : new Response(body, { status: 200 });
    },
  };
  const storage = new MemoryStorage();
  const renderer = new RecordingRenderer();
  const make = () => new AlertService(url, {
    bundleId, appVersion: "1.4.0", languages: ["en"], storage, renderer, fetch: server.fetch,
    now: () => new Date("2026-03-01T12:00:00Z"), channel: null, publicKey: trustedKey, ...options,
  });
  const service = make();
  return { server, storage, renderer, service, make, bundleId, events: eventsOf(service) };
}

const signed = () => ({ "messages.json": fixture("messages.json"), "messages.json.sig": fixture("messages.json.sig") });

test("a feed signed with the trusted key is used, its signature and sequence kept", async () => {
  const { service, renderer, events, storage, bundleId, server } = setUp(signed());
  await service.showAlertIfNecessary();
  assert.deepEqual(events.of("problem"), []);
  assert.equal(renderer.last.message.title, "Signed, sequence 2");
  assert.deepEqual(server.requests, ["messages.json", "messages.json.sig"]);
  const stored = JSON.parse(/** @type {string} */ (storage.getItem(stateKey(bundleId))));
  assert.equal(stored.feed.signature, fixture("messages.json.sig").toString("utf8"));
  assert.deepEqual(stored.acceptedSequences, { [url]: 2 });
});

/** @type {Array<[string, (files: Record<string, Uint8Array | string>) => void, string, RegExp]>} */
const refusals = [
  ["a tampered body", (files) => {
    const bytes = Uint8Array.from(/** @type {Uint8Array} */ (files["messages.json"]));
    bytes[bytes.indexOf(0x32)] = 0x33; // the first "2" becomes "3"
    files["messages.json"] = bytes;
  }, "invalidSignature", /the signature by key [0-9a-f]{16} does not match the feed's bytes: the feed or the signature was changed/],
  ["a feed signed with another key", (files) => {
    files["messages.json"] = fixture("other-key.json");
    files["messages.json.sig"] = fixture("other-key.json.sig");
  }, "unknownKey", /the feed is signed with key [0-9a-f]{16}, which is not trusted \(trusted: [0-9a-f]{16}\)/],
  ["a feed without a .sig", (files) => { delete files["messages.json.sig"]; }, "missingSignature",
    /the feed is not signed \(no \.sig file\)/],
  ["a .sig that is not one", (files) => { files["messages.json.sig"] = "ed25519 nothex\n"; }, "malformedSignature",
    /the signature file must be one line "ed25519 KEY-ID BASE64", not "ed25519 nothex"/],
];

for (const [name, change, , reason] of refusals) {
  test(`${name} is refused: nothing is shown without a good copy`, async () => {
    const files = signed();
    change(files);
    const { service, renderer, events } = setUp(files);
    await service.showAlertIfNecessary();
    assert.equal(renderer.shown.length, 0);
    const problems = events.of("problem").map((p) => p.message);
    assert.equal(problems.length, 1);
    assert.match(problems[0], reason);
    assert.match(problems[0], /no earlier copy is kept, so nothing is shown$/);
  });

  test(`${name} is refused when the feed changes: the last good copy stays in use`, async () => {
    const { service, renderer, events, server, make, storage, bundleId } = setUp(signed());
    await service.showAlertIfNecessary();
    await service.dismiss();
    const before = storage.getItem(stateKey(bundleId));
    server.files["messages.json"] = fixture("next.json");
    server.files["messages.json.sig"] = fixture("next.json.sig");
    change(server.files);
    const again = make();
    const seen = eventsOf(again);
    await again.showAlertIfNecessary();
    assert.equal(renderer.last.message.title, "Signed, sequence 2, second message");
    assert.match(seen.of("problem")[0].message, reason);
    assert.match(seen.of("problem")[0].message, /the copy fetched at 2026-03-01T12:00:00Z is used$/);
    const after = JSON.parse(/** @type {string} */ (storage.getItem(stateKey(bundleId))));
    assert.deepEqual(after.feed, JSON.parse(/** @type {string} */ (before)).feed, "the kept copy is unchanged");
    assert.equal(events.of("problem").length, 0);
  });
}

test("an older signed feed served again is refused: its sequence is lower than the highest accepted", async () => {
  const { service, renderer, server, make } = setUp(signed());
  await service.showAlertIfNecessary();
  await service.dismiss();
  server.files["messages.json"] = fixture("older.json");
  server.files["messages.json.sig"] = fixture("older.json.sig");
  const again = make();
  const seen = eventsOf(again);
  await again.showAlertIfNecessary();
  assert.match(seen.of("problem")[0].message,
    /the feed's sequence 1 is lower than 2, the highest accepted: an older signed feed is being served again\); the copy fetched at .* is used$/);
  assert.equal(renderer.last.message.title, "Signed, sequence 2, second message");
});

test("a newer signed feed replaces the kept copy and raises the highest sequence", async () => {
  const { service, server, make, storage, bundleId, renderer } = setUp(signed());
  await service.showAlertIfNecessary();
  server.files["messages.json"] = fixture("next.json");
  server.files["messages.json.sig"] = fixture("next.json.sig");
  await service.dismiss();
  await make().showAlertIfNecessary();
  assert.equal(renderer.last.message.title, "Signed, sequence 3");
  const stored = JSON.parse(/** @type {string} */ (storage.getItem(stateKey(bundleId))));
  assert.deepEqual(stored.acceptedSequences, { [url]: 3 });
  assert.equal(stored.feed.signature, fixture("next.json.sig").toString("utf8"));
});

test("the older signed feed is used by an install that never accepted a higher one", async () => {
  const { service, renderer, events } = setUp({ "messages.json": fixture("older.json"), "messages.json.sig": fixture("older.json.sig") });
  await service.showAlertIfNecessary();
  assert.deepEqual(events.of("problem"), []);
  assert.equal(renderer.last.message.title, "Signed, sequence 1");
});

test("a kept copy changed in storage is not used", async () => {
  const { service, server, make, storage, bundleId, renderer } = setUp(signed());
  await service.showAlertIfNecessary();
  const state = JSON.parse(/** @type {string} */ (storage.getItem(stateKey(bundleId))));
  state.feed.body = state.feed.body.replace("Signed, sequence 2", "Pay here");
  storage.setItem(stateKey(bundleId), JSON.stringify(state));
  delete server.files["messages.json"];
  const again = make();
  const seen = eventsOf(again);
  await again.showAlertIfNecessary();
  assert.equal(renderer.shown.length, 1, "only the first service drew");
  assert.match(seen.of("problem")[0].message,
    /the server answered HTTP 404\); the kept copy is not accepted \(the signature by key [0-9a-f]{16} does not match/);
});

test("an unsigned copy kept before keys were configured is not used", async () => {
  const unsigned = setUp({ "messages.json": fixture("messages.json") }, { publicKey: undefined });
  await unsigned.service.showAlertIfNecessary();
  assert.equal(unsigned.renderer.shown.length, 1);
  delete unsigned.server.files["messages.json"];
  const keyed = new AlertService(url, {
    bundleId: unsigned.bundleId, appVersion: "1.4.0", storage: unsigned.storage, renderer: unsigned.renderer,
    fetch: unsigned.server.fetch, channel: null, publicKey: [otherKey, trustedKey],
  });
  const seen = eventsOf(keyed);
  await keyed.showAlertIfNecessary();
  assert.equal(unsigned.renderer.shown.length, 1);
  assert.match(seen.of("problem")[0].message, /the kept copy is not accepted \(the feed is not signed \(no \.sig file\)\)/);
});

test("a list of keys accepts a feed signed by any of them (rotation)", async () => {
  const { service, renderer, events } = setUp(signed(), { publicKey: [otherKey, trustedKey] });
  await service.showAlertIfNecessary();
  assert.deepEqual(events.of("problem"), []);
  assert.equal(renderer.shown.length, 1);
});

test("a malformed public key is a problem, and nothing is fetched or shown", async () => {
  const { service, renderer, events, server } = setUp(signed(), { publicKey: "ed25519:AAAA" });
  await service.showAlertIfNecessary();
  assert.deepEqual(server.requests, []);
  assert.equal(renderer.shown.length, 0);
  assert.deepEqual(events.of("problem").map((p) => p.message), ["AlertService: a public key cannot be used: a public key is 32 bytes, not 3"]);
});

test("keys and .sig files are read as the Swift client reads them", async () => {
  const key = await readPublicKey(` ${trustedKey}\n`);
  assert.match(key.id, /^[0-9a-f]{16}$/);
  assert.equal(fixture("messages.json.sig").toString("utf8").split(" ")[1], key.id);
  await assert.rejects(readPublicKey("ed25519:not base64!"), { kind: "malformedKey", message: '"ed25519:not base64!" is not a public key (ed25519:BASE64)' });
  assert.throws(() => readSignature(new Uint8Array(1025)), { kind: "malformedSignature", message: "the signature file is not a short text" });
  assert.throws(() => readSignature(new TextEncoder().encode(`ed25519 ${key.id} AAAA`)), { message: "the signature is not 64 bytes of base64" });
  assert.equal(signatureURL("https://a.example/f/messages.json?v=3#top"), "https://a.example/f/messages.json.sig");
});
