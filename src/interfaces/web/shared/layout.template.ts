/**
 * The one layout of the service's pages: a header with the service's name, a sandbox banner while payments are
 * make-believe, the page, and nothing loaded from anywhere but the service (one stylesheet; scripts only on the
 * operator's console, from the service too). A wide page (the console) uses the width of a desktop.
 */
export const LAYOUT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><%= it.title %> · domain-engine</title>
<link rel="stylesheet" href="/assets/site.css">
<% (it.scripts || []).forEach(function (src) { %><script src="<%= src %>" defer></script>
<% }) %></head>
<body<% if (it.wide) { %> class="wide"<% } %>>
<header class="top"><span class="brand">domain-engine</span></header>
<% if (it.sandbox) { %><p class="sandbox" role="note">Sandbox: no real card is charged and no real money moves.</p><% } %>
<main>
<h1><%= it.title %></h1>
<%~ it.body %>
</main>
<footer class="bottom"><%= it.footer || 'Secure page of domain-engine. This link works once.' %></footer>
</body>
</html>
`;
