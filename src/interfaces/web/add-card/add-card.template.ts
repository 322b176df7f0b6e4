/** The add-a-card page: the form, or what became of it. */
export const ADD_CARD = `<% if (it.added) { %>
<p class="ok">Added: <strong><%= it.added %></strong>. The agent can now pay with it; you can close this page.</p>
<% } else if (it.gone) { %>
<p class="error"><%= it.gone %></p>
<% } else if (it.hosted) { %>
<div class="card"><p>Your card is added on the secure page of our card processor, Stripe. You come back here when it is done.</p>
<p><a class="button" href="<%= it.hosted %>">Add my card on Stripe</a></p></div>
<% } else if (it.pending) { %>
<p class="error"><%= it.pending %></p>
<% } else { %>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<form class="card" method="post" action="/pay/card" autocomplete="on">
<input type="hidden" name="link" value="<%= it.link %>">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="number">Card number</label>
<input type="tel" id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required value="<%= it.number %>">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input type="text" id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" required value="<%= it.expiry %>"></div>
<div><label for="cvc">Security code</label>
<input type="tel" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div>
</div>
<button type="submit">Save card</button>
<p class="muted">Only the card's brand, last four digits and expiry are kept. This page works for 15 minutes.</p>
</form>
<% if (it.sandbox) { %><p class="muted">Test cards: 4242 4242 4242 4242 (pays), 4000 0000 0000 0002 (declined), 4000 0027 6000 3184 (needs authentication); any expiry to come, any CVC.</p><% } %>
<% } %>
`;
