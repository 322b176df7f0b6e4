/**
 * A name's landing page, served by the hosting listener on the name itself: one file, its style inline, nothing loaded
 * from anywhere (the listener's policy allows nothing else), readable on a phone. Every value is escaped.
 */
export const LANDER = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="domain-engine <%= it.design %>">
<title><%= it.unicodeName %></title>
<style>
:root{--bg:<%= it.colours.bg %>;--fg:<%= it.colours.fg %>;--accent:<%= it.colours.accent %>;--muted:<%= it.colours.muted %>}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;justify-content:center;align-items:center;background:var(--bg);color:var(--fg);font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:2rem 1.25rem;text-align:center}
main{max-width:40rem;width:100%}
h1{font-size:clamp(1.8rem,7vw,3.2rem);line-height:1.15;margin:0 0 .5rem;overflow-wrap:anywhere}
.tagline{font-size:1.25rem;color:var(--accent);margin:0 0 1.5rem}
p{margin:0 0 1rem}
.card{border:1px solid var(--muted);border-radius:12px;padding:1.25rem;margin:1.5rem 0}
.price{font-size:1.6rem;font-weight:700;margin:0}
a.button{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:var(--accent);color:var(--bg);text-decoration:none;font-weight:600}
footer{margin-top:2.5rem;color:var(--muted);font-size:.85rem}
</style>
</head>
<body>
<main>
<h1><%= it.unicodeName %></h1>
<p class="tagline"><%= it.tagline %></p>
<% it.paragraphs.forEach(function (paragraph) { %><p><%= paragraph %></p>
<% }) %>
<% if (it.listing) { %>
<div class="card">
<% if (it.listing.price) { %><p class="price"><%= it.listing.price %></p><% } else { %><p class="price">Open to offers</p><% } %>
<% if (it.listing.offers) { %><p>Offers welcome.</p><% } %>
<a class="button" href="<%= it.listing.page %>">Buy or make an offer</a>
</div>
<% } %>
</main>
<footer><%= it.footer %></footer>
</body>
</html>
`;
