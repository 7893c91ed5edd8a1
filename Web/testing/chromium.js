// Headless Chromium driven over the DevTools protocol (through --remote-debugging-pipe: no WebSocket
// needed), and the two local servers of the browser tests: the page's origin, and the feed's on another
// port (another origin) answering with CORS as GitHub Pages does. Every wait polls for its condition; the
// only time limit is a guard against a hang.

import { after, before } from "node:test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const webFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const guard = 60_000;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Chromium this machine has, or undefined. */
export function findChromium() {
  for (const name of [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (name && fs.existsSync(name)) return name;
  }
  return undefined;
}

/**
 * @template T
 * @param {string} what @param {() => Promise<T>} check
 * @returns {Promise<NonNullable<T>>}
 */
export async function until(what, check) {
  const deadline = Date.now() + guard;
  for (;;) {
    const value = await check();
    if (value) return /** @type {NonNullable<T>} */ (value);
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await pause(25);
  }
}

export class Browser {
  /** @param {string} chromium */
  async start(chromium) {
    this.profile = fs.mkdtempSync(path.join(os.tmpdir(), "appalert-web-"));
    this.process = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe", `--user-data-dir=${this.profile}`,
      "about:blank"], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
    this.serial = 0;
    /** @type {Map<number, {resolve: (value: any) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    /** @type {Array<(message: any) => void>} */
    this.listeners = [];
    const input = /** @type {import("node:stream").Writable} */ (this.process.stdio[3]);
    const output = /** @type {import("node:stream").Readable} */ (this.process.stdio[4]);
    this.input = input;
    let buffer = "";
    output.setEncoding("utf8");
    output.on("data", (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf("\0")) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        const waiter = this.pending.get(message.id);
        if (waiter) {
          this.pending.delete(message.id);
          if (message.error) waiter.reject(new Error(JSON.stringify(message.error)));
          else waiter.resolve(message.result);
        } else {
          for (const listener of this.listeners) listener(message);
        }
      }
    });
    await this.send("Target.getTargets");
  }

  /** @param {string} method @param {object} [params] @param {string} [sessionId] @returns {Promise<any>} */
  send(method, params = {}, sessionId = undefined) {
    const id = ++this.serial;
    /** @type {import("node:stream").Writable} */ (this.input).write(JSON.stringify({ id, method, params, sessionId }) + "\0");
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /**
   * A new tab showing `url`, once `ready` is true in it.
   * @param {string} url @param {string} [ready]
   */
  async tab(url, ready = "window.ready === true") {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const tab = new Tab(this, sessionId, targetId);
    await tab.send("Page.enable");
    await tab.send("Runtime.enable");
    await tab.send("Emulation.setDeviceMetricsOverride", { width: 1000, height: 800, deviceScaleFactor: 1, mobile: false });
    await tab.open(url, ready);
    return tab;
  }

  stop() {
    this.process?.kill("SIGKILL");
    try {
      fs.rmSync(/** @type {string} */ (this.profile), { recursive: true, force: true });
    } catch {
      // Chromium may still hold a file; the folder is in the temporary directory.
    }
  }
}

export class Tab {
  /** @param {Browser} browser @param {string} sessionId @param {string} targetId */
  constructor(browser, sessionId, targetId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.targetId = targetId;
  }

  /** @param {string} method @param {object} [params] */
  send(method, params) {
    return this.browser.send(method, params, this.sessionId);
  }

