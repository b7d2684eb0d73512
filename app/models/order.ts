// Order (contact request) vocabulary shared by client and server.
export const ORDER_STATUSES = ["open", "cancelled", "closed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
