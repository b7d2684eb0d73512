// Shared by the sell, edit and photo-upload tests: signed-in sellers, real photos,
// multipart posts with repeated fields, and a look at the media folder on disk.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";

import { listingPhoto } from "#app/db/schema.ts";
import { FORM_TOKEN_FIELD } from "#app/models/form-token.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import type { Role } from "#app/models/user.ts";
import * as login from "#app/routes/auth/login/route.tsx";
import { createAppContext } from "#app/services/app-context.server.ts";
import { listingPhotoKeys } from "#app/services/images.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import type { TestEnv } from "#tests/db.ts";

import { callAction, callLoaderAs, cookieFrom, responseOf } from "./helpers.ts";

let people = 0;

/** A real account of `role`, signed in through the login action. */
export async function signIn(t: TestEnv, role: Role) {
  const email = `${role}-${++people}-${Date.now()}@listing.example`;
  const password = "listing-test-password";
  const id = await createUserWithPassword(t.db, {
    name: `The ${role} ${people}`,
    email,
    password,
    role,
  });
  const response = await responseOf(() =>
    callAction(login.action, { path: "/login", form: { email, password }, context: t.context() }),
  );
  return { id, cookie: cookieFrom(response) };
}

/** A photo-like JPEG: a gradient with noise, so it compresses like a real one. */
export async function jpeg(
  width = 800,
  height = 600,
  options: {
    seed?: number;
    exif?: Record<string, Record<string, string>>;
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const seed = options.seed ?? 1;
  const pixels = Buffer.alloc(width * height * 3);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      const noise = ((state & 0xff) - 128) / 6;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 60 + (x / width) * 150 + noise + seed * 7));
      pixels[i + 1] = Math.max(0, Math.min(255, 90 + (y / height) * 100 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 180 - (x / width) * 80 + noise));
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 });
  if (options.exif) image = image.withExif(options.exif);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

export function file(bytes: Buffer | string, name: string, type = "image/jpeg"): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

export type Entries = [string, string | File][];

/** The fields of a valid sell form, with any field replaced, added or (null) left out. */
export function carForm(overrides: Record<string, string | null> = {}): Entries {
  const fields: Record<string, string | null> = {
    carName: "2018 Honda Civic EX",
    category: "sedan",
    details: "One owner, full service history, new tyres.",
    location: "Denver, CO",
    yearsUsed: "5",
    originalPrice: "24000",
    resalePrice: "15500",
    make: "Honda",
    model: "Civic",
    year: "2018",
    mileage: "62000",
    mileageUnit: "km",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Blue",
    ...overrides,
  };
  return Object.entries(fields).flatMap(([name, value]) =>
    value === null ? [] : [[name, value] as [string, string]],
  );
}

/** Posts a multipart form (repeated names allowed) to an action, the way a browser does. */
export async function postForm<T>(
  action: (args: never) => Promise<T> | T,
  options: {
    path: string;
    entries: Entries;
    context: ReturnType<TestEnv["context"]>;
    cookie?: string;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<T> {
  const url = new URL(options.path, "http://localhost:3000");
  const body = new FormData();
  for (const [name, value] of options.entries) body.append(name, value);
  // The sell and edit forms carry the one-time token their page gives the same
  // person, unless the test sends its own.
  if (!body.has(FORM_TOKEN_FIELD) && options.cookie) {
    const token = await formTokenFor(url.pathname, options.cookie, options.context);
    if (token) body.append(FORM_TOKEN_FIELD, token);
  }
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  return action({
    request,
    url,
    params: options.params ?? {},
    context: options.context,
    pattern: "",
  } as never);
}

/** The token the sell page gives whoever `cookie` signs in (null when it refuses them). */
export function sellFormToken(cookie: string, context: ReturnType<TestEnv["context"]>) {
  return formTokenFor("/dashboard/sellCar", cookie, context);
}

/** The token the sell or edit page at `pathname` gives `cookie`'s person; null for others. */
async function formTokenFor(
  pathname: string,
  cookie: string,
  context: ReturnType<TestEnv["context"]>,
): Promise<string | null> {
  const editing = /^\/dashboard\/productDetails\/editProduct\/([^/]+)$/.exec(pathname);
  try {
    if (pathname === "/dashboard/sellCar") {
      const sellCar = await import("#app/routes/dashboard/seller/sell-car/route.tsx");
      return (await callLoaderAs(sellCar.loader, { path: pathname, cookie, context })).formToken;
    }
    if (editing) {
      const editProduct = await import("#app/routes/dashboard/seller/edit-product/route.tsx");
      const params = { id: editing[1]! };
      const page = await callLoaderAs(editProduct.loader, {
        path: pathname,
        cookie,
        context,
        params,
      });
      return page.formToken;
    }
  } catch {
    // The page refuses this person (403, 404, log-in redirect): no token.
  }
  return null;
}

/** A context whose photos go to a folder of its own, to compare with the database. */
export async function withOwnMedia(t: TestEnv) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-listing-media-"));
  const storage = localDiskStorage(dir);
  const services = { ...t.services, storage };
  return {
    dir,
    storage,
    services,
    context: () => createAppContext(services),
    /** Every file in the folder, as storage keys. */
    async files(): Promise<string[]> {
      const found = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      return found
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort();
    },
    read(key: string) {
      return fs.readFile(path.join(dir, key));
    },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** Every storage key the listing photo rows refer to. */
export async function referencedKeys(t: TestEnv): Promise<string[]> {
  const rows = await t.db.select().from(listingPhoto);
  return [...new Set(rows.flatMap(listingPhotoKeys))].sort();
}
