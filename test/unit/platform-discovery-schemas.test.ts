import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { clientIdentityFromJwt } from "@/lib/platform/jwt-claims";
import { groupRestaurant, partnerRestaurantsResponse } from "@/lib/platform/schemas/discovery";

/**
 * The listing schemas read the shapes of the published definitions (Partners API 1.0.1,
 * Restaurants API 1.0.0): every optional field may be missing or null, unknown fields are kept,
 * and the PaginatedResponse wrapper is read into items and the next token.
 */

// The definition's example entry, with fields the definition does not name (a later version's).
const mainStreet = {
  restaurantGuid: "7ab295f6-8dc8-4cb6-8cdb-072b83e84184",
  managementGroupGuid: "75063706-dd6e-4da6-8bb6-3a99e218e686",
  restaurantName: "Main Street Cafe",
  locationName: "123 Main Street",
  createdByEmailAddress: "clefebvre@mainstreetcafe.com",
  externalGroupRef: "",
  externalRestaurantRef: "",
  modifiedDate: 1678823073353,
  createdDate: 1678823073353,
  isoModifiedDate: "2023-03-14T19:44:33.353Z",
  isoCreatedDate: "2023-03-14T19:44:33.353Z",
  restaurantTimezone: "America/New_York",
  integrationSettings: { mode: "full" },
};

describe("partnerRestaurantsResponse", () => {
  it("reads the bare array of the definition, keeping unknown fields", () => {
    const page = partnerRestaurantsResponse.parse([mainStreet]);
    expect(page.nextPageToken).toBeUndefined();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.restaurantName).toBe("Main Street Cafe");
    expect(page.items[0]).toMatchObject({ restaurantTimezone: "America/New_York" });
  });

  it("reads an entry with only its GUID, and nulls where the definition allows nothing", () => {
    const page = partnerRestaurantsResponse.parse([
      { restaurantGuid: "e728cd53-2fa7-4e63-8f8f-93e78ea66b03" },
      { restaurantGuid: "bdfda703-2a83-4e0f-9b8a-8ea0ee6cab79", managementGroupGuid: null, deleted: true },
    ]);
    expect(page.items.map((r) => r.restaurantGuid)).toEqual([
      "e728cd53-2fa7-4e63-8f8f-93e78ea66b03",
      "bdfda703-2a83-4e0f-9b8a-8ea0ee6cab79",
    ]);
    expect(page.items[0]!.restaurantName).toBeUndefined();
    expect(page.items[1]!.deleted).toBe(true);
  });

  it("reads the PaginatedResponse wrapper: its results and the next page's token", () => {
    const page = partnerRestaurantsResponse.parse({
      currentPageNum: 1,
      results: [mainStreet],
      totalResultCount: 3222,
      pageSize: 1,
      currentPageToken: "cDoxLHM6MQ==",
      nextPageToken: "cDoyLHM6MQ==",
      totalCount: 3222,
      nextPageNum: 2,
      lastPageNum: 3222,
    });
    expect(page.items.map((r) => r.restaurantGuid)).toEqual([mainStreet.restaurantGuid]);
    expect(page.nextPageToken).toBe("cDoyLHM6MQ==");
  });

  it("reads the last page (no token, or an empty one, null page numbers) and an empty results", () => {
    expect(
      partnerRestaurantsResponse.parse({ results: [mainStreet], nextPageToken: null, nextPageNum: null })
        .nextPageToken,
    ).toBeUndefined();
    expect(partnerRestaurantsResponse.parse({ results: [], nextPageToken: "" })).toEqual({
      items: [],
      nextPageToken: undefined,
    });
    expect(partnerRestaurantsResponse.parse({ totalCount: 0 }).items).toEqual([]);
  });

  it("refuses an entry without a GUID, or a field of the wrong type, naming where", () => {
    const noGuid = partnerRestaurantsResponse.safeParse([{ restaurantName: "Nameless" }]);
    expect(noGuid.success).toBe(false);
    const wrongType = partnerRestaurantsResponse.safeParse([{ ...mainStreet, createdDate: "yesterday" }]);
    expect(wrongType.success).toBe(false);
    expect(JSON.stringify(wrongType.error?.issues)).toContain("createdDate");
  });
});

describe("groupRestaurant", () => {
  const list = z.array(groupRestaurant);
  it("reads the Restaurant objects of a group listing, each a GUID, extra fields kept", () => {
    const parsed = list.parse([{ guid: "a" }, { guid: "b", entityType: "Restaurant" }]);
    expect(parsed.map((r) => r.guid)).toEqual(["a", "b"]);
    expect(parsed[1]).toMatchObject({ entityType: "Restaurant" });
  });
  it("refuses an entry without a GUID", () => {
    expect(list.safeParse([{ guid: "" }]).success).toBe(false);
    expect(list.safeParse([{}]).success).toBe(false);
  });
});

describe("clientIdentityFromJwt", () => {
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("a-secret-of-sixteen-plus"));

  it("reads a partner's namespaced claims, whatever the namespace", async () => {
    const token = await sign({
      "https://platform.example.com/type": "PARTNER",
      "https://platform.example.com/partner_guid": "p-1",
      scope: "kitchen:read",
    });
    expect(clientIdentityFromJwt(token)).toEqual({
      type: "PARTNER",
      partnerGuid: "p-1",
      managementGroupGuid: null,
    });
  });

  it("reads a management group client's group (the type upper-cased)", async () => {
    const token = await sign({
      "https://other.test/ns/type": "customer",
      "https://other.test/ns/management_set_guid": "g-1",
    });
    expect(clientIdentityFromJwt(token)).toMatchObject({ type: "CUSTOMER", managementGroupGuid: "g-1" });
  });

  it("says nothing for an opaque token or one without the claims", () => {
    expect(clientIdentityFromJwt("opaque-token")).toEqual({
      type: null,
      managementGroupGuid: null,
      partnerGuid: null,
    });
    const bare = new UnsecuredJWT({ scope: "x", "https://x.test/type": 7 }).encode();
    expect(clientIdentityFromJwt(bare).type).toBeNull();
  });
});
