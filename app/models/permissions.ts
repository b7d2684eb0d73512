// Permissions are data (STYLE 5): one map from role to what it may do, checked on
// the server by requirePermission and in the UI by userCan (to hide, never to guard).
import type { Role } from "#app/models/user.ts";

/** What every signed-in person may do. */
const EVERY_MEMBER = [
  "use:dashboard",
  "create:order",
  "read:order:own",
  "delete:order:own",
  "create:report",
  "use:wishlist",
  // Write and read the conversations of one's own requests and cars (issue 27).
  "use:conversation:own",
] as const;

export const PERMISSIONS = [
  ...EVERY_MEMBER,
  "create:listing",
  "update:listing:own",
  "delete:listing:own",
  "read:buyers:own",
  "read:user:any",
  "update:user:any",
  "delete:user:any",
  "read:report:any",
  "delete:listing:any",
  "update:site:any",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  buyer: [...EVERY_MEMBER],
  seller: [
    ...EVERY_MEMBER,
    "create:listing",
    "update:listing:own",
    "delete:listing:own",
    "read:buyers:own",
  ],
  admin: [
    ...EVERY_MEMBER,
    "read:user:any",
    "update:user:any",
    "delete:user:any",
    "read:report:any",
    "delete:listing:any",
    "update:site:any",
  ],
} satisfies Record<Role, Permission[]>;

export function roleCan(role: Role, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** For the UI: whether to show something the server would allow. */
export function userCan(user: { role: Role } | null | undefined, permission: Permission): boolean {
  return user ? roleCan(user.role, permission) : false;
}
