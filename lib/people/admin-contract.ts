import { z } from "zod";

import { ROLES, type Role } from "./roles";

/**
 * The admin API's contract (/api/admin/**): the input schemas the routes parse and the answers
 * the admin pages read. No server code here: the browser's forms import it too.
 */

/** A person as the admin pages see them: no password hash, only whether there is one. */
export interface Person {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  /**
   * "invited": asked by e-mail and not yet accepted (no sign-in of any kind until then: the row is
   * inactive with no deactivation time); "active"; "deactivated" (an invitation withdrawn too).
   */
  status: PersonStatus;
  deactivatedAt: string | null;
  createdAt: string;
  hasPassword: boolean;
  /** The scope granted: areas (by id) and restaurants one by one. Owners and admins need none. */
  areaIds: number[];
  restaurantGuids: string[];
}

export type PersonStatus = "active" | "invited" | "deactivated";

/** A named set of added restaurants ("North", "Franchise B"); access may be granted by area. */
export interface Area {
  id: number;
  name: string;
  restaurantGuids: string[];
  createdAt: string;
}

export interface AddedRestaurant {
  guid: string;
  label: string;
  addedAt: string;
  addedBy: string | null;
}

export interface PeopleResponse {
  people: Person[];
}
export interface AreasResponse {
  areas: Area[];
}
export interface RestaurantsAdminResponse {
  restaurants: AddedRestaurant[];
}

const roleSchema = z.enum(ROLES, { message: `must be one of ${ROLES.join(", ")}` });
const nameSchema = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const areaIdsSchema = z.array(z.number().int().positive("must be an area id")).max(1000);
const guid = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    "must be a restaurant GUID (8-4-4-4-12 hexadecimal digits)",
  );
const guidsSchema = z.array(guid).max(10_000);

export const personEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "must be an e-mail address" }));

/** A password someone chooses: long enough to resist guessing, short enough for bcrypt (72 bytes). */
export const newPasswordSchema = z
  .string()
  .min(10, "must be at least 10 characters")
  .refine((p) => new TextEncoder().encode(p).length <= 72, "must be at most 72 bytes");

/** POST /api/admin/people (later invitations create people through the same). */
export const newPersonSchema = z.strictObject({
  email: personEmailSchema,
  name: nameSchema.nullish(),
  role: roleSchema,
  areas: areaIdsSchema.optional(),
  restaurants: guidsSchema.optional(),
  /** Optional: without it the person signs in through OpenID Connect or a later invitation. */
  password: newPasswordSchema.optional(),
});

/** POST /api/admin/invitations: the person is created as invited and mailed a link to choose a password. */
export const newInvitationSchema = z.strictObject({
  email: personEmailSchema,
  name: nameSchema.nullish(),
  role: roleSchema,
  areas: areaIdsSchema.optional(),
  restaurants: guidsSchema.optional(),
});

/** The answer of POST /api/admin/invitations and of a resend: the person and how the mail went. */
export interface InvitationResponse {
  person: Person;
  /** "sent" by SMTP, "stored" in the outbox (no SMTP_URL), or "failed" (kept; resend later). */
  delivery: { id: number; status: "sent" | "stored" | "failed"; error?: string };
  expiresAt: string;
}

/** PATCH /api/admin/people/{id}: any of the fields; `active: false` deactivates. */
export const personPatchSchema = z
  .strictObject({
    name: nameSchema.nullable().optional(),
    role: roleSchema.optional(),
    areas: areaIdsSchema.optional(),
    restaurants: guidsSchema.optional(),
    active: z.boolean({ message: "must be true or false" }).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, "name at least one of name, role, areas, restaurants, active");

/** POST /api/admin/areas */
export const newAreaSchema = z.strictObject({
  name: nameSchema,
  restaurants: guidsSchema.default([]),
});

/** PATCH /api/admin/areas/{id} */
export const areaPatchSchema = z
  .strictObject({ name: nameSchema.optional(), restaurants: guidsSchema.optional() })
  .refine(
    (p) => p.name !== undefined || p.restaurants !== undefined,
    "name at least one of name, restaurants",
  );

/** POST /api/admin/restaurants */
export const newRestaurantSchema = z.strictObject({
  guid,
  label: z.string().trim().max(200, "must be at most 200 characters").default(""),
});

/** The `{id}` of /api/admin/people/{id} and /api/admin/areas/{id}. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
