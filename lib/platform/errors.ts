import type { z } from "zod";
import { parseRetryAfter } from "./retry-policy";

/**
 * Typed errors of the Platform client, generated from the response status the way openai-node's
 * APIError.generate does. Every message is built by the client from the status, the endpoint and
 * the service's own error message; request headers never reach an error, and `redactSecrets`
 * scrubs the credentials from anything the service echoes back.
 */

export interface PlatformErrorInit {
  /** HTTP status, or undefined when no response arrived (network failure, timeout). */
  status?: number;
  code: string;
  message: string;
  /** `METHOD /path` relative to the base URL, without the query string. */
  endpoint: string;
  requestId?: string;
  cause?: unknown;
}

export class PlatformError extends Error {
  readonly status: number | undefined;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly endpoint: string;

  constructor(init: PlatformErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.endpoint = init.endpoint;
  }

  /**
   * The error for a non-2xx response. `body` is the parsed JSON body when there was one, else
   * the raw text (or undefined); the service answers `{ status, code, message, requestId }`.
   */
  static generate(status: number, body: unknown, headers: Headers | undefined, endpoint: string): PlatformError {
    const fields = errorFields(body);
    const requestId = fields.requestId ?? requestIdFrom(headers);
    const detail = fields.message ?? (typeof body === "string" && body.trim() ? body.trim().slice(0, 200) : undefined);
    const message = `${endpoint}: ${status}${detail ? ` ${detail}` : ""}`;
    const init = { status, endpoint, requestId, message };

    if (status === 400) return new PlatformBadRequestError({ ...init, code: fields.code ?? "bad_request" });
    if (status === 401) return new PlatformAuthenticationError({ ...init, code: fields.code ?? "unauthorized" });
    if (status === 403) return new PlatformForbiddenError({ ...init, code: fields.code ?? "forbidden" });
    if (status === 404) return new PlatformNotFoundError({ ...init, code: fields.code ?? "not_found" });
    if (status === 429) {
      const retryAfterMs = headers ? parseRetryAfter(headers.get("retry-after"), Date.now()) : undefined;
      return new PlatformRateLimitedError({ ...init, code: fields.code ?? "rate_limited", retryAfterMs });
    }
    if (status >= 500) return new PlatformUpstreamError({ ...init, code: fields.code ?? "upstream_error", kind: "http" });
    // Any other status (405, 409, 422, an unexpected 3xx) is still a request the service refused.
    return new PlatformError({ ...init, code: fields.code ?? `http_${status}` });
  }
}

/** 400: the request is invalid (for example a malformed businessDate). Never retried. */
export class PlatformBadRequestError extends PlatformError {}

/** 401: the token or the credentials were not recognized. */
export class PlatformAuthenticationError extends PlatformError {}

/** 403: the client lacks the scope, or the restaurant is not one the client may read. */
export class PlatformForbiddenError extends PlatformError {}

/** 404: unknown restaurant, entity or endpoint; also an archived restaurant without includeArchived. */
export class PlatformNotFoundError extends PlatformError {}

/** 429 after the retries ran out (or Retry-After asked for longer than the client will wait). */
export class PlatformRateLimitedError extends PlatformError {
  readonly retryAfterMs: number | undefined;
  constructor(init: PlatformErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

export type UpstreamFailure = "http" | "network" | "timeout" | "truncated";

/** 5xx, a network failure, a timed-out attempt or a body cut short, after the retries ran out. */
export class PlatformUpstreamError extends PlatformError {
  readonly kind: UpstreamFailure;
  constructor(init: PlatformErrorInit & { kind: UpstreamFailure }) {
    super(init);
    this.kind = init.kind;
  }
}

/** A 2xx body that does not match the contract's schema. Names the endpoint and the field path. */
export class PlatformContractError extends PlatformError {
  readonly issues: readonly { path: string; message: string }[];
  constructor(init: PlatformErrorInit & { issues?: readonly { path: string; message: string }[] }) {
    super(init);
    this.issues = init.issues ?? [];
  }

  /** e.g. "GET /config/v2/menuItems: [3].calories: expected number, received string". */
  static fromZod(error: z.ZodError, endpoint: string, status: number, requestId?: string): PlatformContractError {
    const issues = error.issues.map((issue) => ({
      path: formatIssuePath(issue.path),
      message: issue.message.replace(/^Invalid input:\s*/, ""),
    }));
    const shown = issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`);
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
    return new PlatformContractError({
      status,
      code: "contract_mismatch",
      endpoint,
      requestId,
      issues,
      message: `${endpoint}: ${shown.join("; ")}${more}`,
    });
  }
}

/** `[3].calories`, `token.expiresIn`, `(root)` for the body itself. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z_$][\w$]*$/.test(name) ? `${out ? "." : ""}${name}` : `[${JSON.stringify(name)}]`;
    }
  }
  return out || "(root)";
}

/** Replaces every occurrence of each secret in `text`; secrets shorter than 4 characters are ignored. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}

const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-amzn-requestid", "x-correlation-id"];

export function requestIdFrom(headers: Headers | undefined): string | undefined {
  if (!headers) return undefined;
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

function errorFields(body: unknown): { code?: string; message?: string; requestId?: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  // The service's codes are numbers (40004); ours are strings so both kinds fit one field.
  const code = typeof record.code === "number" && Number.isFinite(record.code) ? String(record.code) : text(record.code);
  return {
    code,
    message: text(record.message) ?? text(record.error_description) ?? text(record.error),
    requestId: text(record.requestId),
  };
}
