import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Spec URLs are camelCase; files stay kebab-case (DESIGN "Layout").
export default [
  index("routes/public/home.tsx"),
  route("blogs", "routes/public/blogs.tsx"),
  route("products", "routes/products/index.tsx"),
  route("products/allProducts", "routes/products/browse.tsx", { id: "all-products" }),
  route("products/:category", "routes/products/browse.tsx", { id: "category-products" }),
  route("dashboard/productDetails/:id", "routes/products/detail.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
