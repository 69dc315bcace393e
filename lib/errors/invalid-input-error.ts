import { BrandedError } from "./branded-error";

/**
 * Input a domain function refuses on its own terms (a range too long, a date in the future):
 * the caller asked for something that cannot be, so retrying it unchanged will fail again.
 * Domain code throws this rather than an HTTP error, since it knows nothing of HTTP; the API layer
 * (lib/api/error-response.ts) answers it with a 400 carrying `code` and `message` as written, so
 * the message must be fit for the API's caller. Branded (./branded-error.ts): the kitchen service
 * that throws it may belong to another bundle than the route that answers.
 */
export class InvalidInputError extends BrandedError {
  static override readonly errorKind = "InvalidInputError";
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
