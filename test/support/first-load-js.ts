import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * First-load JavaScript of a route: the <script src> chunks of its server-rendered HTML, sized
 * from the build directory (raw and gzip level 9). One home for the measurement that
 * e2e/kitchen-bundle.spec.ts asserts on and `npm run bench:web` reports.
 */

// recharts' class names survive minification; no other code of ours spells them.
const RECHARTS = /recharts-(wrapper|cartesian|bar-rectangle|reference-line)/;

export interface Chunk {
  file: string;
  raw: number;
  gzip: number;
  recharts: boolean;
}

/** One chunk by its URL path (/_next/static/...), read from `distDir`. */
export function chunkOf(distDir: string, src: string): Chunk {
  const file = src.replace(/^\/_next\//, "").split("?")[0]!;
  const body = readFileSync(join(distDir, file));
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    recharts: RECHARTS.test(body.toString("utf8")),
  };
}

/**
 * The distinct /_next/static/ script chunks a page's HTML has a browser load. A `nomodule` script
 * (Next's polyfills for browsers without ES modules, about 39 KB gzip) is left out: every browser
 * that runs our module chunks skips it without downloading it, which e2e/kitchen-bundle.spec.ts
 * checks in chromium. `legacyChunks` lists those scripts.
 */
export function firstLoadChunks(distDir: string, html: string): Chunk[] {
  return scriptChunks(distDir, html, false);
}

/** The `nomodule` script chunks of a page's HTML: fetched only by browsers without ES modules. */
export function legacyChunks(distDir: string, html: string): Chunk[] {
  return scriptChunks(distDir, html, true);
}

function scriptChunks(distDir: string, html: string, noModule: boolean): Chunk[] {
  const srcs = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+\.js[^"]*)"([^>]*)>/g)]
    .filter((m) => /\snomodule\b/i.test(`${m[1]} ${m[3]}`) === noModule)
    .map((m) => m[2]!)
    .filter((s) => s.startsWith("/_next/static/"));
  return [...new Set(srcs)].map((src) => chunkOf(distDir, src));
}

export const totalBytes = (chunks: Chunk[], key: "raw" | "gzip") =>
  chunks.reduce((sum, c) => sum + c[key], 0);
/** KiB with one decimal. */
export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
