/**
 * The HTML part of every email: one column that fits a phone, the text's own
 * paragraphs, each link it names clickable, and an action as a large button.
 * Inline styles only, because mail apps drop style sheets.
 */

export interface Action {
  label: string;
  url: string;
}

const BRAND = '#6d28d9';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes a line and makes each web address in it a link. */
const linked = (line: string) =>
  escapeHtml(line).replace(
    /https?:\/\/[^\s<]+[^\s<.,;:!?)]/g,
    (url) => `<a href="${url}" style="color:${BRAND};word-break:break-all">${url}</a>`,
  );

const button = (a: Action) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(a.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:14px 24px;border-radius:8px;text-decoration:none;font-weight:bold;font-size:16px">${escapeHtml(a.label)}</a></p>`;

/** Lines as the text part has them: a blank line between paragraphs. */
function paragraphs(lines: string[]) {
  const out: string[][] = [[]];
  for (const line of lines) {
    if (line === '') out.push([]);
    else out.at(-1)!.push(line);
  }
  return out
    .filter((p) => p.length)
    .map((p) => `<p style="margin:0 0 16px">${p.map(linked).join('<br>')}</p>`)
    .join('\n');
}

export function htmlLetter(opts: { subject: string; lines: string[]; action?: Action; footer?: string[] }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<p style="margin:0 0 16px;font-size:22px;font-weight:bold;color:${BRAND}">PrizeDraw</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
${paragraphs(opts.lines)}
${opts.action ? button(opts.action) : ''}
</div>
${opts.footer?.length ? `<div style="padding:16px 8px;font-size:13px;color:#4b5563">${paragraphs(opts.footer)}</div>` : ''}
</div>
</body>
</html>`;
}
