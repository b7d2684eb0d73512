// Wishlist words shared by the save buttons and the server.
export const WISHLIST_MESSAGES = {
  saved: "Saved to your wishlist",
  removed: "Removed from your wishlist",
  missing: (site: string) => `This car is no longer on ${site}.`,
  notSaved: "This car is not in your wishlist.",
  empty: "You have not saved any cars yet.",
} as const;

export const WISHLIST_PATH = "/wishlist";
