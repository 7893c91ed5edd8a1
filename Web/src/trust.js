// Signed feeds (Sources/AppAlert/Trust/FeedSigning.swift, docs/trust.md): public keys as `appalert keygen`
// writes them, `.sig` files as `appalert sign` writes them, verified with WebCrypto's Ed25519, with the
// Swift client's refusals and words.

import { hex, sha256 } from "./digest.js";

/** @typedef {import("./message.js").Feed} Feed */

/** Why a feed, key or signature was not accepted; `kind` is the Swift `FeedTrustError.Kind`'s name. */
export class TrustError extends Error {
  /** @param {"missingSignature" | "malformedSignature" | "unknownKey" | "invalidSignature" | "replayed" | "malformedKey"} kind @param {string} reason */
  constructor(kind, reason) {
    super(reason);
    this.kind = kind;
  }
}

/** @param {string} text */
const excerpt = (text) => {
  const line = text.trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

/**
 * Strict base64 (as Foundation's `Data(base64Encoded:)`: padded, no spaces); undefined when it is not.
 * @param {string} text
 */
function base64Bytes(text) {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * A key feeds may be signed with: its id (the first 8 bytes of its SHA-256, in hex) and WebCrypto key.
 * @typedef {{id: string, key: CryptoKey}} PublicKey
 */

/**
 * Reads `ed25519:BASE64` (the prefix may be left out); throws a TrustError (`malformedKey`).
 * @param {unknown} text
 * @returns {Promise<PublicKey>}
 */
export async function readPublicKey(text) {
  const trimmed = String(text).trim();
  const raw = base64Bytes(trimmed.startsWith("ed25519:") ? trimmed.slice(8) : trimmed);
  if (raw === undefined) throw new TrustError("malformedKey", `"${excerpt(String(text))}" is not a public key (ed25519:BASE64)`);
  if (raw.length !== 32) throw new TrustError("malformedKey", `a public key is 32 bytes, not ${raw.length}`);
  try {
    const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    return { id: hex((await sha256(raw)).slice(0, 8)), key };
  } catch {
    throw new TrustError("malformedKey", "WebCrypto has no Ed25519 here");
  }
}

/**
 * Reads a `.sig` file: one line `ed25519 KEY-ID BASE64`.
 * @param {Uint8Array} data
 * @returns {{keyID: string, signature: Uint8Array}}
 */
export function readSignature(data) {
  let text;
  try {
    if (data.length > 1024) throw new RangeError();
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(data);
  } catch {
    throw new TrustError("malformedSignature", "the signature file is not a short text");
  }
  const fields = text.split(/[ \t\n\r]+/).filter((field) => field !== "");
  if (fields.length !== 3 || fields[0] !== "ed25519") {
    throw new TrustError("malformedSignature", `the signature file must be one line "ed25519 KEY-ID BASE64", not "${excerpt(text)}"`);
  }
  if (!/^[0-9a-fA-F]{16}$/.test(fields[1])) throw new TrustError("malformedSignature", `"${fields[1]}" is not a key id (16 hex digits)`);
  const signature = base64Bytes(fields[2]);
  if (signature?.length !== 64) throw new TrustError("malformedSignature", "the signature is not 64 bytes of base64");
  return { keyID: fields[1].toLowerCase(), signature };
}

/**
 * Checks that `signatureFile` (undefined when there is none) is a valid signature of exactly `body` by
 * one of `keys`; throws a TrustError saying why not.
 * @param {PublicKey[]} keys @param {Uint8Array} body @param {Uint8Array | undefined} signatureFile
 */
export async function verifyFeed(keys, body, signatureFile) {
  if (signatureFile === undefined) throw new TrustError("missingSignature", "the feed is not signed (no .sig file)");
  const { keyID, signature } = readSignature(signatureFile);
  const key = keys.find((candidate) => candidate.id === keyID);
  if (key === undefined) {
    const trusted = keys.map((candidate) => candidate.id).join(", ") || "none";
    throw new TrustError("unknownKey", `the feed is signed with key ${keyID}, which is not trusted (trusted: ${trusted})`);
  }
  if (!(await crypto.subtle.verify({ name: "Ed25519" }, key.key, signature, body))) {
    throw new TrustError("invalidSignature", `the signature by key ${key.id} does not match the feed's bytes: the feed or the signature was changed`);
  }
}

/**
 * `FEED-URL.sig`: the signature beside the feed, query and fragment left off.
 * @param {string} url an absolute URL as `URL.href` writes it
 */
export const signatureURL = (url) => url.replace(/[?#].*/s, "") + ".sig";

/**
 * Refuses a signed feed whose sequence is lower than the highest accepted from its URL (a replay).
 * @param {Feed} feed @param {number | undefined} highest @param {string} words
 */
export function checkSequence(feed, highest, words) {
  const sequence = feed.sequence ?? 0;
  if (sequence < (highest ?? 0)) {
    throw new TrustError("replayed", `${words} sequence ${sequence} is lower than ${highest}, the highest accepted: an older signed feed `
      + (words === "its" ? "was put in its place" : "is being served again"));
  }
}
