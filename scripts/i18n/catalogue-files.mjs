// Where the catalogues are (lingui.config.ts): the server's in locales/, the web app's in
// web/src/locales/, web/src/studio-kit/locales/ and web/src/features/<feature>/locales/.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export function catalogueFiles(root) {
  const web = path.join(root, "web/src");
  const folders = [
    "locales",
    "web/src/locales",
    "web/src/studio-kit/locales",
    ...readdirSync(path.join(web, "features")).map((feature) => `web/src/features/${feature}/locales`),
  ];
  return folders
    .filter((folder) => existsSync(path.join(root, folder)))
    .flatMap((folder) => readdirSync(path.join(root, folder)).map((name) => `${folder}/${name}`));
}
