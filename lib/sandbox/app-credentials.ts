import { defaultWorld } from "./world";

/** The sandbox's partner client (world.json): the app's identity when no real Platform is set. */
const APP_CLIENT_ID = "kp-partner";

/**
 * The credentials the app signs in to its embedded sandbox with. The sandbox owns its world, so
 * it says which of its clients the app is; the app's wiring (lib/platform-wiring) only asks.
 */
export function sandboxAppCredentials(): { clientId: string; clientSecret: string } {
  const partner = defaultWorld().clients.find((c) => c.type === "PARTNER" && c.clientId === APP_CLIENT_ID);
  if (!partner)
    throw new Error(
      `lib/sandbox/world.json has no PARTNER client "${APP_CLIENT_ID}" for the embedded sandbox`,
    );
  return { clientId: partner.clientId, clientSecret: partner.clientSecret };
}
