/**
 * The one answer to "who is the client of this request", for the sandbox's exposure rule and the
 * sign-in throttle.
 *
 * Next.js route handlers never see the socket: Next copies the peer into X-Forwarded-For only when
 * the client sent none, so that header alone is the client's word. Our custom server
 * (server.mjs) therefore writes the socket peer into PEER_HEADER on every request, replacing any
 * value a client sent, prefixed with a random per-process secret it also puts on globalThis. A
 * value without that secret (the app started with plain `next start`, or a client guessing the
 * header) is ignored, so the peer is then unknown rather than forged.
 *
 * With TRUST_PROXY=true the app sits behind one reverse proxy that appends the address it saw to
 * X-Forwarded-For; the client is then the right-most entry (the left-most ones are the client's
 * own word, passed along).
 */
export const PEER_HEADER = "x-kp-peer";
export const PEER_SECRET_KEY = Symbol.for("kitchen-pulse.peer-secret");

export interface ClientAddressOptions {
  trustProxy: boolean;
}

/** The client's IP address (IPv4-mapped IPv6 unwrapped), or null when it cannot be known. */
export function clientAddress(headers: Headers, { trustProxy }: ClientAddressOptions): string | null {
  if (trustProxy) {
    const entries = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    if (last) return normalizeAddress(last);
  }
  return socketPeer(headers);
}

/** The socket peer as our server recorded it, or null without a genuine record. */
export function socketPeer(headers: Headers): string | null {
  const secret = (globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY];
  const value = headers.get(PEER_HEADER);
  if (typeof secret !== "string" || !value) return null;
  const separator = value.indexOf(" ");
  if (separator < 0 || value.slice(0, separator) !== secret) return null;
  const address = value.slice(separator + 1).trim();
  return address ? normalizeAddress(address) : null;
}

function normalizeAddress(address: string): string {
  const unbracketed = address.replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unbracketed);
  return (mapped?.[1] ?? unbracketed).toLowerCase();
}

/** 127.0.0.0/8 and ::1: the machine itself. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  return address === "::1" || /^127\.\d+\.\d+\.\d+$/.test(address);
}
