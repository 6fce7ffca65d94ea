import type { RegistrationPassField } from "../../../contract/api.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import type { MailChoice, PersonalData } from "../db/personal-data.ts";
import { passwordsHashedBy } from "../lib/passwords.ts";
import { forgetOldAccountTokens } from "./account-tokens-repository.ts";
import { myAccountRoutes } from "./my-account-routes.ts";
import { deleteExpiredSessions } from "./sessions-repository.ts";
import { passwordResetRoutes } from "./password-reset-routes.ts";
import { type Invitations, signInRoutes } from "./sign-in-routes.ts";

declare module "../capabilities/capability.ts" {
  interface Points {
    /** What a capability keeps about a member: her data download, the deletion of her account, a change of address. */
    personalData: PersonalData;
    /** A kind of invitation that opens an account (a partner's, a client's, a team doula's, a gift's). */
    invitations: { field: RegistrationPassField; invitations: Invitations };
    /** A kind of mail she may choose not to get (My account). */
    mailChoices: MailChoice;
  }
}

/** Accounts: registering, signing in, resetting a password, and My account. */
export default defineCapability({
  name: "accounts",
  start: (ctx) => {
    const { db, config, sessions, mail, clock } = ctx;
    const production = config.env === "production";
    const passwords = passwordsHashedBy(config.passwordHashing);
    return {
      routes: [
        mount("/reactapi/users", signInRoutes, {
          db,
          sessions,
          sessionDays: config.sessionDays,
          production,
          trustProxy: config.trustProxy,
          mail,
          contactEmail: config.site.contactEmail,
          registrationsPerHour: config.registrationsPerHour,
          clock,
          passwords,
          invitations: ctx.all("invitations"),
        }),
        mount("/reactapi/users", passwordResetRoutes, { db, mail, production, passwords, personalData: ctx.all("personalData") }),
        mount("/reactapi/account", myAccountRoutes, {
          db,
          mail,
          production,
          passwords,
          personalData: ctx.all("personalData"),
          mailChoices: ctx.all("mailChoices"),
        }),
      ],
      sweeps: [() => deleteExpiredSessions(db), () => forgetOldAccountTokens(db)],
    };
  },
});
