import "./members-endpoints.ts";
import Box from "@mui/material/Box";
import { useSession } from "../../../lib/session.ts";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { MemberCourse, PasswordLink } from "../../../../../contract/studio/members.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { studioMemberQuery } from "../../../lib/first-answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { memberName } from "./members-page.tsx";
import { copyText, formatDate, formatDateTime, Loading, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { PersonActions } from "../person-actions.tsx";
import { t } from "../messages.ts";

function howOpen(course: MemberCourse): string {
  const ways = [
    ...(course.free_for_members ? [t("free for every member")] : []),
    ...(course.granted_by_instructor ? [t("given by you")] : []),
    ...course.purchases.map((purchase) =>
      purchase.ends_at
        ? t("bought: {plan} (until {date})", { plan: purchase.plan_name, date: formatDate(purchase.ends_at) })
        : t("bought: {plan}", { plan: purchase.plan_name }),
    ),
  ];
  return ways.length > 0 ? t("Open: {ways}", { ways: ways.join("; ") }) : t("Locked");
}

export default function MemberPage() {
  const { id } = useParams();
  const ownId = useSession().user?.id;
  const memberId = id ?? "";
  const { answer, failure } = useAnswer("studioMember", studioMemberQuery(memberId));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [passwordLink, setPasswordLink] = useState<PasswordLink | null>(null);
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const act = (change: () => Promise<{ message: string }>) => run(change, (result) => result.message);
  const makePasswordLink = async () => {
    const link = await run(
      () => send("createPasswordLink", { params: { id: memberId }, body: {} }),
      (result) => result.message,
    );
    if (link) setPasswordLink(link);
  };

  if (!answer) {
    return (
      <StudioPage title={t("Member")}>
        <Loading failure={failure} what={t("this member")} />
        <Link to="/studio/members">{t("Back to Members")}</Link>
      </StudioPage>
    );
  }
  const { member, courses } = answer;
  const self = member.id === ownId;
  return (
    <StudioPage title={memberName(member) || member.email}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <Link to="/studio/members">{t("Back to Members")}</Link>
        {self ? null : <PersonActions person={{ email: member.email, name: memberName(member), memberId: member.id }} />}
      </Box>
      <Box
        component="dl"
        sx={{
          display: "grid",
          gridTemplateColumns: "max-content 1fr",
          columnGap: 2,
          rowGap: 0.5,
          my: 2,
          "& dt": { fontWeight: 600 },
          "& dd": { m: 0 },
        }}
      >
        <dt>{t("E-mail")}</dt>
        <dd>{member.email}</dd>
        <dt>{t("Role")}</dt>
        <dd>{member.role === "admin" ? t("Instructor") : t("Member")}</dd>
        <dt>{t("Joined")}</dt>
        <dd>{formatDate(member.joined_at)}</dd>
        <dt>{t("Last signed in")}</dt>
        <dd>{formatDateTime(member.last_sign_in_at)}</dd>
        <dt>{t("Signed in on")}</dt>
        <dd>{t("{count, plural, one {# device} other {# devices}}", { count: answer.signed_in_devices })}</dd>
        <dt>{t("Account")}</dt>
        <dd>{member.active ? t("Active") : t("Deactivated: she cannot sign in")}</dd>
        <dt>{t("Joined as")}</dt>
        <dd>{answer.joined_as === "partner" ? t("A partner, through a member's invitation") : t("A member")}</dd>
        {answer.partner ? (
          <>
            <dt>{answer.partner.relation === "her partner" ? t("Her partner") : t("Partner of")}</dt>
            <dd>
              <Link to={`/studio/members/${answer.partner.id}`}>{answer.partner.name}</Link> ({answer.partner.email})
            </dd>
          </>
        ) : null}
      </Box>
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      {passwordLink ? (
        <Box sx={{ p: 2, mb: 2, border: "1px solid var(--border)", borderRadius: 2, wordBreak: "break-all" }}>
          <Typography component="p" sx={{ mb: 1 }}>
            {t("Password link, valid until {expires_at}:", { expires_at: formatDateTime(passwordLink.expires_at) })}
          </Typography>
          <code>{passwordLink.url}</code>
          <Box sx={{ mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() =>
                void run(
                  async () => {
                    if (!(await copyText(passwordLink.url)))
                      throw new Error(t("Your browser did not allow copying; select the link above instead."));
                    return null;
                  },
                  () => t("Copied the password link."),
                )
              }
            >
              {t("Copy password link")}
            </Button>
          </Box>
        </Box>
      ) : null}

      <PageSection title={t("Courses")} id="member-courses">
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
          {courses.map((course) => (
            <Box
              component="li"
              key={course.id}
              sx={{
                display: "flex",
                gap: 2,
                alignItems: "center",
                justifyContent: "space-between",
                flexWrap: "wrap",
                p: 1.5,
                border: "1px solid var(--border)",
                borderRadius: 2,
              }}
            >
              <div>
                <strong>{course.title}</strong>
                <Box sx={{ color: "text.secondary", fontSize: "0.9rem" }}>{howOpen(course)}</Box>
              </div>
              {course.granted_by_instructor ? (
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => void act(() => send("revokeCourse", { params: { id: memberId, courseId: course.id }, body: {} }))}
                  aria-label={t("Revoke {title}", { title: course.title })}
                >
                  {t("Revoke")}
                </Button>
              ) : (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void act(() => send("grantCourse", { params: { id: memberId, courseId: course.id }, body: {} }))}
                  aria-label={t("Grant {title}", { title: course.title })}
                >
                  {t("Grant")}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      </PageSection>

      <PageSection title={t("Account")} id="member-account">
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button variant="outlined" disabled={busy} onClick={() => void makePasswordLink()}>
            {t("Create password link")}
          </Button>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void act(() => send("signMemberOutEverywhere", { params: { id: memberId }, body: {} }))}
          >
            {t("Sign out everywhere")}
          </Button>
          {!self ? (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                void act(() =>
                  send("setMemberRole", { params: { id: memberId }, body: { role: member.role === "admin" ? "member" : "admin" } }),
                )
              }
            >
              {member.role === "admin" ? t("Make a member") : t("Make an instructor")}
            </Button>
          ) : null}
          {self ? null : member.active ? (
            confirmingDeactivate ? (
              <>
                <Button
                  color="error"
                  variant="contained"
                  disabled={busy}
                  onClick={() => {
                    setConfirmingDeactivate(false);
                    void act(() => send("deactivateMember", { params: { id: memberId }, body: {} }));
                  }}
                >
                  {t("Yes, deactivate")}
                </Button>
                <Button onClick={() => setConfirmingDeactivate(false)}>{t("Keep the account open")}</Button>
              </>
            ) : (
              <Button color="error" variant="outlined" onClick={() => setConfirmingDeactivate(true)}>
                {t("Deactivate account")}
              </Button>
            )
          ) : (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void act(() => send("reactivateMember", { params: { id: memberId }, body: {} }))}
            >
              {t("Reactivate account")}
            </Button>
          )}
        </Box>
        {confirmingDeactivate ? (
          <Typography role="status" sx={{ mt: 1 }}>
            {t("She will be signed out now and cannot sign in until you reactivate the account. Nothing of hers is deleted.")}
          </Typography>
        ) : null}
      </PageSection>
    </StudioPage>
  );
}
