import "./site-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, lazy, Suspense, useState } from "react";
import type { StudioAbout, StudioLinks } from "../../../../../contract/site-pages.ts";
import { type Language, languageNames, languages } from "../../../../../contract/languages.ts";
import type { PracticeNamesAnswer } from "../../../../../contract/site.ts";
import { LanguageRadios } from "../../../components/language-radios.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { RichTextField } from "../../../studio-kit/rich-text-field.tsx";
import { useLeaveWarning } from "../../../studio-kit/use-leave-warning.ts";
import { Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { CurrencySelect } from "../../../studio-kit/currency-select.tsx";
import { pageLanguage, t } from "../messages.ts";
import { FeaturesSection } from "./features-section.tsx";

// Her photo's uploader comes after the page's words: its file handling is no part of the first visit.
const PictureUpload = lazy(() => import("../../../studio-kit/picture-upload.tsx").then((module) => ({ default: module.PictureUpload })));

type Testimonial = StudioAbout["testimonials"][number];
type HelpfulLink = StudioLinks["links"][number];

function AboutForm({ about }: { about: StudioAbout }) {
  const [story, setStory] = useState(about.story_html);
  const [credentials, setCredentials] = useState(about.credentials.join("\n"));
  const [testimonials, setTestimonials] = useState<Testimonial[]>(about.testimonials);
  // What she sees is what was saved: the form stays, and the next save names the revision this one made.
  const [revision, setRevision] = useState(about.revision);
  const current = JSON.stringify([story, credentials, testimonials]);
  const [savedAs, setSavedAs] = useState(current);
  useLeaveWarning(current !== savedAs, t("Your About page"));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () =>
        send("saveAbout", {
          body: {
            story_html: story,
            credentials: credentials
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean),
            testimonials,
            revision,
          },
        }),
      () => t("Your About page is saved. Visitors see it at once."),
    );
    if (saved) {
      setRevision(saved.revision);
      setSavedAs(current);
    }
  };
  const change = (index: number, field: keyof Testimonial, value: string) =>
    setTestimonials((current) => current.map((item, at) => (at === index ? { ...item, [field]: value } : item)));
  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("About page")} sx={{ display: "grid", gap: 2, maxWidth: 760 }}>
      <RichTextField
        label={t("Your story")}
        name="story"
        value={story}
        onChange={setStory}
        help={t("Who you are, how you work, why you do this.")}
        minRows={6}
      />
      <TextField
        label={t("Training and credentials (one per line)")}
        multiline
        rows={4}
        value={credentials}
        onChange={(event) => setCredentials(event.target.value)}
        error={Boolean(outcome?.details?.credentials)}
        helperText={outcome?.details?.credentials}
      />
      <Box component="h3" sx={{ m: 0, fontSize: "1.05rem" }}>
        {t("Testimonials")}
      </Box>
      {testimonials.map((testimonial, index) => (
        <Box
          key={index}
          component="fieldset"
          sx={{ border: "1px solid var(--border)", borderRadius: 2, display: "grid", gap: 1, p: 1.5, m: 0 }}
        >
          <legend>{t("Testimonial {number}", { number: index + 1 })}</legend>
          <TextField
            label={t("The mother's first name")}
            value={testimonial.first_name}
            onChange={(event) => change(index, "first_name", event.target.value)}
          />
          <TextField
            label={t("What she said")}
            multiline
            rows={3}
            value={testimonial.text}
            onChange={(event) => change(index, "text", event.target.value)}
          />
          <Box>
            <Button color="error" onClick={() => setTestimonials((current) => current.filter((_, at) => at !== index))}>
              {t("Remove testimonial {number}", { number: index + 1 })}
            </Button>
          </Box>
        </Box>
      ))}
      <Box>
        <Button onClick={() => setTestimonials((current) => [...current, { first_name: "", text: "" }])}>{t("Add a testimonial")}</Button>
      </Box>
      <OutcomeNotice outcome={outcome} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save About")}
        </Button>
      </Box>
    </Box>
  );
}

