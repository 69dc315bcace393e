// `npm test`: every suite (types, lint, unit, integration, e2e), with one overlap. The production
// build the e2e suite serves (`next build`, about three minutes, most of it on both cores) runs
// beside lint and the unit tests, which need nothing from it. The type check runs before it starts,
// so tsc never reads the build's generated types half-written. The integration suite waits for the build to finish: two of its files
// serve it (production-errors and issue 30's acceptance, real-service-chain), and its rate and
// deadline tests measure real time, and share the machine with nothing else (a run with more
// contention failed one). The first failure stops the run with its exit code; a failed build
// prints its log.
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildLog = path.join(mkdtempSync(path.join(tmpdir(), "kp-build-")), "next-build.log");

const children = new Set();
// A failed step ends the run; the build running beside it ends with it.
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
});

/** Runs a command in the repository; resolves with its exit code. Output goes to ours, or to `logFile`. */
function run(command, args, { env = {}, logFile } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    children.add(child);
    child.on("close", () => children.delete(child));
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on("close", (code) => log.end(() => resolve(code ?? 1)));
    } else child.on("close", (code) => resolve(code ?? 1));
  });
}

const step = async (label, command, args, options) => {
  console.log(`\n== ${label}`);
  const started = Date.now();
  const code = await run(command, args, options);
  console.log(
    `== ${label}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (code !== 0) process.exit(code);
};

await step("chromium", process.execPath, ["--import", "tsx", "e2e/check-chromium.ts"]);
await step("types", "npm", ["run", "typecheck"]);

// The repository was just type-checked, so the build skips its own second pass of the same check.
console.log("\n== next build (beside lint and unit tests; its log is printed if it fails)");
const buildStarted = Date.now();
const build = run("npx", ["next", "build"], { env: { NEXT_BUILD_TYPECHECKED: "1" }, logFile: buildLog });

await step("lint", "npm", ["run", "lint"]);
await step("unit", "npm", ["run", "test:unit"]);

const buildCode = await build;
console.log(
  `\n== next build: ${buildCode === 0 ? "passed" : `failed (exit ${buildCode})`} in ${Math.round((Date.now() - buildStarted) / 1000)} s`,
);
const buildOutput = readFileSync(buildLog, "utf8");
if (buildCode !== 0) {
  console.log(buildOutput);
  process.exit(buildCode);
}
console.log(
  buildOutput
    .split("\n")
    .filter((line) => /compile hints|Compiled|Turbopack/.test(line))
    .join("\n"),
);

await step("integration", "npm", ["run", "test:integration"]);
await step("e2e", "npx", ["playwright", "test"]);
