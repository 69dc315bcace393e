import "server-only";

import { pino, type Logger } from "pino";

import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/**
 * The server's structured logger: pino, one JSON line per event on stdout, at LOG_LEVEL (default
 * info). One per process (every bundle's copy of this module shares it), so the level and the
 * destination are set once. Modules take a child named for themselves: `logger("platform")`.
 *
 * Nothing secret belongs in a log line; the redaction below is the backstop for a header or a
 * credential passed by mistake, not a licence to pass them.
 */
function rootLogger(): Logger {
  return processSingleton("logger", () =>
    pino({
      level: env().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "authorization",
          "*.authorization",
          "headers",
          "*.headers",
          "clientSecret",
          "*.clientSecret",
          "accessToken",
          "*.accessToken",
          "token",
          "*.token",
        ],
        censor: "[redacted]",
      },
    }),
  );
}

/** The logger of one part of the server, its lines tagged `component`. */
export function logger(component: string): Logger {
  return rootLogger().child({ component });
}
