import type { z } from "zod";

import { BrandedError } from "@/lib/errors/branded-error";

import { parseRetryAfter } from "./retry-policy";

/**
 * Typed errors of the Platform client, generated from the response status the way openai-node's
 * APIError.generate does. Every message is built by the client from the status, the endpoint and
 * the service's own error message; request headers never reach an error, and `redactSecrets`
 * scrubs the credentials from anything the service echoes back.
 *
 * The client is a process singleton, built by whichever bundle asks first, so these errors reach
 * callers of other bundles: each is branded with its kind (lib/errors/branded-error.ts), which
 * `instanceof` reads in every copy of this module.
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
  /** What the service's ErrorMessage body said beyond code, message and requestId. */
  detail?: PlatformErrorDetail;
}

/**
 * The rest of the published ErrorMessage object (status, code, message, messageKey, fieldName,
 * link, requestId, developerMessage, errors[], canRetry). messageKey, fieldName and canRetry are
 * "reserved for future use" in the definition, so they are kept for logs and never steer the
 * client: retries follow the HTTP status and Retry-After, whatever canRetry says.
 */
export interface PlatformErrorDetail {
  messageKey?: string;
  fieldName?: string;
  link?: string;
  /** Already scrubbed of the client's credentials (the whole body is, before parsing). */
  developerMessage?: string;
  /** The body's canRetry, read as a boolean when it says "true"/"false"; informational only. */
  canRetry?: boolean;
  /** Nested ErrorMessage objects (for example one per invalid field). */
  errors: PlatformErrorItem[];
}

export interface PlatformErrorItem {
  code?: string;
  message?: string;
  messageKey?: string;
  fieldName?: string;
  developerMessage?: string;
  errors: PlatformErrorItem[];
}

export class PlatformError extends BrandedError {
  static override readonly errorKind: string | undefined = "PlatformError";
  readonly status: number | undefined;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly endpoint: string;
  readonly detail: PlatformErrorDetail;

  constructor(init: PlatformErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.endpoint = init.endpoint;
    this.detail = init.detail ?? { errors: [] };
  }

  /**
   * The error for a non-2xx response. `body` is the parsed JSON body when there was one, else
   * the raw text (or undefined); the service answers `{ status, code, message, requestId }`.
   */
  static generate(
    status: number,
    body: unknown,
    headers: Headers | undefined,
    endpoint: string,
  ): PlatformError {
    const fields = errorFields(body);
    const requestId = fields.requestId ?? requestIdFrom(headers);
    const said =
      fields.message ?? (typeof body === "string" && body.trim() ? body.trim().slice(0, 200) : undefined);
    // A bare "Bad Request" says little; the first nested error usually names the field.
    const nested = fields.detail.errors[0];
    const nestedText = nested?.message
      ? ` (${nested.fieldName ? `${nested.fieldName}: ` : ""}${nested.message})`
      : "";
    const message = `${endpoint}: ${status}${said ? ` ${said}` : ""}${nestedText}`;
    const init = { status, endpoint, requestId, message, detail: fields.detail };

    if (status === 400) return new PlatformBadRequestError({ ...init, code: fields.code ?? "bad_request" });
    if (status === 401)
      return new PlatformAuthenticationError({ ...init, code: fields.code ?? "unauthorized" });
    if (status === 403) return new PlatformForbiddenError({ ...init, code: fields.code ?? "forbidden" });
    if (status === 404) return new PlatformNotFoundError({ ...init, code: fields.code ?? "not_found" });
    if (status === 429) {
      const retryAfterMs = headers ? parseRetryAfter(headers.get("retry-after"), Date.now()) : undefined;
      return new PlatformRateLimitedError({ ...init, code: fields.code ?? "rate_limited", retryAfterMs });
    }
    if (status >= 500)
      return new PlatformUpstreamError({ ...init, code: fields.code ?? "upstream_error", kind: "http" });
    // Any other status (405, 409, 422, an unexpected 3xx) is still a request the service refused.
    return new PlatformError({ ...init, code: fields.code ?? `http_${status}` });
  }
}

/** 400: the request is invalid (for example a malformed businessDate). Never retried. */
export class PlatformBadRequestError extends PlatformError {
  static override readonly errorKind = "PlatformBadRequestError";
}

/** 401: the token or the credentials were not recognized. */
export class PlatformAuthenticationError extends PlatformError {
  static override readonly errorKind = "PlatformAuthenticationError";
}

/** 403: the client lacks the scope, or the restaurant is not one the client may read. */
export class PlatformForbiddenError extends PlatformError {
  static override readonly errorKind: string | undefined = "PlatformForbiddenError";
}

/**
 * Not sent: the client's token is known to lack the scope the endpoint needs (its scopes, read at
 * login, do not list it), so the service would only refuse it with a 403. No status: no request
 * went out.
 */
export class PlatformMissingScopeError extends PlatformForbiddenError {
  static override readonly errorKind = "PlatformMissingScopeError";
  readonly scope: string;
  constructor(init: Omit<PlatformErrorInit, "code" | "message"> & { scope: string }) {
    super({
      ...init,
      code: MISSING_SCOPE_CODE,
      message: `${init.endpoint}: not sent, this client's token lacks the ${init.scope} scope`,
    });
    this.scope = init.scope;
  }
}

