import { z } from "zod";

const MESSAGE = "lastModified must be an ISO-8601 date-time with a zone, such as 2024-05-01T09:30:00.000Z";

const instant = z
  .string()
  .trim()
  .pipe(z.iso.datetime({ offset: true, message: MESSAGE }))
  .transform((value) => new Date(value));

/**
 * The explorer's query: ?lastModified= filters to what changed since, an ISO-8601 instant with a
 * zone (Z or an offset), as the browser's toISOString() writes it. A local time without a zone is
 * refused rather than guessed, since the server's zone is not the manager's. Absent or empty
 * means no filter (null).
 */
export const lastModifiedQuery = z
  .object({ lastModified: z.string().optional() })
  .transform(({ lastModified }, ctx) => {
    if (lastModified === undefined || lastModified.trim() === "") return { lastModified: null };
    const parsed = instant.safeParse(lastModified);
    if (parsed.success) return { lastModified: parsed.data };
    // At the root rather than under "lastModified": the message names the parameter itself, and the
    // API has always answered it in exactly these words.
    ctx.addIssue({ code: "custom", message: MESSAGE });
    return z.NEVER;
  });
