/** The checkout page: the cart priced now and how to pay, or the receipt, or why the link does not open it. */
export const CHECKOUT = `<% if (it.gone) { %>
<p class="error"><%= it.gone %></p>
<% } else if (it.receipt) { %>
<p class="ok">Paid <strong><%= it.receipt.charged %></strong><% if (it.receipt.method) { %> with <%= it.receipt.method %><% } %>. Order <%= it.receipt.order %>.</p>
<div class="card"><p>Your names are being registered; they appear in your portfolio in a moment (a name bought on a marketplace arrives by transfer within days):</p>
<ul><% it.receipt.domains.forEach(function (domain) { %><li><%= domain %></li><% }) %></ul></div>
<% } else { %>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<div class="card">
<table>
<thead><tr><th>Item</th><th class="amount">Price</th></tr></thead>
<tbody>
<% it.items.forEach(function (item) { %>
<tr><td><strong><%= item.domain %></strong><br><span class="muted"><%= item.what %></span><% if (item.note) { %><br><span class="error"><%= item.note %></span><% } %></td><td class="amount"><%= item.price %></td></tr>
<% }) %>
<% it.totals.forEach(function (total) { %>
<tr class="<%= total.last ? 'total' : '' %>"><td><%= total.label %></td><td class="amount"><%= total.amount %></td></tr>
<% }) %>
</tbody>
</table>
</div>
<% if (it.payable) { %>
<form class="card" method="post" action="/pay/checkout">
<input type="hidden" name="link" value="<%= it.link %>">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<% if (it.cards.length > 0) { %>
<fieldset><legend><strong>Pay with</strong></legend>
<% it.cards.forEach(function (card, index) { %>
<label class="choice"><input type="radio" name="paymentMethodId" value="<%= card.id %>" <%= index === 0 ? 'checked' : '' %>> <%= card.label %></label>
<% }) %>
</fieldset>
<% } else { %><p class="muted">No card is needed: your balance and credits pay for it.</p><% } %>
<% if (it.balance) { %><label class="choice"><input type="checkbox" name="useAccountBalance" value="true" checked> Use my account balance (<%= it.balance %>)</label><% } %>
<button type="submit">Pay <%= it.due %></button>
</form>
<% } else { %><p class="error"><%= it.why %></p><% } %>
<% } %>
`;
