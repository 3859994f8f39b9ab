/**
 * A Hunspell dictionary (an affix file and a word list) read the other way
 * round: not "is this word spelled right" but "which dictionary words can this
 * written form be a form of". The Polish dictionary (sjp.pl, shipped by the
 * npm package dictionary-pl) lists each word once with the flags of the
 * endings it takes („faktura/MNn”), so the 300,000 entries and 7,000 rules
 * stand for about 4 million forms without listing them.
 *
 * Only what the Polish files use is read: single-character flags, suffix rules
 * and one prefix rule („nie-”), all combinable; no compounding. Forms are
 * compared with diacritics folded (`foldWord`), so „zolty” is recognised as a
 * form of „żółty”; the rule's own condition is still checked on the entry as
 * the dictionary spells it.
 */

export interface AffixRule {
  flag: string;
  strip: string;
  add: string;
  /** The rule's condition on the entry (anchored at its end for a suffix, its start for a prefix); null for ".". */
  condition: RegExp | null;
}

export interface AffixTable {
  suffixes: AffixRule[];
  prefixes: AffixRule[];
}

/**
 * What each Latin letter (up to U+024F) folds to: its base letter when it is
 * a letter with marks (ą → a, é → e), ł → l, itself otherwise. Built once, so
 * folding is a table look-up per character.
 */
const FOLD_TABLE = (() => {
  const table = new Uint16Array(0x250);
  for (let code = 0; code < table.length; code++) {
    const base = String.fromCharCode(code).normalize('NFD').replace(/\p{M}/gu, '');
    table[code] = base.length === 1 ? base.charCodeAt(0) : code;
  }
  table[0x142] = 0x6c; // ł has no decomposition
  table[0x141] = 0x4c; // Ł
  return table;
})();

/**
 * Lowercase with diacritics removed, one character for one character (so a
 * suffix of a word folds to the suffix of the folded word, which the analysis
 * relies on). Letters of other scripts stay as they are.
 */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  let i = 0;
  while (i < lower.length && lower.charCodeAt(i) < 128) i++;
  if (i === lower.length) return lower;
  const codes: number[] = [];
  for (let j = 0; j < lower.length; j++) {
    const code = lower.charCodeAt(j);
    codes.push(code < 0x250 ? (FOLD_TABLE[code] as number) : code);
  }
  return String.fromCharCode(...codes);
}

/** Reads SFX/PFX rules; other directives (TRY, REP, MAP…) serve spelling suggestions only. */
export function parseAffixes(affText: string): AffixTable {
  const table: AffixTable = { suffixes: [], prefixes: [] };
  const conditions = new Map<string, RegExp | null>();
  for (const line of affText.split('\n')) {
    const parts = line.trim().split(/\s+/);
    const kind = parts[0];
    if ((kind !== 'SFX' && kind !== 'PFX') || parts.length < 5) continue;
    const [, flag, stripField, addField, conditionField] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    // A rule header ("SFX F Y 442") has a count where the condition goes.
    const add = (addField.split('/')[0] ?? '').replace(/^0$/, '');
    const strip = stripField === '0' ? '' : stripField;
    const key = `${kind}${conditionField}`;
    if (!conditions.has(key)) {
      conditions.set(
        key,
        conditionField === '.'
          ? null
          : new RegExp(kind === 'SFX' ? `${conditionField}$` : `^${conditionField}`, 'u'),
      );
    }
    const rule = { flag, strip, add, condition: conditions.get(key) ?? null };
    (kind === 'SFX' ? table.suffixes : table.prefixes).push(rule);
  }
  return table;
}

export interface DictionaryEntry {
  /** The entry as the dictionary spells it, lowercased: the lemma. */
  word: string;
  flags: string;
}

/** The word list: one entry a line after the count, "word/FLAGS" or "word". */
export function parseEntries(dicText: string): DictionaryEntry[] {
  const entries: DictionaryEntry[] = [];
  const lines = dicText.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const slash = line.indexOf('/');
    const word = (slash === -1 ? line : line.slice(0, slash)).toLowerCase();
    const flags = slash === -1 ? '' : line.slice(slash + 1);
    entries.push({ word, flags });
  }
  return entries;
}

