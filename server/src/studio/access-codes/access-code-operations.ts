import { answerWith, formattingLocales, type Language, sentence } from "../../../../contract/languages.ts";
import { longDay } from "../../lib/time-zones.ts";
import {
  type AccessCodeRow,
  accessCodeStatus,
  createAccessCode,
  endOfDay,
  generateCode,
  lastValidDay,
  normaliseCode,
  setAccessCodeActive,
} from "../../access-codes/access-codes-repository.ts";
import { type Actor, recordActivity } from "../../activity/activity-repository.ts";
import type { Database } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import type { AccessCode } from "../../../../contract/studio/access-codes.ts";

// The instructor's operations on access codes, for the studio and the CLI alike: each checks its
// input, makes the change and records it in the activity log, in one transaction.

/** The link she sends: the register page fills the code from it. */
function inviteUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/register?code=${encodeURIComponent(code)}`;
}

export function toAccessCode(row: AccessCodeRow, publicUrl: string, now: Date): AccessCode {
  return {
    code: row.code,
    uses: row.uses,
    max_uses: row.maxUses,
    expires_on: lastValidDay(row),
    status: accessCodeStatus(row, now.getTime()),
    invite_url: inviteUrl(publicUrl, row.code),
    created_at: row.createdAt.toISOString(),
  };
}

function limitsSentence(row: AccessCodeRow): string {
  const expires = lastValidDay(row);
  return [
    row.maxUses === null ? "unlimited uses" : row.maxUses === 1 ? "1 use" : `${row.maxUses} uses`,
    expires ? `valid through ${expires} (UTC)` : "no expiry",
  ].join(", ");
}

/** Creates a code: her own word, or (code empty) a generated BETA-XXXX-XXXX. */
export async function createCode(
  db: Database,
  actor: Actor,
  input: { code: string; maxUses: number | null; expiresOn: string | null },
  now: Date,
  language: Language,
): Promise<{ row: AccessCodeRow; message: string }> {
  const expiresAt = input.expiresOn ? endOfDay(input.expiresOn) : null;
  const dayRead = (day: string) => longDay(day, formattingLocales[language]);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    const date = dayRead(input.expiresOn!);
    const passed = answerWith("The date {date} has already passed.", { date });
    throw HttpError.withValues(400, "The date {date} has already passed.", { date }, { details: { expires_on: passed } });
  }
  const code = input.code ? normaliseCode(input.code) : generateCode();
  const row = await db.transaction(async (tx) => {
    const created = await createAccessCode(tx, { code, maxUses: input.maxUses, expiresAt });
    await recordActivity(tx, actor, "access-code", `Created access code ${created.code} (${limitsSentence(created)}).`);
    return created;
  });
  const expires = lastValidDay(row);
  return {
    row,
    message: answerWith("Created access code {code}: {uses}, {expiry}.", {
      code: row.code,
      uses:
        row.maxUses === null
          ? sentence("unlimited uses")
          : row.maxUses === 1
            ? sentence("1 use")
            : answerWith("{count} uses", { count: row.maxUses }),
      expiry: expires ? answerWith("valid through {date} (UTC)", { date: dayRead(expires) }) : sentence("no expiry"),
    }),
  };
}

/** Closes a code to new registrations, or opens it again; the members who used it keep their accounts. */
export async function setCodeActive(
  db: Database,
  actor: Actor,
  rawCode: string,
  active: boolean,
  now: Date,
): Promise<{ row: AccessCodeRow; message: string }> {
  const code = normaliseCode(rawCode);
  const row = await db.transaction(async (tx) => {
    const changed = await setAccessCodeActive(tx, code, active);
    if (!changed) throw HttpError.withValues(404, "There is no access code {code}.", { code });
    await recordActivity(tx, actor, "access-code", `${active ? "Reactivated" : "Deactivated"} access code ${code}.`);
    return changed;
  });
  const status = accessCodeStatus(row, now.getTime());
  const message = active
    ? `Reactivated access code ${row.code}. It works again${status === "active" ? "" : `, though it is ${status}`}.`
    : `Deactivated access code ${row.code}. Nobody can register with it any more.`;
  return { row, message };
}
