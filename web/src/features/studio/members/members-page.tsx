import "./members-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAnswer } from "../../../lib/answers.ts";
import {
  formatDate,
  formatDateTime,
  LabelledSelect,
  Loading,
  ScrollingTable,
  SearchBar,
  StudioPage,
} from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";

export const memberName = (member: { first_name: string | null; last_name: string | null }) =>
  [member.first_name, member.last_name].filter(Boolean).join(" ");

export default function MembersPage() {
  // The search lives in the address, so Back from a member's page returns to the same list.
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const sort = params.get("sort") === "last_sign_in" ? "last_sign_in" : "joined";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [typed, setTyped] = useState(search);
  const { answer, failure } = useAnswer("studioMembers", { query: { search, sort, page } });
  const go = (changes: Record<string, string>) => setParams({ search, sort, page: String(page), ...changes });
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.page_size)) : 1;

  return (
    <StudioPage title={t("Members")}>
      <SearchBar label={t("Name or e-mail")} value={typed} onChange={setTyped} onSearch={() => go({ search: typed.trim(), page: "1" })}>
        <LabelledSelect
          label={t("Sort by")}
          value={sort}
          onChange={(value) => go({ sort: value, page: "1" })}
          options={[
            { value: "joined", label: t("Joined, newest first") },
            { value: "last_sign_in", label: t("Last signed in, most recent first") },
          ]}
        />
      </SearchBar>
      {!answer ? (
        <Loading failure={failure} what={t("the members")} />
      ) : (
        <>
          <p role="status">
            {answer.total === 0
              ? t("No member matches.")
              : search
                ? t('{total, plural, one {# member} other {# members}} matching "{search}". Page {page} of {pages}.', {
                    total: answer.total,
                    search,
                    page: answer.page,
                    pages,
                  })
                : t("{total, plural, one {# member} other {# members}}. Page {page} of {pages}.", {
                    total: answer.total,
                    page: answer.page,
                    pages,
                  })}
          </p>
          {answer.members.length > 0 ? (
            <ScrollingTable label={t("Members")}>
              <table style={{ minWidth: 600 }}>
                <thead>
                  <tr>
                    <th scope="col">{t("Member")}</th>
                    <th scope="col">{t("Joined")}</th>
                    <th scope="col">{t("Last signed in")}</th>
                    <th scope="col">{t("Account")}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.members.map((member) => (
                    <tr key={member.id}>
                      <th scope="row">
                        <Link to={`/studio/members/${member.id}`}>{memberName(member) || member.email}</Link>
                        {memberName(member) ? <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>{member.email}</Box> : null}
                      </th>
                      <td>{formatDate(member.joined_at)}</td>
                      <td>{formatDateTime(member.last_sign_in_at)}</td>
                      <td>
                        {[member.role === "admin" ? "instructor" : "member", member.active ? null : "deactivated"]
                          .filter(Boolean)
                          .join(", ")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollingTable>
          ) : null}
          <Box component="nav" aria-label={t("Pages of members")} sx={{ display: "flex", gap: 1 }}>
            <Button disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
              {t("Previous page")}
            </Button>
            <Button disabled={page >= pages} onClick={() => go({ page: String(page + 1) })}>
              {t("Next page")}
            </Button>
          </Box>
        </>
      )}
    </StudioPage>
  );
}
