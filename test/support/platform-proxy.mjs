// A counting proxy in front of a Platform (the app's embedded sandbox, or the standalone one): the
// outside instrument that says how often the app really called upstream. Every request is
// forwarded as is; with `productionLogin` the login's answer is rewritten into the shape
// production sends (no "@class", the scopes as a space-separated string, no idToken or
// refreshToken, expiresIn kept). GET /__count answers
//   { logins, requests, exports: { "<restaurantGuid>|<businessDate>": n, ... }, exportsInFlight, peakExportsInFlight }
// where `exports` counts itemFulfillments calls that reached the Platform (any status), and the
// in-flight pair counts those not yet answered in full (or given up by the caller): now and at most.
//
//   node test/support/platform-proxy.mjs --port 3102 --target http://localhost:3100/sandbox [--production-login]
//   import { startPlatformProxy } from "./platform-proxy.mjs"   (tests and benchmarks)
import { createServer, request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";

const LOGIN_PATH = "/authentication/v1/authentication/login";
const EXPORT_PATH = "/kitchen/v1/export/itemFulfillments";
const RESTAURANT_HEADER = /^[a-z]+-restaurant-external-id$/i;

/** The scopes the JWT says, as production's login body carries them. */
function scopeOf(accessToken) {
  try {
    const payload = JSON.parse(Buffer.from(accessToken.split(".")[1], "base64url").toString("utf8"));
    if (typeof payload.scope === "string" && payload.scope.trim()) return payload.scope.trim();
  } catch {
    // not a JWT: fall through
  }
  return "kitchen:read config:read restaurants:read";
}

function rewriteLogin(text) {
  const body = JSON.parse(text);
  delete body["@class"];
  if (body.token) {
    delete body.token.idToken;
    delete body.token.refreshToken;
    body.token.scope = scopeOf(body.token.accessToken ?? "");
  }
  return JSON.stringify(body);
}

function restaurantOf(headers) {
  for (const [name, value] of Object.entries(headers)) if (RESTAURANT_HEADER.test(name)) return String(value);
  return "?";
}

/**
 * Starts the proxy; resolves when it listens. `port` 0 picks a free one (read `url`).
 * `counts()` (and /__count) also carry `exportStatuses: { "<restaurantGuid>|<businessDate>":
 * [200, ...] }`, the statuses each export call was answered with in order (0: no answer), to
 * tell a 429 retried from a day downloaded twice.
 * @param {{ port?: number, target: string, productionLogin?: boolean }} opts
 */
export function startPlatformProxy({ port = 0, target, productionLogin = false }) {
  const exportStatuses = {};
  const to = new URL(target);
  const counts = { logins: 0, requests: 0, exports: {}, exportsInFlight: 0, peakExportsInFlight: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://proxy.local");
    if (url.pathname === "/__count") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ ...counts, exportStatuses }));
      return;
    }
    counts.requests += 1;
    const isLogin = req.method === "POST" && url.pathname === LOGIN_PATH;
    if (isLogin) counts.logins += 1;
    if (url.pathname.endsWith(EXPORT_PATH)) {
      const key = `${restaurantOf(req.headers)}|${url.searchParams.get("businessDate") ?? "?"}`;
      counts.exports[key] = (counts.exports[key] ?? 0) + 1;
      counts.exportsInFlight += 1;
      counts.peakExportsInFlight = Math.max(counts.peakExportsInFlight, counts.exportsInFlight);
      // "close" comes once, whether the answer went out whole or the caller hung up.
      res.once("close", () => {
        counts.exportsInFlight -= 1;
      });
    }
    const rewrite = isLogin && productionLogin;
    const headers = { ...req.headers, host: to.host };
    // A rewritten login body must arrive whole and uncompressed.
    if (rewrite) delete headers["accept-encoding"];
    const statusKey = url.pathname.endsWith(EXPORT_PATH)
      ? `${restaurantOf(req.headers)}|${url.searchParams.get("businessDate") ?? "?"}`
      : undefined;
    let noted = false;
    const noteStatus = (status) => {
      if (statusKey && !noted) (exportStatuses[statusKey] ??= []).push(status);
      noted = true;
    };
    const upstream = httpRequest(
      {
        protocol: to.protocol,
        hostname: to.hostname,
        port: to.port,
        method: req.method,
        path: `${to.pathname.replace(/\/+$/, "")}${url.pathname}${url.search}`,
        headers,
      },
      (up) => {
        noteStatus(up.statusCode ?? 0);
        if (!rewrite || (up.statusCode ?? 0) !== 200) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks = [];
        up.on("data", (c) => chunks.push(c));
        up.on("end", () => {
          const body = rewriteLogin(Buffer.concat(chunks).toString("utf8"));
          const out = { ...up.headers, "content-length": String(Buffer.byteLength(body)) };
          delete out["transfer-encoding"];
          res.writeHead(200, out);
          res.end(body);
        });
      },
    );
    upstream.on("error", (error) => {
      noteStatus(0);
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: 502, message: `proxy: ${error.code ?? error.message}` }));
    });
    req.pipe(upstream);
  });
  server.requestTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        counts: () => structuredClone({ ...counts, exportStatuses }),
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argv = process.argv.slice(2);
  const value = (name) => argv[argv.indexOf(`--${name}`) + 1];
  const proxy = await startPlatformProxy({
    port: Number(value("port")),
    target: value("target"),
    productionLogin: argv.includes("--production-login"),
  });
  console.log(`platform proxy on ${proxy.url} -> ${value("target")}`);
}
