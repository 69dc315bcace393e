import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

/**
 * The layers (ARCHITECTURE.md): Platform -> lib/platform -> domain -> route handlers -> lib/queries
 * -> components. Each entry forbids the imports that would run an arrow back up or skip a layer,
 * by alias ("@/lib/x", "@/lib/x/...") and by relative path climbing out of the folder
 * ("../../lib/x", and inside lib "../x"). Files match one entry each: flat config replaces, not
 * merges, a rule's options when two entries match.
 */
const DOMAINS = [
  "kitchen",
  "menu",
  "stations",
  "config-explorer",
  "config-reads",
  "vocabulary",
  "restaurants",
  "business-date",
];

/** An import pattern for `@/lib/<name>` and its sub-paths, alias or relative. */
function libImports(names, message, { relativeInsideLib = false } = {}) {
  const alternatives = names.join("|");
  return [
    { regex: `^@/lib/(${alternatives})(/.*)?$`, message },
    { regex: `^(\\.\\./)+lib/(${alternatives})(/.*)?$`, message },
    ...(relativeInsideLib ? [{ regex: `^(\\.\\./)+(${alternatives})(/.*)?$`, message }] : []),
  ];
}

const DOMAIN_MESSAGE =
  "Domain code sits below the route handlers and the browser queries: throw domain errors, keep contract types in the domain.";

const layerRules = [
  {
    files: ["components/**/*.{ts,tsx}"],
    patterns: libImports(
      ["platform", "platform-wiring", "db", "sandbox"],
      "Components run in the browser: reach server data through lib/queries and the app's API routes.",
    ),
  },
  {
    files: ["lib/platform/**/*.{ts,tsx}"],
    patterns: libImports(
      ["sandbox", "platform-wiring", ...DOMAINS, "access", "auth", "api", "queries"],
      "lib/platform is a client for any credentials: it knows no domain, no sandbox and no app wiring (compose those in lib/platform-wiring).",
      { relativeInsideLib: true },
    ),
  },
  {
    files: DOMAINS.map((domain) => `lib/${domain}/**/*.{ts,tsx}`),
    patterns: libImports(["api", "queries"], DOMAIN_MESSAGE, { relativeInsideLib: true }),
  },
  {
    // The kitchen's server side (what the routes and the backfill run) never reads the page's
    // words and shapes; what both sides need (range presets, the today comparison) is contract.
    files: ["lib/kitchen/{contract,ingest,query,service,storage}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    patterns: [
      ...libImports(["api", "queries"], DOMAIN_MESSAGE, { relativeInsideLib: true }),
      ...libImports(
        ["kitchen/present"],
        "lib/kitchen/present is the Kitchen page's presentation: server code reads lib/kitchen/contract or query.",
      ),
      {
        regex: "^(\\.\\./)+present(/.*)?$",
        message:
          "lib/kitchen/present is the Kitchen page's presentation: server code reads lib/kitchen/contract or query.",
      },
    ],
  },
  {
    files: ["app/api/**/*.{ts,tsx}"],
    patterns: libImports(
      ["queries"],
      "Route handlers are server code: the browser query layer imports the contract from the domain, not the other way round.",
    ),
  },
  {
    files: ["lib/queries/**/*.{ts,tsx}"],
    patterns: libImports(
      ["platform", "platform-wiring", "db", "sandbox"],
      "lib/queries runs in the browser: it talks to the app's API routes only.",
      { relativeInsideLib: true },
    ),
  },
].map(({ files, ignores, patterns }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { "no-restricted-imports": ["error", { patterns }] },
}));

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "bench/web/bare-next/.next/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      ".data/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layerRules,
  // Layout belongs to Prettier (`npm run format`); this turns off the stylistic rules that would fight it.
  prettier,
];

export default config;
