import { BrandedError } from "./branded-error";

/**
 * An action the signed-in person's role does not allow (an admin demoting an owner): domain code
 * throws it, knowing nothing of HTTP; the API layer (lib/api/error-response.ts) answers 403 with
 * `code` and `message` as written. Branded, as InvalidInputError is.
 */
export class PermissionRefusedError extends BrandedError {
  static override readonly errorKind = "PermissionRefusedError";
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
