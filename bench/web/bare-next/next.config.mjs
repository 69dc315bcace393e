// The bare Next.js floor of `npm run bench:web` (bench/web/bare-next.ts): the stack's own minimum,
// built as the app is built (the same compile hints on the start-up chunks), nothing else.
import path from "node:path";

import { addCompileHints } from "../../../lib/build/compile-hints.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The one header of ours that changes how the browser loads the page: with
  // Cross-Origin-Opener-Policy: same-origin (lib/security/security-headers.ts) a navigation from
  // Lighthouse's about:blank commits in a renderer process started for it, not in the one that
  // drew about:blank, and the page pays that process's first work. Measured side by side, the same
  // bare page without it blocked for about half as long. The floor sends it, as our pages do.
  headers: async () => [
    { source: "/:path*", headers: [{ key: "Cross-Origin-Opener-Policy", value: "same-origin" }] },
  ],
  compiler: {
    runAfterProductionCompile: async ({ projectDir, distDir }) => {
      addCompileHints(path.resolve(projectDir, distDir));
    },
  },
};

export default nextConfig;
