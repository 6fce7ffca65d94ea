import BlogIcon from "@mui/icons-material/ArticleOutlined";
import FacebookIcon from "@mui/icons-material/Facebook";
import InstagramIcon from "@mui/icons-material/Instagram";
import PinterestIcon from "@mui/icons-material/Pinterest";
import PodcastIcon from "@mui/icons-material/Podcasts";
import YouTubeIcon from "@mui/icons-material/YouTube";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { type FormEvent, type ReactElement, useState } from "react";
import { supportServices } from "../../../../contract/constants.ts";
import type { SiteDetails } from "../../../../contract/site.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useSiteDetails } from "../../lib/site-details.ts";
import { useFormSubmission } from "./use-form-submission.ts";
import { call } from "../../lib/api.ts";

const socialButtons: { key: keyof SiteDetails["links"]; label: string; icon: ReactElement }[] = [
  { key: "podcast_directory", label: "Our podcast in the podcast directory", icon: <PodcastIcon /> },
  { key: "blog", label: "Our blog", icon: <BlogIcon /> },
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

  const servicesError = servicesMissing ? "Please choose at least one service." : (details.services ?? details["services.0"]);

  return (
    <PageColumn title="Support">
      <Typography sx={{ mb: 1 }}>
        We are here for you. Write, call, or send the form below and we will answer within two working days.
      </Typography>
      {site ? (
        <Box component="address" sx={{ fontStyle: "normal", mb: 2, lineHeight: 1.8 }}>
          E-mail: <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a>
          <br />
          {site.contact_city}
          <br />
          Phone: <a href={`tel:${site.contact_phone.replace(/[^+\d]/g, "")}`}>{site.contact_phone}</a>
        </Box>
      ) : null}
      <Box component="nav" aria-label="Find us elsewhere" sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 3 }}>
        {socialButtons.map((button) => (
          <IconButton
            key={button.key}
            aria-label={button.label}
            color="primary"
            disabled={!site}
            onClick={() => {
              if (site) window.location.assign(site.links[button.key]);
            }}
            sx={{ border: "1px solid", borderColor: "divider" }}
          >
            {button.icon}
          </IconButton>
        ))}
      </Box>
      <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
        Ask about doula support
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Tell us a little about yourself and the support you are looking for. Only the instructor reads these answers.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: "grid", gap: 2 }}>
        {text("email", "E-mail address", { type: "email", autoComplete: "email", required: true })}
        {text("full_name", "Full name", { autoComplete: "name", required: true })}
        {text("birth_location", "Where are you birthing?")}
        {text("due_date", "Estimated due date", { type: "date" })}
        {text("location", "Where do you live?", { autoComplete: "address-level2" })}
        {text("referral", "How did you find us?")}
        <FormControl component="fieldset" error={Boolean(servicesError)} required>
          <FormLabel component="legend" sx={{ color: "text.primary", fontWeight: 600 }}>
            Services
          </FormLabel>
          <FormGroup>
            {supportServices.map((service) => (
              <FormControlLabel
                key={service}
                control={
                  <Checkbox
                    name="services"
                    value={service}
                    checked={contact.services.includes(service)}
                    onChange={(event) => toggleService(service, event.target.checked)}
                  />
                }
                label={service}
              />
            ))}
          </FormGroup>
          {servicesError ? <FormHelperText>{servicesError}</FormHelperText> : null}
        </FormControl>
        {submission.failure ? (
          <Notice tone="error" role="alert">
            {submission.failure.error ?? "Your message could not be sent. Please try again."}
          </Notice>
        ) : null}
        {submission.sent ? (
          <Notice tone="success" role="status">
            Thank you! Your message has been sent. We will be in touch soon.
          </Notice>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={submission.sending}>
          SEND
        </Button>
      </Box>
    </PageColumn>
  );
}