function LinksForm({ page }: { page: StudioLinks }) {
  const [links, setLinks] = useState<HelpfulLink[]>(page.links);
  const [revision, setRevision] = useState(page.revision);
  const [savedAs, setSavedAs] = useState(() => JSON.stringify(page.links));
  useLeaveWarning(JSON.stringify(links) !== savedAs, t("Your helpful links"));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const change = (index: number, field: keyof HelpfulLink, value: string) =>
    setLinks((current) => current.map((item, at) => (at === index ? { ...item, [field]: value } : item)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () => send("saveLinks", { body: { links, revision } }),
      () => t("Your helpful links are saved."),
    );
    if (saved) {
      setRevision(saved.revision);
      setSavedAs(JSON.stringify(links));
    }
  };
  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("Helpful links")} sx={{ display: "grid", gap: 2, maxWidth: 760 }}>
      {links.map((link, index) => (
        <Box
          key={index}
          component="fieldset"
          sx={{ border: "1px solid var(--border)", borderRadius: 2, display: "grid", gap: 1, p: 1.5, m: 0 }}
        >
          <legend>{t("Link {number}", { number: index + 1 })}</legend>
          <TextField label={t("Title")} value={link.title} onChange={(event) => change(index, "title", event.target.value)} />
          <TextField
            label={t("Address")}
            type="url"
            value={link.url}
            onChange={(event) => change(index, "url", event.target.value)}
            helperText={t("Starting with https://")}
          />
          <TextField
            label={t("Why it helps (optional)")}
            value={link.description}
            onChange={(event) => change(index, "description", event.target.value)}
          />
          <Box>
            <Button color="error" onClick={() => setLinks((current) => current.filter((_, at) => at !== index))}>
              {t("Remove link {number}", { number: index + 1 })}
            </Button>
          </Box>
        </Box>
      ))}
      <Box>
        <Button onClick={() => setLinks((current) => [...current, { title: "", url: "https://", description: "" }])}>
          {t("Add a link")}
        </Button>
      </Box>
      <OutcomeNotice outcome={outcome} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save links")}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Her names as every page, PDF and mail prints them: her own, her practice's, and her title in each
 * of the site's languages (a title left empty: her name stands alone in that language).
 */
function NamesForm({ saved }: { saved: PracticeNamesAnswer }) {
  const [form, setForm] = useState(saved);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.details;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(
      () => send("savePracticeNames", { body: form }),
      () => t("Saved. Your pages, agreements, certificates and mails use these names from now on."),
    );
    if (answer) setForm(answer);
  };
  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("Your name")} sx={{ display: "grid", gap: 2, maxWidth: 560 }}>
      <TextField
        label={t("Your name, as clients read it")}
        autoComplete="name"
        value={form.doula_name}
        onChange={(event) => setForm({ ...form, doula_name: event.target.value })}
        error={Boolean(details?.doula_name)}
        helperText={details?.doula_name}
      />
      <TextField
        label={t("The name of your practice")}
        autoComplete="organization"
        value={form.business_name}
        onChange={(event) => setForm({ ...form, business_name: event.target.value })}
        error={Boolean(details?.business_name)}
        helperText={details?.business_name ?? t("It signs your mails and heads your agreements and certificates.")}
      />
      {languages.map((language) => (
        <TextField
          key={language}
          label={t("Your title in {language} (optional)", { language: languageNames[language] })}
          value={form.titles[language] ?? ""}
          onChange={(event) => setForm({ ...form, titles: { ...form.titles, [language]: event.target.value } })}
          error={Boolean(details?.[`titles.${language}`])}
          helperText={
            details?.[`titles.${language}`] ?? t("Printed after your name, as in “{example}”.", { example: `${form.doula_name}, …` })
          }
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save your names")}
        </Button>
      </Box>
      <OutcomeNotice outcome={outcome} />
    </Box>
  );
}

/**
 * The site's language: a visitor's whose browser asks for none we have, a member's who chose none,
 * and the studio's own mails (docs/languages.md). Saved as she picks it.
 */
function SiteLanguage({ saved }: { saved: Language }) {
  const [language, setLanguage] = useState(saved);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const choose = async (next: Language) => {
    const before = language;
    setLanguage(next);
    const answer = await run(
      () => send("saveSiteLanguage", { body: { language: next } }),
      (result) =>
        t("Saved. Visitors whose browser asks for none of the site's languages read it in {language}.", {
          language: languageNames[result.language],
        }),
    );
    if (!answer) setLanguage(before);
  };
  return (
    <Box sx={{ display: "grid", gap: 1.5, maxWidth: 760 }}>
      <LanguageRadios
        name="site-language"
        legend={t("The site's language")}
        chosen={language}
        disabled={busy}
        onChoose={(code) => void choose(code)}
      />
      <p style={{ margin: 0 }}>
        {t(
          "Each visitor reads the site in her browser's language when the site has it, and may switch in every page's footer; each member chooses her own on her account. The courses and pages you write stay in the language you write them in.",
        )}
      </p>
      <OutcomeNotice outcome={outcome} />
      {/* The studio is in her own language, not the site's: one link makes them the same (?lang= saves it on her account). */}
      {language !== pageLanguage() ? (
        <p style={{ margin: 0 }}>
          <a href={`/studio/site?lang=${language}`}>{t("Read the studio in {language} too", { language: languageNames[language] })}</a>
        </p>
      ) : null}
    </Box>
  );
}

/** The currency her new prices start in (packages, plans, sessions, classes): saved as she picks it. */
function SiteCurrency({ saved }: { saved: string }) {
  const [currency, setCurrency] = useState(saved);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const choose = async (next: string) => {
    const before = currency;
    setCurrency(next);
    const answer = await run(
      () => send("saveSiteCurrency", { body: { currency: next } }),
      (result) => t("Saved. New prices start in {currency}; a price you set before keeps its own.", { currency: result.currency }),
    );
    if (!answer) setCurrency(before);
  };
  return (
    <Box sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}>
      <Box sx={{ opacity: busy ? 0.7 : 1 }}>
        <CurrencySelect
          label={t("Your currency")}
          value={currency}
          onChange={(next) => void choose(next)}
          error={outcome?.details?.currency}
        />
      </Box>
      <p style={{ margin: 0 }}>
        {t("Packages, plans, sessions and classes you create start in it; you may choose another for any of them.")}
      </p>
      <OutcomeNotice outcome={outcome?.details?.currency ? null : outcome} />
    </Box>
  );
}

