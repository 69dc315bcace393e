// Fails the e2e step at once, in one line, when Debian's chromium is not installed.
import { accessSync, constants } from "node:fs";

const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(`chromium not found at ${path}: install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  process.exit(1);
}
