import { FIRST_RUN_STEP_IDS } from '@studio/shared/first-run';
import { Link } from 'react-router';
import { useFirstRun } from '../api/get-first-run';
import { useSendTestMail } from '../api/send-test-mail';
import { LoadError } from '../components/load-error';
import { panelClass, primaryButtonClass } from '../components/styles';
import { STEP_TEXTS } from './status-texts';

type TestMail = ReturnType<typeof useSendTestMail>;

function TestMailButton({ testMail }: { testMail: TestMail }) {
  return (
    <button
      type="button"
      onClick={() => testMail.mutate()}
      disabled={testMail.isPending}
      className={`${primaryButtonClass} mt-2 self-start`}
    >
      {testMail.isPending ? 'Wysyłanie…' : 'Wyślij e-mail próbny'}
    </button>
  );
}

/** What came of the test mail; it stays under the step after the step turns done. */
function TestMailResult({ testMail }: { testMail: TestMail }) {
  const result = testMail.data;
  if (result?.sent) {
    return (
      <p role="status" className="mt-2 text-sm text-emerald-800 dark:text-emerald-200">
        Wysłano na {result.to}. Sprawdź, czy dotarł.
      </p>
    );
  }
  if (result) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
        Nie wysłano na {result.to}. {result.detail}
      </p>
    );
  }
  if (testMail.isError) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
        Nie udało się poprosić serwera o wysyłkę. Sprawdź połączenie i spróbuj ponownie.
      </p>
    );
  }
  return null;
}

/**
 * „Pierwsze kroki”: what a new installation still needs, shown to admins until
 * every step is done (issue 32). In the workspace it stays out of the way
 * while loading or when it cannot load; the status page says both.
 */
export function FirstRunChecklist({ inWorkspace = false }: { inWorkspace?: boolean }) {
  const firstRun = useFirstRun();
  const testMail = useSendTestMail();
  if (firstRun.isPending) {
    return inWorkspace ? null : (
      <p role="status" className="text-slate-700 dark:text-slate-300">
        Wczytywanie pierwszych kroków…
      </p>
    );
  }
  if (firstRun.isError) {
    return inWorkspace ? null : (
      <LoadError
        message="Nie udało się wczytać pierwszych kroków."
        onRetry={() => void firstRun.refetch()}
        className=""
      />
    );
  }
  if (firstRun.data.done) return null;
  const steps = FIRST_RUN_STEP_IDS.map(
    (id) => firstRun.data.steps.find((s) => s.id === id) ?? { id, done: false },
  );
  const doneCount = steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="first-run-title"
      className={`${panelClass} mb-4 flex flex-col gap-3 p-4`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Pierwsze kroki
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Zrobione {doneCount} z {steps.length}
        </p>
      </div>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => {
          const text = STEP_TEXTS[step.id];
          return (
            <li key={step.id} data-testid={`first-run-${step.id}`} className="flex gap-3">
              <span
                aria-hidden="true"
                className={`mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  step.done
                    ? 'bg-emerald-600 text-white'
                    : 'border-2 border-slate-400 text-transparent dark:border-slate-500'
                }`}
              >
                ✓
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 dark:text-white">
                  {text.title}
                  <span className="sr-only">{step.done ? ': zrobione' : ': do zrobienia'}</span>
                </p>
                {!step.done && (
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                    {text.todo}
                  </p>
                )}
                {step.id === 'mail_out_tested' && (
                  <div className="flex flex-col">
                    {!step.done && <TestMailButton testMail={testMail} />}
                    <TestMailResult testMail={testMail} />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {inWorkspace && (
        <Link
          to="/contact/status"
          className="self-start text-sm font-semibold text-blue-700 underline dark:text-blue-300"
        >
          Zobacz „Stan systemu”
        </Link>
      )}
    </section>
  );
}
