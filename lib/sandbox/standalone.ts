/**
 * `npm run sandbox [-- flags]`: the sandbox on its own port, for pointing the app (or curl) at
 * PLATFORM_BASE_URL=http://127.0.0.1:4010. Configured by flags only, because lib/env.ts is the
 * one reader of process.env and is server-only:
 *   --port <n> (4010; 0 = any free port)   --host <addr> (127.0.0.1)   --brand <Name> (Platform)
 *   --base-path <path> ("")   --world <file.json>   --signing-secret <s> (random per process)
 *   --claim-namespace <url>   --token-lifetime <s> (86400)   --fault-rate <0..1> (0)
 *   --faults on|off (off: the Sandbox-Fault request header is ignored)
 *   --rate-limit <per second>,<per 15 minutes> (20,10000) or off   --export-latency on|off (on)
 *   --now <ISO date-time | epoch ms>  freezes the clock there (reproducible open-day data)
 * Prints "Sandbox listening on <url>" once ready.
 */
import { parseArgs } from "node:util";

import { startSandboxServer, type SandboxServerOptions } from "./node-server";
import { loadWorldFile } from "./world-file";

function parseFlags(argv: string[]): SandboxServerOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      brand: { type: "string" },
      "base-path": { type: "string" },
      world: { type: "string" },
      "signing-secret": { type: "string" },
      "claim-namespace": { type: "string" },
      "token-lifetime": { type: "string" },
      "fault-rate": { type: "string" },
      faults: { type: "string" },
      "rate-limit": { type: "string" },
      "export-latency": { type: "string" },
      now: { type: "string" },
    },
  });
  const number = (
    name: string,
    raw: string | undefined,
    check: (n: number) => boolean,
  ): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (raw.trim() === "" || !check(n)) throw new Error(`--${name} '${raw}' is out of range`);
    return n;
  };
  let now: (() => number) | undefined;
  if (values.now !== undefined) {
    const fixed = /^\d+$/.test(values.now) ? Number(values.now) : Date.parse(values.now);
    if (Number.isNaN(fixed))
      throw new Error(`--now '${values.now}' is neither an ISO date-time nor epoch ms`);
    now = () => fixed;
  }
  return {
    port: number("port", values.port, (n) => Number.isInteger(n) && n >= 0 && n < 65536) ?? 4010,
    host: values.host,
    brand: values.brand,
    basePath: values["base-path"],
    world: values.world ? loadWorldFile(values.world) : undefined,
    signingSecret: values["signing-secret"],
    claimNamespace: values["claim-namespace"],
    tokenLifetimeS: number("token-lifetime", values["token-lifetime"], (n) => Number.isInteger(n) && n >= 1),
    faultRate: number("fault-rate", values["fault-rate"], (n) => n >= 0 && n <= 1),
    faultHeaders: onOff("faults", values.faults) ?? false,
    rateLimit: rateLimitFlag(values["rate-limit"]),
    exportLatency: onOff("export-latency", values["export-latency"]) === false ? false : undefined,
    now,
  };
}

function onOff(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === "on" || raw === "off") return raw === "on";
  throw new Error(`--${name} '${raw}' must be on or off`);
}

function rateLimitFlag(raw: string | undefined): SandboxServerOptions["rateLimit"] {
  if (raw === undefined || raw === "on") return undefined;
  if (raw === "off") return false;
  const m = /^(\d+),(\d+)$/.exec(raw);
  const [perSecond, per15Minutes] = [Number(m?.[1]), Number(m?.[2])];
  if (!m || perSecond < 1 || per15Minutes < 1)
    throw new Error(`--rate-limit '${raw}' must be on, off or <per second>,<per 15 minutes>`);
  return { perSecond, per15Minutes };
}

async function main(): Promise<void> {
  const server = await startSandboxServer(parseFlags(process.argv.slice(2)));
  console.log(`Sandbox listening on ${server.url}`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
