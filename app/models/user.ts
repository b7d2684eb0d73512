// User vocabulary shared by client and server.
export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  buyer: "Buyer/User",
  seller: "Seller",
  admin: "Admin",
};