function applies(rule: AffixRule, word: string): boolean {
  return rule.condition === null || rule.condition.test(word);
}

/**
 * Every form of an entry, spelled as the dictionary spells it: the entry
 * itself and each suffix rule's form. Forms with the prefix („nie-”) are
 * returned apart, since we treat them as a word of their own.
 */
export function formsOf(
  entry: DictionaryEntry,
  affixes: AffixTable,
): { forms: string[]; prefixed: string[] } {
  const forms = new Set<string>([entry.word]);
  for (const rule of affixes.suffixes) {
    if (!entry.flags.includes(rule.flag)) continue;
    if (!entry.word.endsWith(rule.strip) || !applies(rule, entry.word)) continue;
    forms.add(entry.word.slice(0, entry.word.length - rule.strip.length) + rule.add);
  }
  const prefixed = new Set<string>();
  for (const rule of affixes.prefixes) {
    if (!entry.flags.includes(rule.flag)) continue;
    for (const form of forms) prefixed.add(rule.add + form);
  }
  return { forms: [...forms], prefixed: [...prefixed] };
}

interface FoldedRule {
  flag: string;
  strip: string;
  condition: RegExp | null;
}

/**
 * The dictionary's entries as the analyser looks them up: one byte buffer of
 * "key\tword/flags\n" records (the word left out when it is the key) and an
 * open-addressing hash table of record offsets plus one (0: an empty slot),
 * its size a power of two. Built from the word list (`compileEntries`, about
 * 0.2 s) or read back as the build wrote it (`compiled-dictionary.ts`).
 */
export interface CompiledEntries {
  records: Buffer;
  slots: Int32Array;
  /** How many entries. */
  size: number;
}

export function compileEntries(dicText: string): CompiledEntries {
  let lineCount = 0;
  for (let at = dicText.indexOf('\n'); at !== -1; at = dicText.indexOf('\n', at + 1)) lineCount++;
  let capacity = 1;
  // At most two thirds full: short probe runs, half the memory of a table twice the size.
  while (capacity < lineCount * 1.5) capacity *= 2;
  const slots = new Int32Array(capacity);
  const mask = capacity - 1;
  // Written straight into one buffer (a record is at most twice its line plus three bytes):
  // 300,000 record strings would keep the collector busy for most of the load.
  const buffer = Buffer.allocUnsafe(Buffer.byteLength(dicText, 'utf8') * 2 + lineCount * 3);
  let length = 0;
  let size = 0;
  let lineStart = dicText.indexOf('\n') + 1;
  while (lineStart > 0 && lineStart < dicText.length) {
    let lineEnd = dicText.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = dicText.length;
    let slash = dicText.indexOf('/', lineStart);
    if (slash === -1 || slash > lineEnd) slash = lineEnd;
    const word = dicText.slice(lineStart, slash).trim().toLowerCase();
    const flags = slash < lineEnd ? dicText.slice(slash + 1, lineEnd).trim() : '';
    lineStart = lineEnd + 1;
    if (word === '') continue;
    const key = foldWord(word);
    let slot = hash(key) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = length + 1;
    length += buffer.write(key, length, 'utf8');
    buffer[length++] = 9;
    if (word !== key) length += buffer.write(word, length, 'utf8');
    buffer[length++] = 47;
    length += buffer.write(flags, length, 'utf8');
    buffer[length++] = 10;
    size++;
  }
  return { records: Buffer.from(buffer.subarray(0, length)), slots, size };
}

/**
 * The analyser: entries indexed by their folded spelling, suffix rules by
 * their folded ending and then by what they strip, so a form costs at most one
 * look-up per ending length (the longest Polish ending has 8 letters) and
 * one per distinct strip, whatever the dictionary's size.
 *
 * The 300,000 entries live in one byte buffer ("key\tword/flags\n" records,
 * the word left out when it is the key) with an open-addressing hash table of
 * record offsets beside it: 8.5 MB, where a Map of strings took 70 MB of
 * heap and the server's memory at rest is budgeted at 250 MB.
 */
