import { mayEditAnnotations } from "@/lib/access/roles";
import { createNote } from "@/lib/annotations/annotation-store";
import {
  annotationsQuerySchema,
  noteCreateSchema,
  type AnnotationsResponse,
} from "@/lib/annotations/annotations-contract";
import { annotationsOf } from "@/lib/annotations/annotations-server";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { parseRouteInput } from "@/lib/api/route-input";
import { getDatabase } from "@/lib/db/server";

// GET /api/restaurants/[guid]/annotations?from&to: the range's notes and markers, and whether the session may write notes.
export const GET = withRestaurant(
  async ({ restaurant, session, query }) => {
    const body: AnnotationsResponse = {
      restaurantGuid: restaurant.guid,
      from: query.from,
      to: query.to,
      annotations: await annotationsOf(restaurant, query.from, query.to),
      mayEdit: await mayEditAnnotations(session, restaurant.guid),
    };
    return jsonResponse(body);
  },
  { query: annotationsQuerySchema },
);

// POST /api/restaurants/[guid]/annotations  body: { date: YYYYMMDD, text }  -> 201 { annotation }
// 403 before the body is read for whoever may not write notes (a viewer).
export const POST = withRestaurant(async ({ request, restaurant, session }) => {
  if (!(await mayEditAnnotations(session, restaurant.guid)))
    throw new ApiError(403, "forbidden", "You may read this restaurant's annotations but not write them");
  const { body } = await parseRouteInput(request, {
    body: noteCreateSchema,
    bodyShape: "{ date: YYYYMMDD, text: 1 to 280 characters }",
  });
  const annotation = await createNote(await getDatabase(), restaurant.guid, body, session.email);
  return jsonResponse({ annotation }, { status: 201 });
});
