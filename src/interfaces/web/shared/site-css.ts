/** The one stylesheet of the pages: readable on a 360-pixel phone and on a desktop, no web fonts, no images. */
export const SITE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#f4f6fa}
.top{background:#1d2433;color:#fff;padding:.75rem 1rem}.brand{font-weight:700;letter-spacing:.02em}
.sandbox{margin:0;background:#fff3cd;color:#5c4400;padding:.5rem 1rem;border-bottom:1px solid #f0d98c;font-size:.9rem}
main{max-width:36rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
.card{background:#fff;border:1px solid #dde2ec;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=tel],input[type=email],input[type=password],textarea,select{width:100%;padding:.6rem .7rem;border:1px solid #b8c0d0;border-radius:.35rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}
a.button{display:block;text-align:center;text-decoration:none}
button,a.button{margin-top:1rem;width:100%;padding:.8rem;border:0;border-radius:.35rem;background:#2356d8;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:focus,input:focus,textarea:focus,select:focus{outline:3px solid #9db7ff;outline-offset:1px}
.error{background:#fdecea;color:#8a1c12;border:1px solid #f3b8b0;border-radius:.35rem;padding:.6rem .8rem}
.ok{background:#e7f6ec;color:#145c2c;border:1px solid #a9dcb8;border-radius:.35rem;padding:.6rem .8rem}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem 0;text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}tr.total td{border-top:1px solid #dde2ec;font-weight:700}
fieldset{border:0;padding:0;margin:0}
.muted{color:#5b6578;font-size:.9rem}.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.4rem 0}
.bottom{max-width:36rem;margin:2rem auto;padding:0 1rem;color:#5b6578;font-size:.8rem}
.tabs{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 1rem;padding:0;list-style:none}.tabs a{color:#2356d8;font-weight:600;text-decoration:none}.tabs a[aria-current=page]{color:#1d2433;text-decoration:underline}
.item{display:block;padding:.6rem 0;border-top:1px solid #eef1f6;color:inherit;text-decoration:none}.item:first-of-type{border-top:0}
.name{font-weight:700;overflow-wrap:anywhere}.tag{display:inline-block;background:#eef1f6;border-radius:.25rem;padding:0 .35rem;font-size:.8rem;margin-right:.25rem}
.pager{display:flex;justify-content:space-between;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}code{overflow-wrap:anywhere;font-size:.85rem}
.wide main,.wide .bottom{max-width:64rem}.scroll{overflow-x:auto}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.75rem;margin-bottom:1rem}
.tile{background:#fff;border:1px solid #dde2ec;border-radius:.5rem;padding:.6rem .8rem}.tile b{display:block;font-size:1.3rem}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1rem}.chart{position:relative;height:16rem}
table.data td,table.data th{padding:.3rem .5rem;border-top:1px solid #eef1f6;font-size:.9rem}
pre.json{background:#f4f6fa;border-radius:.35rem;padding:.5rem;overflow:auto;font-size:.8rem;max-height:24rem;white-space:pre-wrap;overflow-wrap:anywhere}
ol.events{list-style:none;margin:0;padding:0}ol.events li{border-top:1px solid #eef1f6;padding:.5rem 0}ol.events pre.json{max-height:10rem;margin:.25rem 0 0}
svg.waterfall{width:100%;height:auto;font:12px system-ui,sans-serif}
svg.waterfall .lane{fill:#f4f6fa}svg.waterfall .COMPLETED{fill:#2e9d5b}svg.waterfall .FAILED{fill:#c8372d}
svg.waterfall .CANCELLED{fill:#9aa3b5}svg.waterfall .PROCESSING,svg.waterfall .QUEUED{fill:#2356d8}
svg.waterfall .wait{fill:#f0b429}svg.waterfall text{fill:#1d2433}
input[type=range]{width:100%}button.inline{width:auto;margin:0;padding:.5rem 1rem}
@media (max-width:400px){main{margin-top:1rem}.row{flex-direction:column;gap:0}}
`;
