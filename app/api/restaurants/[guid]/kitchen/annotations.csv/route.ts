import { annotationsQuerySchema } from "@/lib/annotations/annotations-contract";
import { annotationsCsv } from "@/lib/annotations/annotations-csv";
import { annotationsOf } from "@/lib/annotations/annotations-server";
import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";

// GET /api/restaurants/[guid]/kitchen/annotations.csv?from&to: the range's notes and markers, one a row
// (their own file, beside summary.csv: the figures' columns stay as they are).
export const GET = withRestaurant(
  async ({ restaurant, query }) =>
    csvResponse(
      annotationsCsv(restaurant.guid, await annotationsOf(restaurant, query.from, query.to)),
      kitchenPageCsvName(restaurant.name, "kitchen-annotations", { from: query.from, to: query.to }),
    ),
  { query: annotationsQuerySchema },
);
