import { CONFIG_RESOURCES } from "@/lib/platform/schemas/config";

import type { SandboxContext } from "./context";
import { SandboxError } from "./errors";
import { FAULT_HEADER, parseFault, randomFault, withFault } from "./faults";
import { getConfig, getTipWithholding, listConfig } from "./handlers/config";
import { groupRestaurants, partnerRestaurants } from "./handlers/discovery";
import { itemFulfillments, prepStation, prepStations } from "./handlers/kitchen";
import { restaurantInfo } from "./handlers/restaurants";
import type { SandboxRouteHandler } from "./handlers/route-input";
import { handleLogin, revokePresentedToken } from "./login";

interface Route {
  method: "GET" | "POST";
  /** Path below the base path; `:name` segments capture one decoded segment. */
  pattern: string[];
  handler: SandboxRouteHandler;
}

const route = (method: Route["method"], path: string, handler: SandboxRouteHandler): Route => ({
  method,
  pattern: path.split("/").filter(Boolean),
  handler,
});

const ROUTES: readonly Route[] = [
  route("POST", "/authentication/v1/authentication/login", ({ request, ctx }) => handleLogin(request, ctx)),
  route("GET", "/kitchen/v1/export/itemFulfillments", itemFulfillments),
  route("GET", "/kitchen/v1/published/prepStations", prepStations),
  route("GET", "/kitchen/v1/published/prepStations/:guid", prepStation),
  // Not a list resource: one object, no paging (4.3).
  route("GET", "/config/v2/tipWithholding", getTipWithholding),
  ...CONFIG_RESOURCES.flatMap((resource) => [
    route("GET", `/config/v2/${resource}`, listConfig(resource)),
    route("GET", `/config/v2/${resource}/:guid`, getConfig(resource)),
  ]),
  route("GET", "/restaurants/v1/restaurants/:guid", restaurantInfo),
  route("GET", "/restaurants/v1/groups/:group/restaurants", groupRestaurants),
  route("GET", "/partners/v1/restaurants", partnerRestaurants),
];

/** Dispatches one request: 404 for an unknown path, 405 for a known path with another method. */
export async function dispatch(request: Request, ctx: SandboxContext): Promise<Response> {
  const url = new URL(request.url);
  const segments = pathSegments(url.pathname, ctx.settings.basePath);
  if (!segments) throw notFound(url.pathname);

  const matches = ROUTES.map((r) => ({ r, params: match(r.pattern, segments) })).filter(
    (m) => m.params !== null,
  );
  if (matches.length === 0) throw notFound(url.pathname);
  const hit = matches.find((m) => m.r.method === request.method);
  if (!hit) {
    const allow = [...new Set(matches.map((m) => m.r.method))].join(", ");
    throw new SandboxError(
      405,
      "METHOD_NOT_ALLOWED",
      `${request.method} is not allowed here; use ${allow}.`,
      { headers: { Allow: allow } },
    );
  }

  const input = { request, url, params: hit.params ?? {}, ctx };
  // The header is obeyed only where the operator asked for it (faultHeaders); otherwise it is not read at all.
  const asked = ctx.settings.faultHeaders ? parseFault(request.headers.get(FAULT_HEADER)) : null;
  const fault = asked ?? randomFault(ctx.settings);
  if (fault?.kind === "status" && fault.status === 401) revokePresentedToken(request, ctx);
  return fault ? withFault(fault, request, ctx.settings, () => hit.r.handler(input)) : hit.r.handler(input);
}

function pathSegments(pathname: string, basePath: string): string[] | null {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length);
  try {
    return rest.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null; // malformed percent-encoding names no route
  }
}

function match(pattern: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (p.startsWith(":")) params[p.slice(1)] = s;
    else if (p !== s) return null;
  }
  return params;
}

function notFound(pathname: string): SandboxError {
  return new SandboxError(404, "NOT_FOUND", `No endpoint at ${pathname}.`);
}
