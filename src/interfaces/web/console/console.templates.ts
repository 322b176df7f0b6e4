/**
 * The operator's console (`/console`): signed in with an operator key, every page starts with the same tabs; every
 * value is escaped, and the charts' data travels as JSON in a data block the service's own script reads.
 */
const NAV = `<nav aria-label="Console"><ul class="tabs">
<li><a href="/console"<% if (it.tab === 'dashboard') { %> aria-current="page"<% } %>>Dashboard</a></li>
<li><a href="/console/operations"<% if (it.tab === 'operations') { %> aria-current="page"<% } %>>Operations</a></li>
<li><a href="/console/audit"<% if (it.tab === 'audit') { %> aria-current="page"<% } %>>Audit</a></li>
<li><a href="/console/registry"<% if (it.tab === 'registry') { %> aria-current="page"<% } %>>Registry and prices</a></li>
<li><form method="post" action="/console/sign-out"><input type="hidden" name="csrf" value="<%= it.csrf %>"><button class="inline" type="submit">Sign out</button></form></li>
</ul></nav>`;

export const CONSOLE_SIGN_IN = `<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<form class="card" method="post" action="/console/sign-in">
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<label for="key">Operator key</label>
<input id="key" name="key" type="password" autocomplete="off" maxlength="2000" required>
<p class="muted">An operator key is made on the service's machine: <code>domain-engine operators create --name &lt;name&gt;</code>.</p>
<button type="submit">Sign in</button>
</form>`;

export const CONSOLE_DASHBOARD = `${NAV}
<form class="card" method="get" action="/console">
<label for="range">Range</label>
<select id="range" name="range">
<% it.ranges.forEach(function (option) { %><option value="<%= option.value %>"<% if (option.value === it.range) { %> selected<% } %>><%= option.label %></option><% }) %>
</select>
<button type="submit">Show</button>
</form>
<p class="muted"><%= it.span %></p>
<div class="tiles"><% it.tiles.forEach(function (tile) { %><div class="tile"><span class="muted"><%= tile.label %></span><b><%= tile.value %></b></div><% }) %></div>
<div class="charts">
<% it.charts.forEach(function (chart) { %><div class="card"><h2><%= chart.title %></h2><div class="chart"><canvas id="chart-<%= chart.id %>" role="img" aria-label="<%= chart.title %> by <%= it.groupBy %>"></canvas></div></div><% }) %>
</div>
<script type="application/json" id="chart-data"><%~ it.chartJson %></script>
<div class="card scroll">
<h2>Operations by type and outcome</h2>
<% if (it.operations.length === 0) { %><p>No operation ended in this range.</p><% } else { %>
<table class="data"><tr><th>Surface</th><th>Type</th><th>Outcome</th><th class="amount">Count</th><th class="amount">p50</th><th class="amount">p90</th><th class="amount">p99</th></tr>
<% it.operations.forEach(function (op) { %><tr><td><%= op.surface %></td><td><a href="/console/operations?type=<%= op.type %>&amp;status=<%= op.status %>"><%= op.type %></a></td><td><%= op.status %></td><td class="amount"><%= op.count %></td><td class="amount"><%= op.p50 %></td><td class="amount"><%= op.p90 %></td><td class="amount"><%= op.p99 %></td></tr><% }) %>
</table><% } %>
<p class="muted">Webhook deliveries: <%= it.webhooks %>.</p>
<p><a href="/console/export?<%= it.csvQuery %>" download>Download these figures as CSV</a></p>
</div>`;

const OPERATION_ROWS = `<table class="data"><tr><th>Created</th><th>Type</th><th>Status</th><th>Domain</th><th>Account</th></tr>
<% it.operations.forEach(function (op) { %><tr><td><a href="/console/operations/<%= op.id %>"><%= op.created %></a></td><td><%= op.type %></td><td><%= op.status %></td><td><% if (op.domain) { %><a href="/console/domains/<%= op.domain %>"><%= op.domain %></a><% } %></td><td><a href="/console/accounts/<%= op.accountId %>"><%= op.accountId %></a></td></tr><% }) %>
</table>`;

export const CONSOLE_OPERATIONS = `${NAV}
<form class="card" method="get" action="/console/operations">
<div class="row">
<div><label for="domain">Domain</label><input id="domain" name="domain" type="text" maxlength="253" value="<%= it.query.domain || '' %>"></div>
<div><label for="accountId">Account</label><input id="accountId" name="accountId" type="text" maxlength="100" value="<%= it.query.accountId || '' %>"></div>
</div>
<div class="row">
<div><label for="type">Type</label><input id="type" name="type" type="text" maxlength="64" value="<%= it.query.type || '' %>"></div>
<div><label for="status">Status</label><select id="status" name="status"><option value="">Any</option>
<% it.statuses.forEach(function (status) { %><option value="<%= status %>"<% if (status === it.query.status) { %> selected<% } %>><%= status %></option><% }) %>
</select></div>
</div>
<button type="submit">Search</button>
</form>
<div class="card scroll">
<p class="muted"><%= it.summary %></p>
<% if (it.operations.length > 0) { %>${OPERATION_ROWS}<% } %>
</div>`;

