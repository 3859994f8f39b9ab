/**
 * The one list of attachment types (SPEC.md §9, DESIGN.md §7.6): the server
 * accepts exactly these (detected from the bytes), and the composer's picker
 * offers exactly these. Each type's first extension is the one a stored file
 * is named with.
 */
export interface AcceptedFileType {
  mime: string;
  extensions: readonly string[];
  /** Shown inline in the thread; everything else is only ever a download. */
  inline: boolean;
}

export const WORD_DOCUMENT =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const EXCEL_WORKBOOK = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const POWERPOINT_PRESENTATION =
  'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const OPENDOCUMENT_TEXT = 'application/vnd.oasis.opendocument.text';
export const OPENDOCUMENT_SPREADSHEET = 'application/vnd.oasis.opendocument.spreadsheet';
export const OPENDOCUMENT_PRESENTATION = 'application/vnd.oasis.opendocument.presentation';

export const ACCEPTED_FILE_TYPES: readonly AcceptedFileType[] = [
  { mime: 'image/png', extensions: ['png'], inline: true },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], inline: true },
  { mime: 'image/webp', extensions: ['webp'], inline: true },
  { mime: 'application/pdf', extensions: ['pdf'], inline: false },
  { mime: 'text/plain', extensions: ['txt'], inline: false },
  { mime: 'application/zip', extensions: ['zip'], inline: false },
  { mime: WORD_DOCUMENT, extensions: ['docx'], inline: false },
  { mime: EXCEL_WORKBOOK, extensions: ['xlsx'], inline: false },
  { mime: POWERPOINT_PRESENTATION, extensions: ['pptx'], inline: false },
  { mime: OPENDOCUMENT_TEXT, extensions: ['odt'], inline: false },
  { mime: OPENDOCUMENT_SPREADSHEET, extensions: ['ods'], inline: false },
  { mime: OPENDOCUMENT_PRESENTATION, extensions: ['odp'], inline: false },
];

/** Office documents: ZIP containers told apart by their contents (`modules/files/office.ts`). */
export const OFFICE_DOCUMENT_TYPES: readonly string[] = [
  WORD_DOCUMENT,
  EXCEL_WORKBOOK,
  POWERPOINT_PRESENTATION,
  OPENDOCUMENT_TEXT,
  OPENDOCUMENT_SPREADSHEET,
  OPENDOCUMENT_PRESENTATION,
];

/** Every accepted extension, lower case, without the dot. */
export const ACCEPTED_EXTENSIONS: readonly string[] = ACCEPTED_FILE_TYPES.flatMap(
  (type) => type.extensions,
);

/** The picker's `accept` attribute: every type and every extension of the list above. */
export const FILE_ACCEPT_ATTRIBUTE = ACCEPTED_FILE_TYPES.flatMap((type) => [
  type.mime,
  ...type.extensions.map((ext) => `.${ext}`),
]).join(',');

/** "PNG, JPG, …, ODP": the list as a person reads it. */
export const ACCEPTED_EXTENSIONS_LABEL = ACCEPTED_EXTENSIONS.map((ext) => ext.toUpperCase()).join(
  ', ',
);
