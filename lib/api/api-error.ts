import { BrandedError } from "@/lib/errors/branded-error";

/**
 * An error a route handler throws on purpose: bad input, a missing resource, a refused action.
 * The route wrapper sends it as `{ error: { status, code, message } }` unchanged, so the message
 * must be written for the API's caller and never carry internals.
 */
export class ApiError extends BrandedError {
  static override readonly errorKind = "ApiError";
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The one JSON error shape of every /api route. */
export interface ApiErrorBody {
  error: { status: number; code: string; message: string; requestId?: string };
}