/** /studio/site: her public pages, About and Helpful links (the Contact form needs nothing from her), and the site's language. */
export default function SitePage() {
  const about = useAnswer("studioAbout");
  const links = useAnswer("studioLinks");
  const site = useAnswer("siteDetails");
  const names = useAnswer("practiceNames");
  const capabilities = useAnswer("studioCapabilities");
  return (
    <StudioPage
      title={t("Site")}
      intro={t(
        "What visitors read about you: your About page and your helpful links, and the site's language. Messages from the Contact page arrive in your Inbox.",
      )}
    >
      <PageSection title={t("Your name")} id="site-names">
        {names.answer ? <NamesForm saved={names.answer} /> : <Loading failure={names.failure} what={t("your names")} />}
      </PageSection>
      <PageSection title={t("Language")} id="site-language">
        {site.answer ? <SiteLanguage saved={site.answer.language} /> : <Loading failure={site.failure} what={t("the site's language")} />}
      </PageSection>
      <PageSection title={t("Currency")} id="site-currency">
        {site.answer ? <SiteCurrency saved={site.answer.currency} /> : <Loading failure={site.failure} what={t("your currency")} />}
      </PageSection>
      <PageSection title={t("About")} id="site-about">
        {about.answer ? <AboutForm about={about.answer} /> : <Loading failure={about.failure} what={t("your About page")} />}
      </PageSection>
      <PageSection title={t("Your photo")} id="site-photo">
        {about.answer ? (
          <Suspense fallback={<p>{t("Loading…")}</p>}>
            <PictureUpload
              label={t("Your photo on About")}
              picture={about.answer.photo}
              target={{ upload: "uploadAboutPhoto", remove: "removeAboutPhoto" }}
              fallback={<p style={{ margin: 0 }}>{t("No photo yet: About shows your story without one.")}</p>}
              onChanged={about.refresh}
            />
          </Suspense>
        ) : null}
      </PageSection>
      <PageSection title={t("Helpful links")} id="site-links">
        {links.answer ? <LinksForm page={links.answer} /> : <Loading failure={links.failure} what={t("your links")} />}
      </PageSection>
      <PageSection title={t("Features")} id="site-features">
        {capabilities.answer ? (
          <FeaturesSection capabilities={capabilities.answer.capabilities} />
        ) : (
          <Loading failure={capabilities.failure} what={t("your features")} />
        )}
      </PageSection>
    </StudioPage>
  );
}
