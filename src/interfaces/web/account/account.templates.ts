/**
 * The account's pages (opened signed in by `svc_authenticated_url_get`'s link): the portfolio, a domain, offers and
 * conversations, the cart. Each starts with the same tabs; every value is escaped.
 */
const TABS = `<nav aria-label="Account"><ul class="tabs">
<li><a href="/account/domains"<% if (it.tab === 'domains') { %> aria-current="page"<% } %>>Domains</a></li>
<li><a href="/account/offers"<% if (it.tab === 'offers') { %> aria-current="page"<% } %>>Offers and messages</a></li>
<li><a href="/account/cart"<% if (it.tab === 'cart') { %> aria-current="page"<% } %>>Cart</a></li>
</ul></nav>
<% if (it.notice) { %><p class="ok" role="status"><%= it.notice %></p><% } %>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>`;

export const ACCOUNT_DOMAINS = `${TABS}
<form class="card" method="get" action="/account/domains">
<label for="q">Search</label><input id="q" name="q" type="text" maxlength="253" value="<%= it.query.q %>">
<div class="row">
<div><label for="status">Show</label><select id="status" name="status">
<% it.statuses.forEach(function (option) { %><option value="<%= option.value %>"<% if (option.value === it.query.status) { %> selected<% } %>><%= option.label %></option><% }) %>
</select></div>
<div><label for="sort">Sort by</label><select id="sort" name="sort">
<% it.sorts.forEach(function (option) { %><option value="<%= option.value %>"<% if (option.value === it.query.sort) { %> selected<% } %>><%= option.label %></option><% }) %>
</select></div>
</div>
<button type="submit">Show</button>
</form>
<div class="card">
<p class="muted"><%= it.summary %></p>
<% if (it.domains.length === 0) { %><p>No domain matches.</p><% } %>
<% it.domains.forEach(function (domain) { %>
<a class="item" href="/account/domains/<%= domain.name %>">
<span class="name"><%= domain.shown %></span><br>
<span class="muted">Expires <%= domain.expires %><% if (domain.autoRenewal) { %> · renews itself<% } %><% if (domain.listing) { %> · listed at <%= domain.listing %><% } %></span>
<% if (domain.tags.length) { %><br><% domain.tags.forEach(function (tag) { %><span class="tag"><%= tag %></span><% }) %><% } %>
</a>
<% }) %>
</div>
<div class="pager">
<% if (it.previous) { %><a href="<%= it.previous %>" rel="prev">Previous</a><% } else { %><span></span><% } %>
<% if (it.next) { %><a href="<%= it.next %>" rel="next">Next</a><% } %>
</div>`;

export const ACCOUNT_DOMAIN = `${TABS}
<div class="card">
<table>
<tr><th>Registered</th><td><%= it.purchased %></td></tr>
<tr><th>Expires</th><td><%= it.expires %></td></tr>
<% if (it.renewal) { %><tr><th>Renewal</th><td><%= it.renewal %> a year</td></tr><% } %>
<tr><th>Auto-renewal</th><td><%= it.autoRenewal ? 'On' : 'Off' %></td></tr>
</table>
<% if (it.canWrite) { %>
<form method="post" action="/account/domains/<%= it.name %>/auto-renewal">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<input type="hidden" name="action" value="<%= it.autoRenewal ? 'disable' : 'enable' %>">
<button type="submit"><%= it.autoRenewal ? 'Turn auto-renewal off' : 'Turn auto-renewal on' %></button>
</form>
<% } %>
</div>
<div class="card">
<h2>DNS records</h2>
<p class="muted"><%= it.dnsStatus %></p>
<% if (it.records.length === 0) { %><p>No records.</p><% } else { %>
<table><tr><th>Name</th><th>Type</th><th>Value</th></tr>
<% it.records.forEach(function (record) { %><tr><td><%= record.subName %></td><td><%= record.type %></td><td><code><%= record.values %></code></td></tr><% }) %>
</table><% } %>
</div>
<div class="card">
<h2>Nameservers</h2>
<p><%= it.nameservers %></p>
<p class="muted">DNSSEC <%= it.dnssec ? 'on' : 'off' %></p>
</div>
<div class="card">
<h2>Hosting</h2>
<% if (it.hosting.length === 0) { %><p>Nothing hosted.</p><% } %>
<% it.hosting.forEach(function (site) { %><p><span class="name"><%= site.name %></span>: <%= site.what %> <span class="muted">(<%= site.status %>)</span></p><% }) %>
</div>
<div class="card">
<h2>Marketplace</h2>
<% if (it.listing) { %><p>Listed at <strong><%= it.listing %></strong>: <a href="/market/<%= it.name %>">its for-sale page</a>.</p><% } else { %><p>Not listed.</p><% } %>
<p class="muted"><%= it.offersCount %> offer(s), <%= it.leadsCount %> conversation(s), <%= it.watchlistCount %> watching.</p>
<% it.offers.forEach(function (offer) { %><p><%= offer.price %> <span class="muted">(<%= offer.status %>, until <%= offer.until %>)</span></p><% }) %>
</div>
<% if (it.pending.length) { %><div class="card"><h2>Under way</h2>
<% it.pending.forEach(function (op) { %><p><%= op.type %> <span class="muted"><%= op.status %></span></p><% }) %></div><% } %>`;

export const ACCOUNT_OFFERS = `${TABS}
<div class="card">
<h2>Offers on your domains</h2>
<% if (it.offers.length === 0) { %><p>No offer now.</p><% } %>
<% it.offers.forEach(function (offer) { %><p><span class="name"><%= offer.domain %></span>: <strong><%= offer.price %></strong> <span class="muted">(<%= offer.status %>, until <%= offer.until %>)</span></p><% }) %>
</div>
<div class="card">
<h2>Conversations</h2>
<% if (it.leads.length === 0) { %><p>No conversation yet.</p><% } %>
<% it.leads.forEach(function (lead) { %>
<a class="item" href="/account/messages/<%= lead.id %>"><span class="name"><%= lead.domain %></span> <span class="muted">(as <%= lead.role %><% if (lead.unread) { %>, <%= lead.unread %> unread<% } %>)</span><br><span class="muted"><%= lead.latest %></span></a>
<% }) %>
</div>`;

export const ACCOUNT_MESSAGES = `${TABS}
<div class="card">
<% if (it.messages.length === 0) { %><p>No message yet.</p><% } %>
<% it.messages.forEach(function (message) { %><p><strong><%= message.from %></strong> <span class="muted"><%= message.at %></span><br><%= message.content %></p><% }) %>
</div>
<% if (it.canWrite) { %>
<form class="card" method="post" action="/account/messages/<%= it.conversationId %>">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="content">Your message</label><textarea id="content" name="content" rows="4" maxlength="1000" required></textarea>
<button type="submit">Send</button>
</form>
<% } %>`;

export const ACCOUNT_CART = `${TABS}
<div class="card">
<% if (it.items.length === 0) { %><p>Your cart is empty.</p><% } else { %>
<table>
<% it.items.forEach(function (item) { %><tr><td><%= item.domain %> <span class="muted"><%= item.what %></span></td><td class="amount"><%= item.price %></td></tr><% }) %>
<tr class="total"><td>Total due</td><td class="amount"><%= it.total %></td></tr>
</table>
<% if (it.canPay) { %>
<form method="post" action="/account/cart/checkout">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<button type="submit">Check out</button>
</form>
<% } %>
<% } %>
</div>`;

export const ACCOUNT_GONE = `<div class="card"><p><%= it.message %></p><p class="muted">Ask your agent for a new link to your account.</p></div>`;
