import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { createSandbox } from "@/lib/sandbox";
import { errorBody, newRequestId } from "@/lib/sandbox/errors";
import { scaledWorld } from "@/lib/sandbox/scaled-world";
import type { World } from "@/lib/sandbox/world";

import { classify, countByKey, perSecond, type Call } from "./call-log";
import type { FakePlatformConfig } from "./config";

/**
 * A fake of the real Platform service, for the acceptance of issue 30: the sandbox's generated
 * world and its handlers (lib/sandbox, the contract's second implementation) behind a gateway
 * that behaves as the production service does at a restaurant group's scale: limits per location
 * (the sandbox's own limiter, keyed by the restaurant header, with its X-<Brand>-RateLimit-*
 * headers and 429 + Retry-After), a wait of seconds before an export's first byte, a location
 * refused for good (403), an outage switched from outside (503s or reset connections), a date
 * whose export changes after closeout, a 409 during paging, a late firstBusinessDate, a wrapped
 * and an empty export, and a log of every call for the counting. It runs in a process of its
 * own (cli.ts); the app reaches it only over HTTP.
 */

export interface FakePlan {
  url: string;
  startedAt: number;
  timeScale: number;
  perSecond: number;
  per15Minutes: number;
  exportDelayMs: [number, number];
  clientId: string;
  clientSecret: string;
  locations: {
    guid: string;
    name: string;
    timeZone: string;
    closeoutHour: number;
    firstBusinessDate: number;
  }[];
  refused: string | null;
  firstBusinessDate: { guid: string; date: string } | null;
  revised: { guid: string; date: string; revisedAt: number | null } | null;
  conflict: { guid: string; resource: string; times: number } | null;
  wrapped: { guid: string; date: string } | null;
  empty: { guid: string; date: string } | null;
}

export interface FakePlatform {
  plan: FakePlan;
  close: () => Promise<void>;
}

const PARTNER = "kp-partner";

/** The business date `daysAgo` dates before the one in progress at the location. */
function dateAgo(world: World, location: number, daysAgo: number, now: number): string {
  const r = world.restaurants[location]!;
  return addBusinessDays(
    currentBusinessDate({ timeZone: r.timeZone, closeoutHour: r.closeoutHour }, now),
    -daysAgo,
  );
}

/** The generated world with the configured firstBusinessDate applied. */
function buildWorld(config: FakePlatformConfig, now: number): World {
  const world = scaledWorld({ restaurants: config.locations, seed: config.seed });
  if (config.firstBusinessDate) {
    const { location, daysAgo } = config.firstBusinessDate;
    world.restaurants[location] = {
      ...world.restaurants[location]!,
      firstBusinessDate: Number(dateAgo(world, location, daysAgo, now)),
    };
  }
  return world;
}

function buildPlan(config: FakePlatformConfig, world: World, now: number): Omit<FakePlan, "url"> {
  const guid = (i: number) => world.restaurants[i]!.guid;
  const at = (spec: { location: number; daysAgo: number } | null) =>
    spec ? { guid: guid(spec.location), date: dateAgo(world, spec.location, spec.daysAgo, now) } : null;
  const partner = world.clients.find((c) => c.clientId === PARTNER);
  if (!partner) throw new Error(`the generated world has no client ${PARTNER}`);
  return {
    startedAt: now,
    timeScale: config.timeScale,
    perSecond: config.perSecond,
    per15Minutes: config.per15Minutes,
    exportDelayMs: config.exportDelayMs,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    locations: world.restaurants.map((r) => ({
      guid: r.guid,
      name: r.name,
      timeZone: r.timeZone,
      closeoutHour: r.closeoutHour,
      firstBusinessDate: r.firstBusinessDate,
    })),
    refused: config.refusedLocation === null ? null : guid(config.refusedLocation),
    firstBusinessDate: config.firstBusinessDate
      ? {
          guid: guid(config.firstBusinessDate.location),
          date: String(world.restaurants[config.firstBusinessDate.location]!.firstBusinessDate),
        }
      : null,
    revised: config.revised
      ? {
          ...at(config.revised)!,
          revisedAt: config.revised.afterMs === null ? null : now + config.revised.afterMs * config.timeScale,
        }
      : null,
    conflict: config.conflict
      ? {
          guid: guid(config.conflict.location),
          resource: config.conflict.resource,
          times: config.conflict.times,
        }
      : null,
    wrapped: at(config.wrapped),
    empty: at(config.empty),
  };
}

