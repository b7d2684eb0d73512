import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Spec URLs are camelCase; files stay kebab-case (DESIGN "Layout").
export default [
  index("routes/public/home.tsx"),
  route("blogs", "routes/public/blogs.tsx"),
  route("safety", "routes/public/safety.tsx"),
  route("products", "routes/products/index.tsx"),
  route("products/allProducts", "routes/products/browse.tsx", { id: "all-products" }),
  route("products/:category", "routes/products/browse.tsx", { id: "category-products" }),
  route("dashboard/productDetails/:id", "routes/products/detail.tsx"),
  route("compare", "routes/compare.tsx"),
  route("sitemap.xml", "routes/resources/sitemap.tsx"),
  route("robots.txt", "routes/resources/robots.tsx"),
  route("resources/price-guidance", "routes/resources/price-guidance.tsx"),

  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("auth/oidc", "routes/auth/oidc.tsx"),
  route("auth/welcome", "routes/auth/welcome.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),

  route("dashboard", "routes/dashboard/index.tsx"),
  route("dashboard/myorders", "routes/dashboard/my-orders.tsx"),
  route("dashboard/myProducts", "routes/dashboard/my-products.tsx"),
  route("dashboard/wishlist", "routes/dashboard/wishlist.tsx"),
  route("wishlist", "routes/resources/wishlist.tsx"),
  route("dashboard/sellCar", "routes/dashboard/seller/sell-car.tsx"),
  route("dashboard/mybuyers", "routes/dashboard/seller/my-buyers.tsx"),
  route("dashboard/productDetails/editProduct/:id", "routes/dashboard/seller/edit-product.tsx"),
  route("dashboard/alluser", "routes/dashboard/admin/users.tsx", { id: "all-users" }),
  route("dashboard/allseller", "routes/dashboard/admin/users.tsx", { id: "all-sellers" }),
  route("dashboard/allbuyer", "routes/dashboard/admin/users.tsx", { id: "all-buyers" }),
  route("dashboard/reportedItems", "routes/dashboard/admin/reported-items.tsx"),
  route("dashboard/audit", "routes/dashboard/audit.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