export const MISSING_SCOPE_CODE = "missing_scope";

/** 404: unknown restaurant, entity or endpoint; also an archived restaurant without includeArchived. */
export class PlatformNotFoundError extends PlatformError {
  static override readonly errorKind = "PlatformNotFoundError";
}

/** 429 after the retries ran out (or Retry-After asked for longer than the client will wait). */
export class PlatformRateLimitedError extends PlatformError {
  static override readonly errorKind = "PlatformRateLimitedError";
  readonly retryAfterMs: number | undefined;
  constructor(init: PlatformErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

export type UpstreamFailure = "http" | "network" | "timeout" | "truncated";

/** 5xx, a network failure, a timed-out attempt or a body cut short, after the retries ran out. */
export class PlatformUpstreamError extends PlatformError {
  static override readonly errorKind = "PlatformUpstreamError";
  readonly kind: UpstreamFailure;
  constructor(init: PlatformErrorInit & { kind: UpstreamFailure }) {
    super(init);
    this.kind = init.kind;
  }
}

export type LoginFailure = "refused" | "garbled" | "unreachable";

/**
 * The client could not sign in to the Platform, and will not try again before `retryAt`: the
 * service hands out about two tokens an hour and shuts out clients that hammer the login, so a
 * failed login backs off and every request in the meantime fails with this at once.
 * - refused: the login answered 401/403 (the client id or secret is wrong, or was deactivated);
 * - garbled: the login answered 2xx with a body that holds no usable token;
 * - unreachable: no answer, a timeout, a 5xx or a 429, after the login's own retries.
 * The digest survives Next's production scrubbing of server errors, so an error boundary can
 * still say in words what went wrong (app/(app)/.../error.tsx).
 */
export class PlatformLoginError extends PlatformError {
  static override readonly errorKind = "PlatformLoginError";
  readonly reason: LoginFailure;
  /** Epoch ms of the next login attempt; until then no login is sent. */
  readonly retryAt: number;
  readonly digest: string;
  constructor(init: PlatformErrorInit & { reason: LoginFailure; retryAt: number }) {
    super(init);
    this.reason = init.reason;
    this.retryAt = init.retryAt;
    this.digest = `${LOGIN_FAILED_CODE}:${init.reason}`;
  }
}

export const LOGIN_FAILED_CODE = "platform_login_failed";

/** A 2xx body that does not match the contract's schema. Names the endpoint and the field path. */
export class PlatformContractError extends PlatformError {
  static override readonly errorKind = "PlatformContractError";
  readonly issues: readonly { path: string; message: string }[];
  constructor(init: PlatformErrorInit & { issues?: readonly { path: string; message: string }[] }) {
    super(init);
    this.issues = init.issues ?? [];
  }

  /** e.g. "GET /config/v2/menuItems: [3].calories: expected number, received string". */
  static fromZod(
    error: z.ZodError,
    endpoint: string,
    status: number,
    requestId?: string,
  ): PlatformContractError {
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

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
// The service's codes are numbers (40004); ours are strings so both kinds fit one field.
const codeOf = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? String(value) : text(value);
const MAX_NESTED_ERRORS = 20;
const MAX_NESTING = 3;

/** canRetry is typed as a string in the definition; a boolean is read too. */
function canRetryOf(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  const t = text(value)?.toLowerCase();
  return t === "true" ? true : t === "false" ? false : undefined;
}

function nestedErrors(value: unknown, depth: number): PlatformErrorItem[] {
  if (!Array.isArray(value) || depth > MAX_NESTING) return [];
  const out: PlatformErrorItem[] = [];
  for (const entry of value.slice(0, MAX_NESTED_ERRORS)) {
    // Some services list plain strings (the analytics definition types errors as strings).
    if (typeof entry === "string") {
      if (entry.trim()) out.push({ message: entry.trim(), errors: [] });
      continue;
    }
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) continue;
    const e = entry as Record<string, unknown>;
    out.push({
      code: codeOf(e.code),
      message: text(e.message),
      messageKey: text(e.messageKey),
      fieldName: text(e.fieldName),
      developerMessage: text(e.developerMessage),
      errors: nestedErrors(e.errors, depth + 1),
    });
  }
  return out;
}

function errorFields(body: unknown): {
  code?: string;
  message?: string;
  requestId?: string;
  detail: PlatformErrorDetail;
} {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { detail: { errors: [] } };
  const record = body as Record<string, unknown>;
  return {
    code: codeOf(record.code),
    message: text(record.message) ?? text(record.error_description) ?? text(record.error),
    requestId: text(record.requestId),
    detail: {
      messageKey: text(record.messageKey),
      fieldName: text(record.fieldName),
      link: text(record.link),
      developerMessage: text(record.developerMessage),
      canRetry: canRetryOf(record.canRetry),
      errors: nestedErrors(record.errors, 1),
    },
  };
}
