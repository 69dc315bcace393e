import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import {
  addCompileHints,
  COMPILE_HINT,
  shiftSourceMapOneLine,
  startupChunks,
} from "@/lib/build/compile-hints.mjs";

/**
 * The build step that puts V8's compile hint on the start-up chunks, run on a build directory laid
 * out as Next 16 writes one (build-manifest.json, and per route a client reference manifest that is
 * a script assigning to globalThis.__RSC_MANIFEST). The e2e suite checks the real build over HTTP.
 */
let dist: string;

const write = (rel: string, body: string) => {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
};
const read = (rel: string) => readFileSync(path.join(dist, rel), "utf8");

function referenceManifest(route: string, entryJSFiles: Record<string, string[]>): string {
  const manifest = { moduleLoading: { prefix: "/_next/" }, clientModules: {}, entryJSFiles };
  return `globalThis.__RSC_MANIFEST=(globalThis.__RSC_MANIFEST||{});globalThis.__RSC_MANIFEST[${JSON.stringify(route)}]=${JSON.stringify(manifest)};`;
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  write(
    "build-manifest.json",
    JSON.stringify({
      rootMainFiles: ["static/chunks/framework.js", "static/chunks/turbopack-runtime.js"],
      polyfillFiles: ["static/chunks/polyfills.js"],
    }),
  );
  write(
    "server/app/(app)/restaurants/[guid]/kitchen/page_client-reference-manifest.js",
    referenceManifest("/(app)/restaurants/[guid]/kitchen/page", {
      "[project]/app/layout": ["static/chunks/layout.js", "static/styles.css"],
      "[project]/app/(app)/restaurants/[guid]/kitchen/page": [
        "static/chunks/layout.js",
        "static/chunks/kitchen.js",
      ],
    }),
  );
  write(
    "server/app/sign-in/page_client-reference-manifest.js",
    referenceManifest("/sign-in/page", { "[project]/app/sign-in/page": ["static/chunks/sign-in.js"] }),
  );
  for (const name of ["framework", "turbopack-runtime", "layout", "sign-in", "charts", "polyfills"])
    write(`static/chunks/${name}.js`, `console.log(${JSON.stringify(name)});\n`);
  write("static/chunks/kitchen.js", `console.log("kitchen");\n//# sourceMappingURL=kitchen-map.js.map`);
  write(
    "static/chunks/kitchen-map.js.map",
    JSON.stringify({ version: 3, sources: ["kitchen.tsx"], names: [], mappings: "AAAA,QAAQ" }),
  );
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("startupChunks", () => {
  it("is the framework's root files and every route's entry scripts, nothing loaded later", () => {
    expect(startupChunks(dist)).toEqual([
      "static/chunks/framework.js",
      "static/chunks/kitchen.js",
      "static/chunks/layout.js",
      "static/chunks/sign-in.js",
      "static/chunks/turbopack-runtime.js",
    ]);
  });
});

describe("addCompileHints", () => {
  it("puts the hint on the first line of each start-up chunk and leaves the rest untouched", () => {
    const { marked, alreadyMarked } = addCompileHints(dist);
    expect(marked).toHaveLength(5);
    expect(alreadyMarked).toBe(0);
    expect(read("static/chunks/framework.js")).toBe(`${COMPILE_HINT}\nconsole.log("framework");\n`);
    expect(read("static/chunks/kitchen.js").split("\n")[0]).toBe(COMPILE_HINT);
    // Loaded on demand (charts) or only by browsers without modules (polyfills): not marked.
    expect(read("static/chunks/charts.js")).toBe(`console.log("charts");\n`);
    expect(read("static/chunks/polyfills.js")).toBe(`console.log("polyfills");\n`);
  });

  it("moves the chunk's source map down by the added line", () => {
    addCompileHints(dist);
    const map = JSON.parse(read("static/chunks/kitchen-map.js.map")) as { mappings: string };
    // The first generated line (the hint) maps to nothing; the old first line is now the second.
    expect(map.mappings).toBe(";AAAA,QAAQ");
  });

  it("changes nothing when run again on the same build", () => {
    addCompileHints(dist);
    const before = read("static/chunks/kitchen.js") + read("static/chunks/kitchen-map.js.map");
    expect(addCompileHints(dist)).toEqual({ marked: [], alreadyMarked: 5 });
    expect(read("static/chunks/kitchen.js") + read("static/chunks/kitchen-map.js.map")).toBe(before);
  });

  it("fails on a directory that is not a build, rather than marking nothing", () => {
    rmSync(path.join(dist, "build-manifest.json"));
    expect(() => addCompileHints(dist)).toThrow(/build-manifest\.json/);
  });
});

describe("shiftSourceMapOneLine", () => {
  it("moves every section of an index map down by one line", () => {
    const map = {
      version: 3,
      sections: [
        { offset: { line: 0, column: 0 }, map: {} },
        { offset: { line: 7, column: 3 }, map: {} },
      ],
    };
    expect(shiftSourceMapOneLine(map).sections.map((s) => s.offset)).toEqual([
      { line: 1, column: 0 },
      { line: 8, column: 3 },
    ]);
  });
});
