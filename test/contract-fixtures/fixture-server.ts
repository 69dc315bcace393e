import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local HTTP server that answers with bodies we wrote from the real Platform's public
 * reference and developer guide (the files beside this one), so the real client and the real
 * ingest can be run over HTTP against the shapes the real service sends, not only against our
 * own sandbox. Every request is recorded; a route is a function of the request.
 */

export interface FixtureRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface FixtureReply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. Undefined sends no body. */
  body?: unknown;
  /** Wait this long before the status line and first byte (a slow export). */
  delayMs?: number;
  /** Send the body as these pieces, each written on its own (chunked), instead of `body`. */
  chunks?: (string | Uint8Array)[];
  /** With `chunks`: drop the connection after the last piece instead of ending the body (a body cut in transit). */
  cut?: boolean;
}

export type FixtureRoute = (request: FixtureRequest, hit: number) => FixtureReply | Promise<FixtureReply>;

export interface FixtureServer {
  url: string;
  /** Every request received, in order. */
  requests: FixtureRequest[];
  /** Requests whose path ends with `suffix`. */
  count(suffix: string): number;
  /** Replace or add a route: `METHOD /path` (exact path) -> handler. */
  route(key: string, handler: FixtureRoute): void;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, FixtureRoute> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const requests: FixtureRequest[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fixture.local");
    const request: FixtureRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(request);
    const key = `${request.method} ${request.path}`;
    const handler = table.get(key);
    if (!handler) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: 404, code: 10404, message: `no fixture for ${key}` }));
      return;
    }
    const hit = (hits.get(key) ?? 0) + 1;
    hits.set(key, hit);
    const reply = await handler(request, hit);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.chunks) {
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      for (const piece of reply.chunks) {
        res.write(piece);
        // A pause between pieces, so each reaches the client as a chunk of its own.
        await new Promise((r) => setTimeout(r, 2));
      }
      if (reply.cut) res.destroy();
      else res.end();
      return;
    }
    const body =
      reply.body === undefined
        ? undefined
        : typeof reply.body === "string"
          ? reply.body
          : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      ...(typeof reply.body === "string" || reply.body === undefined
        ? {}
        : { "content-type": "application/json" }),
      ...reply.headers,
    });
    res.end(body);
  });
  // A slow export holds the socket open for minutes: no server-side timeouts here.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (suffix) => requests.filter((r) => r.path.endsWith(suffix)).length,
    route: (key, handler) => void table.set(key, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
