// Pins what app/framework/single-fetch.ts relies on in React Router's single fetch,
// none of it public API: where a route's action is answered for a client (`.data`,
// `/_.data`), the header that marks React Router's own answers, and the shapes of a
// redirect, of data and of an error once decoded with UNSAFE_decodeViaTurboStream.
// The answers come from React Router's real request handler (createRequestHandler)
// with a small hand-made build, posted as form-upload.tsx posts: a multipart form.
// If React Router changes any of this, a test here fails before the upload form does.
import {
  createRequestHandler,
  data,
  isRouteErrorResponse,
  redirect,
  redirectDocument,
  replace,
  type ServerBuild,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
} from "react-router";
import { describe, expect, test } from "vitest";

import { dataPathOf, pagePathOf } from "#app/framework/data-url.ts";
import {
  actionDataUrl,
  answerForRouter,
  decodeActionAnswer,
  FRAMEWORK_ANSWER_HEADER,
} from "#app/framework/single-fetch.ts";

const ORIGIN = "http://carlot.test";
const reported: unknown[] = [];

/** A sell form's action: each `intent` answers one of the ways our actions answer. */
async function sellAction({ request }: { request: Request }) {
  const form = await request.formData();
  switch (form.get("intent")) {
    case "publish": // redirectWithToast: a redirect that sets the flash cookie
      return redirect("/dashboard/myProducts", { headers: { "Set-Cookie": "toast=1; Path=/" } });
    case "see-other":
      return redirect("/dashboard/myProducts", 303);
    case "replace":
      return replace("/dashboard/myProducts");
    case "reload":
      return redirectDocument("/login");
    case "invalid": // the form comes back with field errors
      return data(
        { result: { status: "error", error: { photos: ["Not a photo"] } }, filesDropped: true },
        { status: 400 },
      );
    case "saved":
      return { saved: (form.get("photo") as File).size };
    case "forbidden":
      throw data("Not your car", { status: 403 });
    default:
      throw new Error("a detail only the server log may see");
  }
}

const noComponent = () => null;

function manifestRoute(id: string, parentId?: string) {
  return {
    id,
    parentId,
    hasAction: id !== "root",
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
  };
}

/** The root, an index route ("/") and a page with an action ("/dashboard/sellCar"). */
const build = {
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) =>
        new Response("<!doctype html><title>document</title>", { status, headers }),
      handleError: (error: unknown) => reported.push(error),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: noComponent } },
    "routes/home": {
      id: "routes/home",
      parentId: "root",
      index: true,
      module: { default: noComponent, action: () => redirect("/products") },
    },
    "routes/sell": {
      id: "routes/sell",
      parentId: "root",
      path: "dashboard/sellCar",
      module: { default: noComponent, action: sellAction },
    },
  },
  assets: {
    entry: { imports: [], module: "/assets/entry.js" },
    routes: {
      root: { ...manifestRoute("root"), path: "" },
      "routes/home": { ...manifestRoute("routes/home", "root"), index: true },
      "routes/sell": { ...manifestRoute("routes/sell", "root"), path: "dashboard/sellCar" },
    },
    url: "/assets/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");

/** Posts a multipart form to `url`, from the same site, as the browser's XMLHttpRequest does. */
function post(url: string | URL, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("photo", new File([new Uint8Array(2048)], "car.jpg", { type: "image/jpeg" }));
  return handle(new Request(url, { method: "POST", body, headers: { Origin: ORIGIN } }));
}

const sellUrl = `${ORIGIN}/dashboard/sellCar`;

/** What UNSAFE_decodeViaTurboStream makes of an answer's body. */
async function decoded(response: Response) {
  if (!response.body) throw new Error(`no body (${response.status})`);
  return (await decodeViaTurboStream(response.body, globalThis)).value;
}

describe("the URL of a route's action", () => {
  test("is the page's path with `.data`; a path ending in `/` takes `_.data`; the search stays", () => {
    expect(actionDataUrl(sellUrl).href).toBe(`${ORIGIN}/dashboard/sellCar.data`);
    expect(actionDataUrl(`${ORIGIN}/dashboard/sellCar/`).href).toBe(
      `${ORIGIN}/dashboard/sellCar/_.data`,
    );
    expect(actionDataUrl(`${ORIGIN}/?index`).href).toBe(`${ORIGIN}/_.data?index`);
  });

  test.each([
    ["a page", sellUrl],
    ["a page, with a trailing slash", `${sellUrl}/`],
  ])("React Router answers %s's action there, marked as its own", async (_label, url) => {
    const response = await post(actionDataUrl(url), { intent: "saved" });
    expect(response.status).toBe(200);
    expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
    await expect(decoded(response)).resolves.toEqual({ data: { saved: 2048 } });
  });

  test("the home page's index route is answered at `/_.data?index`", async () => {
    const response = await post(actionDataUrl(`${ORIGIN}/?index`), {});
    expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
    await expect(decoded(response)).resolves.toMatchObject({ redirect: "/products" });
  });

  test("the page's own URL is the document: its answer does not carry the header", async () => {
    const response = await post(sellUrl, { intent: "invalid" });
    expect(response.headers.has(FRAMEWORK_ANSWER_HEADER)).toBe(false);
    expect(response.headers.get("Content-Type") ?? "").not.toContain("text/x-script");
  });
});

