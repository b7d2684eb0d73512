// `npm run bench:publish [-- --runs 5]`
// How long the server takes to publish a car with three 4000 × 3000 JPEGs: the
// real Sell A Car action (form parsing, photo checks, decoding, WebP and AVIF
// renditions, storage, one transaction) against a fresh embedded database.
// Photos are generated here: gradients with noise, so they compress like real
// photos, and one carries EXIF GPS like a phone's. Prints every run and the median.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import sharp from "sharp";
import { createServer } from "vite";

import type * as AppContext from "#app/services/app-context.server.ts";
import type * as AuthModule from "#app/services/auth.server.ts";
import type * as ClientModule from "#app/db/client.server.ts";
import type * as LoginRoute from "#app/routes/auth/login/route.tsx";
import type * as MailModule from "#app/services/mail.server.ts";
import type * as SchemaModule from "#app/db/schema.ts";
import type * as SellCarRoute from "#app/routes/dashboard/seller/sell-car/route.tsx";
import type * as StorageModule from "#app/services/storage-disk.server.ts";
import type * as UserModel from "#app/models/user.server.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error("--runs takes a positive whole number.");
  process.exit(1);
}

const WIDTH = 4000;
const HEIGHT = 3000;

/** A 4000 × 3000 JPEG: sky and ground gradients, a darker "car" block, sensor-like noise. */
async function makePhoto(seed: number, withGps: boolean): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let y = 0; y < HEIGHT; y++) {
    const sky = y < HEIGHT * 0.55;
    for (let x = 0; x < WIDTH; x++) {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      const noise = ((state & 0xff) - 128) / 8;
      const car = x > WIDTH * 0.25 && x < WIDTH * 0.75 && y > HEIGHT * 0.45 && y < HEIGHT * 0.75;
      const i = (y * WIDTH + x) * 3;
      const [r, g, b] = car
        ? [30 + seed * 40 + Math.sin(x / 60) * 12, 40 + Math.cos(y / 45) * 10, 70 + seed * 20]
        : sky
          ? [110 + (y / HEIGHT) * 90, 160 + (y / HEIGHT) * 50, 230 - (y / HEIGHT) * 30]
          : [80 + Math.sin(x / 140 + seed) * 25, 95 + Math.cos(y / 70) * 20, 70];
      pixels[i] = Math.max(0, Math.min(255, r + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, g + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, b + noise));
    }
  }
  let image = sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({
    quality: 90,
  });
  if (withGps) {
    image = image.withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 44/1 54/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "73/1 59/1 9/1",
      },
    });
  }
  return image.toBuffer();
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-bench-publish-"));
  // The app's own modules, loaded the way the development server loads them.
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  try {
    const load = <T>(file: string) => vite.ssrLoadModule(file) as Promise<T>;
    const { openPglite } = await load<typeof ClientModule>("/app/db/client.server.ts");
    const { category } = await load<typeof SchemaModule>("/app/db/schema.ts");
    const { createAppContext } = await load<typeof AppContext>(
      "/app/services/app-context.server.ts",
    );
    const { createAuth } = await load<typeof AuthModule>("/app/services/auth.server.ts");
    const { createMailer } = await load<typeof MailModule>("/app/services/mail.server.ts");
    const { localDiskStorage } = await load<typeof StorageModule>(
      "/app/services/storage-disk.server.ts",
    );
    const { createUserWithPassword } = await load<typeof UserModel>("/app/models/user.server.ts");
    const login = await load<typeof LoginRoute>("/app/routes/auth/login/route.tsx");
    const sellCar = await load<typeof SellCarRoute>(
      "/app/routes/dashboard/seller/sell-car/route.tsx",
    );

    const database = await openPglite(path.join(work, "data"));
    await database.migrate();
    const db = database.db;
    await db.insert(category).values(
      ["Sedan", "Off Road", "Muscle", "SUV"].map((name, position) => ({
        name,
        slug: name.toLowerCase().replace(/\s+/g, "-"),
        imageKey: `categories/bench/${position}.webp`,
        position,
      })),
    );
    const mailer = createMailer({ from: "Carlot <bench@carlot.invalid>", dataDir: work });
    const config = {
      secret: "bench-secret-bench-secret-bench-secret-01",
      secureCookies: false,
      publicUrl: "http://localhost:3000",
      oidc: null,
    };
    const services = {
      db,
      storage: localDiskStorage(path.join(work, "media")),
      mailer,
      config,
      auth: createAuth({
        db,
        secret: config.secret,
        baseURL: config.publicUrl,
        mailer,
        oidc: null,
      }),
    };
    const context = () => createAppContext(services, { clientAddress: "127.0.0.1" });

    const email = "bench.seller@example.com";
    const password = "bench-password";
    await createUserWithPassword(db, { name: "Bench Seller", email, password, role: "seller" });
    const loginForm = new FormData();
    loginForm.set("email", email);
    loginForm.set("password", password);
    const loginUrl = new URL("http://localhost:3000/login");
    const signedIn = (await login.action({
      request: new Request(loginUrl, { method: "POST", body: loginForm }),
      url: loginUrl,
      params: {},
      context: context(),
      pattern: "",
    } as never)) as Response;
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");

    console.log("Generating three 4000 × 3000 JPEGs (one with EXIF GPS)…");
    const photos = await Promise.all([1, 2, 3].map((seed) => makePhoto(seed, seed === 1)));
    const total = photos.reduce((sum, bytes) => sum + bytes.length, 0);
    console.log(
      `Photos: ${photos.map((bytes) => megabytes(bytes.length)).join(", ")} (${megabytes(total)} in all)`,
    );

    const url = new URL("http://localhost:3000/dashboard/sellCar");
    const fields: Record<string, string> = {
      carName: "2019 Volvo XC60 T5 Momentum",
      category: "suv",
      details: "Full service history, panoramic roof, winter tyres on rims.",
      location: "Madison, WI",
      yearsUsed: "4",
      originalPrice: "41000",
      resalePrice: "28900",
      make: "Volvo",
      model: "XC60",
      year: "2019",
      mileage: "52000",
      mileageUnit: "km",
    };
    const timings: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      photos.forEach((bytes, i) =>
        form.append(
          "photos",
          new File([new Uint8Array(bytes)], `IMG_${run}${i}.JPG`, { type: "image/jpeg" }),
        ),
      );
      const request = new Request(url, { method: "POST", body: form, headers: { cookie } });
      const started = performance.now();
      const answer = (await sellCar.action({
        request,
        url,
        params: {},
        context: context(),
        pattern: "",
      } as never)) as Response;
      const took = performance.now() - started;
      if (!(answer instanceof Response) || answer.status !== 302) {
        throw new Error(
          `Run ${run}: the action did not publish the car (${JSON.stringify(answer).slice(0, 300)})`,
        );
      }
      timings.push(took);
      console.log(`Run ${run}: ${(took / 1000).toFixed(2)} s`);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    console.log(
      `\nPublishing a car with three 4000 × 3000 JPEGs takes ${(median / 1000).toFixed(2)} s on this machine (median of ${RUNS}; ${os.cpus().length} × ${cpu}).`,
    );
    await database.close();
  } finally {
    await vite.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
