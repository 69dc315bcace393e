// GET /api/account/settings: the signed-in person's own settings (the digest: daily, weekly or off).
// PATCH /api/account/settings: change them; a bad value is a 400 naming what is allowed.
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { getPeopleDatabase } from "@/lib/auth/first-run";
import type { AppSession } from "@/lib/auth/session";
import { accountSettingsSchema } from "@/lib/digests/digest-contract";
import { readAccountSettings, writeAccountSettings } from "@/lib/digests/digest-settings";
import { findActivePerson } from "@/lib/people/people-store";

async function person(session: AppSession) {
  const db = await getPeopleDatabase();
  const found = await findActivePerson(db, session.email);
  if (!found) throw new ApiError(403, "forbidden", "Only an active person has settings");
  return { db, id: found.id };
}

export const GET = withSession(async ({ session }) => {
  const { db, id } = await person(session);
  return jsonResponse(await readAccountSettings(db, id));
});

export const PATCH = withSession(
  async ({ session, body }) => {
    const { db, id } = await person(session);
    return jsonResponse(await writeAccountSettings(db, id, body));
  },
  { body: accountSettingsSchema, bodyShape: '{ "digest": "daily" | "weekly" | "off" }' },
);
