import { chromium } from "playwright-core";
const [, , lang, out, ...paths] = process.argv;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
for (const [w, h, tag] of [
  [1280, 900, "d"],
  [390, 844, "m"],
]) {
  const context = await browser.newContext({
    viewport: { width: w, height: h },
    baseURL: "http://localhost:3999",
  });
  await context.addCookies([{ name: "lang", value: lang, url: "http://localhost:3999" }]);
  for (const p of paths) {
    const [role, path] = p.includes("@") ? p.split("@") : ["visitor", p];
    if (role !== "visitor") {
      const email = {
        seller: "maya.thompson@example.com",
        buyer: "liam.carter@example.com",
        admin: "admin@example.com",
      }[role];
      await context.request.post("/login", {
        form: { email, password: "carlot-demo" },
        maxRedirects: 0,
      });
    }
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "networkidle" });
    const name = `${out}/${lang}-${tag}-${path.replace(/[^a-z0-9]+/gi, "_")}.png`;
    await page.screenshot({ path: name, fullPage: tag === "d" ? false : false });
    console.log(name);
    await page.close();
  }
  await context.close();
}
await browser.close();
