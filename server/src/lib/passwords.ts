import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). The default algorithm of @node-rs/argon2 is argon2id.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no hash (no such e-mail) it checks against a decoy,
 * so a wrong e-mail costs the same time as a wrong password and the answer reveals nothing.
 */
export async function passwordMatches(password: string, storedHash: string | undefined): Promise<boolean> {
  decoyHash ??= hashPassword("decoy password that nobody has 1!");
  const hashToCheck = storedHash ?? (await decoyHash);
  const matches = await verify(hashToCheck, password).catch(() => false);
  return storedHash !== undefined && matches;
}
