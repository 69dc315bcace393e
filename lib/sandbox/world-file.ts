import { readFileSync } from "node:fs";

import { worldSchema, type World } from "./world";

/** A world declared in a JSON file (SANDBOX_WORLD_FILE, or --world standalone), validated. */
export function loadWorldFile(path: string): World {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`Cannot read sandbox world file ${path}: ${(error as Error).message}`);
  }
  const result = worldSchema.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new Error(`Invalid sandbox world file ${path}:\n${lines.join("\n")}`);
  }
  return result.data;
}
