// GET /api/restaurants/[guid]/menu/items.csv: one row per item placement with its full path and inheritance.
import { withRestaurant } from "@/lib/api/route-handler";
import { csvResponse } from "@/lib/csv/csv-response";
import { csvFileName } from "@/lib/csv/file-name";
import { loadMenuModel } from "@/lib/menu/load-menu";
import { menuItemsCsv } from "@/lib/menu/menu-csv";

export const GET = withRestaurant(async ({ restaurant }) => {
  return csvResponse(
    menuItemsCsv(await loadMenuModel(restaurant.guid)),
    csvFileName(restaurant.name, "menu-items"),
  );
});
