import { hash, verify } from "@node-rs/argon2";

/**
 * How passwords are hashed: "owasp" is OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane), always
 * in production. "light" (1 MiB, 1 pass) is for test servers only, which register thousands of
 * members a run: the configuration refuses it outside NODE_ENV=test (config.ts).
 */
export type PasswordHashing = "owasp" | "light";

const argon2Options: Record<PasswordHashing, { memoryCost: number; timeCost: number; parallelism: number }> = {
  owasp: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  light: { memoryCost: 1_024, timeCost: 1, parallelism: 1 },
};

export type Passwords = {
  hash: (password: string) => Promise<string>;
  /**
   * Checks a password against a stored hash; with no hash (no such e-mail) it checks against a decoy,
   * so a wrong e-mail costs the same time as a wrong password and the answer reveals nothing.
   */
  matches: (password: string, storedHash: string | undefined) => Promise<boolean>;
};

const made = new Map<PasswordHashing, Passwords>();

/** The password hasher of one setting (the default algorithm of @node-rs/argon2 is argon2id). */
export function passwordsHashedBy(hashing: PasswordHashing): Passwords {
  let passwords = made.get(hashing);
  if (passwords) return passwords;
  const options = argon2Options[hashing];
  const hashPassword = (password: string) => hash(password, options);
  let decoyHash: Promise<string> | undefined;
  passwords = {
    hash: hashPassword,
    matches: async (password, storedHash) => {
      decoyHash ??= hashPassword("decoy password that nobody has 1!");
      const hashToCheck = storedHash ?? (await decoyHash);
      // The stored hash names its own cost, so hashes made under either setting are checked alike.
      const matches = await verify(hashToCheck, password).catch(() => false);
      return storedHash !== undefined && matches;
    },
  };
  made.set(hashing, passwords);
  return passwords;
}
