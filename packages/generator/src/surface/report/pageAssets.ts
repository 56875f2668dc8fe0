import { createHash } from 'node:crypto';

/** How deep the argument table indents nested properties (one CSS class per level, `d0` … `d8`). */
export const maxIndent = 8;

/**
 * The page's style sheet: a system font stack, light colours, no web fonts or images. Written once
 * here (not per tool), so the page grows with the manifest, not with its styling.
 */
export const pageStyle = `
:root{color-scheme:light;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#f6f8fa;--card:#fff;--accent:#0550ae}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:13.5px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
code{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:12px}
a{color:var(--accent);text-decoration:none}
a:hover,a:focus{text-decoration:underline}
.page-head{background:var(--card);border-bottom:1px solid var(--line)}
.page-head>div,main{max-width:1180px;margin:0 auto;padding:14px 24px}
main{padding-bottom:48px}
h1{font-size:21px;margin:0}
h2{font-size:18px;margin:26px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:16px;margin:0}
h4{font-size:14.5px;margin:0}
.muted{color:var(--muted)}
.page-head p{margin:2px 0 0;color:var(--muted)}
.page-head nav a{margin-right:14px}
table{border-collapse:collapse;margin:6px 0;background:var(--card)}
th,td{text-align:left;vertical-align:top;padding:2px 10px 2px 0;border-top:1px solid var(--line)}
thead th{border-top:0;font-size:12px;font-weight:600;color:var(--muted)}
td.num,th.num{text-align:right;padding-right:14px;font-variant-numeric:tabular-nums}
.totals{border:1px solid var(--line)}
.totals td,.totals th{padding:3px 14px}
.filter{position:sticky;top:0;z-index:1;display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;padding:8px 0;background:var(--bg)}
.filter label{font-weight:600}
.filter input{width:340px;max-width:100%;padding:5px 10px;border:1px solid var(--line);border-radius:6px;font:inherit;background:var(--card)}
.filter input:focus{outline:2px solid var(--accent);outline-offset:0}
.toolset{margin:14px 0 20px}
.toolset-meta{margin:2px 0 6px;color:var(--muted);font-size:13px}
.toolset-meta code{color:var(--fg)}
.tool{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px 14px;margin:8px 0}
/* a page of thousands of tools lays out only those on screen */
.tool{content-visibility:auto;contain-intrinsic-size:auto 240px}
.tool-head{display:flex;flex-wrap:wrap;gap:2px 12px;align-items:baseline}
.tool-head .badges{margin:0}
.tool-title{font-weight:600}
.desc{margin:2px 0;white-space:pre-line}
.badges{list-style:none;display:flex;flex-wrap:wrap;gap:5px;margin:6px 0;padding:0}
.badge{display:inline-block;padding:0 8px;border:1px solid #d1d9e0;border-radius:999px;font-size:12px;line-height:19px;white-space:nowrap}
.badge{background:#f6f8fa;color:#424a53}
.b-read{background:#dafbe1;border-color:#aceebb;color:#116329}
.b-write{background:#fff8c5;border-color:#eed888;color:#7d4e00}
.b-approval{background:#ffebe9;border-color:#ffcecb;color:#a40e26;font-weight:600}
.b-additive,.b-idempotent{background:#ddf4ff;border-color:#b6e3ff;color:#0550ae}
.b-net-incidental{background:#ddf4ff;border-color:#b6e3ff;color:#0550ae}
.b-net-egress{background:#fbefff;border-color:#ecd8ff;color:#6639ba;font-weight:600}
.b-confidential,.b-non-confidential{background:#fff1e5;border-color:#ffd8b5;color:#953800}
.b-path-read{background:#f6f8fa}
.b-path-write{background:#fff8c5;border-color:#eed888;color:#7d4e00}
.b-deprecated{background:#eaeef2;color:#59636e;text-decoration:line-through}
.b-auto{background:#dafbe1;border-color:#aceebb;color:#116329}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.args{width:100%;margin:4px 0}
.args th:nth-child(1){width:22%}
.args th:nth-child(2){width:17%}
.args th:nth-child(3){width:8%}
.args th:nth-child(5){width:22%}
.args td:first-child{overflow-wrap:anywhere}
.args .parent{color:var(--muted)}
.args .type{color:#6639ba}
.args .req{color:#a40e26;font-size:12px}
.args .opt{color:var(--muted);font-size:12px}
.args .constraints code{display:inline-block;background:#f6f8fa;border:1px solid #eaeef2;border-radius:4px;padding:0 4px;margin:0 4px 2px 0}
${Array.from({ length: maxIndent }, (_, level) => `.d${level + 1} td:first-child{padding-left:${(level + 1) * 18}px}`).join('\n')}
.facts{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 6px;margin:4px 0 0;font-size:13px}
.facts dt{font-weight:600;color:var(--muted);font-size:12px}
.facts dd{margin:0 18px 0 0}
.facts ul{display:inline;margin:0;padding:0}
.facts li{display:inline;margin-right:12px}
.cost span{margin-right:14px;white-space:nowrap}
.agents{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:12px}
.agent{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 14px}
.agent p{margin:2px 0 6px}
.agent summary{cursor:pointer;font-weight:600;margin-top:4px}
.agent ul{margin:4px 0;padding-left:18px}
.offered ul{columns:2;column-gap:24px}
.agent li{margin:1px 0;break-inside:avoid}
.agent .why{color:var(--muted)}
.problem{background:#ffebe9;border:1px solid #ffcecb;border-radius:6px;padding:6px 10px;color:#82071e}
.none{color:var(--muted);font-style:italic}
`.trim();

