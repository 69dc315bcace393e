import type { SandboxContext } from "../context";

/** What the router hands every endpoint handler. */
export interface RouteInput {
  request: Request;
  url: URL;
  /** Decoded path parameters, e.g. { guid }. */
  params: Readonly<Record<string, string>>;
  ctx: SandboxContext;
}

export type SandboxRouteHandler = (input: RouteInput) => Promise<Response>;
