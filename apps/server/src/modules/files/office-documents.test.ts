import { ErrorAnswerSchema } from '@studio/shared/answers';
import { WORD_DOCUMENT } from '@studio/shared/file-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import {
  buildZip,
  contentTypesXml,
  hiddenMacroDocx,
  ODF_TYPES,
  odfFile,
  ooxmlFile,
  override,
  RELATIONSHIP,
  relsXml,
} from '../../../test/office-files';
import { createTicket, quickUser, zipFile } from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';
import { detectType } from './inspect';
import { inspectZip } from './office';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

async function customer() {
  const app = await ctx.app({ clock: new TestClock() });
  const alice = await quickUser(app, { username: 'Alicja' });
  return { app, alice };
}

const ACCEPTED = [
  [
    'oferta.docx',
    ooxmlFile('docx'),
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  [
    'budzet.xlsx',
    ooxmlFile('xlsx'),
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  [
    'prezentacja.pptx',
    ooxmlFile('pptx'),
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  ['umowa.odt', odfFile('odt'), ODF_TYPES.odt],
  ['arkusz.ods', odfFile('ods'), ODF_TYPES.ods],
  ['slajdy.odp', odfFile('odp'), ODF_TYPES.odp],
] as const;

describe('office documents (DESIGN.md §7.6)', () => {
  it('accepts docx, xlsx, pptx, odt, ods and odp, typed from their bytes and served as downloads', async () => {
    const { alice } = await customer();
    for (const [filename, data, mimetype] of ACCEPTED) {
      // The browser's type and a misleading name change nothing: the bytes decide.
      const created = await createTicket(alice.client, {
        body: filename,
        files: [
          { filename: filename.replace(/\.\w+$/, '.bin'), data, type: 'application/octet-stream' },
        ],
      });
      expect(created.statusCode, filename).toBe(201);
      const [message] = (
        await alice.client.get(`/api/tickets/${created.json().id}/messages`)
      ).json().messages;
      const file = message.files[0];
      const extension = filename.split('.').pop();
      expect(file, filename).toMatchObject({ mimetype, isImage: false });
      expect(file.filename).toBe(filename.replace(/\.\w+$/, `.${extension}`));
      expect(file).not.toHaveProperty('thumbnailUrl');

      const served = await alice.client.get(file.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mimetype);
      expect(served.headers['content-disposition']).toMatch(/^attachment; /);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
  });

  it('refuses docm, xlsm and pptm with 415 unsupported_file_type and the macro reason', async () => {
    const { alice } = await customer();
    for (const kind of ['docm', 'xlsm', 'pptm'] as const) {
      const response = await createTicket(alice.client, {
        body: kind,
        files: [{ filename: `makro.${kind}`, data: ooxmlFile(kind) }],
      });
      expect(response.statusCode, kind).toBe(415);
      expect(response.json()).toEqual({
        error: 'unsupported_file_type',
        details: { reason: 'macro' },
      });
      // The refusal follows the shared contract the web app reads.
      expect(ErrorAnswerSchema.safeParse(response.json()).success).toBe(true);
    }
    // Nothing was stored: the refused ticket does not exist.
    expect((await alice.client.get('/api/tickets')).json().tickets).toEqual([]);
  });

  it('refuses a macro hidden behind a docx content type or a .docx name', async () => {
    const { alice } = await customer();
    // A VBA project in an archive that claims to be a plain document is still a macro.
    const disguised = ooxmlFile('docx', { vbaProject: true });
    const response = await createTicket(alice.client, {
      files: [{ filename: 'oferta.docx', data: disguised }],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().details).toEqual({ reason: 'macro' });
    // And a docm without its VBA part is refused for its content type.
    expect(inspectZip(ooxmlFile('docm', { vbaProject: false }))).toEqual({ kind: 'macro' });
  });

  it('refuses an OpenDocument carrying Basic macros or a Python script, and stores nothing', async () => {
    const { alice } = await customer();
    for (const [filename, data] of [
      ['umowa.odt', odfFile('odt', { macros: 'basic' })],
      ['arkusz.ods', odfFile('ods', { macros: 'python' })],
    ] as const) {
      const response = await createTicket(alice.client, { files: [{ filename, data }] });
      expect(response.statusCode).toBe(415);
      expect(response.json().details).toEqual({ reason: 'macro' });
    }
    expect(inspectZip(odfFile('odp', { macros: 'basic' }))).toEqual({ kind: 'macro' });
    expect((await alice.client.get('/api/tickets')).json().tickets).toEqual([]);
  });

  it('keeps a plain ZIP a ZIP, and an unknown OOXML part type a ZIP too', async () => {
    expect(await detectType(zipFile())).toBe('application/zip');
    const template = buildZip([
      {
        name: '[Content_Types].xml',
        data: '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"/></Types>',
      },
    ]);
    expect(inspectZip(template)).toEqual({ kind: 'zip' });
    const otherOdf = buildZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.graphics', stored: true },
    ]);
    expect(inspectZip(otherOdf)).toEqual({ kind: 'zip' });
  });
});

describe('macros hidden in the package XML (review N9)', () => {
  const DOCX_MAIN =
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
  const refusal = { error: 'unsupported_file_type', details: { reason: 'macro' } };

  it("refuses the review's hidden-macro.docx: main part typed macroEnable&#x64;, VBA part renamed, decoy docx type", async () => {
    const { alice } = await customer();
    const response = await createTicket(alice.client, {
      body: 'Faktura w załączniku',
      files: [{ filename: 'hidden-macro.docx', data: hiddenMacroDocx() }],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(refusal);
    expect((await alice.client.get('/api/tickets')).json().tickets).toEqual([]);
  });

  it('refuses a docx whose only trace of VBA is a vbaProject relationship', async () => {
    const { alice } = await customer();
    const data = hiddenMacroDocx({ mainType: DOCX_MAIN, vbaType: false });
    const response = await createTicket(alice.client, {
      files: [{ filename: 'oferta.docx', data }],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(refusal);
  });

  it('refuses each trace alone: a decoded macroEnabled main type, a VBA-typed part, an ActiveX part, a DTD', () => {
    const only = { vbaType: false, vbaRelationship: false };
    expect(inspectZip(hiddenMacroDocx(only))).toEqual({ kind: 'macro' });
    expect(inspectZip(hiddenMacroDocx({ mainType: DOCX_MAIN, vbaRelationship: false }))).toEqual({
      kind: 'macro',
    });
    const withTypes = (types: string) =>
      buildZip([
        { name: '[Content_Types].xml', data: types },
        {
          name: '_rels/.rels',
          data: relsXml([[RELATIONSHIP.officeDocument, 'word/document.xml']]),
        },
        { name: 'word/document.xml', data: '<document/>' },
      ]);
    const activeX = contentTypesXml(
      override('word/document.xml', DOCX_MAIN) +
        override('word/activeX/activeX1.xml', 'application/vnd.ms-office.activeX+xml'),
    );
    expect(inspectZip(withTypes(activeX))).toEqual({ kind: 'macro' });
    const dtd = `<?xml version="1.0"?><!DOCTYPE Types [<!ENTITY d "d">]>${contentTypesXml(
      override('word/document.xml', 'application/vnd.ms-word.document.macroEnable&d;.main+xml'),
    ).replace(/^<\?xml[^>]*>/, '')}`;
    expect(inspectZip(withTypes(dtd))).toEqual({ kind: 'macro' });
    // Decoding works both ways: an escaped docx type on the main part is a docx.
    const escaped = contentTypesXml(
      override(
        'word/document.xml',
        DOCX_MAIN.replace('.main', '&#x2E;main').replace('d', '&#100;'),
      ),
    );
    expect(inspectZip(withTypes(escaped))).toEqual({ kind: 'document', mime: WORD_DOCUMENT });
  });

  it('types the package by its main part from _rels/.rels, not by a decoy Override', () => {
    // The main part is plain XML; another part carries the docx main type: not a document.
    const decoy = hiddenMacroDocx({
      mainType: 'application/xml',
      vbaType: false,
      vbaRelationship: false,
    });
    expect(inspectZip(decoy)).toEqual({ kind: 'zip' });
  });

  it('reads hostile XML in linear time', () => {
    const MiB = 1024 * 1024;
    const hostile = [
      `<a b="${'&'.repeat(MiB)}"/>`,
      `<a b="${'&#x'.repeat(MiB / 3)}"/>`,
      '<'.repeat(MiB),
      '<a'.repeat(MiB / 2),
      '<a:b c="1"/>'.repeat(MiB / 12),
      `<a${' b'.repeat(MiB / 2)}`,
      '<?'.repeat(MiB / 2),
      `<Override ContentType="${'x'.repeat(MiB)}`,
    ];
    for (const xml of hostile) {
      const started = performance.now();
      inspectZip(buildZip([{ name: '[Content_Types].xml', data: xml.slice(0, MiB - 1) }]));
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('reading the central directory within bounds', () => {
  const docx = ooxmlFile('docx');
  const eocd = docx.length - 22;

  it('survives truncation at every length without throwing or reading past the end', () => {
    for (let length = 0; length <= docx.length; length += 1) {
      const verdict = inspectZip(docx.subarray(0, length));
      expect(['zip', 'document']).toContain(verdict.kind);
      if (length < docx.length) expect(verdict.kind).toBe('zip');
    }
  });

  it('treats offsets pointing outside the file as not a document', () => {
    const cases: Array<(b: Buffer) => void> = [
      (b) => b.writeUInt32LE(0xffffff00, eocd + 16), // directory start beyond the end
      (b) => b.writeUInt32LE(0xffffff00, eocd + 12), // directory size beyond the end
      (b) => b.writeUInt16LE(0xffff, eocd + 10), // more entries than there are
      (b) => {
        // The first entry's local header offset points past the end.
        const start = b.readUInt32LE(eocd + 16);
        b.writeUInt32LE(0xfffffff0, start + 42);
      },
      (b) => {
        // The first entry's compressed size runs past the end.
        const start = b.readUInt32LE(eocd + 16);
        b.writeUInt32LE(0x7fffffff, start + 20);
      },
      (b) => {
        // A name length that runs into the end record.
        const start = b.readUInt32LE(eocd + 16);
        b.writeUInt16LE(0xffff, start + 28);
      },
    ];
    for (const damage of cases) {
      const copy = Buffer.from(docx);
      damage(copy);
      expect(inspectZip(copy)).toEqual({ kind: 'zip' });
    }
  });

  it('does not inflate a content-types part that claims to be huge (a zip bomb)', () => {
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.alloc(4 * 1024 * 1024, 0x20) },
    ]);
    expect(inspectZip(bomb)).toEqual({ kind: 'zip' });
  });
});
