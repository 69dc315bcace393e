import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

import { ERROR_CODES, errorBody } from "./errors";
import { createSandbox, type SandboxHandler } from "./index";
import { normalizeBasePath, type SandboxOptions } from "./options";

export interface SandboxServerOptions extends SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1 so the demo credentials stay on this machine. */
  host?: string;
}

export interface SandboxServer {
  /** Origin plus base path, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  /** Requests being answered right now; a disconnected client's request leaves at once. */
  inFlight(): number;
  close(): Promise<void>;
}

/**
 * Serves the sandbox over node:http, adapting IncomingMessage/ServerResponse to Web
 * Request/Response. Bodies stream both ways, and a client that disconnects aborts the
 * request's signal, so the `timeout` and `slow` faults stop waiting for nobody.
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const { port = 0, host = "127.0.0.1", ...sandboxOptions } = options;
  const handler = createSandbox(sandboxOptions);
  const inFlight = new Set<AbortController>();
  let origin = "http://localhost"; // replaced once listening, before any request can arrive

  const server = createServer((req, res) => {
    void serve(handler, req, res, origin, inFlight);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${hostInUrl}:${address.port}`;

  return {
    url: `${origin}${normalizeBasePath(sandboxOptions.basePath ?? "")}`,
    inFlight: () => inFlight.size,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const controller of inFlight) controller.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function serve(
  handler: SandboxHandler,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  inFlight: Set<AbortController>,
): Promise<void> {
  const controller = new AbortController();
  inFlight.add(controller);
  res.on("close", () => {
    inFlight.delete(controller);
    if (!res.writableFinished) controller.abort();
  });

  try {
    const response = await handler(toRequest(req, origin, controller.signal));
    await writeResponse(response, res, controller.signal);
  } catch {
    // createSandbox answers every error itself; reaching here means the socket failed mid-write.
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify(errorBody(500, ERROR_CODES.INTERNAL_ERROR, "Unexpected server error.", "")));
    } else {
      res.destroy();
    }
  }
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // A header the Fetch standard forbids cannot reach a Web handler anyway.
    }
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal,
    // Node's fetch requires this for a streamed request body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse, signal: AbortSignal): Promise<void> {
  if (res.destroyed) return;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
      }
    }
    res.end();
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}
