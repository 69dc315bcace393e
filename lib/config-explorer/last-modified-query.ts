import { z } from "zod";

/**
 * The explorer's ?lastModified= filter: an ISO-8601 instant with a zone (Z or an offset), as
 * the browser's toISOString() writes it. A local time without a zone is refused rather than
 * guessed, since the server's zone is not the manager's.
 */
export const lastModifiedQuery = z
  .string()
  .trim()
  .pipe(z.iso.datetime({ offset: true, message: "lastModified must be an ISO-8601 date-time with a zone, such as 2024-05-01T09:30:00.000Z" }))
  .transform((value) => new Date(value));

export type LastModifiedResult = { ok: true; value: Date | null } | { ok: false; message: string };

/** Absent or empty means no filter. */
export function parseLastModified(raw: string | null | undefined): LastModifiedResult {
  if (raw == null || raw.trim() === "") return { ok: true, value: null };
  const parsed = lastModifiedQuery.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "lastModified is not a valid date-time" };
}
