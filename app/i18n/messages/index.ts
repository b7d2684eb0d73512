// Every part of the catalogue in every language. `npm run i18n` writes the English
// files from the code; people write the others (decision 020).
import arAccount from "./ar/account.json" with { type: "json" };
import arAdmin from "./ar/admin.json" with { type: "json" };
import arCommon from "./ar/common.json" with { type: "json" };
import arDashboard from "./ar/dashboard.json" with { type: "json" };
import arProducts from "./ar/products.json" with { type: "json" };
import arPublic from "./ar/public.json" with { type: "json" };
import arServer from "./ar/server.json" with { type: "json" };
import enAccount from "./en/account.json" with { type: "json" };
import enAdmin from "./en/admin.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enDashboard from "./en/dashboard.json" with { type: "json" };
import enProducts from "./en/products.json" with { type: "json" };
import enPublic from "./en/public.json" with { type: "json" };
import enServer from "./en/server.json" with { type: "json" };
import esAccount from "./es/account.json" with { type: "json" };
import esAdmin from "./es/admin.json" with { type: "json" };
import esCommon from "./es/common.json" with { type: "json" };
import esDashboard from "./es/dashboard.json" with { type: "json" };
import esProducts from "./es/products.json" with { type: "json" };
import esPublic from "./es/public.json" with { type: "json" };
import esServer from "./es/server.json" with { type: "json" };

import type { Language } from "../languages.ts";
import type { Namespace } from "../namespaces.ts";

/** Language → part → English text → the language's text ("" = not yet written). */
export const CATALOGUES: Record<Language, Record<Namespace, Record<string, string>>> = {
  en: {
    common: enCommon,
    public: enPublic,
    products: enProducts,
    account: enAccount,
    dashboard: enDashboard,
    admin: enAdmin,
    server: enServer,
  },
  es: {
    common: esCommon,
    public: esPublic,
    products: esProducts,
    account: esAccount,
    dashboard: esDashboard,
    admin: esAdmin,
    server: esServer,
  },
  ar: {
    common: arCommon,
    public: arPublic,
    products: arProducts,
    account: arAccount,
    dashboard: arDashboard,
    admin: arAdmin,
    server: arServer,
  },
};
