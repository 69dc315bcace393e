// GET /api/admin/audit.csv?actor=&action=&restaurant=&from=&to=: the same entries as /api/admin/audit, as CSV.
import { withAdmin } from "@/lib/api/route-handler";
import { auditQuerySchema, type AuditRecord } from "@/lib/audit/audit-contract";
import { listAudit } from "@/lib/audit/audit-log";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { csvInstant } from "@/lib/csv/csv-format";
import { csvResponse } from "@/lib/csv/csv-response";
import { csvFileName } from "@/lib/csv/file-name";

const json = (value: unknown) => (value === null ? "" : JSON.stringify(value));

// The CSVs' one header style (snake_case); `at` ISO 8601 with its offset (UTC: entries span restaurants).
const COLUMNS: CsvColumn<AuditRecord>[] = [
  { header: "at", value: (e) => csvInstant(e.at) },
  { header: "actor_email", value: (e) => e.actorEmail },
  { header: "action", value: (e) => e.action },
  { header: "subject_kind", value: (e) => e.subjectKind },
  { header: "subject_id", value: (e) => e.subjectId },
  { header: "restaurant_guid", value: (e) => e.restaurantGuid },
  { header: "before", value: (e) => json(e.before) },
  { header: "after", value: (e) => json(e.after) },
];

const day = (at: Date | undefined) => (at ? at.toISOString().slice(0, 10) : "");

export const GET = withAdmin(
  async ({ query }) => {
    const entries = await listAudit(await getPeopleDatabase(), { ...query, limit: 100_000 });
    // The dates asked (UTC days) and every filter in the name, as the kitchen CSVs.
    const name = csvFileName(
      "audit-log",
      query.from ? `from ${day(query.from)}` : "",
      query.to ? `to ${day(query.to)}` : "",
      query.actor ? `actor ${query.actor}` : "",
      query.action ? `action ${query.action}` : "",
      query.restaurant ? `restaurant ${query.restaurant}` : "",
    );
    return csvResponse(toCsv(COLUMNS, entries), name);
  },
  { query: auditQuerySchema },
);
