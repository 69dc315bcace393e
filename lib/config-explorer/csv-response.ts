import "server-only";
import { NO_STORE } from "@/lib/api/error-response";

/**
 * A CSV download. The byte-order mark lets spreadsheet apps read the file as UTF-8 (menu names
 * carry accents), matching the browser-built downloads of components/ui.
 */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": NO_STORE,
    },
  });
}
