import type { ArticleDetail } from '@agromet/contracts';

// The read-only page a website platform links to (docs/articles.md#platforms): the masthead, title and the stored
// body, which the server sanitised with its allow-list when it was saved; the attachments are named, not served.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function publicPage(a: ArticleDetail): string {
  const files = a.attachments.length ? `<p class="att">附件：${a.attachments.map((f) => esc(f.name)).join('；')}</p>` : '';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(a.title)}</title>
<style>
body{max-width:760px;margin:24px auto;padding:0 16px;font-family:"Noto Sans SC","Microsoft YaHei",sans-serif;line-height:1.8;color:#222}
.series{color:#c00;font-size:32px;text-align:center;font-weight:bold;letter-spacing:4px}
.line{display:flex;justify-content:space-between;border-bottom:3px double #c00;padding-bottom:4px}
h1{text-align:center;font-size:22px}img{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #888;padding:4px 8px}
.att{border-top:1px solid #ccc;padding-top:8px;color:#555}
</style></head><body>
<div class="series">${esc(a.series)}</div>
<div class="line"><span>${esc(a.unit)}</span><span>${esc(a.issueLabel)}</span><span>${esc((a.issuedAt ?? '').slice(0, 10))}</span></div>
<h1>${esc(a.title)}</h1>
<main>${a.body}</main>
${files}
</body></html>`;
}
