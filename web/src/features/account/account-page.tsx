import "./account-endpoints.ts";
import { type FormEvent, Suspense, useState } from "react";
import type { Account } from "../../../../contract/my-account.ts";
import type { Profile } from "../../../../contract/sign-in.ts";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { Notice } from "../../components/notice.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { PageSection } from "../../components/page-section.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, send } from "../../lib/answers.ts";
import { addressOf, call } from "../../lib/api.ts";
import { useAction } from "../../lib/use-action.ts";
import { profileChanged } from "../../lib/session.ts";
import { useLogout } from "../../lib/use-logout.ts";
import { type AccountSection, shownTo, usePartsLoaded, useSlots } from "../../lib/slots.tsx";
import { LanguageChoice } from "./language-choice.tsx";
import { pageLocale, t, tWith } from "./messages.ts";
import { MailChoices } from "./mail-choices.tsx";

/** Runs a form's call (useAction), as a submit handler for the form or a button. */
function useSubmit<T>(call: () => Promise<T>, success: (answer: T) => string) {
  const { run, ...action } = useAction();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    return run(call, success);
  };
  return { ...action, submit };
}

export default function AccountPage() {
  const { answer: account, failure } = useAnswer("myAccount");
  // Her sections come from other capabilities' chunks: the page waits for them too, so none pushes
  // the form she is filling in down when it arrives.
  const partsHere = usePartsLoaded(useSlots().accountSections.map((section) => section.Body));
  if (!account && failure) {
    return (
      <PageColumn title={t("My account")}>
        <Notice tone="error" role="alert">
          {failure.error ?? t("We could not load your account.")}
        </Notice>
      </PageColumn>
    );
  }
  if (!account || !partsHere) return <Spinner />;
  return <AccountForms account={account} />;
}

