import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Small but real office documents, built in the test: a ZIP with local
 * headers, a central directory and the parts that name the document's type,
 * as Word, Excel, PowerPoint and LibreOffice write them.
 */

export interface ZipPart {
  name: string;
  data: string | Buffer;
  /** Stored parts are kept as they are (ODF's `mimetype` must be); others are deflated. */
  stored?: boolean;
}

export function buildZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const body = part.stored ? raw : deflateRawSync(raw);
    const method = part.stored ? 0 : 8;
    const crc = crc32(raw);
    // The local header and the central directory entry carry the same fields at other offsets.
    const local = record(30, [
      [0, 4, 0x04034b50],
      [4, 2, 20],
      [8, 2, method],
      [14, 4, crc],
      [18, 4, body.length],
      [22, 4, raw.length],
      [26, 2, name.length],
    ]);
    const central = record(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      [10, 2, method],
      [16, 4, crc],
      [20, 4, body.length],
      [24, 4, raw.length],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, parts.length],
    [10, 2, parts.length],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/** A little-endian record of `size` bytes with the given [offset, width, value] fields set. */
function record(size: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const buffer = Buffer.alloc(size);
  for (const [offset, width, value] of fields) {
    if (width === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

const OOXML_MAIN = {
  docx: [
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  ],
  xlsx: [
    'xl/workbook.xml',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  ],
  pptx: [
    'ppt/presentation.xml',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  ],
  docm: ['word/document.xml', 'application/vnd.ms-word.document.macroEnabled.main+xml'],
  xlsm: ['xl/workbook.xml', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'],
  pptm: [
    'ppt/presentation.xml',
    'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml',
  ],
} as const;

export type OoxmlKind = keyof typeof OOXML_MAIN;

/** Relationship types as Office writes them in `.rels` parts. */
export const RELATIONSHIP = {
  officeDocument:
    'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  styles: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles',
  hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
  vbaProject: 'http://schemas.microsoft.com/office/2006/relationships/vbaProject',
} as const;

export const VBA_PROJECT_TYPE = 'application/vnd.ms-office.vbaProject';
const VBA_BYTES = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]);

/** `[Content_Types].xml` with the usual defaults and the given Default/Override elements. */
export function contentTypesXml(elements: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${elements}</Types>`;
}

export const override = (partName: string, contentType: string) =>
  `<Override PartName="/${partName}" ContentType="${contentType}"/>`;

/** A `.rels` part holding the given relationships ([type, target, extra attributes]). */
export function relsXml(relationships: Array<[string, string, string?]>): string {
  const items = relationships
    .map(
      ([type, target, extra], i) =>
        `<Relationship Id="rId${i + 1}" Type="${type}" Target="${target}"${extra ? ` ${extra}` : ''}/>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
}

/**
 * docx/xlsx/pptx, or their macro-enabled twins, with the parts Office saves:
 * content types, the package relationships naming the main part, the main
 * part's own relationships (styles, an external link with an escaped `&`)
 * and, for the twins, the VBA project with its relationship and type.
 */
export function ooxmlFile(kind: OoxmlKind, options: { vbaProject?: boolean } = {}): Buffer {
  const [partName, contentType] = OOXML_MAIN[kind];
  const slash = partName.lastIndexOf('/');
  const folder = partName.slice(0, slash);
  const withVba = options.vbaProject ?? kind.endsWith('m');
  const partRels: Array<[string, string, string?]> = [
    [RELATIONSHIP.styles, 'styles.xml'],
    [RELATIONSHIP.hyperlink, 'https://example.com/?a=1&amp;b=2', 'TargetMode="External"'],
  ];
  if (withVba) partRels.push([RELATIONSHIP.vbaProject, 'vbaProject.bin']);
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: contentTypesXml(
        (withVba ? `<Default Extension="bin" ContentType="${VBA_PROJECT_TYPE}"/>` : '') +
          override(partName, contentType) +
          override(
            `${folder}/styles.xml`,
            'application/vnd.openxmlformats-officedocument.styles+xml',
          ),
      ),
    },
    { name: '_rels/.rels', data: relsXml([[RELATIONSHIP.officeDocument, partName]]) },
    { name: partName, data: '<?xml version="1.0"?><document>Zamówienie: 3 strony</document>' },
    { name: `${folder}/_rels/${partName.slice(slash + 1)}.rels`, data: relsXml(partRels) },
    { name: `${folder}/styles.xml`, data: '<?xml version="1.0"?><styles/>' },
  ];
  if (withVba) parts.push({ name: `${folder}/vbaProject.bin`, data: VBA_BYTES });
  return buildZip(parts);
}

/**
 * The review's hidden-macro.docx (N9): the main part typed
 * `…macroEnable&#x64;.main+xml` (a character reference for the `d`), the VBA
 * project renamed `word/macros.dat` and typed as one, and a decoy Override
 * giving an unrelated part the docx main type. Variants drop pieces, so
 * each rule is tried alone.
 */
export function hiddenMacroDocx(
  options: { mainType?: string; vbaType?: boolean; vbaRelationship?: boolean } = {},
): Buffer {
  const {
    mainType = 'application/vnd.ms-word.document.macroEnable&#x64;.main+xml',
    vbaType = true,
    vbaRelationship = true,
  } = options;
  const [, docxType] = OOXML_MAIN.docx;
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: contentTypesXml(
        override('word/document.xml', mainType) +
          (vbaType ? override('word/macros.dat', VBA_PROJECT_TYPE) : '') +
          override('docProps/decoy.xml', docxType),
      ),
    },
    { name: '_rels/.rels', data: relsXml([[RELATIONSHIP.officeDocument, 'word/document.xml']]) },
    { name: 'word/document.xml', data: '<?xml version="1.0"?><document>Faktura</document>' },
    {
      name: 'word/_rels/document.xml.rels',
      data: relsXml(vbaRelationship ? [[RELATIONSHIP.vbaProject, 'macros.dat']] : []),
    },
    { name: 'word/macros.dat', data: VBA_BYTES },
    { name: 'docProps/decoy.xml', data: '<?xml version="1.0"?><decoy/>' },
  ]);
}

export const ODF_TYPES = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
} as const;

/**
 * odt/ods/odp: `mimetype` first and stored, as the OpenDocument standard
 * requires; `macros` adds the parts LibreOffice saves with a document that
 * carries a Basic module or a Python script.
 */
export function odfFile(
  kind: keyof typeof ODF_TYPES,
  options: { macros?: 'basic' | 'python' } = {},
): Buffer {
  const macroParts: ZipPart[] =
    options.macros === 'basic'
      ? [
          { name: 'Basic/script-lc.xml', data: '<?xml version="1.0"?><library:libraries/>' },
          {
            name: 'Basic/Standard/Module1.xml',
            data: '<?xml version="1.0"?><script:module script:name="Module1">Sub Main\nEnd Sub</script:module>',
          },
        ]
      : options.macros === 'python'
        ? [{ name: 'Scripts/python/start.py', data: 'def main(*args):\n    pass\n' }]
        : [];
  return buildZip([
    { name: 'mimetype', data: ODF_TYPES[kind], stored: true },
    { name: 'content.xml', data: '<?xml version="1.0"?><office:document-content/>' },
    ...macroParts,
    {
      name: 'META-INF/manifest.xml',
      data: `<?xml version="1.0"?><manifest:manifest><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODF_TYPES[kind]}"/></manifest:manifest>`,
    },
  ]);
}
