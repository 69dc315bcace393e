import { createHmac, timingSafeEqual } from "node:crypto";

import { SandboxError } from "./errors";
import type { PagingConflict } from "./options";

/**
 * Opaque page tokens (4.5): base64url(JSON of the list identity and offset) "." base64url(HMAC).
 * The identity (list, restaurant, lastModified) is inside the signed part, so a token edited by
 * hand, or replayed against another list or restaurant, is refused with a 400 instead of
 * silently paging the wrong data. Tokens hold no time, so two processes with the same secret
 * hand out the same tokens.
 */
export interface ListIdentity {
  /** e.g. "config/menuItems" or "kitchen/prepStations". */
  list: string;
  restaurant: string;
  /** The lastModified filter in epoch ms, or null. */
  lastModified: number | null;
}

interface TokenPayload {
  l: string;
  r: string;
  m: number | null;
  o: number;
}

export function encodePageToken(key: Buffer, identity: ListIdentity, offset: number): string {
  const payload: TokenPayload = {
    l: identity.list,
    r: identity.restaurant,
    m: identity.lastModified,
    o: offset,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(key, body).toString("base64url")}`;
}

/** The identity and offset a token carries, or null if it is not one this key signed. */
export function decodePageToken(
  key: Buffer,
  token: string,
): { identity: ListIdentity; offset: number } | null {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const [, body, signature] = match;
  const expected = sign(key, body);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!isPayload(payload)) return null;
  return { identity: { list: payload.l, restaurant: payload.r, lastModified: payload.m }, offset: payload.o };
}

export interface PageRequest {
  list: string;
  restaurant: string;
  pageToken: string | null;
  /** lastModified of this request, or null when the query had none. */
  lastModified: number | null;
}

/**
 * The real service's answer to a follow-up page when the configuration was republished since the
 * first page (documented: "re-submit without the pageToken").
 */
export function republishedWhilePaging(): SandboxError {
  return new SandboxError(
    409,
    "CONFIG_REPUBLISHED",
    "The configuration was republished while paging; re-submit the request without the pageToken.",
  );
}

/** A follow-up page refused with 409 when the sandbox's test hook says the configuration was republished. */
export function checkPagingConflict(conflict: PagingConflict | null, request: PageRequest): void {
  if (request.pageToken !== null && conflict?.({ list: request.list, restaurant: request.restaurant }))
    throw republishedWhilePaging();
}

export interface PageSlice<T> {
  items: T[];
  nextPageToken: string | null;
}

/**
 * One page of `items` (already in their stable order) for this request. `modifiedAt` reads the
 * instant each item was last modified; only items strictly after lastModified count.
 * A follow-up request may repeat lastModified or leave it out; the token remembers it.
 * `maxPageSize` is the contract's limit; pages before the last vary in size up to it (pageLength).
 */
export function pageOf<T>(
  key: Buffer,
  items: readonly T[],
  modifiedAt: (item: T) => number,
  request: PageRequest,
  maxPageSize: number,
): PageSlice<T> {
  let offset = 0;
  let lastModified = request.lastModified;
  if (request.pageToken !== null) {
    const decoded = decodePageToken(key, request.pageToken);
    if (!decoded)
      throw new SandboxError(400, "INVALID_PAGE_TOKEN", "pageToken is not a token this service issued.");
    const { identity } = decoded;
    if (identity.list !== request.list || identity.restaurant !== request.restaurant) {
      throw new SandboxError(400, "INVALID_PAGE_TOKEN", "pageToken belongs to another list or restaurant.");
    }
    if (lastModified !== null && lastModified !== identity.lastModified) {
      throw new SandboxError(400, "INVALID_PAGE_TOKEN", "pageToken was issued for a different lastModified.");
    }
    lastModified = identity.lastModified;
    offset = decoded.offset;
  }

  const matching = lastModified === null ? items : items.filter((item) => modifiedAt(item) > lastModified);
  const identity: ListIdentity = { list: request.list, restaurant: request.restaurant, lastModified };
  // What remains and fits in one response comes whole (4.5: no token when everything fits).
  const end =
    matching.length - offset <= maxPageSize
      ? matching.length
      : offset + pageLength(key, identity, offset, maxPageSize);
  return {
    items: matching.slice(offset, end),
    nextPageToken: end < matching.length ? encodePageToken(key, identity, end) : null,
  };
}

/**
 * How many objects the page starting at `offset` holds: between half the limit and the limit,
 * derived from the list identity and offset. The contract only caps pages ("0 to 300 items"),
 * and the real service's pages are not always full, so no client may take a short page for the
 * last one. Derived, not random: the same request gets the same page, in every process, and a
 * token (which holds the offset) leads to the same next page.
 */
export function pageLength(key: Buffer, identity: ListIdentity, offset: number, maxPageSize: number): number {
  const min = Math.ceil(maxPageSize / 2);
  const digest = createHmac("sha256", key)
    .update(`page-length|${identity.list}|${identity.restaurant}|${identity.lastModified}|${offset}`)
    .digest();
  return min + (digest.readUInt32BE(0) % (maxPageSize - min + 1));
}

function sign(key: Buffer, body: string): Buffer {
  return createHmac("sha256", key).update(body).digest();
}

function isPayload(value: unknown): value is TokenPayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.l === "string" &&
    typeof v.r === "string" &&
    (v.m === null || (typeof v.m === "number" && Number.isFinite(v.m))) &&
    typeof v.o === "number" &&
    Number.isInteger(v.o) &&
    v.o >= 0
  );
}
