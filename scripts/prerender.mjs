// Renders the public pages of the built web app to HTML (web/src/app/prerender.tsx) and writes
// them to web/dist/prerendered/, which the server sends to visitors (server/src/app.ts). Run by
// `npm run build` after vite build and before precompress.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer } from "vite";

const repository = path.resolve(import.meta.dirname, "..");
const dist = path.join(repository, "web/dist");
const template = readFileSync(path.join(dist, "index.html"), "utf8");
const shell = /<div id="root"><!--app-shell-->[\s\S]*?<!--\/app-shell--><\/div>/;
if (!shell.test(template)) throw new Error("web/dist/index.html has no <!--app-shell--> inside #root to replace");

const vite = await createServer({
  configFile: path.join(repository, "web/vite.config.ts"),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "warn",
});
try {
  const { appRoutes, prerenderedRoutes, renderRoute } = await vite.ssrLoadModule("/src/app/prerender.tsx");
  mkdirSync(path.join(dist, "prerendered"), { recursive: true });
  // The server reads this map (route to file under web/dist) to know which pages exist.
  const files = {};
  for (const route of prerenderedRoutes) {
    const markup = await renderRoute(route);
    // A function, so "$" in the markup is not read as a replacement pattern.
    const page = template.replace(shell, () => `<div id="root" data-prerendered>${markup}</div>`);
    files[route] = `prerendered/${route === "/" ? "index" : route.slice(1)}.html`;
    writeFileSync(path.join(dist, files[route]), page);
  }
  writeFileSync(path.join(dist, "prerendered/routes.json"), JSON.stringify(files, null, 2));
  // Every address of the app (web/src/lib/routes.ts): the server answers these with 200, others with 404.
  writeFileSync(path.join(dist, "app-routes.json"), JSON.stringify(appRoutes, null, 2));
  console.log(`prerendered ${prerenderedRoutes.join(", ")} into web/dist/prerendered`);
} finally {
  await vite.close();
}
