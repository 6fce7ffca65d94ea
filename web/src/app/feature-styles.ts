// Every site feature's own stylesheet (web/src/features/<name>/*.css, beside the screens it styles),
// taken in by the site's frames, so a capability adds a stylesheet without a line anywhere else.
// They travel as one file with the parts the site's pages share (site-parts), which every page of
// the site links (scripts/prerender.mjs) and no studio page downloads: a screen opened later finds
// its styles here already, and the studio's own screens are styled by MUI.
import.meta.glob(["../features/*/*.css", "!../features/studio/**"], { eager: true });