/** Her account's forms, filled from the account as it first came; each change is sent on its own. */
function AccountForms({ account }: { account: Account }) {
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const [firstName, setFirstName] = useState(account.profile.first_name ?? "");
  const [lastName, setLastName] = useState(account.profile.last_name ?? "");
  const [dueDate, setDueDate] = useState(account.profile.due_date ?? "");
  const [babyArrived, setBabyArrived] = useState(account.profile.baby_arrived);
  // The birth can be recorded elsewhere while this page is open (Baby is here below, the home's
  // pacing card): the box follows her account as it comes back, so saving her due date afterwards
  // never sends the old "not arrived" and undoes it.
  const [arrivedAsLoaded, setArrivedAsLoaded] = useState(account.profile.baby_arrived);
  if (arrivedAsLoaded !== account.profile.baby_arrived) {
    setArrivedAsLoaded(account.profile.baby_arrived);
    setBabyArrived(account.profile.baby_arrived);
  }
  // A capability that records the birth with its day (web/src/lib/slots.tsx, birthActions) answers
  // "My baby has arrived", so her doula is told; once it has, the box stays to undo it.
  const [BirthAction] = useSlots().birthActions;
  const BirthWithItsDay = account.profile.baby_arrived ? undefined : BirthAction;
  const [newEmail, setNewEmail] = useState("");
  const [emailPassword, setEmailPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [deletePassword, setDeletePassword] = useState("");
  const lastSeen = new Intl.DateTimeFormat(pageLocale(), { dateStyle: "medium", timeStyle: "short" });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // His account (joined through her invitation) has no due date or community of its own.
  const partnerAccount = account.profile.joined_as === "partner";
  const sections = shownTo(useSlots().accountSections, account.profile);
  const showSection = ({ id, title, Body }: AccountSection) => (
    <PageSection key={id} title={t(typeof title === "string" ? title : title(account.profile))} id={id}>
      <Suspense fallback={null}>
        <Body account={account} />
      </Suspense>
    </PageSection>
  );

  const saveProfile = (profile: Profile) => {
    dispatch(profileChanged(profile));
    return profile;
  };
  const name = useSubmit(
    async () => saveProfile(await dispatch(send("changeName", { body: { first_name: firstName, last_name: lastName } }))),
    () => t("Your name is saved."),
  );
  const pacing = useSubmit(
    async () => saveProfile(await dispatch(send("setPacing", { body: { due_date: dueDate || null, baby_arrived: babyArrived } }))),
    (profile) =>
      profile.due_date ? t("Saved. Lessons are suggested for your week.") : t("Saved. Without a due date, nothing is suggested by week."),
  );
  const email = useSubmit(
    async () => {
      const answer = await dispatch(send("changeEmail", { body: { email: newEmail, password: emailPassword } }));
      setEmailPassword("");
      return answer;
    },
    (answer) => answer.message,
  );
  const proof = useSubmit(
    () => dispatch(send("sendEmailProof", { body: {} })),
    (answer) => answer.message,
  );
  const password = useSubmit(
    async () => {
      const answer = await dispatch(send("changePassword", { body: { current_password: currentPassword, new_password: newPassword } }));
      setCurrentPassword("");
      setNewPassword("");
      return answer;
    },
    (answer) => answer.message,
  );
  const devices = useSubmit(
    async () => {
      return dispatch(send("endOtherSessions", { body: {} }));
    },
    ({ ended }) =>
      t("{ended, plural, =0 {No other device was signed in.} one {Signed out of # other device.} other {Signed out of # other devices.}}", {
        ended,
      }),
  );
  const deletion = useSubmit(
    async () => {
      await call("deleteMyAccount", { body: { password: deletePassword } });
      await logout();
    },
    () => t("Your account has been deleted."),
  );

  return (
    <PageColumn title={t("My account")}>
      {sections.filter((section) => section.first).map(showSection)}
      <PageSection title={t("Your name")} id="name-heading">
        <form onSubmit={name.submit} className="stack">
          <TextField
            label={t("First name")}
            name="first_name"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <TextField
            label={t("Last name")}
            name="last_name"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
          />
          <OutcomeNotice outcome={name.outcome} />
          <button type="submit" disabled={name.busy} className="button button-contained">
            {t("Save name")}
          </button>
        </form>
      </PageSection>

      {partnerAccount ? null : (
        <PageSection title={t("When is your baby due?")} id="due-heading">
          <p style={{ margin: "0 0 12px" }}>
            {t("If you like, we suggest the lessons that suit your week. This is only a suggestion: every lesson stays open.")}
          </p>
          <form onSubmit={pacing.submit} className="stack">
            <TextField
              label={t("Due date")}
              name="due_date"
              type="date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
            />
            {BirthWithItsDay ? null : (
              <label style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
                <input
                  type="checkbox"
                  checked={babyArrived}
                  onChange={(event) => setBabyArrived(event.target.checked)}
                  style={{ width: 22, height: 22 }}
                />
                {t("My baby has arrived")}
              </label>
            )}
            <OutcomeNotice outcome={pacing.outcome} />
            <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
              <button type="submit" disabled={pacing.busy} className="button button-contained">
                {t("Save")}
              </button>
              {account.profile.due_date ? (
                <button type="button" disabled={pacing.busy} onClick={() => setDueDate("")} className="button button-outlined">
                  {t("Remove due date")}
                </button>
              ) : null}
            </div>
          </form>
          {BirthWithItsDay ? (
            <div style={{ marginTop: 16 }}>
              <Suspense fallback={null}>
                <BirthWithItsDay />
              </Suspense>
            </div>
          ) : null}
        </PageSection>
      )}

      <PageSection title={t("E-mail address")} id="email-heading">
        <p style={{ margin: "0 0 12px" }}>
          {tWith("You sign in with {email}.", { email: <strong>{account.profile.email}</strong> })}
          {account.pending_email
            ? ` ${t("We are waiting for you to confirm {email}: please open the link we sent there.", { email: account.pending_email })}`
            : ""}
        </p>
        {account.profile.email_confirmed ? null : (
          <div className="stack" style={{ marginBottom: 16 }}>
            <p style={{ margin: 0 }}>
              {t(
                "Please confirm this address with the link we mailed you when you joined. Then a session or a class you booked with it before you joined shows here too.",
              )}
            </p>
            <OutcomeNotice outcome={proof.outcome} />
            <button type="button" onClick={() => void proof.submit()} disabled={proof.busy} className="button button-outlined">
              {t("Send the link again")}
            </button>
          </div>
        )}
        <form onSubmit={email.submit} className="stack">
          <TextField
            label={t("New e-mail address")}
            name="new_email"
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          <TextField
            label={t("Your password")}
            name="email_password"
            type="password"
            autoComplete="current-password"
            required
            value={emailPassword}
            onChange={(event) => setEmailPassword(event.target.value)}
          />
          <OutcomeNotice outcome={email.outcome} />
          <button type="submit" disabled={email.busy} className="button button-contained">
            {t("Send confirmation link")}
          </button>
        </form>
      </PageSection>

      <PageSection title={t("Password")} id="password-heading">
        <form onSubmit={password.submit} className="stack">
          <TextField
            label={t("Current password")}
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
          <TextField
            label={t("New password")}
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            helperText={t("Use 8 or more characters, including a letter, a number and a special character.")}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <OutcomeNotice outcome={password.outcome} />
          <button type="submit" disabled={password.busy} className="button button-contained">
            {t("Change password")}
          </button>
        </form>
      </PageSection>

      <PageSection title={t("Your devices")} id="devices-heading">
        <ul style={{ paddingInlineStart: 20, marginTop: 0 }}>
          {account.sessions.map((session) => (
            <li key={session.id}>
              {session.current
                ? t("{browser} (this device)", { browser: session.browser })
                : t("{browser}, last seen {seen}", { browser: session.browser, seen: lastSeen.format(new Date(session.last_seen_at)) })}
            </li>
          ))}
        </ul>
        <div className="stack">
          <OutcomeNotice outcome={devices.outcome} />
          <button type="button" disabled={devices.busy} onClick={() => void devices.submit()} className="button button-outlined">
            {t("Sign out of other devices")}
          </button>
        </div>
      </PageSection>

      <PageSection title={t("Language")} id="language-heading">
        <LanguageChoice saved={account.language} />
      </PageSection>

      <PageSection title={t("Mail from us")} id="mail-heading">
        <MailChoices saved={account.mail} />
      </PageSection>

      {sections.filter((section) => !section.first).map(showSection)}

      <PageSection title={t("Your data")} id="data-heading">
        <p style={{ margin: "0 0 12px" }}>{t("One file with your profile, courses, progress and the forms you sent.")}</p>
        <a href={addressOf("exportMyData")} download="my-data.json" className="button button-outlined">
          {t("Download my data")}
        </a>
      </PageSection>

      <PageSection title={t("Delete my account")} id="delete-heading">
        <p style={{ margin: "0 0 12px" }}>
          {t(
            "This removes your profile, your progress, your access to courses and your sessions, and cannot be undone. Feedback and messages you sent stay with us without your name or e-mail.",
          )}
        </p>
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (confirmingDelete) void deletion.submit();
            else setConfirmingDelete(true);
          }}
          className="stack"
        >
          <TextField
            label={t("Your password")}
            name="delete_password"
            type="password"
            autoComplete="current-password"
            required
            value={deletePassword}
            onChange={(event) => setDeletePassword(event.target.value)}
          />
          {confirmingDelete ? (
            <Notice tone="error" role="alert">
              {t("Are you sure? Press the button again to delete your account for good.")}
            </Notice>
          ) : null}
          <OutcomeNotice outcome={deletion.outcome} />
          <button type="submit" className="button button-contained button-danger" disabled={deletion.busy}>
            {confirmingDelete ? t("Yes, delete my account") : t("Delete my account")}
          </button>
        </form>
      </PageSection>
    </PageColumn>
  );
}
