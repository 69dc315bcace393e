// Fails the e2e step at once, in one line, when no chromium the suite can drive is installed.
import { E2E_CHROMIUM_CANDIDATES, e2eChromium } from "./chromium-binary";

const binary = e2eChromium();
if (!binary) {
  const where = process.env.CHROMIUM_PATH
    ? `at CHROMIUM_PATH (${process.env.CHROMIUM_PATH})`
    : `at ${E2E_CHROMIUM_CANDIDATES.join(" or ")}`;
  console.error(
    `chromium not found ${where}: install it with "apt-get update && apt-get install -y chromium-headless-shell" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
console.log(`e2e chromium: ${binary}`);
