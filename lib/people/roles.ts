/**
 * The roles, declared once, highest first. owner and admin see every added restaurant and manage
 * people (only an owner may change an owner); an area manager sees the restaurants of their areas;
 * a manager their granted restaurants and areas, and edits their targets; a viewer reads only.
 */
export const ROLES = ["owner", "admin", "area_manager", "manager", "viewer"] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  area_manager: "Area manager",
  manager: "Manager",
  viewer: "Viewer",
};

/** Whether the role sees every added restaurant (no grants needed). */
export function seesEveryRestaurant(role: Role): boolean {
  return role === "owner" || role === "admin";
}
