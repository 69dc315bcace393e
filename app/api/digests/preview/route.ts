// GET /api/digests/preview?date=YYYYMMDD[&kind=weekly]: the signed-in person's digest of that date,
// as the morning mail would carry it (lib/digests), for their permitted restaurants.
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { isBusinessDate } from "@/lib/business-date/business-date";
import { digestPreviewSchema } from "@/lib/digests/digest-contract";
import { previewDigest } from "@/lib/digests/digest-server";

export const GET = withSession(
  async ({ session, query, request }) => {
    if (!isBusinessDate(query.date))
      throw new ApiError(400, "invalid_request", "date must be a real business date written YYYYMMDD");
    const digest = await previewDigest(session, query.kind, query.date, new URL(request.url).origin);
    if (!digest) throw new ApiError(403, "forbidden", "Only an active person has a digest");
    return jsonResponse(digest);
  },
  { query: digestPreviewSchema },
);
