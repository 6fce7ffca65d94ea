import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { postHtml } from "./post-markdown.ts";

// docs/product.md, Community, Writing: a small Markdown, and nothing that runs.
describe("a post's words", () => {
  it("keeps paragraphs, bold, italic, lists and links, with links marked as the member's", () => {
    expect(postHtml("Hello **you** and *me*\n\n- one\n- two\n\n3. three\n4. four\n\n[Midwives](https://example.org/m)")).toBe(
      '<p>Hello <strong>you</strong> and <em>me</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n<p><a href="https://example.org/m" rel="nofollow ugc noopener">Midwives</a></p>',
    );
  });

  it("makes nothing of headings, quotes, code, images or tables: they stay text", () => {
    const html = postHtml("# Big\n\n> quoted\n\n```\ncode\n```\n\n![pic](https://example.org/p.png)\n\n| a | b |\n|---|---|");
    expect(html).not.toMatch(/<(h1|blockquote|pre|code|img|table)/);
  });

  const corpus = [
    "<script>alert(1)</script>",
    "<style>body{display:none}</style>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](java&#x09;script:alert(1))",
    "[x]( javascript:alert(1))",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[x](//evil.example/)",
    "<<script>script>alert(1)<</script>/script>",
    "<iframe src=https://evil.example></iframe>",
    '<div style="background:url(javascript:alert(1))">x</div>',
    "**<b onmouseover=alert(1)>bold</b>**",
    '[click](https://example.org" onclick="alert(1))',
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "[x](https://example.org)<!--<img src=x onerror=alert(1)>-->",
    "\u0000<script>alert(1)</script>",
  ];

  // Read back as a browser would: only the allowed elements, no handler, no link but http(s) and mailto.
  it.each(corpus)("leaves no executable markup in %j", (input) => {
    const body = new JSDOM(`<body>${postHtml(input)}</body>`).window.document.body;
    for (const element of body.querySelectorAll("*")) {
      expect(["P", "BR", "STRONG", "EM", "UL", "OL", "LI", "A", "SPAN"]).toContain(element.tagName);
      for (const attribute of element.attributes) expect(["href", "rel", "start"]).toContain(attribute.name);
      const href = element.getAttribute("href");
      if (href !== null) expect(new URL(href).protocol).toMatch(/^(https?|mailto):$/);
    }
  });
});
