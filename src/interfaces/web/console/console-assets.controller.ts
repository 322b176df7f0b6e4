import { Controller, Get, Header, Query } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NoQuery } from '../../http/shared/request-params';

export const CHART_SCRIPT = '/console/assets/chart.umd.min.js';
export const CONSOLE_SCRIPT = '/console/assets/console.js';

/** Chart.js as its package ships it for browsers, read once: the console loads nothing from outside the service. */
// the package exports only its modules: the browser build sits beside its CommonJS entry
const CHART_JS = readFileSync(join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');

/**
 * What the console's pages run: the charts drawn from the page's data block, and the as-of slider, which shows the
 * moment it points at as it moves and opens the page of that moment when let go. Without scripts the pages still
 * show every figure in their tables, and the slider's form has its button.
 */
const CONSOLE_JS = `(function () {
  'use strict';
  var COLORS = ['#2356d8', '#2e9d5b', '#f0b429', '#c8372d', '#7b4bd8', '#1d9bb0'];
  var block = document.getElementById('chart-data');
  if (block && window.Chart) {
    var data = JSON.parse(block.textContent);
    data.charts.forEach(function (chart) {
      var canvas = document.getElementById('chart-' + chart.id);
      if (!canvas) return;
      new window.Chart(canvas, {
        type: chart.kind,
        data: {
          labels: data.labels,
          datasets: chart.series.map(function (series, index) {
            var color = COLORS[index % COLORS.length];
            return { label: series.label, data: series.values, backgroundColor: color, borderColor: color };
          })
        },
        options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true } } }
      });
    });
  }
  var slider = document.getElementById('at');
  if (slider) {
    var shown = document.getElementById('at-shown');
    slider.addEventListener('input', function () {
      shown.textContent = new Date(Number(slider.value)).toISOString().replace('T', ' ').slice(0, 19);
    });
    slider.addEventListener('change', function () { slider.form.submit(); });
  }
})();
`;

/** The console's two scripts, served by the service itself and cached like the stylesheet. */
@Controller('console/assets')
export class ConsoleAssetsController {
  @Get('chart.umd.min.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  chart(@Query() _query: NoQuery): string {
    return CHART_JS;
  }

  @Get('console.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  console(@Query() _query: NoQuery): string {
    return CONSOLE_JS;
  }
}
