import { MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '~/lib/drafts';
import { renderScreen } from '~/test/account-screens';
import { DRAFT_TICKET_ID } from '../lib/selection';
import { Composer } from './composer';
import { stubMatchMedia } from './screen-test-stubs';

/* The composer of issue 18: drafts, the send shortcut, the length limit and refused files. */

/** Records every multipart send (api.upload goes through XMLHttpRequest) and never answers. */
function recordSends() {
  const sent: string[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      readonly upload = { addEventListener: () => undefined };
      open(_method: string, url: string) {
        sent.push(url);
      }
      setRequestHeader() {}
      addEventListener() {}
      send() {}
      abort() {}
    },
  );
  return sent;
}

function renderComposer(ticketId = 5) {
  return renderScreen(
    <Composer
      ticketId={ticketId}
      userId={7}
      username="ala"
      onCreated={() => {}}
      onSent={() => {}}
    />,
  );
}

const field = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: /Wyślij/ }) as HTMLButtonElement;
const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

// Each test renders the composer several times; a busy shared machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  stubMatchMedia();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('drafts', () => {
  it('keeps the text per user and ticket across a remount (reload or ticket switch)', () => {
    const first = renderComposer(5);
    fireEvent.change(field(), { target: { value: 'Połowa odpowiedzi' } });
    expect(localStorage.getItem(draftKey(7, 5))).toBe('Połowa odpowiedzi');
    first.unmount();

    const other = renderComposer(6);
    expect(field().value).toBe('');
    other.unmount();

    renderComposer(5);
    expect(field().value).toBe('Połowa odpowiedzi');
  });

  it('removes the saved entry when the text is emptied', () => {
    renderComposer(5);
    fireEvent.change(field(), { target: { value: 'coś' } });
    fireEvent.change(field(), { target: { value: '   ' } });
    expect(localStorage.getItem(draftKey(7, 5))).toBeNull();
  });
});

describe('a new ticket’s draft', () => {
  it('is gone once the ticket is created, though the composer is replaced before it renders again', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        readonly upload = { addEventListener: () => undefined };
        status = 201;
        responseText = JSON.stringify({ id: 41, seq: 3 });
        private onLoad: () => void = () => undefined;
        open() {}
        setRequestHeader() {}
        getResponseHeader() {
          return null;
        }
        addEventListener(type: string, listener: () => void) {
          if (type === 'load') this.onLoad = listener;
        }
        send() {
          setTimeout(() => this.onLoad(), 0);
        }
        abort() {}
      },
    );
    let created: number | null = null;
    const view = renderScreen(
      <Composer
        ticketId={DRAFT_TICKET_ID}
        userId={7}
        username="ala"
        onCreated={(id) => {
          created = id;
          // As the screen does: the new ticket's composer goes, the created ticket's comes.
          view.unmount();
        }}
        onSent={() => {}}
      />,
    );
    fireEvent.change(field(), { target: { value: 'Proszę o wycenę sklepu.' } });
    expect(localStorage.getItem(draftKey(7, null))).toBe('Proszę o wycenę sklepu.');
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(created).toBe(41));
    expect(localStorage.getItem(draftKey(7, null))).toBeNull();
  });
});

describe('the send shortcut', () => {
  it('adds a line on Enter and sends on Ctrl+Enter or ⌘+Enter', async () => {
    const sent = recordSends();
    renderComposer(5);
    fireEvent.change(field(), { target: { value: 'Pierwsza linia' } });
    expect(fireEvent.keyDown(field(), { key: 'Enter' })).toBe(true); // not prevented: a new line
    expect(sent).toEqual([]);
    expect(sendButton().title).toMatch(/Wyślij \((Ctrl|⌘)\+Enter\)/);
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent).toEqual(['/api/tickets/5/messages']));
  });
});

describe('the length limit', () => {
  it('shows a counter from 90 %, keeps over-long text whole, marks it and blocks sending', async () => {
    const sent = recordSends();
    renderComposer(5);
    fireEvent.change(field(), {
      target: { value: 'a'.repeat(Math.floor(MESSAGE_BODY_MAX * 0.9) - 1) },
    });
    expect(screen.queryByTestId('length-counter')).toBeNull();

    fireEvent.change(field(), { target: { value: 'a'.repeat(MESSAGE_BODY_MAX * 0.95) } });
    expect(screen.getByTestId('length-counter').textContent).toMatch(/^9\s?500 \/ 10\s000$/);
    expect(sendButton().disabled).toBe(false);

    const tooLong = `${'b'.repeat(MESSAGE_BODY_MAX)}NADMIAR`;
    fireEvent.change(field(), { target: { value: tooLong } });
    expect(field().value).toBe(tooLong);
    expect(field().maxLength).toBe(-1);
    expect(screen.getByTestId('length-counter').textContent).toContain('za długa o 7 znaków');
    expect(screen.getByTestId('over-limit-mark').querySelector('mark')?.textContent).toBe(
      'NADMIAR',
    );
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });
});

describe('refused files', () => {
  it('lists each refused file with its reason and sends nothing until all are removed', async () => {
    const sent = recordSends();
    renderComposer(5);
    fireEvent.change(field(), { target: { value: 'W załączniku' } });
    const picker = screen.getByTestId('file-input');
    fireEvent.change(picker, {
      target: {
        files: [
          file('makro.exe', 10, 'application/x-msdownload'),
          file('skan.pdf', 9 * 1024 * 1024, 'application/pdf'),
          file('oferta.docx', 100, ''),
        ],
      },
    });
    const list = screen.getByTestId('refused-files');
    expect(list.textContent).toContain('makro.exe — nieobsługiwany typ pliku');
    expect(list.textContent).toContain(
      'skan.pdf — Plik nie może być większy niż 8MB (ten ma 9 MB)',
    );
    expect(screen.getByText('oferta.docx')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Usuń makro.exe z listy' }));
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Usuń skan.pdf z listy' }));
    expect(screen.queryByTestId('refused-files')).toBeNull();
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(sent).toEqual(['/api/tickets/5/messages']));
  });

  it('names the file count limit with the right plural', () => {
    recordSends();
    renderComposer(5);
    const six = Array.from({ length: 6 }, (_, i) => file(`${i}.png`, 10, 'image/png'));
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: six } });
    expect(screen.getByTestId('refused-files').textContent).toContain(
      '5.png — ponad limit — najwyżej 5 plików w wiadomości',
    );
  });
});
