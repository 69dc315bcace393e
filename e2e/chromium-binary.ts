import { accessSync, constants } from "node:fs";

/** Debian's two builds of chromium, in the order the e2e suite prefers them. */
export const E2E_CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"] as const;

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The chromium the e2e suite drives: `CHROMIUM_PATH` when set; otherwise Debian's headless shell
 * (package chromium-headless-shell, built from the same chromium source as the browser), which is
 * the build Playwright itself runs headless tests in; otherwise Debian's full chromium. Null when
 * none is installed.
 *
 * Why the shell first: every test opens a fresh browser context, and in the full browser each
 * context is a headless window with the browser's own interface (among it a renderer of its own
 * that preloads the omnibox's WebUI). Measured here: a context that loads the sign-in page and
 * closes costs 3.2–3.4 CPU-seconds in the full browser, 1.2–1.3 in the shell; a later navigation
 * of the same page 0.47–0.51 against 0.26–0.34.
 */
export function e2eChromium(): string | null {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return executable(chosen) ? chosen : null;
  return E2E_CHROMIUM_CANDIDATES.find(executable) ?? null;
}

/** The flags the e2e suite launches chromium with; the web benchmark launches it the same way. */
export const E2E_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
