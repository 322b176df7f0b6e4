/**
 * A name's for-sale page: its price and terms, and what a visitor can do: buy it now, lease it, make an offer, write
 * to the seller; a visitor not signed in signs up first (surface B's signup, on this page) and comes back to it.
 */
export const FOR_SALE = `<% if (it.notice) { %><p class="ok" role="status"><%= it.notice %></p><% } %>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<% if (!it.listing) { %>
<div class="card"><p><strong><%= it.name %></strong> is not for sale here now.</p></div>
<% } else { %>
<div class="card">
<p class="price"><% if (it.listing.price) { %>Buy now for <strong><%= it.listing.price %></strong><% } else { %>Open to offers<% } %></p>
<% if (it.listing.offers) { %><p class="muted">Offers welcome<% if (it.listing.minimum) { %> from <%= it.listing.minimum %><% } %>.</p><% } %>
<% if (it.listing.lease) { %><p class="muted">Lease to own: <%= it.listing.lease.summary %>. You run the name from the first payment and own it after the last; a payment still missed after three tries ends the lease, and the name goes back to the seller, who keeps what was paid.</p><% } %>
<p class="muted">Listed until <%= it.listing.until %>.</p>
</div>
<% if (!it.signedIn) { %>
<% if (it.signup === 'code') { %>
<form class="card" method="post" action="/market/<%= it.path %>/verify">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<p>We mailed you a code. Enter it to finish signing up and come back here.</p>
<label for="code">Code</label><input id="code" name="code" type="text" autocomplete="one-time-code" maxlength="6" required>
<button type="submit">Verify</button>
</form>
<% } else { %>
<form class="card" method="post" action="/market/<%= it.path %>/signup">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<p>Sign up to buy, lease or make an offer: we mail you a code.</p>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" maxlength="254" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="256" required>
<p class="muted">At least 8 characters, with an upper-case letter, a lower-case letter, a digit and another sign.</p>
<button type="submit">Sign up</button>
</form>
<% } %>
<% } else { %>
<% if (it.listing.price) { %>
<form class="card" method="post" action="/market/<%= it.path %>/buy">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<% if (it.needsContact) { %>
<fieldset><legend><strong>Registrant</strong> (who the name is registered to)</legend>
<% it.contactFields.forEach(function (field) { %><label for="<%= field.name %>"><%= field.label %></label><input id="<%= field.name %>" name="<%= field.name %>" type="text" maxlength="100" <%= field.optional ? '' : 'required' %>>
<% }) %></fieldset>
<% } %>
<% if (it.listing.lease) { %>
<label class="choice"><input type="radio" name="plan" value="buy" checked> Buy now for <%= it.listing.price %></label>
<label class="choice"><input type="radio" name="plan" value="lease"> Lease to own</label>
<label for="termLength">Monthly payments</label>
<select id="termLength" name="termLength"><% it.listing.lease.terms.forEach(function (term) { %><option value="<%= term.months %>"><%= term.label %></option><% }) %></select>
<% } %>
<button type="submit">Buy now</button>
</form>
<% } %>
<% if (it.listing.offers) { %>
<form class="card" method="post" action="/market/<%= it.path %>/offer">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="amount">Your offer (USD)</label><input id="amount" name="amount" type="text" inputmode="decimal" maxlength="16" required>
<label for="note">A note to the seller (optional)</label><textarea id="note" name="note" maxlength="1000" rows="3"></textarea>
<button type="submit">Make an offer</button>
</form>
<% } %>
<form class="card" method="post" action="/market/<%= it.path %>/message">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="content">Message to the seller</label><textarea id="content" name="content" maxlength="1000" rows="3" required></textarea>
<button type="submit">Send</button>
</form>
<form class="card" method="post" action="/market/<%= it.path %>/watch">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<input type="hidden" name="action" value="<%= it.watching ? 'unwatch' : 'watch' %>">
<p class="muted">Watching tells the seller one more buyer is interested; it tells nobody who.</p>
<button type="submit"><%= it.watching ? 'Stop watching' : 'Watch this name' %></button>
</form>
<% if (it.messages.length > 0) { %>
<div class="card"><p><strong>Your conversation with the seller</strong></p>
<% it.messages.forEach(function (message) { %><p><span class="muted"><%= message.from %>, <%= message.at %>:</span><br><%= message.content %></p><% }) %>
</div>
<% } %>
<% } %>
<% } %>
`;
