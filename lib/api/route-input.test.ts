import { describe, expect, it } from "vitest";
import { z } from "zod";

import { ApiError } from "./api-error";
import { parseRouteInput, queryObject } from "./route-input";

const range = z.object({
  from: z.string().regex(/^\d{8}$/, "must be YYYYMMDD"),
  limit: z.coerce.number().int().default(10),
});
const targets = z.object({
  targets: z.array(z.object({ seconds: z.number().int().min(1, "seconds must be at least 1") })).min(1),
});

const get = (query: string) => new Request(`http://localhost/api/x?${query}`);
const put = (body: string) => new Request("http://localhost/api/x", { method: "PUT", body });

async function refusal(run: () => Promise<unknown>): Promise<ApiError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("route input parsing", () => {
  it("reads the query string as an object, the last of a repeated key winning", () => {
    expect(queryObject("http://localhost/a?from=1&to=2&from=3")).toEqual({ from: "3", to: "2" });
  });

  it("gives the handler the schema's output, defaults and coercions applied", async () => {
    expect(await parseRouteInput(get("from=20250301&limit=5"), { query: range })).toEqual({
      query: { from: "20250301", limit: 5 },
      body: undefined,
    });
    expect(await parseRouteInput(get("from=20250301"), { query: range })).toEqual({
      query: { from: "20250301", limit: 10 },
      body: undefined,
    });
  });

  it("answers a refused query with a 400 naming the field, under the route's code when it has one", async () => {
    const plain = await refusal(() => parseRouteInput(get("from=2025-03-01"), { query: range }));
    expect([plain.status, plain.code, plain.message]).toEqual([
      400,
      "invalid_request",
      "from: must be YYYYMMDD",
    ]);
    const coded = await refusal(() =>
      parseRouteInput(get("from=x"), { query: range, queryErrorCode: "invalid_from" }),
    );
    expect([coded.status, coded.code]).toEqual([400, "invalid_from"]);
  });

  it("parses a JSON body, and refuses one that is not JSON or not the schema's", async () => {
    expect((await parseRouteInput(put('{"targets":[{"seconds":60}]}'), { body: targets })).body).toEqual({
      targets: [{ seconds: 60 }],
    });

    const notJson = await refusal(() =>
      parseRouteInput(put("{nope"), { body: targets, bodyShape: "{ targets: [{ seconds }] }" }),
    );
    expect([notJson.status, notJson.code, notJson.message]).toEqual([
      400,
      "invalid_json",
      "The body must be JSON: { targets: [{ seconds }] }",
    ]);
    const wrong = await refusal(() => parseRouteInput(put('{"targets":[{"seconds":0}]}'), { body: targets }));
    expect([wrong.status, wrong.code, wrong.message]).toEqual([
      400,
      "invalid_request",
      "targets.0.seconds: seconds must be at least 1",
    ]);
  });

  it("leaves the body unread when the route takes none", async () => {
    const request = put("{nope");
    expect(await parseRouteInput(request, {})).toEqual({ query: undefined, body: undefined });
    expect(request.bodyUsed).toBe(false);
  });
});
