import { annotationsOf } from "@/lib/annotations/annotations-server";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { kitchenSummaryAnswerSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/restaurants/[guid]/kitchen/summary?from&to[&metric&level&station&behavior&source&item&service&maxMinutes&stuck&until&section&itemLevel]
// 202 with the range's coverage while some of its dates are still being fetched.
// section=figures|stations|tickets|items|hours|trend: that section alone (lib/kitchen/contract/sections.ts),
// the items as columns (lib/kitchen/contract/item-columns.ts); section=itemStations&itemLevel=0|1|2:
// the items' item × station rows of that level, as columns.
export const GET = withRestaurant(
  async ({ restaurant, query: { section, itemLevel, ...query } }) => {
    const service = await getKitchenService();
    const answer =
      section === "itemStations"
        ? await service.itemStations(restaurant, query, itemLevel!)
        : section
          ? await service.section(restaurant, query, section)
          : await service.summary(restaurant, query);
    if (!answer.ready) return answer;
    // The whole summary lists the range's notes and markers (lib/annotations); they change apart
    // from the figures (a note written a minute ago), so they are read here, never kept with the answer.
    if (!section)
      return jsonResponse({
        ...answer.value,
        annotations: await annotationsOf(restaurant, query.from, query.to),
      });
    return jsonResponse(answer.value);
  },
  { query: kitchenSummaryAnswerSchema },
);
