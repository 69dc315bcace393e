import "server-only";

import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";

import { signInPath } from "@/lib/auth/post-sign-in";
import { getAppSession, type AppSession } from "@/lib/auth/session";

import { getPermittedRestaurant, type PermittedRestaurant } from "./permitted-restaurants";
import { mayAdminister } from "./roles";

/** Set by proxy.ts on every page request, so a page can send people back where they were. */
export const PATHNAME_HEADER = "x-kp-pathname";

/** One session lookup per render, however many layouts and pages ask. */
const sessionForRender = cache(getAppSession);

/** The session of a page request; without one, redirects to /sign-in with a way back. */
export async function requireSession(): Promise<AppSession> {
  const session = await sessionForRender();
  if (session) return session;
  const path = (await headers()).get(PATHNAME_HEADER);
  redirect(signInPath(path ?? "/"));
}

/** The permitted restaurant of a page request; a foreign or unknown GUID is a 404 alike. */
export const requireRestaurant = cache(async (guid: string): Promise<PermittedRestaurant> => {
  const session = await requireSession();
  const restaurant = await getPermittedRestaurant(session, guid);
  if (!restaurant) notFound();
  return restaurant;
});

/** The session of an admin page: owners and admins; anyone else gets the 404 of a page that is not there. */
export async function requireAdmin(): Promise<AppSession> {
  const session = await requireSession();
  if (!(await mayAdminister(session))) notFound();
  return session;
}

/** For pages that show but do not need a session (the sign-in page). */
export const optionalSession = sessionForRender;
