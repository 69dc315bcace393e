import { z } from "zod";

/** An audit entry as the API and the Audit page show it (lib/audit/audit-log.ts writes them). */
export interface AuditRecord {
  id: string;
  at: string;
  actorEmail: string;
  action: string;
  subjectKind: string;
  subjectId: string;
  restaurantGuid: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditResponse {
  entries: AuditRecord[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD, UTC) or an ISO date-time with a zone; a bare `to` date means its whole day. */
const bound = (end: boolean) =>
  z
    .string()
    .trim()
    .refine(
      (v) => DATE.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success,
      "must be a date (YYYY-MM-DD) or an ISO date-time with a zone",
    )
    .transform((v) =>
      DATE.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0)) : new Date(v),
    );

/** GET /api/admin/audit and audit.csv: every filter optional, all must match. */
export const auditQuerySchema = z
  .object({
    actor: z.string().trim().min(1).max(320).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    restaurant: z.string().trim().min(1).max(100).optional(),
    from: bound(false).optional(),
    to: bound(true).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["from"],
  });
