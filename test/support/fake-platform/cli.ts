/**
 * The fake real service as a process of its own:
 *   node --import tsx test/support/fake-platform/cli.ts --config <file.json> | --config-json '<json>' [--port N]
 * Prints one line `{"ready": <plan>}` on stdout once listening (the plan names the locations, the
 * refused one, the revised date...), then serves until SIGTERM/SIGINT. Admin routes: GET
 * /__admin/plan, GET /__admin/calls?since=<ms> (every call), GET /__admin/counts (per location ×
 * endpoint × date, and per second), POST /__admin/outage {"on":true,"mode":"503"|"reset"},
 * POST /__admin/revise, GET /__admin/export?location=<guid>&date=<YYYYMMDD>.
 */
import { readFileSync } from "node:fs";

import { parseFakePlatformConfig } from "./config";
import { startFakePlatform } from "./server";

function readArgs(argv: string[]): unknown {
  let config: unknown;
  let port: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--config") config = JSON.parse(readFileSync(value, "utf8"));
    else if (flag === "--config-json") config = JSON.parse(value);
    else if (flag === "--port") port = Number(value);
    else throw new Error(`unknown flag ${flag} (known: --config FILE, --config-json JSON, --port N)`);
    i++;
  }
  if (config === undefined) throw new Error("give --config FILE or --config-json JSON");
  return port === undefined ? config : { ...(config as object), port };
}

// A function, not top-level await: the repository's TypeScript runs as CommonJS under tsx.
async function main(): Promise<void> {
  const fake = await startFakePlatform(parseFakePlatformConfig(readArgs(process.argv.slice(2))));
  process.stdout.write(`${JSON.stringify({ ready: fake.plan })}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(`fake-platform: ${(error as Error).message}`);
  process.exit(2);
});
