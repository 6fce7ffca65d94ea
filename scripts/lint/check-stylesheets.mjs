// `npm run lint`'s check of what ESLint does not read: the site's stylesheet in web/index.html
// (and any .css file of the web app) names colours only through the design tokens' custom
// properties, and sides only as the text's (logical properties), so a right-to-left language
// mirrors the page (docs/languages.md).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { hexColour } from "./no-hex-colours.js";

const root = path.resolve(import.meta.dirname, "../..");
const cssFiles = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith(".css") ? [full] : [];
  });
const physicalSide =
  /(?:margin|padding|border)-(?:left|right)|text-align:\s*(?:left|right)|float:\s*(?:left|right)|(?:^|[;{\s])(?:left|right)\s*:/;
const files = [path.join(root, "web/index.html"), ...cssFiles(path.join(root, "web/src"))];
const problems = files.flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, index) => {
      const where = `${path.relative(root, file)}:${index + 1}`;
      const colour = hexColour.exec(line);
      const side = physicalSide.exec(line);
      return [
        ...(colour ? [`${where}: ${colour[0]} is a colour: use its token, var(--name) (contract/design-tokens.ts)`] : []),
        ...(side
          ? [
              `${where}: "${side[0].trim()}" names a side of the screen: use the logical property (margin-inline-start, inset-inline-end, text-align: start…)`,
            ]
          : []),
      ];
    }),
);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
