// Runs inside `next build` (next.config.mjs, compiler.runAfterProductionCompile), so it is plain
// JavaScript: the config cannot import TypeScript. Types for the tests: compile-hints.d.mts.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all its
 * functions compiled eagerly, on the background thread that streams the script in, instead of
 * lazily on the main thread the first time each is called. Other engines read a comment.
 *
 * Why: profiled on the Kitchen page at 4x CPU, Turbopack's module instantiation at start-up spent
 * about 200 ms of main-thread time compiling module factories lazily, most of the page's largest
 * long task (issue 16). With the hint on the start-up chunks that task fell to about 40 ms.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The chunks a page's HTML loads at start, for every route: the framework's root files and each
 * route's entry files (layouts, page, error and not-found boundaries). Only these get the hint:
 * V8's guidance is to mark code that runs during load, and chunks loaded later on demand (the
 * charts, the CSV writer) would be compiled whole for the few functions they run.
 * Paths are relative to the build directory ("static/chunks/....js").
 *
 * @param {string} distDir the build directory
 * @returns {string[]}
 */
export function startupChunks(distDir) {
  const chunks = new Set();
  const build = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  for (const file of build.rootMainFiles ?? []) chunks.add(file);
  for (const manifest of clientReferenceManifests(path.join(distDir, "server", "app"))) {
    for (const files of Object.values(manifest.entryJSFiles ?? {}))
      for (const file of files) chunks.add(file);
  }
  return [...chunks].filter((file) => file.endsWith(".js")).sort();
}

/**
 * Every route's client reference manifest. Each is a script that assigns the manifest to
 * globalThis.__RSC_MANIFEST[route]; it is run in an empty context rather than parsed by pattern,
 * so a change in how Next prints it does not silently select nothing.
 *
 * @param {string} dir
 * @returns {Array<{ entryJSFiles?: Record<string, string[]> }>}
 */
function clientReferenceManifests(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...clientReferenceManifests(file));
    else if (entry.name.endsWith("_client-reference-manifest.js")) {
      const context = vm.createContext({});
      vm.runInContext(readFileSync(file, "utf8"), context, { filename: file, timeout: 5_000 });
      out.push(...Object.values(context.__RSC_MANIFEST ?? {}));
    }
  }
  return out;
}

/**
 * A source map for the same script with one line added on top: generated lines move down by one.
 *
 * @param {{ mappings?: string, sections?: Array<{ offset: { line: number, column: number } }> }} map
 */
export function shiftSourceMapOneLine(map) {
  if (Array.isArray(map.sections)) {
    return {
      ...map,
      sections: map.sections.map((s) => ({ ...s, offset: { ...s.offset, line: s.offset.line + 1 } })),
    };
  }
  return { ...map, mappings: `;${map.mappings ?? ""}` };
}

/**
 * Puts the hint on the first line of every start-up chunk (and moves its source map, when the build
 * wrote one, down by the same line). Running it twice changes nothing.
 *
 * @param {string} distDir the build directory
 * @returns {{ marked: string[], alreadyMarked: number }}
 */
export function addCompileHints(distDir) {
  const marked = [];
  let alreadyMarked = 0;
  for (const chunk of startupChunks(distDir)) {
    const file = path.join(distDir, chunk);
    const source = readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) {
      alreadyMarked++;
      continue;
    }
    writeFileSync(file, `${COMPILE_HINT}\n${source}`);
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
    const mapFile = mapName && !mapName.startsWith("data:") ? path.join(path.dirname(file), mapName) : null;
    if (mapFile && existsSync(mapFile)) {
      writeFileSync(
        mapFile,
        JSON.stringify(shiftSourceMapOneLine(JSON.parse(readFileSync(mapFile, "utf8")))),
      );
    }
    marked.push(chunk);
  }
  return { marked, alreadyMarked };
}
