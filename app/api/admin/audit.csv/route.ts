// GET /api/admin/audit.csv?actor=&action=&restaurant=&from=&to=: the same entries as /api/admin/audit, as CSV.
import { withAdmin } from "@/lib/api/route-handler";
import { auditQuerySchema, type AuditRecord } from "@/lib/audit/audit-contract";
import { listAudit } from "@/lib/audit/audit-log";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";

const json = (value: unknown) => (value === null ? "" : JSON.stringify(value));

const COLUMNS: CsvColumn<AuditRecord>[] = [
  { header: "at", value: (e) => e.at },
  { header: "actor", value: (e) => e.actorEmail },
  { header: "action", value: (e) => e.action },
  { header: "subject kind", value: (e) => e.subjectKind },
  { header: "subject id", value: (e) => e.subjectId },
  { header: "restaurant", value: (e) => e.restaurantGuid },
  { header: "before", value: (e) => json(e.before) },
  { header: "after", value: (e) => json(e.after) },
];

export const GET = withAdmin(
  async ({ query }) => {
    const entries = await listAudit(await getPeopleDatabase(), { ...query, limit: 100_000 });
    return csvResponse(toCsv(COLUMNS, entries), "audit-log.csv");
  },
  { query: auditQuerySchema },
);