describe("the page a data URL addresses (server/ reads requests with pagePathOf)", () => {
  test("`.data` comes off, and so does the `_` of a path ending in `/`", () => {
    for (const page of ["/", "/products", "/products/sedan", "/dashboard/sellCar/"]) {
      expect(pagePathOf(dataPathOf(page)), page).toBe(page);
    }
    expect(dataPathOf("/")).toBe("/_.data");
    expect(pagePathOf("/products/sedan")).toBe("/products/sedan");
    expect(pagePathOf("/__manifest")).toBe("/__manifest");
  });

  test.each(["/", "/dashboard/sellCar"])(
    "React Router answers the data of %s at dataPathOf, as its own",
    async (page) => {
      const response = await handle(new Request(`${ORIGIN}${dataPathOf(page)}`));
      expect(response.status).toBe(200);
      expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
    },
  );

  test("`/_root.data` (React Router 7's name) is not the home page's data", async () => {
    const response = await handle(new Request(`${ORIGIN}/_root.data`));
    expect(response.status).toBe(404);
  });
});

describe("a redirect", () => {
  test.each([
    // A cookie set with the redirect (the flash toast) asks the next page to revalidate.
    ["publish", 302, { revalidate: true, reload: false, replace: false }],
    ["see-other", 303, { revalidate: false, reload: false, replace: false }],
    ["replace", 302, { revalidate: false, reload: false, replace: true }],
    ["reload", 302, { revalidate: false, reload: true, replace: false }],
  ])(
    "%s: status 202 and { redirect, status, revalidate, reload, replace }",
    async (intent, status, flags) => {
      const location = intent === "reload" ? "/login" : "/dashboard/myProducts";
      const response = await post(actionDataUrl(sellUrl), { intent });
      expect(response.status).toBe(202);
      expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
      expect(response.headers.has("Location")).toBe(false);
      await expect(decoded(response.clone())).resolves.toEqual({
        redirect: location,
        status,
        ...flags,
      });
      const answer = await decodeActionAnswer(response);
      expect(answer).toEqual({ type: "redirect", location, status, ...flags });

      const result = answerForRouter(answer);
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(status);
      expect((result as Response).headers.get("Location")).toBe(location);
    },
  );

  test("the flash cookie set with it reaches the browser", async () => {
    const response = await post(actionDataUrl(sellUrl), { intent: "publish" });
    expect(response.headers.get("Set-Cookie")).toBe("toast=1; Path=/");
  });
});

describe("data", () => {
  test("keeps the action's status and comes as { data }", async () => {
    const response = await post(actionDataUrl(sellUrl), { intent: "invalid" });
    expect(response.status).toBe(400);
    expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
    const result = { status: "error", error: { photos: ["Not a photo"] } };
    await expect(decoded(response.clone())).resolves.toEqual({
      data: { result, filesDropped: true },
    });
    const answer = await decodeActionAnswer(response);
    expect(answer).toEqual({ type: "data", data: { result, filesDropped: true }, status: 400 });
    expect(answerForRouter(answer)).toEqual(data({ result, filesDropped: true }, { status: 400 }));
  });
});

describe("an error", () => {
  test("a thrown data() comes as { error } with the route error response inside", async () => {
    const response = await post(actionDataUrl(sellUrl), { intent: "forbidden" });
    expect(response.status).toBe(403);
    expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
    const answer = await decodeActionAnswer(response);
    expect(answer.type).toBe("error");
    const error = answer.type === "error" ? answer.error : undefined;
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([
      403,
      "Not your car",
    ]);
    expect(() => answerForRouter(answer)).toThrow(expect.objectContaining({ status: 403 }));
  });

  test("a thrown Error comes as { error }, an Error without the server's detail", async () => {
    reported.length = 0;
    const response = await post(actionDataUrl(sellUrl), { intent: "crash" });
    expect(response.status).toBe(500);
    expect(response.headers.get(FRAMEWORK_ANSWER_HEADER)).toBe("yes");
    const value = await decoded(response);
    expect(value).toEqual({ error: expect.any(Error) });
    const { error } = value as { error: Error };
    expect(error.message).toBe("Unexpected Server Error");
    expect(reported).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/detail/) }),
    ]);
  });
});