export class Analyser {
  private readonly records: Buffer;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly rulesByEnding = new Map<string, [string, FoldedRule[]][]>();
  private readonly longestEnding: number;
  private readonly prefixes: { flag: string; folded: string }[];
  /** How many entries the dictionary has. */
  readonly size: number;

  constructor(entries: CompiledEntries, affixes: AffixTable) {
    this.records = entries.records;
    this.slots = entries.slots;
    this.mask = entries.slots.length - 1;
    this.size = entries.size;

    let longest = 0;
    const byEnding = new Map<string, Map<string, FoldedRule[]>>();
    for (const rule of affixes.suffixes) {
      const ending = foldWord(rule.add);
      longest = Math.max(longest, ending.length);
      let byStrip = byEnding.get(ending);
      if (byStrip === undefined) {
        byStrip = new Map();
        byEnding.set(ending, byStrip);
      }
      const foldedStrip = foldWord(rule.strip);
      const list = byStrip.get(foldedStrip) ?? [];
      list.push({ flag: rule.flag, strip: rule.strip, condition: rule.condition });
      byStrip.set(foldedStrip, list);
    }
    for (const [ending, byStrip] of byEnding) this.rulesByEnding.set(ending, [...byStrip]);
    // V8 compiles a regular expression when it first runs: do it now, not in the first requests.
    for (const rule of affixes.suffixes) rule.condition?.test('');
    this.longestEnding = longest;
    this.prefixes = affixes.prefixes
      .filter((rule) => rule.strip === '' && rule.condition === null)
      .map((rule) => ({ flag: rule.flag, folded: foldWord(rule.add) }));
  }

  /**
   * `count` lemmas spread evenly over the records, as the dictionary spells
   * them (for warming the analysis up).
   */
  sampleLemmas(count: number): string[] {
    const lemmas: string[] = [];
    for (let i = 1; i <= count; i++) {
      const at = Math.floor((i * this.records.length) / (count + 2));
      const start = this.records.indexOf(10, at) + 1;
      const tab = this.records.indexOf(9, start);
      const slash = this.records.indexOf(47, tab);
      if (start === 0 || tab === -1 || slash === -1) break;
      lemmas.push(
        this.records.toString(
          'utf8',
          slash === tab + 1 ? start : tab + 1,
          slash === tab + 1 ? tab : slash,
        ),
      );
    }
    return lemmas;
  }

  /** Bytes held: the records and the hash table. */
  get byteSize(): number {
    return this.records.byteLength + this.slots.byteLength;
  }

  /**
   * Whether a folded form may be a form of a lemma that begins with another
   * letter. Only suffixes are undone (and „nie-”, kept on the lemma), so a
   * lemma keeps the form's beginning up to the ending taken off; it may begin
   * otherwise only when the whole form is some rule's ending. The excerpts
   * skip the analysis of a word on this (`matchedRanges`).
   */
  mayBeginOtherwise(folded: string): boolean {
    return this.rulesByEnding.has(folded);
  }

  /** The folded lemmas a folded form may come from; empty when the dictionary does not know it. */
  lemmas(folded: string): string[] {
    const found = new Set<string>();
    this.collect(folded, null, '', found);
    for (const prefix of this.prefixes) {
      if (folded.length > prefix.folded.length + 1 && folded.startsWith(prefix.folded)) {
        this.collect(folded.slice(prefix.folded.length), prefix.flag, prefix.folded, found);
      }
    }
    return [...found];
  }

