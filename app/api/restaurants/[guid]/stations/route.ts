// GET /api/restaurants/[guid]/stations: every prep station with its routing and warnings (?format=csv for the table).
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { csvFileName } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/config-explorer/csv-response";
import { loadStationsReport } from "@/lib/stations/load-stations";
import { stationsCsv } from "@/lib/stations/stations-csv";

export const GET = withRestaurant<{ guid: string }>(async ({ request, restaurant }) => {
  const report = await loadStationsReport(restaurant.guid);
  if (new URL(request.url).searchParams.get("format") === "csv") {
    return csvResponse(stationsCsv(report), csvFileName(restaurant.name, "prep-stations"));
  }
  return jsonResponse(report);
});
