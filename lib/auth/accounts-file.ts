import { z } from "zod";

import { ROLES, type Role } from "@/lib/people/roles";

/**
 * The accounts file: who may sign in and which restaurants each may see. One JSON document,
 * validated here so a typo fails loudly at the first sign-in rather than granting or hiding data.
 */
const BCRYPT_HASH = /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/;

const restaurantEntry = z.object({
  guid: z.string().trim().min(1, "restaurant guid must not be empty"),
  /** For people editing the file; the app shows names from the Platform. */
  label: z.string().optional(),
});

const accountEntry = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "must be an e-mail address" })),
  name: z.string().trim().min(1).optional(),
  /** bcrypt only. Absent: the account can sign in through OpenID Connect only. */
  passwordHash: z.string().regex(BCRYPT_HASH, "must be a bcrypt hash ($2b$...)").optional(),
  /** GUIDs from the file's `restaurants`, or "*" for every one of them (archived included). */
  restaurants: z.union([z.literal("*"), z.array(z.string().trim().min(1))]),
  /**
   * The role given on the first run's import (lib/auth/first-run.ts). Absent: "*" accounts become
   * owners and the others managers of their restaurants (they could edit targets before roles).
   */
  role: z.enum(ROLES).optional(),
  /** Names of the file's `areas` granted to the account on import. */
  areas: z.array(z.string().trim().min(1)).optional(),
});

const areaEntry = z.object({
  name: z.string().trim().min(1, "area name must not be empty"),
  restaurants: z.array(z.string().trim().min(1)),
});

export const accountsFileSchema = z
  .object({
    restaurants: z.array(restaurantEntry).min(1, "list at least one restaurant"),
    accounts: z.array(accountEntry),
    /** Areas created on the first run's import (optional). */
    areas: z.array(areaEntry).optional(),
  })
  .superRefine((file, ctx) => {
    const guids = new Set<string>();
    file.restaurants.forEach((r, i) => {
      if (guids.has(r.guid))
        ctx.addIssue({
          code: "custom",
          path: ["restaurants", i, "guid"],
          message: `duplicate restaurant ${r.guid}`,
        });
      guids.add(r.guid);
    });
    const emails = new Set<string>();
    file.accounts.forEach((a, i) => {
      if (emails.has(a.email))
        ctx.addIssue({
          code: "custom",
          path: ["accounts", i, "email"],
          message: `duplicate account ${a.email}`,
        });
      emails.add(a.email);
      a.areas?.forEach((name, j) => {
        if (!file.areas?.some((area) => area.name === name))
          ctx.addIssue({
            code: "custom",
            path: ["accounts", i, "areas", j],
            message: `${name} is not one of the file's areas`,
          });
      });
      if (a.restaurants === "*") return;
      a.restaurants.forEach((guid, j) => {
        if (!guids.has(guid)) {
          ctx.addIssue({
            code: "custom",
            path: ["accounts", i, "restaurants", j],
            message: `${guid} is not one of the file's restaurants`,
          });
        }
      });
    });
    file.areas?.forEach((area, i) =>
      area.restaurants.forEach((guid, j) => {
        if (!guids.has(guid))
          ctx.addIssue({
            code: "custom",
            path: ["areas", i, "restaurants", j],
            message: `${guid} is not one of the file's restaurants`,
          });
      }),
    );
  });

export type AccountsFile = z.infer<typeof accountsFileSchema>;

export interface Account {
  email: string;
  name?: string;
  passwordHash?: string;
  /** Resolved GUIDs, in the order of the file's restaurant list. */
  restaurantGuids: readonly string[];
  /** The role the file gives, if any (see accountEntry.role). */
  role?: Role;
  /** Whether the file lists the account with "*" (every restaurant). */
  everyRestaurant: boolean;
  areaNames: readonly string[];
}

export interface AccountDirectory {
  /** Every restaurant of the deployment, in file order. */
  restaurantGuids: readonly string[];
  /** The file's restaurants with their labels, in file order. */
  restaurants: readonly { guid: string; label: string }[];
  areas: readonly { name: string; restaurantGuids: readonly string[] }[];
  accounts: readonly Account[];
  find(email: string): Account | undefined;
}

export class AccountsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountsFileError";
  }
}

/** Parses and validates the file's text; the error names the source and every bad field. */
export function parseAccountsFile(text: string, source: string): AccountDirectory {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AccountsFileError(`Accounts file ${source} is not valid JSON: ${(error as Error).message}`);
  }
  const result = accountsFileSchema.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(file)"}: ${issue.message}`,
    );
    throw new AccountsFileError(`Accounts file ${source} is invalid:\n${lines.join("\n")}`);
  }
  return toDirectory(result.data);
}

export function toDirectory(file: AccountsFile): AccountDirectory {
  const all = file.restaurants.map((r) => r.guid);
  const byEmail = new Map<string, Account>();
  for (const a of file.accounts) {
    const allowed =
      a.restaurants === "*" ? all : all.filter((guid) => (a.restaurants as string[]).includes(guid));
    byEmail.set(a.email, {
      email: a.email,
      name: a.name,
      passwordHash: a.passwordHash,
      restaurantGuids: allowed,
      role: a.role,
      everyRestaurant: a.restaurants === "*",
      areaNames: a.areas ?? [],
    });
  }
  return {
    restaurantGuids: all,
    restaurants: file.restaurants.map((r) => ({ guid: r.guid, label: r.label ?? "" })),
    areas: (file.areas ?? []).map((a) => ({ name: a.name, restaurantGuids: a.restaurants })),
    accounts: [...byEmail.values()],
    find: (email) => byEmail.get(normalizeEmail(email)),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
