import "server-only";

import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * The transport's default fetch, on node:http. Node's built-in fetch (undici) has its own
 * header and body timeouts of 300 s, counted in wall-clock time including our busy event loop;
 * the kitchen export may legitimately wait minutes for its first byte, and the client's own
 * watchdog (network-watchdog.ts) must be the only judge. node:http sets no timeout of its own,
 * and reports every chunk from the socket as it arrives (`onNetworkActivity`).
 */

export interface NodeFetchInit extends RequestInit {
  /** Called on the response head and on every chunk of the body, before any decompression. */
  onNetworkActivity?: () => void;
}

// Sockets per origin (the Platform is one host for every location): above the backfill's most
// exports in flight (backfill-pace.ts, 200) plus the open date's and people's fetches. At 64 the
// agent's queue, not the service, capped a 50-location backfill at 64 of its 100 exports (bench:chain).
const MAX_SOCKETS = 256;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

export function nodeHttpFetch(input: string, init: NodeFetchInit = {}): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const url = new URL(input);
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return reject(new TypeError(`unsupported protocol ${url.protocol}`));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => void (headers[name] = value));
    // The exports are large JSON arrays; the service may compress them.
    headers["accept-encoding"] ??= "gzip, deflate, br";
    const body = typeof init.body === "string" ? init.body : undefined;
    if (init.body != null && body === undefined)
      return reject(new TypeError("nodeHttpFetch sends string bodies only"));
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    const activity = init.onNetworkActivity ?? (() => {});
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: init.method ?? "GET",
      headers,
      agent: agents[url.protocol],
      signal: init.signal ?? undefined,
    });
    request.once("error", reject);
    request.once("response", (res) => {
      activity();
      res.on("data", activity);
      const responseHeaders = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
        responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      const status = res.statusCode ?? 0;
      const noBody = status === 204 || status === 304 || init.method === "HEAD";
      let stream: Readable = res;
      const encoding = (res.headers["content-encoding"] ?? "").toLowerCase().trim();
      const decoder =
        encoding === "gzip" || encoding === "x-gzip"
          ? zlib.createGunzip()
          : encoding === "deflate"
            ? zlib.createInflate()
            : encoding === "br"
              ? zlib.createBrotliDecompress()
              : undefined;
      if (decoder && !noBody) {
        // A connection cut mid-body must surface as an error of the body, not vanish in the pipe.
        res.once("error", (error) => decoder.destroy(error));
        res.once("aborted", () => decoder.destroy(new Error("response aborted")));
        stream = res.pipe(decoder);
        responseHeaders.delete("content-encoding");
        responseHeaders.delete("content-length");
      } else {
        res.once("aborted", () => res.destroy(new Error("response aborted")));
      }
      if (noBody) res.resume();
      try {
        resolve(
          new Response(noBody ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>), {
            status,
            statusText: res.statusMessage,
            headers: responseHeaders,
          }),
        );
      } catch (error) {
        res.destroy();
        reject(error);
      }
    });
    request.end(body);
  });
}
