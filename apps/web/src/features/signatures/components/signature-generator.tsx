import { useId, useMemo, useRef, useState } from 'react';
import { saveFile } from '~/lib/save-file';
import { useHydrated } from '~/lib/use-hydrated';
import {
  DEFAULT_DEPARTMENT,
  DEPARTMENTS,
  type Department,
  type DepartmentId,
  emblemUrl,
} from '../departments';
import { NAME_PLACEHOLDER, type SignatureInputs } from '../draw-signature';
import { splitUnsupportedLetters } from '../polish-marks';
import { exportSignaturePng } from '../render-signature';
import {
  DEFAULT_SIGNATURE_FONT,
  SIGNATURE_FONTS,
  type SignatureFont,
  type SignatureFontId,
} from '../signature-fonts';
import {
  NAME_MAX_LENGTH,
  RANK_MAX_LENGTH,
  SIGNATURE_HEIGHT,
  SIGNATURE_WIDTH,
  signatureFileName,
} from '../signature-layout';
import { type ListboxOption, ListboxSelect } from './listbox-select';
import { SignaturePreview } from './signature-preview';

const FIELD_CLASS =
  'block w-full rounded-xl border border-slate-300 bg-white/80 px-3.5 py-2.5 text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 hover:border-blue-400 focus-visible:border-blue-500 focus-visible:ring-2 focus-visible:ring-blue-500/60 aria-[invalid=true]:border-red-500 dark:border-white/15 dark:bg-slate-900/70 dark:text-slate-100 dark:placeholder:text-slate-500 dark:hover:border-blue-400/70';

const LABEL_CLASS = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200';

function DepartmentOption({ department }: { department: Department }) {
  return (
    <span className="flex items-center gap-3">
      <img
        src={emblemUrl(department.id)}
        alt=""
        width={36}
        height={36}
        className="size-9 shrink-0"
        loading="lazy"
      />
      <span className="min-w-0">
        <span className="block truncate font-medium">{department.fullName}</span>
        <span className="block truncate text-xs font-normal text-slate-600 dark:text-slate-300">
          {department.code} · {department.description}
        </span>
      </span>
    </span>
  );
}

export function FontOption({ font, sample }: { font: SignatureFont; sample: string }) {
  // HTML text cannot add our hand-drawn marks, and letters the font lacks would
  // show in a fallback font mid-word; the base letters keep the sample in the script.
  const text = splitUnsupportedLetters(sample, font.missingLetters).text;
  // The prerendered page names no script font, so the browser does not fetch one
  // before the first paint (issue 20: the 18 KB font came before /podpisy's
  // paint); the sample takes its font once the page has hydrated.
  const hydrated = useHydrated();
  return (
    <span className="flex items-baseline justify-between gap-3">
      <span
        className="min-w-0 truncate text-3xl leading-tight font-normal"
        style={{ fontFamily: hydrated ? `"${font.family}", cursive` : 'cursive' }}
        aria-hidden="true"
      >
        {text}
      </span>
      <span className="shrink-0 text-xs font-normal text-slate-600 dark:text-slate-300">
        {font.label}
      </span>
    </span>
  );
}

