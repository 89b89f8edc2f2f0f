import { describe, expect, it } from 'vitest';
import { bodyBlocks, bodyText, sanitizeBody } from './sanitize.js';

// Payloads of the OWASP XSS filter evasion cheat sheet and the PortSwigger list (scripts, event handlers, javascript:
// and data: URLs, encoded schemes, styles with url() and expression(), frames, objects, SVG, meta refresh, base, form).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.rocks/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><TR><TD STYLE="background:url(javascript:alert(1))">x</TD></TR></TABLE>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<p style="background:url(https://evil.example/x.png)">text</p>',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" AllowScriptAccess="always"></EMBED>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="https://example.org" onclick="alert(1)">ok</a>',
  '<img src="https://evil.example/track.png">',
  '<img src="//evil.example/track.png">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="/api/files/../../etc/passwd" onerror=alert(1)>',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<h1 onmouseover=alert(1) class="x" id="y">Title</h1>',
  '<td background="https://evil.example/bg.png">cell</td>',
];

/** What must never survive: scripts, handlers, dangerous schemes, styles, frames and external resources. */
const FORBIDDEN = [
  /<script/i,
  /<style/i,
  /<iframe/i,
  /<frame/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<link/i,
  /<meta/i,
  /<base/i,
  /<form/i,
  /<input/i,
  /<button/i,
  /<video/i,
  /<source/i,
  /<details/i,
  /<body/i,
  /\son\w+\s*=/i,
  /\sstyle\s*=/i,
  /\sclass\s*=/i,
  /\sbackground\s*=/i,
  /\sdynsrc\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /src="(?!\/api\/files\/)/i,
  /src="\/api\/files\/[^"]*\.\./i,
  /href="(?!https?:\/\/)/i,
];

describe('sanitizeBody', () => {
  it.each(PAYLOADS.map((p, i) => [i, p]))('payload %i leaves nothing executable or external', (_i, payload) => {
    const out = sanitizeBody(`<p>before</p>${payload}<p>after</p>`);
    for (const re of FORBIDDEN) expect(out, `${re} in ${out}`).not.toMatch(re);
    expect(out).toContain('<p>before</p>');
  });

  it('keeps headings, paragraphs, lists, tables, emphasis, http(s) links and our own images', () => {
    const html =
      '<h1>农业气象周报</h1><h2>一、天气实况</h2><p><strong>气温</strong>偏高<em>1℃</em>，<u>降水</u>偏少，<s>旧</s>。</p>' +
      '<ul><li><p>小麦</p></li><li>油菜</li></ul><ol start="3"><li>三</li></ol>' +
      '<table><tbody><tr><th colspan="2">站点</th></tr><tr><td>西安</td><td>12.5</td></tr></tbody></table>' +
      '<p><a href="https://cma.gov.cn/">中国气象局</a></p><img src="/api/files/uploads/2026/11/a.png" alt="图1">';
    const out = sanitizeBody(html);
    for (const kept of [
      '<h1>农业气象周报</h1>',
      '<h2>一、天气实况</h2>',
      '<strong>气温</strong>',
      '<em>1℃</em>',
      '<u>降水</u>',
      '<s>旧</s>',
      '<ul><li><p>小麦</p></li><li>油菜</li></ul>',
      '<ol start="3">',
      '<th colspan="2">站点</th>',
      '<td>西安</td>',
      '<a href="https://cma.gov.cn/" target="_blank" rel="noopener noreferrer">中国气象局</a>',
      '<img src="/api/files/uploads/2026/11/a.png" alt="图1" />',
    ])
      expect(out).toContain(kept);
  });

  it('drops an image from elsewhere and the href of a relative link but keeps their text', () => {
    expect(sanitizeBody('<p>a<img src="https://x.example/a.png">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeBody('<p><a href="/api/user/info">me</a></p>')).toBe('<p><a>me</a></p>');
  });
});

describe('bodyBlocks and bodyText', () => {
  const body = sanitizeBody(
    '<h2>天气预报</h2><p>未来一周<strong>无明显降水</strong>。</p><ol><li><p>灌溉</p></li><li>防冻</li></ol>' +
      '<table><tr><th>站点</th><th>气温</th></tr><tr><td>西安</td><td>3 &lt; 5</td></tr></table>' +
      '<img src="/api/files/a.png" alt="图"><p>结束</p>',
  );
  it('reads headings, runs, numbered items, table cells and images in order', () => {
    const b = bodyBlocks(body);
    expect(b.map((x) => x.k)).toEqual(['heading', 'para', 'item', 'item', 'table', 'image', 'para']);
    expect(b[1]).toMatchObject({ runs: [{ text: '未来一周', bold: false }, { text: '无明显降水', bold: true }, { text: '。' }] });
    expect(b[3]).toMatchObject({ ordered: true, n: 2, runs: [{ text: '防冻' }] });
    const t = b[4] as Extract<(typeof b)[number], { k: 'table' }>;
    expect(t.rows.map((r) => r.map((c) => c.runs.map((x) => x.text).join('')))).toEqual([
      ['站点', '气温'],
      ['西安', '3 < 5'],
    ]);
    expect(t.rows[0]![0]!.header).toBe(true);
    expect(b[5]).toEqual({ k: 'image', src: '/api/files/a.png', alt: '图' });
  });
  it('gives the text for search', () => {
    expect(bodyText(body)).toBe('天气预报 未来一周无明显降水。 灌溉 防冻 站点 气温 西安 3 < 5 结束');
  });
});

describe('bodyBlocks: italic and pictures in cells', () => {
  it('marks italic runs and keeps a cell’s pictures with the cell, not as blocks of their own', () => {
    const html = sanitizeBody(
      '<p>气温<em>偏高</em>，<i>降水</i>偏少</p><table><tr><td>西安<img src="/api/files/uploads/a.png" alt="站点"></td><td><p><img src="/api/files/uploads/b.png" alt=""></p></td></tr></table>',
    );
    const blocks = bodyBlocks(html);
    expect(blocks.map((b) => b.k)).toEqual(['para', 'table']);
    const para = blocks[0] as Extract<(typeof blocks)[number], { k: 'para' }>;
    expect(para.runs.filter((r) => r.italic).map((r) => r.text)).toEqual(['偏高', '降水']);
    expect(para.runs.find((r) => r.text === '气温')?.italic).toBe(false);
    const table = blocks[1] as Extract<(typeof blocks)[number], { k: 'table' }>;
    expect(table.rows[0]!.map((c) => c.images)).toEqual([
      [{ src: '/api/files/uploads/a.png', alt: '站点' }],
      [{ src: '/api/files/uploads/b.png', alt: '' }],
    ]);
    expect(table.rows[0]![0]!.runs.map((r) => r.text).join('')).toBe('西安');
  });
});
