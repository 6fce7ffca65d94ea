import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useSiteDetails } from "../../lib/site-details.ts";
import { t } from "./messages.ts";

export default function PodcastPage() {
  const site = useSiteDetails();
  return (
    <PageColumn title={t("The Calm Birth Podcast")}>
      <p style={{ margin: "0 0 16px" }}>{t("Real birth stories and answers to your questions. The latest 10 episodes:")}</p>
      {site ? (
        <iframe
          title={t("Podcast player: the latest 10 episodes")}
          src={site.podcast_player_url}
          width="100%"
          height="600"
          loading="lazy"
          style={{ border: 0, borderRadius: 12, display: "block" }}
        />
      ) : (
        <Spinner label={t("Loading the podcast player")} />
      )}
    </PageColumn>
  );
}
