import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { listAudit } from "@/lib/audit/audit-log";
import { parseAccountsFile } from "@/lib/auth/accounts-file";
import { runFirstRun, type FirstRunSource } from "@/lib/auth/first-run";
import { createSessionStore, revokeSessionsOf } from "@/lib/auth/session-store";
import type { Database } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { PermissionRefusedError } from "@/lib/errors/permission-refused-error";
import { listAreas } from "@/lib/people/areas";
import { createPersonAs, updatePersonAs, type Actor } from "@/lib/people/people-admin";
import {
  countPeople,
  findActivePerson,
  findPersonByEmail,
  listPeople,
  visibleRestaurantGuids,
} from "@/lib/people/people-store";
import { addedRestaurantGuids, listAddedRestaurants } from "@/lib/people/restaurant-registry";
import { addRestaurantAs, createAreaAs, updateAreaAs } from "@/lib/people/scope-admin";
import { defaultWorld } from "@/lib/sandbox/world";

import { databasePerTest, STORE_KINDS } from "./kitchen-harness";

/**
 * People, areas, the added restaurants, the access rule's query and the audit log on both stores,
 * from the demo accounts' first run: the rules of who sees what and who may change whom, each
 * change one transaction with its audit entry.
 */
const world = defaultWorld();
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
const nameOf = (guid: string) => world.restaurants.find((r) => r.guid === guid)!.name;
const DEMO: FirstRunSource = {
  source: "demo",
  directory: parseAccountsFile(
    readFileSync(path.resolve(__dirname, "../../lib/auth/demo-accounts.json"), "utf8"),
    "demo-accounts.json",
  ),
};
const OWNER: Actor = { email: "admin@kitchen.test", role: "owner" };
const noSessions = async () => 0;

async function seesNames(db: Database, email: string): Promise<string[]> {
  const person = await findActivePerson(db, email);
  return person ? (await visibleRestaurantGuids(db, person)).map(nameOf) : [];
}

