import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "./paths.ts";

/**
 * The arguments `npm run serve` gives Node (package.json), for this Node: the bench and the
 * browser tests start the built server exactly as production does, flags included.
 */
export function serveArguments(): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [program, ...args] = packageJson.scripts.serve!.trim().split(/\s+/);
  if (program !== "node") throw new Error(`package.json's serve script must start with node, not ${program}`);
  return args;
}
