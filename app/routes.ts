import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Spec URLs are camelCase; files stay kebab-case (DESIGN "Layout").
export default [
  index("routes/public/home/route.tsx"),
  route("blogs", "routes/public/blogs/route.tsx"),
  route("safety", "routes/public/safety/route.tsx"),
  // The operator's pages (issue 25): 404 until written at /dashboard/settings.
  route("about", "routes/public/site-page/route.tsx", { id: "about" }),
  route("terms", "routes/public/site-page/route.tsx", { id: "terms" }),
  route("privacy", "routes/public/site-page/route.tsx", { id: "privacy" }),
  route("products", "routes/products/index/route.tsx"),
  route("products/allProducts", "routes/products/browse/route.tsx", { id: "all-products" }),
  route("products/:category", "routes/products/browse/route.tsx", { id: "category-products" }),
  route("dashboard/productDetails/:id", "routes/products/detail/route.tsx"),
  route("compare", "routes/products/compare/route.tsx"),
  route("sitemap.xml", "routes/resources/sitemap/route.tsx"),
  route("robots.txt", "routes/resources/robots/route.tsx"),
  route("resources/price-guidance", "routes/resources/price-guidance/route.tsx"),

  route("login", "routes/auth/login/route.tsx"),
  route("register", "routes/auth/register/route.tsx"),
  route("logout", "routes/auth/logout/route.tsx"),
  route("forgot-password", "routes/auth/forgot-password/route.tsx"),
  route("reset-password", "routes/auth/reset-password/route.tsx"),
  route("auth/oidc", "routes/auth/oidc/route.tsx"),
  route("auth/welcome", "routes/auth/welcome/route.tsx"),
  route("verify-email", "routes/auth/verify-email/route.tsx"),

  route("dashboard", "routes/dashboard/index/route.tsx"),
  route("dashboard/myorders", "routes/dashboard/my-orders/route.tsx"),
  route("dashboard/myProducts", "routes/dashboard/my-products/route.tsx"),
  route("dashboard/wishlist", "routes/dashboard/wishlist/route.tsx"),
  // Saved searches and their alerts (issue 28).
  route("dashboard/savedSearches", "routes/dashboard/saved-searches/route.tsx"),
  route("savedSearches/:id/results", "routes/resources/saved-search-results/route.tsx"),
  route("alerts/unsubscribe", "routes/public/unsubscribe/route.tsx"),
  route("alerts/feed", "routes/resources/alert-feed/route.tsx"),
  // Conversations on contact requests (issue 27).
  route("dashboard/conversations", "routes/dashboard/conversations/route.tsx"),
  route("dashboard/conversations/:id", "routes/dashboard/conversation/route.tsx"),
  route("dashboard/conversations/:id/events", "routes/resources/conversation-events/route.tsx"),
  route("dashboard/conversations/:id/photos/:photoId", "routes/resources/message-photo/route.tsx"),
  route("wishlist", "routes/resources/wishlist/route.tsx"),
  route("language", "routes/resources/language/route.tsx"),
  route("dashboard/sellCar", "routes/dashboard/seller/sell-car/route.tsx"),
  route("dashboard/mybuyers", "routes/dashboard/seller/my-buyers/route.tsx"),
  route(
    "dashboard/productDetails/editProduct/:id",
    "routes/dashboard/seller/edit-product/route.tsx",
  ),
  route("dashboard/alluser", "routes/dashboard/admin/users/route.tsx", { id: "all-users" }),
  route("dashboard/allseller", "routes/dashboard/admin/users/route.tsx", { id: "all-sellers" }),
  route("dashboard/allbuyer", "routes/dashboard/admin/users/route.tsx", { id: "all-buyers" }),
  route("dashboard/reportedItems", "routes/dashboard/admin/reported-items/route.tsx"),
  route(
    "dashboard/reportedItems/conversations/:id",
    "routes/dashboard/admin/reported-conversation/route.tsx",
  ),
  route("dashboard/audit", "routes/dashboard/admin/audit/route.tsx"),
  route("dashboard/settings", "routes/dashboard/admin/settings/route.tsx"),
  route("dashboard/categories", "routes/dashboard/admin/categories/route.tsx"),
  // Safe meeting places for viewings (issue 27).
  route("dashboard/safePlaces", "routes/dashboard/admin/safe-places/route.tsx"),
  route("dashboard/warningWords", "routes/dashboard/admin/warning-words/route.tsx"),

  route("*", "routes/public/not-found/route.tsx"),
] satisfies RouteConfig;
