// GET /api/restaurants/[guid]/stations.csv: the prep station table as CSV.
import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { csvFileName } from "@/lib/csv/file-name";
import { loadStationsReport } from "@/lib/stations/load-stations";
import { stationsCsv } from "@/lib/stations/stations-csv";

export const GET = withRestaurant(async ({ restaurant }) => {
  return csvResponse(
    stationsCsv(await loadStationsReport(restaurant.guid)),
    csvFileName(restaurant.name, "prep-stations"),
  );
});
