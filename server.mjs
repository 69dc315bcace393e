// Kitchen Pulse's HTTP server: Next.js behind a small node:http listener (issue 13).
//
//   node server.mjs [--dev] [-p|--port <n>] [-H|--hostname <addr>]   (PORT, HOSTNAME as for `next start`)
//
// Why not plain `next start`: Next's route handlers never see the socket, and Next fills
// X-Forwarded-For from it only when the client sent none, so the app cannot tell a request from this
// machine from one that claims to be. The embedded sandbox (demo credentials in README) serves
// loopback clients only, so before Next sees a request this server:
//   1. records the socket peer in `x-kp-peer: <secret> <address>`, replacing whatever a client sent;
//      the secret is random per process and lives on globalThis, where lib/security/client-address.ts
//      (the one reader) checks it, so a forged header is ignored rather than believed;
//   2. answers 400 to a malformed Next-Router-State-Tree header, which Next itself answers with a 500
//      before proxy.ts runs (anonymous requests too).
// Plain JavaScript, no build step: it runs before and around the build's output. It reads PORT,
// HOSTNAME and NODE_ENV as `next start` does; everything else is lib/env.ts's.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const dir = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
  },
});
const dev = values.dev;
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  throw new Error(`port '${values.port ?? process.env.PORT}' is not a TCP port`);
// Unset: every interface, as `next start` does. A specific non-loopback address leaves nothing on
// 127.0.0.1, where the app calls its own sandbox (README, "Configuration").
const hostname = values.hostname || process.env.HOSTNAME || undefined;
// lib/env.ts reads PORT for the app's loopback calls to its own sandbox; -p must mean the same port.
process.env.PORT = String(port);
// Before Next (and React) load: they pick their production or development builds from it.
process.env.NODE_ENV ??= dev ? "development" : "production";

const PEER_HEADER = "x-kp-peer"; // PEER_HEADER in lib/security/client-address.ts
const PEER_SECRET_KEY = Symbol.for("kitchen-pulse.peer-secret"); // PEER_SECRET_KEY there
const peerSecret = randomBytes(24).toString("base64url");
globalThis[PEER_SECRET_KEY] = peerSecret;

// Next's own parser of the header, so exactly what Next would accept passes and the rest gets a 400
// here instead of Next's 500. It is internal to Next: if an upgrade moves it, this import fails at
// start-up rather than letting malformed headers through.
const require = createRequire(import.meta.url);
const {
  parseAndValidateFlightRouterState,
} = require("next/dist/server/app-render/parse-and-validate-flight-router-state.js");
const ROUTER_STATE_HEADER = "next-router-state-tree";

// The non-page security headers of lib/security/security-headers.ts (COMMON + NON_PAGE_POLICY), read
// from the JSON that file reads too (this one cannot import TypeScript).
const securityHeaders = require("./lib/security/security-headers.json");
const NON_PAGE_HEADERS = {
  ...securityHeaders.common,
  "Content-Security-Policy": securityHeaders.nonPagePolicy,
};

/** True when the header is absent or Next would accept it. */
function routerStateAcceptable(value) {
  if (value === undefined) return true;
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

function badRequest(res, message) {
  const body = JSON.stringify({ error: { status: 400, code: "bad_request", message } });
  res.writeHead(400, {
    ...NON_PAGE_HEADERS,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "private, no-store",
  });
  res.end(body);
}

const { default: next } = await import("next");
const app = next({ dev, dir, hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  // Node joins repeated headers into one string for names it does not know, as Next would see them.
  if (!routerStateAcceptable(req.headers[ROUTER_STATE_HEADER])) {
    badRequest(res, "The Next-Router-State-Tree header is not a valid router state.");
    return;
  }
  delete req.headers[PEER_HEADER];
  req.headers[PEER_HEADER] = `${peerSecret} ${req.socket.remoteAddress ?? ""}`;
  handle(req, res).catch((error) => {
    console.error("[server] unhandled error", error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
// Node closes an idle keep-alive socket after 5 s; a client that reuses it at that moment gets
// ECONNRESET (seen as a rare e2e flake from Playwright's request context, whose agent keeps sockets
// without an idle limit). 65 s, as load balancers' idle limits are set below it, makes the race as
// rare as an idle minute; headersTimeout must exceed it (Node's rule).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => {
  const shown = hostname ?? "localhost";
  if (hostname && !["0.0.0.0", "::"].includes(hostname) && !/^127\./.test(hostname)) {
    console.warn(
      `[server] listening on ${hostname} only: nothing answers on 127.0.0.1:${port}, where the app calls its embedded sandbox; set PLATFORM_BASE_URL, or leave HOSTNAME unset`,
    );
  }
  console.log(
    `Kitchen Pulse ${dev ? "(development) " : ""}listening on http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`,
  );
});

function stop() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Streaming answers (kitchen exports) may hold a connection; do not wait on them for ever.
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
