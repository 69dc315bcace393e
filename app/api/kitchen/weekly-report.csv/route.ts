import { getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { errorResponse, notReadyResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { weeklyReportSchema } from "@/lib/kitchen/contract/weekly-report";
import { groupCsvName } from "@/lib/kitchen/present/csv-file-names";
import { weeklyReportCsvColumns } from "@/lib/kitchen/query/weekly-report-csv";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { kitchenWeeklyReport, reportWeek } from "@/lib/kitchen/service/weekly-report";

// GET /api/kitchen/weekly-report.csv?week=YYYY-MM-DD (the Monday; default the last full week)
// [&stuck=include]: per permitted restaurant and level, the week against the week before. 400 for
// a week that is not a Monday or has not ended; 202 (JSON: which restaurants are still being
// fetched) until every restaurant is settled: a file with holes would pass for the whole.
export const GET = withSession(
  async ({ session, query }) => {
    const restaurants = await getPermittedRestaurants(session);
    const week = reportWeek(restaurants, Date.now(), query.week);
    if ("error" in week) return errorResponse(400, "invalid_request", `week: ${week.error}`);
    const report = await kitchenWeeklyReport(await getKitchenService(), restaurants, week, query.stuck);
    if (report.pending.length > 0) return notReadyResponse({ week, pending: report.pending }, 1_000);
    return csvResponse(
      toCsv(weeklyReportCsvColumns(report), report.rows),
      groupCsvName("kitchen-weekly-report", [week], [query.stuck === "include" ? "with left on screen" : ""]),
    );
  },
  { query: weeklyReportSchema },
);
