import { createHash } from 'node:crypto';
import { escapeHtml } from '../lib/escape-html';
import type { OpenApiDocument } from './document';

type JsonObject = Record<string, unknown>;

/** Backticks of the descriptions become <code>; nothing else of Markdown is needed. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const schemaBlock = (schema: unknown) =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

const STYLE = [
  'body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;line-height:1.45}',
  'section{border:1px solid #ccc;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}',
  'h3{font-family:ui-monospace,monospace;font-size:1rem}',
  '.m{display:inline-block;min-width:4.5rem;font-weight:700}',
  'pre{background:#f4f4f4;padding:.5rem;overflow:auto;font-size:.8rem;max-height:24rem}',
  'details{margin:.25rem 0}summary{cursor:pointer}',
].join('');

/** The page's only inline part, allowed by hash in its CSP (no script at all). */
export const REFERENCE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function operationSection(method: string, path: string, op: JsonObject): string {
  const parameters = (op.parameters as JsonObject[] | undefined) ?? [];
  const requestBody = op.requestBody as { content: Record<string, JsonObject> } | undefined;
  const responses = op.responses as Record<string, JsonObject>;
  const locked = (op.security as unknown[]).length > 0 ? ' · needs a session' : '';
  const params = parameters.length
    ? `<h4>Parameters</h4><ul>${parameters
        .map(
          (p) =>
            `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', required' : ''})${p.description ? ` ${prose(String(p.description))}` : ''}${schemaBlock(p.schema)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const body = requestBody
    ? `<h4>Request body</h4>${Object.entries(requestBody.content)
        .map(
          ([type, media]) =>
            `<details><summary>${escapeHtml(type)}</summary>${schemaBlock(media.schema)}</details>`,
        )
        .join('')}`
    : '';
  const answers = Object.entries(responses)
    .map(([status, answer]) => {
      const content = answer.content as Record<string, JsonObject> | undefined;
      const schemas = Object.entries(content ?? {})
        .filter(([, media]) => media.schema)
        .map(
          ([type, media]) =>
            `<details><summary>${escapeHtml(type)}</summary>${schemaBlock(media.schema)}</details>`,
        )
        .join('');
      return `<li><strong>${escapeHtml(status)}</strong> ${prose(String(answer.description))}${schemas}</li>`;
    })
    .join('');
  return `<section id="${escapeHtml(String(op.operationId))}"><h3><span class="m">${method.toUpperCase()}</span>${escapeHtml(path)}</h3><p>${prose(String(op.summary))}${locked}</p>${op.description ? `<p>${prose(String(op.description))}</p>` : ''}${params}${body}<h4>Answers</h4><ul>${answers}</ul></section>`;
}

/**
 * The human reference at /api/docs: the document rendered once into plain
 * HTML. No script and no outside asset, so it works offline and under a CSP
 * that allows nothing but its own hashed style.
 */
export function renderReferencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = String((op.tags as string[])[0]);
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, op)]);
    }
  }
  const tags = document.tags
    .map(
      (tag) =>
        `<h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${prose(tag.description)}</p>${(byTag.get(tag.name) ?? []).join('')}`,
    )
    .join('');
  const shared = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<details><summary>${escapeHtml(name)}</summary>${schemaBlock(schema)}</details>`,
    )
    .join('');
  const intro = document.info.description
    .split('\n\n')
    .map((line) => `<p>${prose(line)}</p>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head><body><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>${intro}<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p><nav>${document.tags.map((t) => `<a href="#tag-${escapeHtml(t.name)}">${escapeHtml(t.name)}</a>`).join(' · ')}</nav>${tags}<h2>Shared schemas</h2>${shared}</body></html>`;
}
