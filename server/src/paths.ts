import path from "node:path";
import { fileURLToPath } from "node:url";

// The server runs from its sources (server/src/*.ts, under tsx in tests and the admin CLI) or as
// the bundle `npm run build` writes (server/dist/main.js). Both sit two folders below the
// repository root, so the files the server reads at run time are found from there.
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const serverPaths = {
  migrations: path.join(repositoryRoot, "server/src/db/migrations"),
  demoCatalogue: path.join(repositoryRoot, "server/src/catalogue/demo-catalogue.json"),
  webApp: path.join(repositoryRoot, "web/dist"),
};
