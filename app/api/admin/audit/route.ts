// GET /api/admin/audit?actor=&action=&restaurant=&from=&to=: the audit log, newest first (at most 500).
import { jsonResponse } from "@/lib/api/error-response";
import { withAdmin } from "@/lib/api/route-handler";
import { auditQuerySchema, type AuditResponse } from "@/lib/audit/audit-contract";
import { listAudit } from "@/lib/audit/audit-log";
import { getPeopleDatabase } from "@/lib/auth/first-run";

export const GET = withAdmin(
  async ({ query }) => {
    const body: AuditResponse = { entries: await listAudit(await getPeopleDatabase(), query) };
    return jsonResponse(body);
  },
  { query: auditQuerySchema },
);
