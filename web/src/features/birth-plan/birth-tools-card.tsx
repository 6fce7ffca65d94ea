import { Link } from "react-router";

/** /home on her account: the two birth tools, one tap from the app's first page (the installed app opens /home). */
export default function BirthToolsCard() {
  return (
    <section aria-labelledby="birth-tools-heading" className="home-card">
      <h2 id="birth-tools-heading" className="home-card-title">
        For the birth
      </h2>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>
          <Link to="/birth-plan">Birth preferences</Link>: your wishes, to print or share
        </li>
        <li>
          <Link to="/timer">Contraction timer</Link>: works with no signal
        </li>
      </ul>
    </section>
  );
}