export function SignatureGenerator() {
  const nameId = useId();
  const rankId = useId();
  const errorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);

  const [name, setName] = useState('');
  const [rank, setRank] = useState('');
  const [department, setDepartment] = useState<DepartmentId>(DEFAULT_DEPARTMENT);
  const [font, setFont] = useState<SignatureFontId>(DEFAULT_SIGNATURE_FONT);
  const [isExporting, setIsExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const inputs = useMemo<SignatureInputs>(
    () => ({ name, rank, department, font }),
    [name, rank, department, font],
  );
  const fileName = signatureFileName(name);
  const sample = name.trim() || NAME_PLACEHOLDER;

  const departmentOptions = useMemo<ListboxOption<DepartmentId>[]>(
    () =>
      DEPARTMENTS.map((item) => ({
        value: item.id,
        text: `${item.fullName} (${item.code})`,
        content: <DepartmentOption department={item} />,
      })),
    [],
  );
  const fontOptions = useMemo<ListboxOption<SignatureFontId>[]>(
    () =>
      SIGNATURE_FONTS.map((item) => ({
        value: item.id,
        text: item.label,
        content: <FontOption font={item} sample={sample} />,
      })),
    [sample],
  );

  async function download() {
    if (!name.trim()) {
      setError('Wpisz imię i nazwisko, aby pobrać podpis.');
      nameRef.current?.focus();
      return;
    }
    setIsExporting(true);
    setStatus('');
    try {
      const blob = await exportSignaturePng(inputs);
      saveFile(blob, fileName);
      setStatus(`Pobrano plik ${fileName}.`);
    } catch (exportError) {
      console.error(exportError);
      setStatus('Nie udało się przygotować pliku PNG. Spróbuj ponownie.');
    } finally {
      setIsExporting(false);
    }
  }

  return (
    // One column of minmax(0, 1fr) below lg: an implicit `auto` track would grow to the
    // widest unbreakable content (a long option or file name) and scroll a 360 px phone sideways.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
      <form
        className="min-w-0 space-y-5 rounded-3xl border border-slate-200 bg-white/70 p-5 shadow-lg shadow-slate-900/5 backdrop-blur-md sm:p-6 dark:border-white/10 dark:bg-slate-950/55 dark:shadow-black/30"
        aria-label="Dane podpisu"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <div>
          <label htmlFor={nameId} className={LABEL_CLASS}>
            Imię i nazwisko
          </label>
          <input
            ref={nameRef}
            id={nameId}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            placeholder="np. Jan Kowalski"
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={FIELD_CLASS}
            onChange={(event) => {
              setName(event.target.value);
              if (event.target.value.trim()) setError(null);
            }}
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>

        <div>
          <label htmlFor={rankId} className={LABEL_CLASS}>
            Stopień
          </label>
          <input
            id={rankId}
            name="rank"
            type="text"
            autoComplete="off"
            maxLength={RANK_MAX_LENGTH}
            placeholder="np. Sierżant"
            value={rank}
            className={FIELD_CLASS}
            onChange={(event) => setRank(event.target.value)}
          />
        </div>

        <ListboxSelect
          label="Departament"
          name="department"
          options={departmentOptions}
          value={department}
          onChange={setDepartment}
          renderValue={(option) => option.content}
        />

        <ListboxSelect
          label="Czcionka podpisu"
          name="font"
          options={fontOptions}
          value={font}
          onChange={setFont}
          renderValue={(option) => option.content}
        />

        <button
          type="submit"
          disabled={isExporting}
          className="cursor-target inline-flex w-full items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-blue-600 to-cyan-500 px-5 py-3 font-semibold text-white shadow-lg shadow-blue-600/25 outline-none transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-blue-400 focus-visible:ring-offset-2 focus-visible:ring-offset-white disabled:cursor-wait disabled:opacity-70 dark:focus-visible:ring-offset-slate-950"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
            <path
              d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16h12v-1.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {isExporting ? 'Przygotowywanie…' : 'Pobierz PNG'}
        </button>
        <p className="text-center text-xs text-slate-500 dark:text-slate-400">
          Plik <span className="font-mono break-all">{fileName}</span> · {SIGNATURE_WIDTH}×
          {SIGNATURE_HEIGHT} px
        </p>
        <p
          role="status"
          className="min-h-5 text-center text-sm text-emerald-700 dark:text-emerald-400"
        >
          {status}
        </p>
      </form>

      <section
        aria-labelledby="signature-preview-heading"
        className="min-w-0 rounded-3xl border border-slate-200 bg-white/70 p-4 shadow-lg shadow-slate-900/5 backdrop-blur-md sm:p-6 dark:border-white/10 dark:bg-slate-950/55 dark:shadow-black/30"
      >
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="signature-preview-heading"
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            Podgląd
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Odświeża się przy każdej zmianie
          </p>
        </div>
        <div className="rounded-2xl bg-[repeating-conic-gradient(#e2e8f0_0_25%,#f8fafc_0_50%)] bg-[length:20px_20px] p-2 sm:p-4 dark:bg-[repeating-conic-gradient(#1e293b_0_25%,#0f172a_0_50%)]">
          <SignaturePreview inputs={inputs} />
        </div>
      </section>
    </div>
  );
}