describe.each(STORE_KINDS)("people on %s", (kind) => {
  const t = databasePerTest(kind, { now: Date.now() });

  it("imports the demo accounts once, with roles, the area and every restaurant, recorded", async () => {
    const [first, second] = await Promise.all([runFirstRun(t.db, DEMO), runFirstRun(t.db, DEMO)]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(await runFirstRun(t.db, DEMO)).toBe(false);
    expect(await countPeople(t.db)).toBe(3);
    expect((await listPeople(t.db)).map((p) => [p.email, p.role, p.hasPassword])).toEqual([
      ["admin@kitchen.test", "owner", true],
      ["ana@kitchen.test", "area_manager", true],
      ["ben@kitchen.test", "viewer", true],
    ]);
    // The file's order is the registry's.
    expect(await addedRestaurantGuids(t.db)).toEqual(DEMO.directory!.restaurantGuids);
    expect((await listAreas(t.db)).map((a) => [a.name, a.restaurantGuids.map(nameOf)])).toEqual([
      ["Harbor & Mesa", ["Harbor Street Kitchen", "Mesa Verde Cantina"]],
    ]);
    const [entry] = await listAudit(t.db, { action: "people.import" });
    expect(entry).toMatchObject({ actorEmail: "first-run", after: { people: 3, restaurants: 6, areas: 1 } });
  });

  it("lets each role see exactly its restaurants, and a deactivated person none", async () => {
    await runFirstRun(t.db, DEMO);
    expect(await seesNames(t.db, "admin@kitchen.test")).toEqual(world.restaurants.map((r) => r.name));
    expect(await seesNames(t.db, "ana@kitchen.test")).toEqual([
      "Harbor Street Kitchen",
      "Mesa Verde Cantina",
    ]);
    expect(await seesNames(t.db, "BEN@kitchen.test ")).toEqual(["Lakeside Diner", "Pier 9 Pizza"]);
    // A manager: an area and a restaurant granted on its own, in the order they were added.
    const [area] = await listAreas(t.db);
    const cook = await createPersonAs(t.db, OWNER, {
      email: "cook@kitchen.test",
      role: "manager",
      areaIds: [area!.id],
      restaurantGuids: [guidOf("Lakeside Diner")],
    });
    expect(await seesNames(t.db, "cook@kitchen.test")).toEqual([
      "Harbor Street Kitchen",
      "Mesa Verde Cantina",
      "Lakeside Diner",
    ]);
    // An area changed: its people see the change at their next lookup.
    await updateAreaAs(t.db, OWNER.email, area!.id, { restaurantGuids: [guidOf("Mesa Verde Cantina")] });
    expect(await seesNames(t.db, "ana@kitchen.test")).toEqual(["Mesa Verde Cantina"]);
    // An admin sees a restaurant added later, as owners do.
    await createPersonAs(t.db, OWNER, { email: "boss@kitchen.test", role: "admin" });
    await addRestaurantAs(t.db, OWNER.email, { guid: "new-guid", label: "New place" });
    expect(
      (await visibleRestaurantGuids(t.db, (await findActivePerson(t.db, "boss@kitchen.test"))!)).at(-1),
    ).toBe("new-guid");
    await updatePersonAs(t.db, OWNER, cook.id, { active: false }, noSessions);
    expect(await findActivePerson(t.db, "cook@kitchen.test")).toBeNull();
    expect(await seesNames(t.db, "cook@kitchen.test")).toEqual([]);
  });

  it("refuses an e-mail taken in another case, and leaves nothing of a refused creation", async () => {
    await runFirstRun(t.db, DEMO);
    await expect(createPersonAs(t.db, OWNER, { email: " Ana@KITCHEN.test", role: "viewer" })).rejects.toThrow(
      /ana@kitchen.test is already someone's e-mail/,
    );
    // The person row is written before the unknown area is found: the transaction takes it back.
    const refused = createPersonAs(t.db, OWNER, {
      email: "new@kitchen.test",
      role: "manager",
      areaIds: [999],
    });
    await expect(refused).rejects.toBeInstanceOf(InvalidInputError);
    await expect(refused).rejects.toThrow(/No such area: 999/);
    expect(await findPersonByEmail(t.db, "new@kitchen.test")).toBeNull();
    await expect(
      createAreaAs(t.db, OWNER.email, { name: "North", restaurantGuids: [guidOf("Lakeside Diner"), "nope"] }),
    ).rejects.toThrow(/Not an added restaurant: nope/);
    expect((await listAreas(t.db)).map((a) => a.name)).toEqual(["Harbor & Mesa"]);
    await expect(
      createAreaAs(t.db, OWNER.email, { name: "harbor & MESA", restaurantGuids: [] }),
    ).rejects.toThrow(/An area named "harbor & MESA" exists already/);
    expect(await listAudit(t.db, { actor: OWNER.email })).toEqual([]);
  });

  it("keeps owners for owners, and never removes the last one", async () => {
    await runFirstRun(t.db, DEMO);
    const owner = (await findPersonByEmail(t.db, "admin@kitchen.test"))!;
    const admin: Actor = { email: "boss@kitchen.test", role: "admin" };
    await createPersonAs(t.db, OWNER, { email: admin.email, role: "admin" });
    await expect(
      updatePersonAs(t.db, admin, owner.id, { role: "viewer" }, noSessions),
    ).rejects.toBeInstanceOf(PermissionRefusedError);
    await expect(updatePersonAs(t.db, admin, owner.id, { active: false }, noSessions)).rejects.toThrow(
      /Only an owner can change an owner/,
    );
    await expect(createPersonAs(t.db, admin, { email: "o2@kitchen.test", role: "owner" })).rejects.toThrow(
      /Only an owner can make someone an owner/,
    );
    await expect(updatePersonAs(t.db, OWNER, owner.id, { role: "admin" }, noSessions)).rejects.toThrow(
      /The last owner cannot be demoted or deactivated/,
    );
    expect((await findPersonByEmail(t.db, owner.email))!.role).toBe("owner");
    // With a second owner, the first may step down.
    const second = await createPersonAs(t.db, OWNER, { email: "o2@kitchen.test", role: "owner" });
    await updatePersonAs(t.db, OWNER, owner.id, { role: "admin" }, noSessions);
    await expect(
      updatePersonAs(t.db, { email: second.email, role: "owner" }, second.id, { active: false }, noSessions),
    ).rejects.toThrow(/last owner/);
  });

  it("ends a deactivated person's sessions in the change's transaction, and audits before and after", async () => {
    await runFirstRun(t.db, DEMO);
    const sessions = createSessionStore(t.db, { maxAgeMs: 3_600_000 });
    const ben = (await findPersonByEmail(t.db, "ben@kitchen.test"))!;
    const { sid } = await sessions.start(ben.email);
    await sessions.start(ben.email);
    const kept = await sessions.start("ana@kitchen.test");
    expect(await sessions.listLive(ben.email)).toHaveLength(2);
    await updatePersonAs(t.db, OWNER, ben.id, { active: false }, revokeSessionsOf);
    expect(await sessions.find(sid)).toBeNull();
    expect(await sessions.listLive(ben.email)).toEqual([]);
    expect(await sessions.find(kept.sid)).not.toBeNull();
    await updatePersonAs(t.db, OWNER, ben.id, { active: true, role: "manager" }, revokeSessionsOf);
    const log = await listAudit(t.db, { actor: OWNER.email });
    expect(log.map((e) => e.action)).toEqual(["person.reactivate", "person.deactivate"]);
    expect(log[1]).toMatchObject({
      subjectKind: "person",
      subjectId: String(ben.id),
      before: { active: true, role: "viewer" },
      after: { active: false, role: "viewer" },
    });
    expect(log[0]).toMatchObject({
      before: { active: false, role: "viewer" },
      after: { active: true, role: "manager" },
    });
    expect(
      await listAudit(t.db, { action: "person.deactivate", from: new Date(Date.now() + 60_000) }),
    ).toEqual([]);
  });

  it("adds a restaurant once, audited with its GUID", async () => {
    await runFirstRun(t.db, DEMO);
    expect(await addRestaurantAs(t.db, OWNER.email, { guid: "g-1", label: "Dockside" })).toMatchObject({
      guid: "g-1",
      addedBy: OWNER.email,
    });
    expect(await addRestaurantAs(t.db, OWNER.email, { guid: "g-1", label: "Again" })).toBeNull();
    expect((await listAddedRestaurants(t.db)).filter((r) => r.guid === "g-1")).toHaveLength(1);
    expect(await listAudit(t.db, { restaurant: "g-1" })).toMatchObject([
      { action: "restaurant.add", after: { guid: "g-1", label: "Dockside" } },
    ]);
  });
});
