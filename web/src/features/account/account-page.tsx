import "./account-endpoints.ts";
import { type FormEvent, Suspense, useState } from "react";
import type { Account } from "../../../../contract/my-account.ts";
import type { Profile } from "../../../../contract/sign-in.ts";
import { passwordRuleText } from "../../../../contract/constants.ts";
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
      <PageColumn title="My account">
        <Notice tone="error" role="alert">
          {failure.error ?? "We could not load your account."}
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
  const [newEmail, setNewEmail] = useState("");
  const [emailPassword, setEmailPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [deletePassword, setDeletePassword] = useState("");
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // His account (joined through her invitation) has no due date or community of its own.
  const partnerAccount = account.profile.joined_as === "partner";
  const sections = shownTo(useSlots().accountSections, account.profile);
  const showSection = ({ id, title, Body }: AccountSection) => (
    <PageSection key={id} title={typeof title === "string" ? title : title(account.profile)} id={id}>
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
    () => "Your name is saved.",
  );
  const pacing = useSubmit(
    async () => saveProfile(await dispatch(send("setPacing", { body: { due_date: dueDate || null, baby_arrived: babyArrived } }))),
    (profile) =>
      profile.due_date ? "Saved. Lessons are suggested for your week." : "Saved. Without a due date, nothing is suggested by week.",
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
    ({ ended }) => (ended === 0 ? "No other device was signed in." : `Signed out of ${ended} other ${ended === 1 ? "device" : "devices"}.`),
  );
  const deletion = useSubmit(
    async () => {
      await call("deleteMyAccount", { body: { password: deletePassword } });
      await logout();
    },
    () => "Your account has been deleted.",
  );

  return (
    <PageColumn title="My account">
      {sections.filter((section) => section.first).map(showSection)}
      <PageSection title="Your name" id="name-heading">
        <form onSubmit={name.submit} className="stack">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
          />
          <OutcomeNotice outcome={name.outcome} />
          <button type="submit" disabled={name.busy} className="button button-contained">
            Save name
          </button>
        </form>
      </PageSection>

      {partnerAccount ? null : (
        <PageSection title="When is your baby due?" id="due-heading">
          <p style={{ margin: "0 0 12px" }}>
            If you like, we suggest the lessons that suit your week. This is only a suggestion: every lesson stays open.
          </p>
          <form onSubmit={pacing.submit} className="stack">
            <TextField label="Due date" name="due_date" type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
            <label style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
              <input
                type="checkbox"
                checked={babyArrived}
                onChange={(event) => setBabyArrived(event.target.checked)}
                style={{ width: 22, height: 22 }}
              />
              My baby has arrived
            </label>
            <OutcomeNotice outcome={pacing.outcome} />
            <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
              <button type="submit" disabled={pacing.busy} className="button button-contained">
                Save
              </button>
              {account.profile.due_date ? (
                <button type="button" disabled={pacing.busy} onClick={() => setDueDate("")} className="button button-outlined">
                  Remove due date
                </button>
              ) : null}
            </div>
          </form>
        </PageSection>
      )}

      <PageSection title="E-mail address" id="email-heading">
        <p style={{ margin: "0 0 12px" }}>
          You sign in with <strong>{account.profile.email}</strong>.
          {account.pending_email ? ` We are waiting for you to confirm ${account.pending_email}: please open the link we sent there.` : ""}
        </p>
        {account.profile.email_confirmed ? null : (
          <div className="stack" style={{ marginBottom: 16 }}>
            <p style={{ margin: 0 }}>
              Please confirm this address with the link we mailed you when you joined. Then a session or a class you booked with it before
              you joined shows here too.
            </p>
            <OutcomeNotice outcome={proof.outcome} />
            <button type="button" onClick={() => void proof.submit()} disabled={proof.busy} className="button button-outlined">
              Send the link again
            </button>
          </div>
        )}
        <form onSubmit={email.submit} className="stack">
          <TextField
            label="New e-mail address"
            name="new_email"
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          <TextField
            label="Your password"
            name="email_password"
            type="password"
            autoComplete="current-password"
            required
            value={emailPassword}
            onChange={(event) => setEmailPassword(event.target.value)}
          />
          <OutcomeNotice outcome={email.outcome} />
          <button type="submit" disabled={email.busy} className="button button-contained">
            Send confirmation link
          </button>
        </form>
      </PageSection>

      <PageSection title="Password" id="password-heading">
        <form onSubmit={password.submit} className="stack">
          <TextField
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
          <TextField
            label="New password"
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            helperText={passwordRuleText}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <OutcomeNotice outcome={password.outcome} />
          <button type="submit" disabled={password.busy} className="button button-contained">
            Change password
          </button>
        </form>
      </PageSection>

      <PageSection title="Your devices" id="devices-heading">
        <ul style={{ paddingLeft: 20, marginTop: 0 }}>
          {account.sessions.map((session) => (
            <li key={session.id}>
              {session.browser}
              {session.current ? " (this device)" : `, last seen ${new Date(session.last_seen_at).toLocaleString()}`}
            </li>
          ))}
        </ul>
        <div className="stack">
          <OutcomeNotice outcome={devices.outcome} />
          <button type="button" disabled={devices.busy} onClick={() => void devices.submit()} className="button button-outlined">
            Sign out of other devices
          </button>
        </div>
      </PageSection>

      <PageSection title="Language" id="language-heading">
        <LanguageChoice saved={account.language} />
      </PageSection>

      <PageSection title="Mail from us" id="mail-heading">
        <MailChoices saved={account.mail} />
      </PageSection>

      {sections.filter((section) => !section.first).map(showSection)}

      <PageSection title="Your data" id="data-heading">
        <p style={{ margin: "0 0 12px" }}>One file with your profile, courses, progress and the forms you sent.</p>
        <a href={addressOf("exportMyData")} download="my-data.json" className="button button-outlined">
          Download my data
        </a>
      </PageSection>

      <PageSection title="Delete my account" id="delete-heading">
        <p style={{ margin: "0 0 12px" }}>
          This removes your profile, your progress, your access to courses and your sessions, and cannot be undone. Feedback and messages
          you sent stay with us without your name or e-mail.
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
            label="Your password"
            name="delete_password"
            type="password"
            autoComplete="current-password"
            required
            value={deletePassword}
            onChange={(event) => setDeletePassword(event.target.value)}
          />
          {confirmingDelete ? (
            <Notice tone="error" role="alert">
              Are you sure? Press the button again to delete your account for good.
            </Notice>
          ) : null}
          <OutcomeNotice outcome={deletion.outcome} />
          <button type="submit" className="button button-contained button-danger" disabled={deletion.busy}>
            {confirmingDelete ? "Yes, delete my account" : "Delete my account"}
          </button>
        </form>
      </PageSection>
    </PageColumn>
  );
}
