/**
 * Peak memory of reading one busy kitchen export, buffered (the body as text, JSON.parse, then
 * record by record: the read before the export was streamed) against streamed (the client's
 * requestArray: element by element as the bytes arrive). Each mode runs in a child process of
 * its own against one local HTTP server; the child samples its heap and RSS every 2 ms while the
 * export is read, and reports the peak over its baseline and what stays held afterwards (the
 * day's records, kept for the ingest and the raw store).
 *
 *   node --conditions=react-server --import tsx --expose-gc bench/export-memory.ts [records=60000]
 */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

import { createPlatformClient } from "@/lib/platform";
import { Transport } from "@/lib/platform/client";
import { readItemFulfillments } from "@/lib/platform/schemas/kitchen";

const GUID = "6a1f2c3d-4b5e-4f60-8a7b-9c0d1e2f3a4b";
const MB = 1024 * 1024;

function busyDay(records: number): string {
  const out: unknown[] = [];
  for (let i = 0; i < records; i++) {
    const ticket = Math.floor(i / 30);
    out.push({
      restaurantGuid: GUID,
      orderGuid: `order-${ticket.toString().padStart(8, "0")}-aaaa-bbbb-cccc`,
      selectionGuid: `sel-${i.toString().padStart(10, "0")}-dddd-eeee-ffff`,
      selectionMenuItemGuid: `item-${i % 80}-0000-1111-2222-333333333333`,
      selectionMenuItemName: `Menu item number ${i % 80}`,
      ticketGuid: `ticket-${ticket}-4444-5555-6666-777777777777`,
      ticketFiredAt: "2025-03-04T18:02:11.000+0000",
      itemFulfilledAt: "2025-03-04T18:14:40.000+0000",
      itemStartedAt: "2025-03-04T18:05:03.000+0000",
      itemFulfillmentLevel: i % 3,
      prepStationGuid: `station-${i % 6}-8888-9999-aaaa-bbbbbbbbbbbb`,
      prepStationName: `Station ${i % 6}`,
      diningOptionName: "Dine In",
      diningOptionBehavior: "DINE_IN",
      courseName: "Mains",
      orderSource: "In Store",
      unknownExtraField: { nested: [1, 2, 3], note: "dropped by the reader" },
    });
  }
  return JSON.stringify(out);
}

async function child(mode: string, url: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const options = { baseUrl: url, clientId: "bench", clientSecret: "bench-secret", maxRetries: 0 };
  gc();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
    peakRss = Math.max(peakRss, m.rss);
  };
  const timer = setInterval(sample, 2);
  let kept: unknown;
  if (mode === "buffered") {
    // The read before streaming: the whole body, one JSON.parse, then record by record.
    const transport = new Transport(options);
    const response = await transport.request({
      method: "GET",
      path: "/kitchen/v1/export/itemFulfillments",
      query: "businessDate=20250304",
      restaurantGuid: GUID,
      schema: z.array(z.unknown()),
    });
    sample();
    kept = readItemFulfillments(response.data!).records;
  } else {
    const result = await createPlatformClient(options).kitchen.itemFulfillments(GUID, "20250304");
    kept = result.kind === "data" ? result.records : [];
  }
  sample();
  clearInterval(timer);
  gc();
  const after = process.memoryUsage();
  const count = (kept as unknown[]).length;
  console.log(
    JSON.stringify({
      mode,
      records: count,
      peakHeapMb: (peakHeap - base.heapUsed) / MB,
      peakRssMb: (peakRss - base.rss) / MB,
      heldMb: (after.heapUsed - base.heapUsed) / MB,
    }),
  );
}

async function main(): Promise<void> {
  const records = Number(process.argv[2] ?? 60_000);
  const body = Buffer.from(busyDay(records));
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/authentication")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          status: "SUCCESS",
          token: { tokenType: "Bearer", accessToken: "a.eyJ9.b", expiresIn: 86400 },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    // 64 KiB writes: the body arrives in many chunks, as a real export does.
    for (let i = 0; i < body.length; i += 65_536) res.write(body.subarray(i, i + 65_536));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`one export of ${records} records, ${(body.length / MB).toFixed(1)} MB of JSON`);
  for (const mode of ["buffered", "streamed"]) {
    // Asynchronous: the server answers from this process while the child reads.
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [...process.execArgv, import.meta.filename, "child", mode, url],
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    const r = JSON.parse(out.trim().split("\n").pop()!) as Record<string, number | string>;
    const f = (v: number | string) => (typeof v === "number" ? v.toFixed(1) : v);
    console.log(
      `${r.mode}: ${r.records} records; peak heap +${f(r.peakHeapMb!)} MB, peak RSS +${f(r.peakRssMb!)} MB, held after +${f(r.heldMb!)} MB`,
    );
  }
  server.close();
}

if (process.argv[2] === "child") void child(process.argv[3]!, process.argv[4]!);
else void main();