/**
 * The revised export: what the service sends once late bumps and offline devices have synced.
 * Every fourth record is fulfilled 25 minutes later, and five late-synced level-0 records (copies
 * with their own selection GUID) are added, so every figure of the date moves.
 */
function reviseExport(records: Record<string, unknown>[]): Record<string, unknown>[] {
  const out = records.map((r, i) =>
    i % 4 === 0 && typeof r.itemFulfilledAt === "string"
      ? { ...r, itemFulfilledAt: new Date(Date.parse(r.itemFulfilledAt) + 25 * 60_000).toISOString() }
      : r,
  );
  const late = records.filter((r) => r.itemFulfillmentLevel === 0).slice(0, 5);
  late.forEach((r, i) =>
    out.push({ ...r, selectionGuid: `${String(r.selectionGuid).slice(0, -4)}${String(9000 + i)}` }),
  );
  return out;
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify(errorBody(status, code, message, newRequestId()));
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function toRequest(req: IncomingMessage, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // a header the Fetch standard forbids cannot reach a Web handler anyway
    }
  }
  return new Request(url, { method: req.method, headers, signal });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakePlatform(config: FakePlatformConfig): Promise<FakePlatform> {
  const now = Date.now();
  const world = buildWorld(config, now);
  const plan0 = buildPlan(config, world, now);
  // The sandbox's limiter is per client and restaurant header: per location, for our one client.
  const sandbox = createSandbox({
    world,
    signingSecret: randomBytes(32).toString("base64url"),
    rateLimit: { perSecond: config.perSecond, per15Minutes: config.per15Minutes },
    exportLatency: false,
    pageSize: { config: config.configPageSize },
  });
  // The admin's own reader of the same world: unlimited and uncounted, so looking costs the app nothing.
  const adminSandbox = createSandbox({ world, rateLimit: false, exportLatency: false });
  const calls: Call[] = [];
  const outage = { on: false, mode: "503" as "503" | "reset" };
  let conflictsLeft = plan0.conflict?.times ?? 0;
  const sockets = new Set<import("node:net").Socket>();

  const admin = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const send = (body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    };
    if (url.pathname === "/__admin/plan") return send({ ...plan0, url: origin });
    if (url.pathname === "/__admin/calls") {
      const since = Number(url.searchParams.get("since") ?? 0);
      return send({ now: Date.now(), outage, calls: calls.filter((c) => c.t >= since) });
    }
    if (url.pathname === "/__admin/counts") {
      // The counting the acceptance asks for: per location × endpoint × date, and per second (summed and busiest location).
      return send({ now: Date.now(), byKey: countByKey(calls), perSecond: perSecond(calls) });
    }
    if (url.pathname === "/__admin/outage" && req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as { on?: boolean; mode?: "503" | "reset" };
      outage.on = body.on === true;
      if (body.mode === "reset" || body.mode === "503") outage.mode = body.mode;
      return send({ outage, at: Date.now() });
    }
    if (url.pathname === "/__admin/revise" && req.method === "POST") {
      if (!plan0.revised) return jsonError(res, 400, 40000, "no revised date is configured");
      plan0.revised.revisedAt = Date.now();
      return send({ revisedAt: plan0.revised.revisedAt });
    }
    if (url.pathname === "/__admin/export" && req.method === "GET") {
      // The export exactly as the app would receive it now, without counting, waiting or limits.
      const guid = url.searchParams.get("location") ?? "";
      const date = url.searchParams.get("date") ?? "";
      return send({ records: await exportRecords(guid, date) });
    }
    return jsonError(res, 404, 40400, `no admin route ${url.pathname}`);
  };

  let adminToken: string | null = null;
  /** The sandbox's records for a date, with the revision applied when it is due. */
  const exportRecords = async (guid: string, date: string): Promise<Record<string, unknown>[]> => {
    adminToken ??= ((await (await adminSandbox(loginRequest())).json()) as { token: { accessToken: string } })
      .token.accessToken;
    const response = await adminSandbox(
      new Request(`${origin}/kitchen/v1/export/itemFulfillments?businessDate=${date}`, {
        headers: { Authorization: `Bearer ${adminToken}`, "Platform-Restaurant-External-ID": guid },
      }),
    );
    const records = response.status === 200 ? ((await response.json()) as Record<string, unknown>[]) : [];
    return revisionDue(guid, date) ? reviseExport(records) : records;
  };
  const loginRequest = () =>
    new Request(`${origin}/authentication/v1/authentication/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientId: plan0.clientId,
        clientSecret: plan0.clientSecret,
        userAccessType: "PLATFORM_MACHINE_CLIENT",
      }),
    });
  const revisionDue = (guid: string, date: string) =>
    plan0.revised !== null &&
    plan0.revised.guid === guid &&
    plan0.revised.date === date &&
    plan0.revised.revisedAt !== null &&
    Date.now() >= plan0.revised.revisedAt;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    if (url.pathname.startsWith("/__admin/")) return admin(req, res, url);
    const { endpoint, pathGuid } = classify(req.method ?? "GET", url.pathname);
    const location =
      pathGuid ?? (req.headers["platform-restaurant-external-id"] as string | undefined) ?? null;
    const call: Call = {
      t: Date.now(),
      location,
      endpoint,
      date: url.searchParams.get("businessDate"),
      status: 0,
      outage: outage.on,
      paged: url.searchParams.has("pageToken"),
    };
    calls.push(call);
    res.on("finish", () => (call.status = res.statusCode));
    if (outage.on) {
      if (outage.mode === "reset") return void req.socket.destroy();
      return jsonError(res, 503, 50300, "Service unavailable (maintenance).");
    }
    if (location !== null && location === plan0.refused)
      return jsonError(res, 403, 40301, "Access to this restaurant is not permitted for this client.");
    if (
      plan0.conflict &&
      location === plan0.conflict.guid &&
      endpoint === `config:${plan0.conflict.resource}` &&
      call.paged &&
      conflictsLeft > 0
    ) {
      conflictsLeft -= 1;
      return jsonError(
        res,
        409,
        40900,
        "The configuration was republished during paging: re-submit the request without the pageToken.",
      );
    }
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const request =
      body === undefined
        ? toRequest(req, url, abort.signal)
        : new Request(url, { method: "POST", headers: toRequest(req, url, abort.signal).headers, body });
    const response = await sandbox(request);
    let text = await response.text();
    if (endpoint === "export" && response.status === 200 && location !== null && call.date !== null) {
      if (revisionDue(location, call.date))
        text = JSON.stringify(reviseExport(JSON.parse(text) as Record<string, unknown>[]));
      if (plan0.wrapped?.guid === location && plan0.wrapped.date === call.date) text = `{"data":${text}}`;
      if (plan0.empty?.guid === location && plan0.empty.date === call.date) text = "";
      const [min, max] = config.exportDelayMs;
      await new Promise((resolve) =>
        setTimeout(resolve, (min + Math.random() * (max - min)) * config.timeScale),
      );
    }
    if (res.destroyed) return;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    headers["content-length"] = String(Buffer.byteLength(text));
    res.writeHead(response.status, headers);
    res.end(text);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[fake-platform] unexpected error", error);
      if (!res.headersSent) jsonError(res, 500, 50000, "Unexpected server error.");
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    plan: { ...plan0, url: origin },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
