import "./forms-endpoints.ts";
import { type FormEvent, type ReactElement, useId, useState } from "react";
import { Link } from "react-router";
import { Icon, PodcastIcon } from "../../components/icons.tsx";
import { serviceName, supportServices } from "../../lib/support-services.ts";
import type { SiteDetails } from "../../../../contract/site.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useSiteDetails } from "../../lib/site-details.ts";
import { useFormSubmission } from "./use-form-submission.ts";
import { call } from "../../lib/api.ts";
import { t, tWith } from "./messages.ts";

// Material icons (Apache 2.0), drawn as plain SVG like the rest of the member area's.
const glyph = (...paths: string[]) => (
  <Icon>
    {paths.map((d) => (
      <path key={d} d={d} />
    ))}
  </Icon>
);
const BlogIcon = () =>
  glyph(
    "M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2",
    "M14 17H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z",
  );
const FacebookIcon = () =>
  glyph(
    "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z",
  );
const YouTubeIcon = () =>
  glyph(
    "M10 15l5.19-3L10 9v6m11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73z",
  );
const PinterestIcon = () =>
  glyph(
    "M9.04 21.54c.96.29 1.93.46 2.96.46a10 10 0 0 0 10-10A10 10 0 0 0 12 2 10 10 0 0 0 2 12c0 4.25 2.67 7.9 6.44 9.34-.09-.78-.18-2.07 0-2.96l1.15-4.94s-.29-.58-.29-1.5c0-1.38.86-2.41 1.84-2.41.86 0 1.26.63 1.26 1.44 0 .86-.57 2.09-.86 3.27-.17.98.52 1.84 1.52 1.84 1.78 0 3.16-1.9 3.16-4.58 0-2.4-1.72-4.04-4.19-4.04-2.82 0-4.48 2.1-4.48 4.31 0 .86.28 1.73.74 2.3.09.06.09.14.06.29l-.29 1.09c0 .17-.11.23-.28.11-1.28-.56-2.02-2.38-2.02-3.85 0-3.16 2.24-6.03 6.56-6.03 3.44 0 6.12 2.47 6.12 5.75 0 3.44-2.13 6.2-5.18 6.2-.97 0-1.92-.52-2.26-1.13l-.67 2.37c-.23.86-.86 2.01-1.29 2.7v-.03z",
  );
const InstagramIcon = () =>
  glyph(
    "M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4H7.6m9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3z",
  );

const socialButtons = (): { key: keyof SiteDetails["links"]; label: string; icon: ReactElement }[] => [
  { key: "podcast_directory", label: t("Our podcast in the podcast directory"), icon: <PodcastIcon /> },
  { key: "blog", label: t("Our blog"), icon: <BlogIcon /> },
  { key: "facebook", label: "Facebook", icon: <FacebookIcon /> },
  { key: "youtube", label: "YouTube", icon: <YouTubeIcon /> },
  { key: "pinterest", label: "Pinterest", icon: <PinterestIcon /> },
  { key: "instagram", label: "Instagram", icon: <InstagramIcon /> },
];

const emptyContact = {
  email: "",
  full_name: "",
  birth_location: "",
  due_date: "",
  location: "",
  referral: "",
  services: [] as (typeof supportServices)[number][],
};
type ContactField = Exclude<keyof typeof emptyContact, "services">;

export default function SupportPage() {
  const site = useSiteDetails();
  const [contact, setContact] = useState(emptyContact);
  const [servicesMissing, setServicesMissing] = useState(false);
  const submission = useFormSubmission();
  const servicesErrorId = useId();
  const details = submission.failure?.details ?? {};

  const text = (name: ContactField, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      label={label}
      value={contact[name]}
      onChange={(event) => setContact((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(details[name])}
      helperText={details[name]}
      {...extra}
    />
  );

  const toggleService = (service: string, checked: boolean) => {
    setServicesMissing(false);
    setContact((current) => ({
      ...current,
      services: checked
        ? supportServices.filter((name) => name === service || current.services.includes(name))
        : current.services.filter((name) => name !== service),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (contact.services.length === 0) {
      setServicesMissing(true);
      return;
    }
    if (await submission.submit(() => call("sendContact", { body: contact }))) setContact(emptyContact);
  };

  const servicesError = servicesMissing ? t("Please choose at least one service.") : (details.services ?? details["services.0"]);

  return (
    <PageColumn title={t("Support")}>
      <p style={{ margin: "0 0 8px" }}>
        {t("We are here for you. Write, call, or send the form below and we will answer within two working days.")}
      </p>
      {site ? (
        <address style={{ fontStyle: "normal", marginBottom: 16, lineHeight: 1.8 }}>
          {tWith("E-mail: {link}", { link: <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a> })}
          <br />
          {site.contact_city}
          <br />
          {tWith("Phone: {link}", { link: <a href={`tel:${site.contact_phone.replace(/[^+\d]/g, "")}`}>{site.contact_phone}</a> })}
        </address>
      ) : null}
      <nav aria-label={t("Find us elsewhere")} style={{ display: "flex", flexWrap: "wrap", gap: 8, marginBottom: 24 }}>
        {socialButtons().map((button) => (
          <button
            key={button.key}
            type="button"
            className="icon-button-plain icon-button-outlined"
            aria-label={button.label}
            disabled={!site}
            onClick={() => {
              if (site) window.location.assign(site.links[button.key]);
            }}
          >
            {button.icon}
          </button>
        ))}
      </nav>
      <h2 className="heading-2" style={{ marginBottom: 8 }}>
        {t("Ask about doula support")}
      </h2>
      <p style={{ margin: "0 0 16px" }}>
        {tWith(
          "Tell us a little about yourself and the support you are looking for. Only the instructor reads these answers. If you already know what you would like, you can also {link}.",
          { link: <Link to="/book">{t("book a time directly")}</Link> },
        )}
      </p>
      <form onSubmit={submit} noValidate style={{ display: "grid", gap: 16 }}>
        {text("email", t("E-mail address"), { type: "email", autoComplete: "email", required: true })}
        {text("full_name", t("Full name"), { autoComplete: "name", required: true })}
        {text("birth_location", t("Where are you birthing?"))}
        {text("due_date", t("Estimated due date"), { type: "date" })}
        {text("location", t("Where do you live?"), { autoComplete: "address-level2" })}
        {text("referral", t("How did you find us?"))}
        <fieldset className="choices" aria-describedby={servicesError ? servicesErrorId : undefined}>
          <legend>
            {tWith("Services {span}", {
              span: (
                <span className="text-field-required" aria-hidden="true">
                  *
                </span>
              ),
            })}
          </legend>
          {supportServices.map((service) => (
            <label key={service} className="choice" style={{ display: "flex" }}>
              <input
                type="checkbox"
                name="services"
                value={service}
                checked={contact.services.includes(service)}
                onChange={(event) => toggleService(service, event.target.checked)}
              />
              {serviceName(service)}
            </label>
          ))}
          {servicesError ? (
            <p id={servicesErrorId} className="text-field-helper text-field-error" style={{ margin: 0 }}>
              {servicesError}
            </p>
          ) : null}
        </fieldset>
        {submission.failure ? (
          <Notice tone="error" role="alert">
            {submission.failure.error ?? t("Your message could not be sent. Please try again.")}
          </Notice>
        ) : null}
        {submission.sent ? (
          <Notice tone="success" role="status">
            {t("Thank you! Your message has been sent. We will be in touch soon.")}
          </Notice>
        ) : null}
        <button type="submit" disabled={submission.sending} className="button button-contained button-large">
          {t("SEND")}
        </button>
      </form>
    </PageColumn>
  );
}
