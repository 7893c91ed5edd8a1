// Bytes as the engine hashes and writes them: SHA-256 with WebCrypto (the rollout buckets, the variant
// hash, a public key's id) and lower-case hex (a key id, the install id).

/** @param {Uint8Array} bytes */
export const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** @param {Uint8Array} bytes */
export async function sha256(bytes) {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
}
