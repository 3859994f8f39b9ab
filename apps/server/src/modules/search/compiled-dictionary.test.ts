import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  polishDictionaryDirectory,
  readCompiledEntries,
  writeCompiledEntries,
} from './compiled-dictionary';
import { Analyser, compileEntries, parseAffixes } from './hunspell';
import { warmUpPolishDictionary } from './polish-words';

const directory = polishDictionaryDirectory();
const affixes = parseAffixes(readFileSync(join(directory, 'index.aff'), 'utf8'));
const compiled = compileEntries(readFileSync(join(directory, 'index.dic'), 'utf8'));
const folder = mkdtempSync(join(tmpdir(), 'compiled-dictionary-'));
const file = join(folder, 'polish-dictionary.bin');
const FINGERPRINT = 'dictionary-pl@2.0.0:4683579';
writeCompiledEntries(file, compiled, FINGERPRINT);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the compiled Polish dictionary (the build writes it beside the bundle)', () => {
  it('reads back what was compiled: the same entries, the same lemmas', () => {
    const read = readCompiledEntries(file, FINGERPRINT);
    expect(read).not.toBeNull();
    expect(read?.size).toBe(compiled.size);
    expect(read?.slots).toEqual(compiled.slots);
    expect(read?.records.equals(compiled.records)).toBe(true);
    const fromFile = new Analyser(read as NonNullable<typeof read>, affixes);
    const inMemory = new Analyser(compiled, affixes);
    for (const form of [
      'fakture',
      'wyslalem',
      'zoltego',
      'niezaplaconej',
      'mają',
      'brzeczyszczykiewicza',
    ]) {
      expect(fromFile.lemmas(form)).toEqual(inMemory.lemmas(form));
    }
    expect(fromFile.lemmas('fakture')).toContain('faktura');
  });

  it('is ignored when missing, from another word list, of another format or cut short', () => {
    expect(readCompiledEntries(join(folder, 'missing.bin'), FINGERPRINT)).toBeNull();
    expect(readCompiledEntries(file, 'dictionary-pl@2.0.1:4683579')).toBeNull();
    expect(readCompiledEntries(file, 'dictionary-pl@2.0.0:4683580')).toBeNull();

    const otherFormat = join(folder, 'other-format.bin');
    const bytes = readFileSync(file);
    bytes.writeUInt32LE(99, 4);
    writeFileSync(otherFormat, bytes);
    expect(readCompiledEntries(otherFormat, FINGERPRINT)).toBeNull();

    const cut = join(folder, 'cut.bin');
    writeFileSync(cut, readFileSync(file));
    truncateSync(cut, readFileSync(file).length - 1);
    expect(readCompiledEntries(cut, FINGERPRINT)).toBeNull();
    truncateSync(cut, 10);
    expect(readCompiledEntries(cut, FINGERPRINT)).toBeNull();

    const garbage = join(folder, 'garbage.bin');
    writeFileSync(garbage, 'not a dictionary at all, just text');
    expect(readCompiledEntries(garbage, FINGERPRINT)).toBeNull();
  });

  it('is spread evenly when sampled for the warm-up: real lemmas from the whole alphabet', () => {
    const analyser = new Analyser(compiled, affixes);
    const sample = analyser.sampleLemmas(1_000);
    expect(sample.length).toBe(1_000);
    expect(new Set(sample).size).toBeGreaterThan(990);
    for (const lemma of sample.slice(0, 50)) expect(lemma).toMatch(/^[\p{L}\d.'-]+$/u);
  });

  it('warms up in short steps, answering timers in between, and stops when told', async () => {
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    let timerRanDuringWarmUp = false;
    let steps = 0;
    await warmUpPolishDictionary(() => {
      steps++;
      if (timerRan) timerRanDuringWarmUp = true;
      return false;
    });
    expect(timerRanDuringWarmUp).toBe(true);
    expect(steps).toBeGreaterThan(100);

    let asked = 0;
    await warmUpPolishDictionary(() => ++asked > 3);
    expect(asked).toBe(4);
  });
});