  /** The value of `expression` in the page, awaited. @param {string} expression */
  async evaluate(expression) {
    const answer = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (answer.exceptionDetails) {
      throw new Error(`in the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
    }
    return answer.result.value;
  }

  /** @param {string} what @param {string} expression */
  wait(what, expression) {
    return until(what, () => this.evaluate(expression));
  }

  /** @param {string} url @param {string} [ready] */
  async open(url, ready = "window.ready === true") {
    await this.send("Page.navigate", { url });
    await this.wait("the page to load", `document.readyState === 'complete' && location.href === ${JSON.stringify(url)} && ${ready}`);
  }

  /** Presses a key as the keyboard does. @param {string} key @param {{shift?: boolean}} [options] */
  async press(key, options = {}) {
    const codes = /** @type {Record<string, number>} */ ({ Tab: 9, Escape: 27, Enter: 13 });
    const modifiers = options.shift ? 8 : 0;
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", key, code: key, windowsVirtualKeyCode: codes[key], modifiers });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, code: key, windowsVirtualKeyCode: codes[key], modifiers });
  }

  /** Moves the mouse to (x, y) in the page, as a pointer does. @param {number} x @param {number} y */
  mouse(x, y) {
    return this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
  }

  close() {
    return this.browser.send("Target.closeTarget", { targetId: this.targetId });
  }
}

/**
 * A server on 127.0.0.1, port 0; `handle` answers each request.
 * @param {(request: http.IncomingMessage, response: http.ServerResponse) => void} handle
 * @returns {Promise<{server: http.Server, origin: string}>}
 */
export async function serve(handle) {
  const server = http.createServer(handle);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/**
 * The page's origin: the test page (with a Content-Security-Policy that forbids inline scripts and
 * inline styles), its script, Web/src as it is, and the bundle's files at /dist/ (appalert-web.js and the
 * files it imports): `bundle(name)`'s text when it gives one, 404 when it gives null (a file missing on
 * the host), else the file Web/bundle built.
 * @param {string} feedOrigin
 * @param {(name: string) => string | null | undefined} [bundle]
 */
export function servePage(feedOrigin, bundle = (/** @type {string} */ _) => /** @type {string | null | undefined} */ (undefined)) {
  const csp = `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${feedOrigin}; img-src ${feedOrigin}`;
  return serve((request, response) => {
    const url = new URL(/** @type {string} */ (request.url), "http://page");
    /** @type {string | undefined} */
    let file;
    if (url.pathname === "/" || url.pathname === "/index.html") file = path.join(webFolder, "testing", "page.html");
    else if (url.pathname === "/page.js" || url.pathname === "/page.css") file = path.join(webFolder, "testing", url.pathname);
    const bundled = /^\/dist\/(appalert-web(-[a-z]+)?\.js)$/.exec(url.pathname);
    if (/^\/src\/[a-z-]+\.js$/.test(url.pathname) || bundled) file = path.join(webFolder, url.pathname);
    const built = bundled ? bundle(bundled[1]) : undefined;
    if (built === null || (built === undefined && (file === undefined || !fs.existsSync(file)))) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": file?.endsWith(".html") ? "text/html; charset=utf-8"
        : file?.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8",
      "content-security-policy": csp,
      "cache-control": "no-store",
    });
    response.end(built ?? fs.readFileSync(/** @type {string} */ (file)));
  });
}

/**
 * The feed's origin: `feeds` maps a path to what it answers (a body, or a status and body), with CORS
 * and an ETag as GitHub Pages sends them, and 304 to a matching If-None-Match. `/image.png` is a 40 × 20 PNG, `/dark.png` 20 × 20, `/huge.png`
 * 5,000 × 1 (over the 4,096 a side cap), `/broken.png` not an image.
 * @param {Map<string, {status?: number, body: string}>} feeds
 * @param {Array<{path: string, ifNoneMatch?: string, status: number}>} [log] each request answered
 */
export function serveFeeds(feeds, log = /** @type {Array<{path: string, ifNoneMatch?: string, status: number}>} */ ([])) {
  return serve((request, response) => {
    const url = new URL(/** @type {string} */ (request.url), "http://feed");
    const ifNoneMatch = request.headers["if-none-match"];
    response.on("finish", () => log.push({ path: url.pathname, ...(ifNoneMatch ? { ifNoneMatch } : {}), status: response.statusCode }));
    const cors = { "access-control-allow-origin": "*" };
    const images = /** @type {Record<string, () => Buffer>} */ ({
      "/image.png": () => png(40, 20), "/dark.png": () => png(20, 20), "/huge.png": () => png(5000, 1),
      "/broken.png": () => Buffer.from("not an image"), "/picture.png": () => gradient(480, 240),
    });
    const image = images[url.pathname];
    if (image) {
      response.writeHead(200, { ...cors, "content-type": "image/png" }).end(image());
      return;
    }
    const answer = feeds.get(url.pathname);
    if (answer === undefined) {
      response.writeHead(404, cors).end();
      return;
    }
    const status = answer.status ?? 200;
    const etag = `"${Buffer.from(answer.body).toString("base64url").slice(-16)}${answer.body.length}"`;
    if (status === 200 && request.headers["if-none-match"] === etag) {
      response.writeHead(304, { ...cors, etag, "cache-control": "max-age=0" }).end();
      return;
    }
    response.writeHead(status, { ...cors, etag, "cache-control": "max-age=0", "content-type": "application/json" });
    response.end(answer.body);
  });
}

/** @param {Buffer} bytes */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A grey PNG of `width` × `height`.
 * @param {number} width @param {number} height
 */
function png(width, height) {
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return encodePNG(width, height, 0, rows);
}

/**
 * A PNG of `width` × `height` in colors, blue to orange: the screenshots' picture.
 * @param {number} width @param {number} height
 */
function gradient(width, height) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      rows.set([Math.round(40 + 215 * t), Math.round(110 + 60 * t), Math.round(220 - 180 * t)], start + 1 + x * 3);
    }
  }
  return encodePNG(width, height, 2, rows);
}

/**
 * @param {number} width @param {number} height @param {number} colorType 0 grey, 2 RGB
 * @param {Buffer} rows each row after its filter byte (0)
 */
function encodePNG(width, height, colorType, rows) {
  /** @param {string} type @param {Buffer} data */
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * What the browser tests of a file share, started before its tests and stopped after them: a feed origin
 * answering `feeds` (each request in `log`), a page origin (the bundle from `bundle`) and the browser.
 * Nothing starts where this machine has no Chromium.
 * @param {string | undefined} chromium
 * @param {Map<string, {status?: number, body: string}>} feeds
 * @param {Array<{path: string, ifNoneMatch?: string, status: number}>} [log]
 * @param {(name: string) => string | null | undefined} [bundle]
 */
export function browserSites(chromium, feeds, log, bundle) {
  const sites = { browser: new Browser(), pageOrigin: "", feedOrigin: "" };
  /** @type {Array<import("node:http").Server>} */
  const servers = [];
  before(async () => {
    if (!chromium) return;
    const feedServer = await serveFeeds(feeds, log);
    const pageServer = await servePage(feedServer.origin, bundle);
    servers.push(feedServer.server, pageServer.server);
    sites.feedOrigin = feedServer.origin;
    sites.pageOrigin = pageServer.origin;
    await sites.browser.start(chromium);
  });
  after(() => {
    sites.browser.stop();
    for (const server of servers) server.close();
  });
  return sites;
}
