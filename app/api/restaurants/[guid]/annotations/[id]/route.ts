import { mayEditAnnotations } from "@/lib/access/roles";
import { deleteNote, updateNote } from "@/lib/annotations/annotation-store";
import { annotationIdParams, noteUpdateSchema } from "@/lib/annotations/annotations-contract";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { parseRouteInput } from "@/lib/api/route-input";
import type { AppSession } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/server";

async function requireEditor(session: AppSession, guid: string): Promise<void> {
  if (!(await mayEditAnnotations(session, guid)))
    throw new ApiError(403, "forbidden", "You may read this restaurant's annotations but not change them");
}

const NO_NOTE = "No note of that id at this restaurant (a marker the app found is not edited)";

// PATCH /api/restaurants/[guid]/annotations/[id]  body: { text }: a note's new words.
export const PATCH = withRestaurant(
  async ({ request, restaurant, session, params }) => {
    await requireEditor(session, restaurant.guid);
    const { body } = await parseRouteInput(request, {
      body: noteUpdateSchema,
      bodyShape: "{ text: 1 to 280 characters }",
    });
    const annotation = await updateNote(
      await getDatabase(),
      restaurant.guid,
      params.id,
      body.text,
      session.email,
    );
    if (!annotation) throw new ApiError(404, "not_found", NO_NOTE);
    return jsonResponse({ annotation });
  },
  { params: annotationIdParams },
);

// DELETE /api/restaurants/[guid]/annotations/[id]: a note removed (the audit log keeps what it said).
export const DELETE = withRestaurant(
  async ({ restaurant, session, params }) => {
    await requireEditor(session, restaurant.guid);
    if (!(await deleteNote(await getDatabase(), restaurant.guid, params.id, session.email)))
      throw new ApiError(404, "not_found", NO_NOTE);
    return new Response(null, { status: 204 });
  },
  { params: annotationIdParams },
);