export const CONSOLE_OPERATION = `${NAV}
<div class="card scroll"><table class="data">
<% it.facts.forEach(function (fact) { %><tr><th><%= fact.label %></th><td><% if (fact.href) { %><a href="<%= fact.href %>"><%= fact.value %></a><% } else { %><%= fact.value %><% } %></td></tr><% }) %>
</table>
<p><a href="/console/audit?subject=operation&amp;id=<%= it.id %>">Audit this operation, as of any moment</a></p>
</div>
<div class="card scroll">
<h2>Dependencies</h2>
<p class="muted">From the request to <%= it.ended %>: <%= it.span %>. Waiting on a signature, an update or a retry is shown in yellow.</p>
<svg class="waterfall" viewBox="0 0 <%= it.width + 260 %> <%= it.height %>" role="img" aria-label="The dependencies on a time axis">
<% it.rows.forEach(function (row) { %><g><title><%= row.label %>: <%= row.took %></title>
<text x="0" y="<%= row.y + 18 %>"><%= row.label %></text>
<rect class="lane" x="260" y="<%= row.y + 4 %>" width="<%= it.width %>" height="20"></rect>
<% if (row.bar) { %><rect class="<%= row.status %>" x="<%= 260 + row.bar.x %>" y="<%= row.y + 4 %>" width="<%= row.bar.width %>" height="20"></rect><% } %>
<% row.waits.forEach(function (wait) { %><rect class="wait" x="<%= 260 + wait.x %>" y="<%= row.y + 10 %>" width="<%= wait.width %>" height="8"><title><%= wait.reason %></title></rect><% }) %>
</g><% }) %>
</svg>
</div>
<div class="card scroll">
<h2>Events</h2>
<table class="data"><tr><th>Recorded</th><th>Event</th><th>By</th></tr>
<% it.events.forEach(function (event) { %><tr><td><%= event.recordedAt %></td><td><%= event.type %></td><td><code><%= event.actor || '-' %></code></td></tr><% }) %>
</table>
</div>`;

export const CONSOLE_AUDIT = `${NAV}
<form class="card" method="get" action="/console/audit">
<div class="row">
<div><label for="subject">Of</label><select id="subject" name="subject">
<% it.subjects.forEach(function (subject) { %><option value="<%= subject %>"<% if (subject === it.subject) { %> selected<% } %>><%= subject %></option><% }) %>
</select></div>
<div><label for="id">Id, name or address</label><input id="id" name="id" type="text" maxlength="300" value="<%= it.id %>"></div>
</div>
<button type="submit">Show the history</button>
</form>
<% if (it.slider) { %>
<form class="card" method="get" action="/console/audit" id="as-of">
<input type="hidden" name="subject" value="<%= it.subject %>"><input type="hidden" name="id" value="<%= it.id %>">
<label for="at">As of <output for="at" id="at-shown"><%= it.slider.shown %></output></label>
<input id="at" name="at" type="range" min="<%= it.slider.min %>" max="<%= it.slider.max %>" step="1" value="<%= it.slider.value %>">
<button type="submit">Show as of this moment</button>
</form>
<% } %>
<% if (it.related.length > 0) { %><div class="card scroll"><h2>Operations</h2>
<table class="data"><tr><th>Created</th><th>Type</th><th>Status</th><th>Domain</th></tr>
<% it.related.forEach(function (op) { %><tr><td><a href="/console/operations/<%= op.id %>"><%= op.created %></a></td><td><%= op.type %></td><td><%= op.status %></td><td><%= op.domain || '' %></td></tr><% }) %>
</table></div><% } %>
<% if (it.id) { %>
<div class="card scroll">
<h2>State <%= it.asOf ? 'as of ' + it.asOf : 'now' %></h2>
<% if (it.states.length === 0) { %><p>Nothing had happened to it by then.</p><% } %>
<% it.states.forEach(function (state) { %><h3 class="muted"><%= state.stream %></h3><pre class="json"><%= state.json %></pre><% }) %>
</div>
<div class="card scroll">
<h2><%= it.summary %></h2>
<ol class="events">
<% it.events.forEach(function (event) { %><li><b><%= event.type %></b> <span class="muted"><%= event.recordedAt %></span><br>
<code><%= event.stream %>#<%= event.streamPosition %></code> · by <code><%= event.actor || '-' %></code>
<pre class="json"><%= event.json %></pre></li><% }) %>
</ol>
</div>
<% } %>`;

export const CONSOLE_REGISTRY = `${NAV}
<div class="card">
<h2>Registry clock</h2>
<p>The sandbox registry's time is <b><%= it.registryTime %></b>, <%= it.ahead %> ahead of the service's.</p>
<p class="muted">Move it with <code>domain-engine registry clock advance 30d</code>: expiry, grace periods and lease payments follow.</p>
</div>
<div class="card scroll">
<h2>Price list (surface D)</h2>
<table class="data"><tr><th>TLD</th><th class="amount">Registration</th><th class="amount">Renewal</th><th class="amount">Transfer</th><th class="amount">Restoration</th><th>Open</th></tr>
<% it.prices.forEach(function (row) { %><tr><td>.<%= row.tld %></td><td class="amount"><%= row.registration %></td><td class="amount"><%= row.renewal %></td><td class="amount"><%= row.transfer %></td><td class="amount"><%= row.restoration %></td><td><%= row.open ? 'yes' : 'no' %></td></tr><% }) %>
</table>
<p class="muted">Set with <code>domain-engine prices set com --registration 12.99</code>.</p>
</div>`;

export const CONSOLE_GONE = `<p class="error" role="alert"><%= it.message %></p>
<p><a href="/console/sign-in">Sign in</a></p>`;
