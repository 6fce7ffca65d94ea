import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "./test.ts";
import { serveArguments } from "../server/src/serve-command.ts";
import { expectAccessible, instructorPage, signedInMember } from "./helpers.ts";

// The installed app: its service worker, offline pages and updates. (playwright.config.ts blocks it for the other journeys.)
test.use({ serviceWorkers: "allow" });

// The installable app: manifest and service worker, lessons saved for offline, and a
// clean switch to a new deployment.

const repository = path.resolve(import.meta.dirname, "..");

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function openSignsLabourLesson(page: Page) {
  await page.goto("/course?course=1");
  await page.getByRole("button", { name: /Understanding Labour/ }).click();
  await page.getByRole("button", { name: /TOPIC:\s*Early Labour/ }).click();
  await page.getByRole("link", { name: /Lesson 1 Signs labour is near/ }).click();
  await expect(page.getByRole("heading", { name: "Signs labour is near", level: 1 })).toBeVisible();
}

test.describe("the app", () => {
  test("is installable: Chromium reads the manifest and its icons, and the service worker controls the page", async ({
    playwright,
    baseURL,
  }) => {
    // Test contexts are incognito, where Chromium installs nothing: this one has a profile of its own.
    const profile = mkdtempSync(path.join(tmpdir(), "doula-profile-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL,
      viewport: { width: 360, height: 780 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await checkInstallable(page);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  async function checkInstallable(page: Page) {
    await page.goto("/");
    await expect(page.getByRole("link", { name: /Get the app/ })).toHaveAttribute("href", "/app");
    await page.goto("/app");
    await expect(page.getByRole("heading", { name: "Get the app", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: /On an iPhone/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /On an Android phone/ })).toBeVisible();
    await controlledByServiceWorker(page);

    const devtools = await page.context().newCDPSession(page);
    const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { data } = await devtools.send("Page.getAppManifest");
    const manifest = JSON.parse(data ?? "{}") as Record<string, unknown> & { icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({
      name: "Calm Birth Circle",
      display: "standalone",
      start_url: "/home",
      theme_color: "#7a3e48",
      background_color: "#fbf6f0",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/png");
    }
    await expectAccessible(page);
  }

  test("no page a visitor or member sees loads MUI: the site's own stylesheet draws them", async ({ page, context }) => {
    await signedInMember(page, "light");
    await openSignsLabourLesson(page);
    const lessonAddress = page.url();
    const courseAddress = `/course?course=${new URL(lessonAddress).searchParams.get("course")}`;
    const fresh = await context.newPage();
    const requested: string[] = [];
    fresh.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await fresh.goto("/home");
    await expect(fresh.getByRole("link", { name: /Vector Art Gallery/ })).toBeVisible();
    await fresh.goto(lessonAddress);
    await expect(fresh.getByRole("heading", { name: "Signs labour is near", level: 1 })).toBeVisible();
    await expect(fresh.locator('iframe[title^="Video"]')).toHaveCount(1);
    // Each of the others as a first visit, so every screen's own chunk is asked for.
    for (const address of [courseAddress, "/library", "/account", "/support", "/feedback", "/podcast", "/gallery", "/app", "/nowhere"]) {
      await fresh.goto(address);
      await expect(fresh.getByRole("heading", { level: 1 }).first(), address).toBeVisible();
    }
    expect(requested.filter((address) => address.startsWith("/assets/framework-")).length).toBeGreaterThan(0);
    expect(requested.filter((address) => address.startsWith("/assets/mui-"))).toEqual([]);
    await fresh.close();
  });

  test("keeps a saved lesson's notes, transcript and download on the phone, and logout takes them away", async ({
    page,
    context,
    browser,
  }) => {
    await signedInMember(page, "offline");
    await controlledByServiceWorker(page);
    await openSignsLabourLesson(page);
    const lessonAddress = page.url();
    // The lesson's transcript (docs/transcripts.md), added for this test and taken away after it.
    const lessonId = new URL(lessonAddress).searchParams.get("lesson");
    const studio = await instructorPage(browser);
    const transcripts = `/reactapi/studio/lessons/${lessonId}/transcripts`;
    const origin = { origin: new URL(studio.url()).origin };
    const added = await studio.request.post(transcripts, {
      data: { language: "en", text: "Contractions that come closer together are a sign." },
      headers: origin,
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.reload();
    await expect(page.getByRole("region", { name: "Transcript" }).first()).toContainText("Contractions that come closer together");
    await page.getByRole("button", { name: "Save for offline" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved on this phone" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove from this phone" })).toBeVisible();
    await expectAccessible(page);

    // The library lists it, and Remove frees the lesson and its download; then it is saved again.
    const cachedAddresses = () =>
      page.evaluate(async () => (await (await caches.open("saved-lessons-v1")).keys()).map((request) => new URL(request.url).pathname));
    const downloadAddress = (await page.getByRole("link", { name: "early-labour-checklist.txt" }).getAttribute("href"))!;
    expect(await cachedAddresses()).toContain(downloadAddress);
    const transcriptAddress = `/reactapi/lessons/${lessonId}/transcript`;
    expect(await cachedAddresses()).toContain(transcriptAddress);
    await page.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Library" }).click();
    await page.getByRole("button", { name: "Remove Signs labour is near from this phone" }).click();
    await expect(page.getByRole("region", { name: "Saved for offline" })).toHaveCount(0);
    expect(await cachedAddresses()).not.toContain(downloadAddress);
    expect(await cachedAddresses()).not.toContain(transcriptAddress);
    await page.goto(lessonAddress);
    await page.getByRole("button", { name: "Save for offline" }).click();
    await expect(page.getByRole("button", { name: "Remove from this phone" })).toBeVisible();

    await context.setOffline(true);
    await page.goto(lessonAddress);
    await expect(page.getByRole("heading", { name: "Signs labour is near", level: 1 })).toBeVisible();
    await expect(page.getByText("Bring your questions about signs labour is near to your care team.")).toBeVisible();
    await expect(page.getByText(/You are offline, so the video cannot play just now/)).toBeVisible();
    await expect(page.locator('iframe[title^="Video"]')).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Transcript" }).first()).toContainText("Contractions that come closer together");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "early-labour-checklist.txt" }).click();
    const download = await downloading;
    expect(readFileSync((await download.path())!, "utf8")).toContain("A printable companion to this lesson.");

    await page.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Library" }).click();
    const saved = page.getByRole("region", { name: "Saved for offline" });
    await expect(saved.getByRole("link", { name: "Signs labour is near" })).toBeVisible();
    // What it takes of the phone, beside its course.
    await expect(saved).toContainText(/Comprehensive Childbirth Education · \d+ kB/);
    await expect(page.getByText(/You are offline\. The courses will appear when you are back online/)).toBeVisible();
    await expectAccessible(page);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Member menu" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => caches.keys())).not.toContain("saved-lessons-v1");
    await context.setOffline(true);
    await page.goto(lessonAddress);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Bring your questions about signs labour is near")).toHaveCount(0);
    await context.setOffline(false);
    const removed = await studio.request.post(`${transcripts}/en/delete`, { data: {}, headers: origin });
    expect(removed.ok(), await removed.text()).toBe(true);
    await studio.context().close();
  });
});

/**
 * The build a deployment of a changed login screen brings, made from the one served: the screen's
 * chunk under a new name with a line more, every file that names it (the manifests, the pages, the
 * chunks that import it, the service worker's list, with the new revisions of what changed) naming
 * the new one, and their stale compressed copies gone (the server then sends the files themselves).
 * Building the app again with Vite took most of this journey's time.
 */
function nextBuild(served: string, next: string, chunk: string) {
  cpSync(served, next, { recursive: true });
  const oldName = path.posix.basename(chunk);
  const newName = oldName.replace(/\.js$/, "-next.js");
  const changed = new Set<string>();
  const files = readdirSync(next, { recursive: true, encoding: "utf8" }).filter((file) => /\.(js|mjs|html|json|webmanifest)$/.test(file));
  for (const file of files) {
    const full = path.join(next, file);
    const text = readFileSync(full, "utf8");
    if (!text.includes(oldName)) continue;
    writeFileSync(full, text.replaceAll(oldName, newName));
    changed.add(file.split(path.sep).join("/"));
  }
  const chunkFile = path.join(next, chunk);
  writeFileSync(chunkFile, `${readFileSync(chunkFile, "utf8")}\nconsole.debug("second deployment");\n`);
  renameSync(chunkFile, path.join(next, path.posix.dirname(chunk), newName));
  changed.add(chunk);
  for (const file of changed) for (const compressed of [".br", ".gz"]) rmSync(path.join(next, file + compressed), { force: true });
  // The service worker precaches by revision: what changed gets a new one, so it fetches it again.
  const worker = path.join(next, "sw.js");
  writeFileSync(
    worker,
    readFileSync(worker, "utf8").replace(/\{"revision":"[0-9a-f]+","url":"([^"]+)"\}/g, (entry, url: string) =>
      changed.has(url)
        ? `{"revision":"${createHash("md5")
            .update(readFileSync(path.join(next, url)))
            .digest("hex")}","url":"${url}"}`
        : entry,
    ),
  );
  for (const compressed of [".br", ".gz"]) rmSync(worker + compressed, { force: true });
}

/** A second server over its own copy of the build, so a test can deploy a new build under an open page. */
class Deployment {
  readonly port = 5198;
  readonly url = `http://127.0.0.1:${this.port}`;
  readonly webRoot = mkdtempSync(path.join(tmpdir(), "doula-web-"));
  readonly dataDir = mkdtempSync(path.join(tmpdir(), "doula-e2e-deploy-"));
  private server: ChildProcess | undefined;

  constructor() {
    cpSync(path.join(repository, "web/dist"), this.webRoot, { recursive: true });
  }

  async start() {
    const server = spawn(process.execPath, serveArguments(), {
      cwd: repository,
      env: {
        ...process.env,
        WEB_ROOT: this.webRoot,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "",
        STRIPE_WEBHOOK_SECRET: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.server = server;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the second server did not start:\n${output}`)), 60_000);
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready on")) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout!.on("data", collect);
      server.stderr!.on("data", collect);
      server.once("exit", (code) => reject(new Error(`the second server exited with ${code}:\n${output}`)));
    });
  }

  async stop() {
    const server = this.server;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }

  /** Replaces the served files with another build, as a deployment does, while the server is down. */
  replaceBuild(newBuild: string) {
    for (const name of readdirSync(this.webRoot)) rmSync(path.join(this.webRoot, name), { recursive: true, force: true });
    cpSync(newBuild, this.webRoot, { recursive: true });
  }

  remove() {
    rmSync(this.webRoot, { recursive: true, force: true });
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

test("a page open during a deployment keeps working on its own build, then offers the new version", async ({ page }) => {
  test.setTimeout(240_000);
  const deployment = new Deployment();
  const secondBuild = mkdtempSync(path.join(tmpdir(), "doula-web-second-"));
  try {
    await deployment.start();
    await page.goto(`${deployment.url}/register`);
    await controlledByServiceWorker(page);
    const firstManifest = JSON.parse(readFileSync(path.join(deployment.webRoot, ".vite/manifest.json"), "utf8")) as Record<
      string,
      { file: string }
    >;
    const loginChunk = (manifest: Record<string, { file: string }>) => manifest["src/features/auth/login-page.tsx"]!.file;

    // The next build changes the login screen's chunk, so its old file is gone from the server.
    nextBuild(deployment.webRoot, secondBuild, loginChunk(firstManifest));
    const secondManifest = JSON.parse(readFileSync(path.join(secondBuild, ".vite/manifest.json"), "utf8")) as Record<
      string,
      { file: string }
    >;
    expect(loginChunk(secondManifest)).not.toBe(loginChunk(firstManifest));

    await deployment.stop();
    deployment.replaceBuild(secondBuild);
    await deployment.start();

    // The open page asks for the login screen of its own build, which only the service worker still has.
    const failedChunks: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/assets/") && response.status() >= 400) failedChunks.push(response.url());
    });
    await page.getByRole("link", { name: "Go to Login Page" }).click();
    await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
    expect(failedChunks).toEqual([]);

    // Each navigation inside the app checks for a new version (at most every 10 seconds).
    const banner = page.getByRole("status").filter({ hasText: "A new version is ready." });
    await expect(async () => {
      await page.getByRole("link", { name: "Need an account? Sign Up Now!" }).click();
      await page.getByRole("link", { name: "Go to Login Page" }).click();
      await expect(banner).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expectAccessible(page);

    await Promise.all([page.waitForEvent("load"), banner.getByRole("button", { name: "Reload" }).click()]);
    await expect(banner).toHaveCount(0);
    await page.goto(`${deployment.url}/login`);
    await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
    const newChunk = loginChunk(secondManifest);
    await expect
      .poll(() => page.evaluate((chunk) => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith(chunk)), newChunk))
      .toBe(true);
  } finally {
    await deployment.stop();
    deployment.remove();
    rmSync(secondBuild, { recursive: true, force: true });
  }
});
