import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The SSR bundle's entry is our Express app (server/app.ts), so start-up code
  // (environment, database, migrations, seed) ships inside the build.
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  build: { assetsInlineLimit: 0 },
  plugins: [tailwindcss(), reactRouter()],
});
