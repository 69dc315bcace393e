/**
 * The sandbox's one error shape is the real service's ErrorMessage, with all ten fields as its
 * published example sends them: `status`, a numeric service-specific `code`, `message`, the
 * `requestId` that is also the X-Request-Id header, `errors` (nested ErrorMessages, [] when
 * none), and `messageKey`, `fieldName`, `link`, `developerMessage`, `canRetry` null: the
 * published definition marks them reserved or optional, and a client must not depend on them.
 * Codes are `status * 100 + n` so a reader can tell them apart without a table, and clients
 * that switch on status alone keep working.
 */
export const ERROR_CODES = {
  INVALID_REQUEST: 40000,
  MISSING_RESTAURANT_HEADER: 40001,
  INVALID_PAGE_TOKEN: 40002,
  INVALID_LAST_MODIFIED: 40003,
  INVALID_BUSINESS_DATE: 40004,
  INVALID_JSON: 40005,
  INVALID_FAULT: 40006,
  UNAUTHORIZED: 40100,
  INVALID_TOKEN: 40101,
  TOKEN_EXPIRED: 40102,
  INVALID_CREDENTIALS: 40103,
  INSUFFICIENT_SCOPE: 40300,
  RESTAURANT_FORBIDDEN: 40301,
  PARTNERS_API_FORBIDDEN: 40302,
  NOT_FOUND: 40400,
  RESTAURANT_NOT_FOUND: 40401,
  ENTITY_NOT_FOUND: 40402,
  METHOD_NOT_ALLOWED: 40500,
  CONFIG_REPUBLISHED: 40900,
  RATE_LIMITED: 42900,
  INTERNAL_ERROR: 50000,
  SERVICE_UNAVAILABLE: 50300,
  GATEWAY_TIMEOUT: 50400,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;

export interface FieldError {
  field: string;
  message: string;
}

/** ErrorMessage of the real service's published definitions. */
export interface ErrorBody {
  status: number;
  code: number;
  message: string;
  messageKey: string | null;
  fieldName: string | null;
  link: string | null;
  requestId: string;
  developerMessage: string | null;
  errors: ErrorBody[];
  canRetry: string | null;
}

/** Thrown anywhere below the router; the router turns it into the JSON error response. */
export class SandboxError extends Error {
  readonly status: number;
  readonly code: number;
  readonly headers: Record<string, string>;
  readonly fieldErrors?: FieldError[];

  constructor(
    status: number,
    codeName: ErrorCodeName,
    message: string,
    extra: { headers?: Record<string, string>; fieldErrors?: FieldError[] } = {},
  ) {
    super(message);
    this.name = "SandboxError";
    this.status = status;
    this.code = ERROR_CODES[codeName];
    this.headers = extra.headers ?? {};
    this.fieldErrors = extra.fieldErrors;
  }
}

export const REQUEST_ID_HEADER = "X-Request-Id";

export function newRequestId(): string {
  return crypto.randomUUID();
}

export function sandboxJsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json; charset=utf-8", ...init.headers },
  });
}

/** One ErrorMessage; field errors become nested ErrorMessages naming their field in fieldName. */
export function errorBody(
  status: number,
  code: number,
  message: string,
  requestId: string,
  fieldErrors: readonly FieldError[] = [],
): ErrorBody {
  return {
    status,
    code,
    message,
    messageKey: null,
    fieldName: null,
    link: null,
    requestId,
    developerMessage: null,
    errors: fieldErrors.map((f) => ({
      ...errorBody(status, code, f.message, requestId),
      fieldName: f.field,
    })),
    canRetry: null,
  };
}

export function sandboxErrorResponse(error: SandboxError, requestId: string): Response {
  const body = errorBody(error.status, error.code, error.message, requestId, error.fieldErrors);
  return sandboxJsonResponse(body, {
    status: error.status,
    headers: { ...error.headers, [REQUEST_ID_HEADER]: requestId },
  });
}

/** Anything that is not a SandboxError is a bug: answer 500 without its message or stack. */
export function internalError(): SandboxError {
  return new SandboxError(500, "INTERNAL_ERROR", "Unexpected server error.");
}
