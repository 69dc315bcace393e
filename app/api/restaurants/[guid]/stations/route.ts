// GET /api/restaurants/[guid]/stations: every prep station with its routing and warnings (the table as CSV: stations.csv).
import { legacyCsvFormatQuery, redirectToCsvRoute } from "@/lib/api/csv-redirect";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { loadStationsReport } from "@/lib/stations/load-stations";

export const GET = withRestaurant(
  async ({ request, restaurant, query }) => {
    if (query.format === "csv") return redirectToCsvRoute(request);
    return jsonResponse(await loadStationsReport(restaurant.guid));
  },
  { query: legacyCsvFormatQuery },
);