  private collect(
    folded: string,
    requiredFlag: string | null,
    lemmaPrefix: string,
    found: Set<string>,
  ): void {
    for (const entry of this.lookUp(folded)) {
      if (requiredFlag === null || entry.flags.includes(requiredFlag))
        found.add(lemmaPrefix + foldWord(entry.word));
    }
    // Most of the thirty-odd candidate stems of a word are not in the dictionary: they are
    // ruled out by hashing and comparing in place, without building the candidate's string.
    const prefixHashes = isAscii(folded) ? prefixHashesOf(folded) : null;
    const maxEnding = Math.min(this.longestEnding, folded.length);
    for (let length = 0; length <= maxEnding; length++) {
      const byStrip = this.rulesByEnding.get(folded.slice(folded.length - length));
      if (byStrip === undefined) continue;
      const baseLength = folded.length - length;
      for (const [foldedStrip, rules] of byStrip) {
        if (
          prefixHashes !== null &&
          !this.has(folded, baseLength, foldedStrip, prefixHashes[baseLength] as number)
        ) {
          continue;
        }
        for (const { word, flags } of this.lookUp(folded.slice(0, baseLength) + foldedStrip)) {
          if (requiredFlag !== null && !flags.includes(requiredFlag)) continue;
          for (const rule of rules) {
            if (!flags.includes(rule.flag) || !word.endsWith(rule.strip)) continue;
            if (rule.condition !== null && !rule.condition.test(word)) continue;
            found.add(lemmaPrefix + foldWord(word));
            break;
          }
        }
      }
    }
  }

  /**
   * Whether the dictionary has the key `folded[0, baseLength) + strip`, given the
   * hash of its first part; false only when it surely has not (a non-ASCII strip is
   * left to `lookUp`).
   */
  private has(folded: string, baseLength: number, strip: string, baseHash: number): boolean {
    if (!isAscii(strip)) return true;
    let value = baseHash;
    for (let i = 0; i < strip.length; i++) {
      value ^= strip.charCodeAt(i);
      value = Math.imul(value, 0x01000193);
    }
    const records = this.records;
    for (
      let slot = (value >>> 0) & this.mask;
      this.slots[slot] !== 0;
      slot = (slot + 1) & this.mask
    ) {
      let position = (this.slots[slot] as number) - 1;
      let same = true;
      for (let i = 0; i < baseLength && same; i++)
        same = records[position++] === folded.charCodeAt(i);
      for (let i = 0; i < strip.length && same; i++)
        same = records[position++] === strip.charCodeAt(i);
      if (same && records[position] === 9) return true;
    }
    return false;
  }

  /** The entries whose folded spelling is `key`. */
  private lookUp(key: string): DictionaryEntry[] {
    const found: DictionaryEntry[] = [];
    let slot = hash(key) & this.mask;
    for (let offset = this.slots[slot] ?? 0; offset !== 0; offset = this.slots[slot] ?? 0) {
      const start = offset - 1;
      if (this.keyAt(start, key)) {
        const valueStart = start + Buffer.byteLength(key, 'utf8') + 1;
        const record = this.records.toString(
          'utf8',
          valueStart,
          this.records.indexOf(10, valueStart),
        );
        const slash = record.indexOf('/');
        found.push({
          word: slash === 0 ? key : record.slice(0, slash),
          flags: record.slice(slash + 1),
        });
      }
      slot = (slot + 1) & this.mask;
    }
    return found;
  }

  /** Whether the record at `start` has this key (compared char by char; non-ASCII keys by their bytes). */
  private keyAt(start: number, key: string): boolean {
    const records = this.records;
    let position = start;
    for (let i = 0; i < key.length; i++) {
      const code = key.charCodeAt(i);
      if (code > 127) {
        const bytes = Buffer.from(key, 'utf8');
        return (
          records.compare(bytes, 0, bytes.length, start, start + bytes.length) === 0 &&
          records[start + bytes.length] === 9
        );
      }
      if (records[position] !== code) return false;
      position++;
    }
    return records[position] === 9;
  }
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) return false;
  }
  return true;
}

/** FNV-1a states after each prefix of `text`: element i is the state after its first i characters. */
function prefixHashesOf(text: string): Uint32Array {
  const states = new Uint32Array(text.length + 1);
  let value = 0x811c9dc5;
  states[0] = value;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
    states[i + 1] = value >>> 0;
  }
  return states;
}

/** FNV-1a over UTF-16 code units. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    value ^= key.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}
