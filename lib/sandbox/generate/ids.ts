import { hash128, seedKey, type Rng } from "./rng";

/**
 * Deterministic identifiers. GUIDs are UUID-shaped (version nibble 5, RFC 4122 variant) like the
 * platform's, but derived from a hash of their key instead of SHA-1: same key, same GUID, fast
 * enough for thousands of menu items per request.
 */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex4 = (n: number) => (HEX[(n >>> 8) & 0xff] as string) + (HEX[n & 0xff] as string);

export function uuidFromWords(w0: number, w1: number, w2: number, w3: number): string {
  // xxxxxxxx-xxxx-5xxx-Vxxx-xxxxxxxxxxxx with V in 8..b (RFC 4122 variant).
  return (
    hex4(w0 >>> 16) +
    hex4(w0) +
    "-" +
    hex4(w1 >>> 16) +
    "-" +
    hex4(((w1 & 0x0fff) | 0x5000) >>> 0) +
    "-" +
    hex4(((w2 >>> 16) & 0x3fff) | 0x8000) +
    "-" +
    hex4(w2) +
    hex4(w3 >>> 16) +
    hex4(w3)
  );
}

/** The GUID of the thing named by these key parts. */
export function stableGuid(...parts: (string | number)[]): string {
  const [w0, w1, w2, w3] = hash128(seedKey(parts));
  return uuidFromWords(w0, w1, w2, w3);
}

/** A GUID drawn from a generator, for the many short-lived ids of one business date (orders, tickets, selections). */
export function randomGuid(rng: Rng): string {
  return uuidFromWords(rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32());
}

/**
 * The platform's multi-location id: a numeric string shared by versions of one entity across the
 * locations of a management group. Keyed by group and name, so "Classic Burger" at two Harbor
 * Group restaurants consolidates to one id.
 */
export function multiLocationId(...parts: (string | number)[]): string {
  const [w0, w1] = hash128(seedKey(parts));
  // 15 digits starting with 1, the shape the platform sends.
  const n = (w0 % 100000) * 1_000_000_000 + (w1 % 1_000_000_000);
  return `1${n.toString().padStart(14, "0")}`;
}