/**
 * The page's one script: the filter. It reads the tools from the page itself (the `.f` parts of each
 * tool, the `.tf` parts of its toolset), so no data from the manifest is embedded in a script.
 * Without it, the filter stays hidden and every tool is shown.
 */
export const pageScript = `
(function () {
  'use strict';
  var box = document.getElementById('filter-box');
  var input = document.getElementById('filter');
  var count = document.getElementById('filter-count');
  var none = document.getElementById('filter-none');
  if (!box || !input || !count || !none) return;
  var sets = [];
  var total = 0;
  Array.prototype.forEach.call(document.querySelectorAll('section.toolset'), function (section) {
    var key = '';
    Array.prototype.forEach.call(section.querySelectorAll('.tf'), function (part) { key += '\\n' + part.textContent; });
    var tools = [];
    Array.prototype.forEach.call(section.querySelectorAll('article.tool'), function (tool) {
      var text = key;
      Array.prototype.forEach.call(tool.querySelectorAll('.f'), function (part) { text += '\\n' + part.textContent; });
      tools.push({ element: tool, text: text.toLowerCase() });
    });
    total += tools.length;
    sets.push({ element: section, tools: tools });
  });
  function apply() {
    var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    sets.forEach(function (set) {
      var any = false;
      set.tools.forEach(function (tool) {
        var match = words.every(function (word) { return tool.text.indexOf(word) !== -1; });
        if (tool.element.hidden === match) tool.element.hidden = !match;
        if (match) { shown += 1; any = true; }
      });
      set.element.hidden = words.length > 0 && !any;
    });
    count.textContent = shown + ' of ' + total + (total === 1 ? ' tool' : ' tools') + ' shown';
    none.hidden = shown !== 0 || total === 0;
  }
  input.addEventListener('input', apply);
  box.hidden = false;
  apply();
})();
`.trim();

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page's Content-Security-Policy: its own style sheet and script (by hash) and nothing else, so
 * a page that opened from disk loads nothing, and markup that slipped through could run nothing.
 */
export const contentSecurityPolicy =
  `default-src 'none'; style-src ${sha256(pageStyle)}; script-src ${sha256(pageScript)}; img-src data:; base-uri 'none'; form-action 'none'`;
