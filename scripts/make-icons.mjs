// Draws the app's home-screen icons (web/public/icons/*.png) from their SVG sources with the
// Chromium the browser tests use. Run by hand when the SVGs change; the PNGs are committed, since
// the manifest needs raster icons and the build should not need a browser.
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const icons = path.resolve(import.meta.dirname, "../web/public/icons");
const wanted = [
  { source: "icon.svg", size: 192, file: "icon-192.png" },
  { source: "icon.svg", size: 512, file: "icon-512.png" },
  { source: "icon-maskable.svg", size: 512, file: "icon-maskable-512.png" },
  { source: "icon.svg", size: 180, file: "apple-touch-icon.png" },
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const { source, size, file } of wanted) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(path.join(icons, source), "utf8");
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(icons, file), omitBackground: true });
    await page.close();
    console.log(`drew ${file}`);
  }
} finally {
  await browser.close();
}
